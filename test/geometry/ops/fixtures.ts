/** Known solids for the operation tests, built in code so their volumes and counts are exact. */
import { createMesh, type Mesh } from '../../../src/geometry/mesh.ts';

/** Axis-aligned box from min to max, 8 shared vertices, 12 CCW-outward triangles. */
export function box(min = [0, 0, 0], max = [1, 1, 1]): Mesh {
  const [x0, y0, z0] = min,
    [x1, y1, z1] = max;
  const positions = new Float32Array([
    x0,
    y0,
    z0,
    x1,
    y0,
    z0,
    x1,
    y1,
    z0,
    x0,
    y1,
    z0,
    x0,
    y0,
    z1,
    x1,
    y0,
    z1,
    x1,
    y1,
    z1,
    x0,
    y1,
    z1,
  ]);
  const indices = new Uint32Array([
    0,
    2,
    1,
    0,
    3,
    2, // -z
    4,
    5,
    6,
    4,
    6,
    7, // +z
    0,
    1,
    5,
    0,
    5,
    4, // -y
    3,
    7,
    6,
    3,
    6,
    2, // +y
    0,
    4,
    7,
    0,
    7,
    3, // -x
    1,
    2,
    6,
    1,
    6,
    5, // +x
  ]);
  return createMesh(positions, indices);
}

/** The same box with every triangle on its own three vertices (as STL files store it). */
export function soupBox(min = [0, 0, 0], max = [1, 1, 1]): Mesh {
  const b = box(min, max);
  const positions = new Float32Array(b.indices.length * 3);
  b.indices.forEach((v, i) => {
    positions.set(b.positions.subarray(v * 3, v * 3 + 3), i * 3);
  });
  return createMesh(
    positions,
    Uint32Array.from(b.indices, (_, i) => i),
  );
}

/** Icosphere of the given subdivision level (20 · 4^level triangles), radius r, centred at c. */
export function icosphere(level = 3, r = 1, c = [0, 0, 0]): Mesh {
  const t = (1 + Math.sqrt(5)) / 2;
  let verts: number[][] = [
    [-1, t, 0],
    [1, t, 0],
    [-1, -t, 0],
    [1, -t, 0],
    [0, -1, t],
    [0, 1, t],
    [0, -1, -t],
    [0, 1, -t],
    [t, 0, -1],
    [t, 0, 1],
    [-t, 0, -1],
    [-t, 0, 1],
  ].map(normalise);
  let faces = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
  ];
  for (let l = 0; l < level; l++) {
    const cache = new Map<string, number>();
    const mid = (a: number, b: number): number => {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let id = cache.get(key);
      if (id === undefined) {
        id = verts.length;
        verts.push(normalise(verts[a].map((v, k) => (v + verts[b][k]) / 2)));
        cache.set(key, id);
      }
      return id;
    };
    const next: number[][] = [];
    for (const [a, b, cc] of faces) {
      const ab = mid(a, b),
        bc = mid(b, cc),
        ca = mid(cc, a);
      next.push([a, ab, ca], [b, bc, ab], [cc, ca, bc], [ab, bc, ca]);
    }
    faces = next;
  }
  verts = verts.map((v) => v.map((x, k) => x * r + c[k]));
  return createMesh(new Float32Array(verts.flat()), new Uint32Array(faces.flat()));
}

function normalise(v: number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return v.map((x) => x / l);
}

/** Appends meshes into one (vertices not shared between them). */
export function concat(...meshes: Mesh[]): Mesh {
  const positions = new Float32Array(meshes.reduce((s, m) => s + m.positions.length, 0));
  const indices = new Uint32Array(meshes.reduce((s, m) => s + m.indices.length, 0));
  let vo = 0,
    io = 0;
  for (const m of meshes) {
    positions.set(m.positions, vo * 3);
    for (let i = 0; i < m.indices.length; i++) indices[io + i] = m.indices[i] + vo;
    vo += m.positions.length / 3;
    io += m.indices.length;
  }
  return createMesh(positions, indices);
}

/** Area of the triangle (a, b, c) in 2D. */
export function area2(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2;
}

/**
 * A UV sphere as a model server writes one: the seam column (φ = 2π) and each pole's ring of vertices
 * are separate vertices with their own UVs, written `gap` apart instead of at one position (the seam
 * column moved by `gap` along z, the pole vertices by `gap` along x at every other column). With
 * `gap` 0 it is closed by position.
 */
export function seamedSphere(gap: number, lat = 12, lon = 24): Mesh {
  const { positions, uvs, indices } = uvSphereGrid(lat, lon, (i, j, theta, phi) => {
    const pole = i === 0 || i === lat;
    const x = pole ? gap * (j % 2) : Math.sin(theta) * Math.cos(phi);
    const z = pole ? 0 : j === lon ? gap : -Math.sin(theta) * Math.sin(j === lon ? 0 : phi);
    return [x, Math.cos(theta), z];
  });
  return createMesh(positions, indices, { uvs });
}

/**
 * A UV sphere's latitude × longitude grid: (lat + 1)·(lon + 1) vertices placed by `vertex` (θ from the
 * +Y pole, φ round it), UVs (j / lon, i / lat), and its 2·lat·lon − 2·lon triangles (none degenerate at
 * the poles).
 */
export function uvSphereGrid(
  lat: number,
  lon: number,
  vertex: (i: number, j: number, theta: number, phi: number) => [number, number, number],
): { positions: Float32Array; uvs: Float32Array; indices: Uint32Array } {
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let i = 0; i <= lat; i++) {
    const theta = (Math.PI * i) / lat;
    for (let j = 0; j <= lon; j++) {
      positions.push(...vertex(i, j, theta, (2 * Math.PI * j) / lon));
      uvs.push(j / lon, i / lat);
    }
  }
  const indices: number[] = [];
  const at = (i: number, j: number) => i * (lon + 1) + j;
  for (let i = 0; i < lat; i++)
    for (let j = 0; j < lon; j++) {
      if (i > 0) indices.push(at(i, j), at(i + 1, j), at(i, j + 1));
      if (i < lat - 1) indices.push(at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
    }
  return { positions: Float32Array.from(positions), uvs: Float32Array.from(uvs), indices: Uint32Array.from(indices) };
}
