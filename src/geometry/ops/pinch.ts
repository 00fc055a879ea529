/**
 * Pinched vertices: a union of shells that touch at a point or along an edge is a closed 2-manifold by
 * index (manifold-3d keeps one vertex per shell there), but every consumer that welds by position (the
 * simplifier, importers, our own closedness check) sees an edge with four triangles. Moving each copy a
 * hair towards the middle of its own triangles separates the shells the way the topology already says.
 */
import type { Mesh } from '../mesh.ts';
import { meshBounds } from '../mesh.ts';
import { canonicalVertices } from './weld.ts';

export interface SeparatePinchesOptions {
  /** How far each copy moves, relative to the bounding-box diagonal. Default 1e-5 (above float32 noise). */
  relativeDistance?: number;
}

/**
 * `mesh` with every vertex that shares its position with another index vertex moved slightly towards
 * the centroid of its incident triangles, and how many vertices moved. Only meaningful for meshes that
 * are closed by index (otherwise UV-seam copies would be pulled apart too); callers check that first.
 */
export function separatePinchedVertices(
  mesh: Mesh,
  options: SeparatePinchesOptions = {},
): { mesh: Mesh; moved: number } {
  const { relativeDistance = 1e-5 } = options;
  const vertexCount = mesh.positions.length / 3;
  const rep = canonicalVertices(mesh.positions, 0);
  const copies = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) copies[rep[v]]++;
  const pinched = (v: number): boolean => copies[rep[v]] > 1;

  const pull = new Float64Array(vertexCount * 3);
  const I = mesh.indices;
  const P = mesh.positions;
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t],
      b = I[t + 1],
      c = I[t + 2];
    if (!pinched(a) && !pinched(b) && !pinched(c)) continue;
    for (let k = 0; k < 3; k++) {
      const centroid = (P[a * 3 + k] + P[b * 3 + k] + P[c * 3 + k]) / 3;
      for (const v of [a, b, c]) if (pinched(v)) pull[v * 3 + k] += centroid - P[v * 3 + k];
    }
  }
  const bounds = meshBounds(mesh);
  const step = relativeDistance * Math.hypot(...[0, 1, 2].map((k) => bounds.max[k] - bounds.min[k]));
  const positions = P.slice();
  let moved = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (!pinched(v)) continue;
    const length = Math.hypot(pull[v * 3], pull[v * 3 + 1], pull[v * 3 + 2]);
    if (length === 0) continue;
    for (let k = 0; k < 3; k++) positions[v * 3 + k] += (pull[v * 3 + k] / length) * step;
    moved++;
  }
  return { mesh: moved > 0 ? { ...mesh, positions } : mesh, moved };
}
