/**
 * Binary STL writer: every triangle of every node in world space (node transforms applied, winding
 * flipped under mirroring transforms so facets stay outward), with its facet normal. Quads are written
 * as their two triangles; STL has no materials, UVs or names.
 */
import type { Scene } from '../mesh.ts';
import { determinant3, placedMeshes, transformPositions } from '../transform.ts';

const HEADER_BYTES = 80;
const FACET_BYTES = 50;

export function writeStl(scene: Scene, { header = 'Kiln binary STL' }: { header?: string } = {}): Uint8Array {
  const placed = placedMeshes(scene);
  let total = 0;
  for (const { mesh } of placed) total += mesh.indices.length / 3;
  if (total > 0xffffffff) throw new Error('STL cannot hold more than 2^32 - 1 triangles.');
  const out = new Uint8Array(HEADER_BYTES + 4 + total * FACET_BYTES);
  out.set(new TextEncoder().encode(header.replace(/^solid/i, 'Solid')).subarray(0, HEADER_BYTES));
  const view = new DataView(out.buffer);
  view.setUint32(HEADER_BYTES, total, true);
  let offset = HEADER_BYTES + 4;
  for (const { mesh, matrix } of placed) {
    const p = transformPositions(mesh.positions, matrix);
    const flip = determinant3(matrix) < 0;
    const indices = mesh.indices;
    for (let i = 0; i < indices.length; i += 3) {
      const a = indices[i] * 3;
      const b = indices[flip ? i + 2 : i + 1] * 3;
      const c = indices[flip ? i + 1 : i + 2] * 3;
      const ux = p[b] - p[a],
        uy = p[b + 1] - p[a + 1],
        uz = p[b + 2] - p[a + 2];
      const vx = p[c] - p[a],
        vy = p[c + 1] - p[a + 1],
        vz = p[c + 2] - p[a + 2];
      let nx = uy * vz - uz * vy,
        ny = uz * vx - ux * vz,
        nz = ux * vy - uy * vx;
      const length = Math.hypot(nx, ny, nz);
      if (length > 0) {
        nx /= length;
        ny /= length;
        nz /= length;
      }
      view.setFloat32(offset, nx, true);
      view.setFloat32(offset + 4, ny, true);
      view.setFloat32(offset + 8, nz, true);
      offset += 12;
      offset = putVertex(view, offset, p, a);
      offset = putVertex(view, offset, p, b);
      offset = putVertex(view, offset, p, c);
      offset += 2; // attribute byte count, zero
    }
  }
  return out;
}

function putVertex(view: DataView, offset: number, p: Float32Array, v: number): number {
  view.setFloat32(offset, p[v], true);
  view.setFloat32(offset + 4, p[v + 1], true);
  view.setFloat32(offset + 8, p[v + 2], true);
  return offset + 12;
}
