/**
 * Surface of a sampled scalar field by marching tetrahedra over a Kuhn (6-tetrahedra) split of every
 * grid cube. Unlike classic marching cubes there are no ambiguous cases, so the result is always a
 * closed, edge-manifold, consistently wound surface; it costs roughly twice the triangles, which the
 * engines' simplification removes anyway.
 */
import type { Mesh } from '../mesh.ts';
import { GrowableFloat32, GrowableUint32 } from './pair-table.ts';
import { computeNormals } from './normals.ts';

export interface MeshFromGridOptions {
  /** Compute vertex normals on the result. Default true. */
  normals?: boolean;
}

// Cube corners: bit 0 = +x, bit 1 = +y, bit 2 = +z. Each tetrahedron walks 0 → e_a → e_a + e_b → 7,
// one per axis order; neighbouring cubes then agree on every shared face diagonal.
const TETS: number[][] = [];
for (const [a, b] of [
  [0, 1],
  [0, 2],
  [1, 0],
  [1, 2],
  [2, 0],
  [2, 1],
]) {
  TETS.push([0, 1 << a, (1 << a) | (1 << b), 7]);
}

function corner(c: number): [number, number, number] {
  return [c & 1, (c >> 1) & 1, (c >> 2) & 1];
}

/**
 * CASES[(tet * 16 + mask) * 13]: triangle count, then per triangle 3 × (corner A, corner B) of the cut
 * edges, wound so normals point from inside (value < iso) to outside. Orientation is fixed on midpoints:
 * a cut triangle never degenerates while its vertices stay inside their edges, so it holds for any t.
 */
const CASES = new Int8Array(6 * 16 * 13);
{
  const mid = (a: number, b: number): number[] => corner(a).map((v, k) => (v + corner(b)[k]) / 2);
  const emit = (base: number, tris: number[][][], inside: number[], outside: number[]): void => {
    const centre = (cs: number[]): number[] =>
      [0, 1, 2].map((k) => cs.reduce((s, c) => s + corner(c)[k], 0) / cs.length);
    const ci = centre(inside),
      co = centre(outside);
    const dir = [co[0] - ci[0], co[1] - ci[1], co[2] - ci[2]];
    CASES[base] = tris.length;
    tris.forEach((tri, n) => {
      const [p, q, r] = tri.map(([a, b]) => mid(a, b));
      const u = [q[0] - p[0], q[1] - p[1], q[2] - p[2]],
        v = [r[0] - p[0], r[1] - p[1], r[2] - p[2]];
      const nrm = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      const ordered = nrm[0] * dir[0] + nrm[1] * dir[1] + nrm[2] * dir[2] > 0 ? tri : [tri[0], tri[2], tri[1]];
      ordered.forEach(([a, b], k) => {
        CASES[base + 1 + n * 6 + k * 2] = a;
        CASES[base + 1 + n * 6 + k * 2 + 1] = b;
      });
    });
  };
  TETS.forEach((tet, t) => {
    for (let mask = 0; mask < 16; mask++) {
      const inside = tet.filter((_, k) => mask & (1 << k));
      const outside = tet.filter((_, k) => !(mask & (1 << k)));
      const base = (t * 16 + mask) * 13;
      if (inside.length === 1 || inside.length === 3) {
        const [lone, others] = inside.length === 1 ? [inside[0], outside] : [outside[0], inside];
        emit(base, [others.map((o) => [lone, o])], inside, outside);
      } else if (inside.length === 2) {
        const [a, b] = inside,
          [c, d] = outside;
        emit(
          base,
          [
            [
              [a, c],
              [a, d],
              [b, d],
            ],
            [
              [a, c],
              [b, d],
              [b, c],
            ],
          ],
          inside,
          outside,
        );
      }
    }
  });
}

/**
 * Closed triangle surface around the region where the field is below `iso` (negative inside, like a
 * signed distance). `values[x + nx * (y + ny * z)]` samples the point `origin + spacing * (x, y, z)`.
 * Points outside the grid count as outside, so a region touching the border is capped half a spacing
 * beyond it and the surface stays closed. NaN samples count as outside. Winding is CCW seen from
 * outside (normals point towards growing values).
 */
export function meshFromGrid(
  values: Float32Array,
  dims: readonly [number, number, number],
  origin: readonly [number, number, number] = [0, 0, 0],
  spacing: number | readonly [number, number, number] = 1,
  iso = 0,
  options: MeshFromGridOptions = {},
): Mesh {
  const [nx, ny, nz] = dims;
  if (values.length < nx * ny * nz) throw new RangeError(`meshFromGrid: ${values.length} values for ${nx}×${ny}×${nz}`);
  const [sx, sy, sz] = typeof spacing === 'number' ? [spacing, spacing, spacing] : spacing;
  // Padded lattice: one ring of "outside" points around the grid, indices shifted by one.
  const PX = nx + 2,
    PY = ny + 2,
    PZ = nz + 2;
  const layerSize = PX * PY;
  let below = new Float32Array(layerSize);
  let above = new Float32Array(layerSize);
  const fillLayer = (layer: Float32Array, pz: number): void => {
    layer.fill(Infinity);
    const z = pz - 1;
    if (z < 0 || z >= nz) return;
    for (let y = 0; y < ny; y++) {
      const src = nx * (y + ny * z);
      const dst = (y + 1) * PX + 1;
      for (let x = 0; x < nx; x++) {
        const v = values[src + x];
        layer[dst + x] = Number.isNaN(v) ? Infinity : v;
      }
    }
  };
  // Vertex ids of cut lattice edges, per lower endpoint and direction (1..7), for two z levels.
  let edgesLow = new Int32Array(layerSize * 8).fill(-1);
  let edgesHigh = new Int32Array(layerSize * 8).fill(-1);
  const positions = new GrowableFloat32(1 << 16);
  const indices = new GrowableUint32(1 << 16);
  const cornerValue = new Float64Array(8);
  const cornerOffset = [0, 1, PX, PX + 1, 0, 1, PX, PX + 1];

  fillLayer(above, 0);
  for (let pz = 0; pz < PZ - 1; pz++) {
    [below, above] = [above, below];
    fillLayer(above, pz + 1);
    [edgesLow, edgesHigh] = [edgesHigh, edgesLow];
    edgesHigh.fill(-1);
    for (let py = 0; py < PY - 1; py++) {
      for (let px = 0; px < PX - 1; px++) {
        const base = py * PX + px;
        let insideCount = 0;
        for (let c = 0; c < 8; c++) {
          const v = (c & 4 ? above : below)[base + cornerOffset[c]];
          cornerValue[c] = v;
          if (v < iso) insideCount++;
        }
        if (insideCount === 0 || insideCount === 8) continue;
        for (let t = 0; t < 6; t++) {
          const tet = TETS[t];
          let mask = 0;
          for (let k = 0; k < 4; k++) if (cornerValue[tet[k]] < iso) mask |= 1 << k;
          if (mask === 0 || mask === 15) continue;
          const caseBase = (t * 16 + mask) * 13;
          const triCount = CASES[caseBase];
          for (let n = 0; n < triCount * 3; n++) {
            const a = CASES[caseBase + 1 + n * 2],
              b = CASES[caseBase + 2 + n * 2];
            const low = a & b,
              dir = a ^ b;
            const edges = low & 4 ? edgesHigh : edgesLow;
            const slot = (base + (low & 1) + (low & 2 ? PX : 0)) * 8 + dir;
            let id = edges[slot];
            if (id < 0) {
              id = positions.length / 3;
              edges[slot] = id;
              const va = cornerValue[a],
                vb = cornerValue[b];
              // Interpolate from the inside end; clamp away from the ends to avoid zero-area triangles.
              const aIn = va < iso;
              const vin = aIn ? va : vb,
                vout = aIn ? vb : va,
                from = aIn ? a : b,
                to = aIn ? b : a;
              let f = vout === Infinity ? 0.5 : (iso - vin) / (vout - vin);
              f = f < 1e-3 ? 1e-3 : f > 0.999 ? 0.999 : f;
              const fx = (from & 1) + ((to & 1) - (from & 1)) * f;
              const fy = ((from >> 1) & 1) + (((to >> 1) & 1) - ((from >> 1) & 1)) * f;
              const fz = ((from >> 2) & 1) + (((to >> 2) & 1) - ((from >> 2) & 1)) * f;
              positions.push3(
                origin[0] + (px - 1 + fx) * sx,
                origin[1] + (py - 1 + fy) * sy,
                origin[2] + (pz - 1 + fz) * sz,
              );
            }
            indices.push(id);
          }
        }
      }
    }
  }
  const mesh: Mesh = {
    positions: positions.toArray(),
    indices: indices.toArray(),
    groups: [{ start: 0, count: indices.length / 3, material: 0 }],
  };
  return options.normals === false ? mesh : computeNormals(mesh);
}
