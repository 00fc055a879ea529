/**
 * The z-buffered triangle rasteriser everything else draws with. It writes, per pixel, the nearest
 * triangle, its view depth and perspective-correct barycentric weights; shading is a separate pass
 * over those buffers (deferred), so silhouettes, depth maps and colour images share one code path.
 * Triangles are drawn from both sides: imported meshes do not always wind consistently.
 */
import type { Projector } from './camera.ts';

export interface RasterBuffers {
  width: number;
  height: number;
  /** View depth of the nearest surface per pixel; Infinity where nothing was drawn. */
  depth: Float32Array;
  /** Index of the triangle seen at each pixel; -1 where nothing was drawn. */
  triangle: Int32Array;
  /** Barycentric weights of vertices 1 and 2 of that triangle (vertex 0 gets 1 − b1 − b2). */
  bary: Float32Array;
}

export function emptyBuffers(width: number, height: number): RasterBuffers {
  const depth = new Float32Array(width * height).fill(Infinity);
  const triangle = new Int32Array(width * height).fill(-1);
  return { width, height, depth, triangle, bary: new Float32Array(width * height * 2) };
}

// Accept pixel centres a hair outside an edge so that shared edges leave no cracks.
const EDGE_EPSILON = -1e-7;

/**
 * Draws `indices` (triangles over `positions`, world space) into `buffers` as seen by `projector`.
 * `near`: perspective triangles with a vertex closer than this are skipped (previews keep the camera
 * outside the object, so no clipping is needed).
 */
export function rasterize(
  positions: Float32Array,
  indices: Uint32Array,
  projector: Projector,
  buffers: RasterBuffers = emptyBuffers(projector.width, projector.height),
  near = 1e-6,
): RasterBuffers {
  const { width: W, height: H, depth, triangle, bary } = buffers;
  const vertexCount = positions.length / 3;
  const screen = new Float64Array(vertexCount * 3);
  for (let i = 0; i < vertexCount; i++) {
    projector.project(positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2], screen, i * 3);
  }
  const perspective = projector.perspective;
  const triangleCount = indices.length / 3;
  for (let t = 0; t < triangleCount; t++) {
    const a = indices[t * 3] * 3;
    const b = indices[t * 3 + 1] * 3;
    const c = indices[t * 3 + 2] * 3;
    const x0 = screen[a],
      y0 = screen[a + 1],
      z0 = screen[a + 2];
    const x1 = screen[b],
      y1 = screen[b + 1],
      z1 = screen[b + 2];
    const x2 = screen[c],
      y2 = screen[c + 1],
      z2 = screen[c + 2];
    if (perspective && (z0 < near || z1 < near || z2 < near)) continue;
    const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (!(Math.abs(area) > 1e-12)) continue;
    const minX = Math.max(0, Math.ceil(Math.min(x0, x1, x2) - 0.5));
    const maxX = Math.min(W - 1, Math.floor(Math.max(x0, x1, x2) - 0.5));
    const minY = Math.max(0, Math.ceil(Math.min(y0, y1, y2) - 0.5));
    const maxY = Math.min(H - 1, Math.floor(Math.max(y0, y1, y2) - 0.5));
    if (minX > maxX || minY > maxY) continue;
    const inv = 1 / area;
    // Barycentric weight of vertex k as an affine function A·x + B·y + C of the pixel centre.
    const A0 = -(y2 - y1) * inv,
      B0 = (x2 - x1) * inv,
      C0 = -(A0 * x1 + B0 * y1);
    const A1 = -(y0 - y2) * inv,
      B1 = (x0 - x2) * inv,
      C1 = -(A1 * x2 + B1 * y2);
    const iz0 = 1 / z0,
      iz1 = 1 / z1,
      iz2 = 1 / z2;
    for (let py = minY; py <= maxY; py++) {
      const cy = py + 0.5;
      const cx = minX + 0.5;
      let e0 = A0 * cx + B0 * cy + C0;
      let e1 = A1 * cx + B1 * cy + C1;
      let row = py * W + minX;
      for (let px = minX; px <= maxX; px++, row++, e0 += A0, e1 += A1) {
        const e2 = 1 - e0 - e1;
        if (e0 < EDGE_EPSILON || e1 < EDGE_EPSILON || e2 < EDGE_EPSILON) continue;
        let z: number, w1: number, w2: number;
        if (perspective) {
          const q0 = e0 * iz0,
            q1 = e1 * iz1,
            q2 = e2 * iz2;
          const s = q0 + q1 + q2;
          z = 1 / s;
          w1 = q1 * z;
          w2 = q2 * z;
        } else {
          z = e0 * z0 + e1 * z1 + e2 * z2;
          w1 = e1;
          w2 = e2;
        }
        if (z < depth[row]) {
          depth[row] = z;
          triangle[row] = t;
          bary[row * 2] = w1;
          bary[row * 2 + 1] = w2;
        }
      }
    }
  }
  return buffers;
}
