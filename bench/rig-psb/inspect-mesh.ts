/**
 * Looks at a candidate mesh for a rigging benchmark set without rigging it: vertex and face counts, the
 * connected pieces (vertices welded by position, as UV seams split them in game formats) with the share
 * of faces in the largest, the bounding box, and optionally a picture of three orthographic views
 * (looking down -z, down -x and down -y; shaded by facing) to see what the mesh is and how it stands.
 * Used to choose the fresh2 set by the selection rule (fetch-fresh2.sh) before anything ran on it.
 *
 *   npx tsx bench/rig-psb/inspect-mesh.ts <mesh.off>... [--png <folder>]
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';

type Mesh = { positions: Float64Array; faces: Uint32Array };

function readOff(text: string): Mesh {
  const tokens = text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.length > 0)
    .join(' ')
    .split(/\s+/);
  let at = tokens[0] === 'OFF' ? 1 : 0;
  const vertexCount = Number(tokens[at++]);
  const faceCount = Number(tokens[at++]);
  at++;
  const positions = new Float64Array(3 * vertexCount);
  for (let i = 0; i < 3 * vertexCount; i++) positions[i] = Number(tokens[at++]);
  const faces: number[] = [];
  for (let f = 0; f < faceCount; f++) {
    const corners = Number(tokens[at++]);
    const polygon = tokens.slice(at, at + corners).map(Number);
    at += corners;
    for (let k = 1; k + 1 < corners; k++) faces.push(polygon[0], polygon[k], polygon[k + 1]);
  }
  return { positions, faces: Uint32Array.from(faces) };
}

/**
 * The connected pieces, vertices at the same position joined: face count of each, largest first, and
 * whether each face lies in the largest.
 */
function pieces(mesh: Mesh): { counts: number[]; inLargest: Uint8Array } {
  const vertexCount = mesh.positions.length / 3;
  const byPosition = new Map<string, number>();
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const key = `${mesh.positions[3 * v]},${mesh.positions[3 * v + 1]},${mesh.positions[3 * v + 2]}`;
    const first = byPosition.get(key);
    parent[v] = first ?? v;
    if (first === undefined) byPosition.set(key, v);
  }
  const root = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  for (let f = 0; f < mesh.faces.length; f += 3) {
    const a = root(mesh.faces[f]);
    for (let k = 1; k < 3; k++) {
      const b = root(mesh.faces[f + k]);
      if (a !== b) parent[b] = a;
    }
  }
  const count = new Map<number, number>();
  for (let f = 0; f < mesh.faces.length; f += 3) {
    const r = root(mesh.faces[f]);
    count.set(r, (count.get(r) ?? 0) + 1);
  }
  const [largestRoot] = [...count.entries()].reduce((a, b) => (b[1] > a[1] ? b : a), [-1, 0]);
  const inLargest = new Uint8Array(mesh.faces.length / 3);
  for (let f = 0; f < mesh.faces.length; f += 3) inLargest[f / 3] = root(mesh.faces[f]) === largestRoot ? 1 : 0;
  return { counts: [...count.values()].sort((a, b) => b - a), inLargest };
}

function bounds(mesh: Mesh): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], mesh.positions[i]);
    max[i % 3] = Math.max(max[i % 3], mesh.positions[i]);
  }
  return { min, max };
}

/**
 * Three views side by side (right, up axes of each): front (x, y), side (z, y), top (x, z); faces
 * outside the largest piece in red, so a body in pieces shows.
 */
async function picture(mesh: Mesh, inLargest: Uint8Array, file: string) {
  const size = 320;
  const views: [number, number, number][] = [
    [0, 1, 2],
    [2, 1, 0],
    [0, 2, 1],
  ];
  const { min, max } = bounds(mesh);
  const extent = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  const scale = (size - 8) / extent;
  const image = new Uint8Array(size * 3 * size * 3).fill(255);
  views.forEach(([right, up, depth], view) => {
    const zBuffer = new Float64Array(size * size).fill(-Infinity);
    const p = mesh.positions;
    for (let f = 0; f < mesh.faces.length; f += 3) {
      const corners = [0, 1, 2].map((k) => 3 * mesh.faces[f + k]);
      const xs = corners.map((c) => 4 + (p[c + right] - min[right]) * scale);
      const ys = corners.map((c) => size - 4 - (p[c + up] - min[up]) * scale);
      const zs = corners.map((c) => p[c + depth]);
      // Shade by how much the face turns towards the viewer (either side, as windings vary).
      const e1 = [0, 1, 2].map((k) => p[corners[1] + k] - p[corners[0] + k]);
      const e2 = [0, 1, 2].map((k) => p[corners[2] + k] - p[corners[0] + k]);
      const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
      const length = Math.hypot(n[0], n[1], n[2]) || 1;
      const shade = Math.round(60 + 170 * Math.abs(n[depth] / length));
      const area = (xs[1] - xs[0]) * (ys[2] - ys[0]) - (xs[2] - xs[0]) * (ys[1] - ys[0]);
      if (area === 0) continue;
      for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(size - 1, Math.ceil(Math.max(...ys))); y++) {
        for (
          let x = Math.max(0, Math.floor(Math.min(...xs)));
          x <= Math.min(size - 1, Math.ceil(Math.max(...xs)));
          x++
        ) {
          const w1 = ((x - xs[0]) * (ys[2] - ys[0]) - (xs[2] - xs[0]) * (y - ys[0])) / area;
          const w2 = ((xs[1] - xs[0]) * (y - ys[0]) - (x - xs[0]) * (ys[1] - ys[0])) / area;
          const w0 = 1 - w1 - w2;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          const z = w0 * zs[0] + w1 * zs[1] + w2 * zs[2];
          if (z <= zBuffer[y * size + x]) continue;
          zBuffer[y * size + x] = z;
          const at = 3 * (y * size * 3 + view * size + x);
          image[at] = shade;
          image[at + 1] = image[at + 2] = inLargest[f / 3] ? shade : Math.round(shade / 3);
        }
      }
    }
  });
  await sharp(image, { raw: { width: size * 3, height: size, channels: 3 } })
    .png()
    .toFile(file);
}

const args = process.argv.slice(2);
const pngAt = args.indexOf('--png');
const pngFolder = pngAt >= 0 ? args[pngAt + 1] : undefined;
const files = args.filter((arg, i) => !arg.startsWith('--') && (pngAt < 0 || i !== pngAt + 1));
console.log('mesh | vertices | faces | pieces | largest piece | size x × y × z');
for (const file of files) {
  const mesh = readOff(readFileSync(file, 'utf8'));
  const { counts, inLargest } = pieces(mesh);
  const { min, max } = bounds(mesh);
  const size = [0, 1, 2].map((k) => (max[k] - min[k]).toPrecision(3)).join(' × ');
  const largest = ((100 * counts[0]) / (mesh.faces.length / 3)).toFixed(0);
  console.log(
    `${basename(file)} | ${mesh.positions.length / 3} | ${mesh.faces.length / 3} | ${counts.length} | ${largest}% | ${size}`,
  );
  if (pngFolder) await picture(mesh, inLargest, join(pngFolder, `${basename(file, '.off')}.png`));
}
