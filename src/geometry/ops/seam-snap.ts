/**
 * Closing a mesh whose seams meet only up to float noise. A model server's GLB (marching-cubes output,
 * an export that splits vertices along UV seams, a sphere whose seam column is computed once at φ = 0
 * and again at φ = 2π) often writes one surface point as several vertices a few ULPs — or 1e-16 — apart.
 * By exact position such a mesh is open along every seam, though nothing is missing, and would pay the
 * whole repairToSolid (weld, clean, orientation, holes, manifold-3d's validation: ~0.36 s of a remote
 * 40k-face finish) that a mesh closed bit for bit skips. Moving every vertex within a tolerance of an
 * earlier one onto that one's position, and asking again, lets the first take the second's cheap path.
 */
import type { Mesh } from '../mesh.ts';
import { meshBounds } from '../mesh.ts';
import { isWatertight } from './measure.ts';
import { canonicalVertices, WELD_DEFAULTS } from './weld.ts';

export const SEAM_SNAP_DEFAULTS = {
  /**
   * Positions closer than this × the bounding-box diagonal are one point: repairToSolid's own weld
   * tolerance, so a mesh this closes is one that repair's first step would have closed the same way.
   * At a model placed with its longest side 1 that is some tens of float32 ULPs of its coordinates, far
   * below any real edge (the bench's 39.6k-face sphere's shortest edge is ~3e-4 of its diagonal).
   */
  relativeTolerance: WELD_DEFAULTS.relativeTolerance,
} as const;

export interface SeamSnap {
  /** The mesh with its near-coincident vertices on one position each; indices, UVs, normals, groups unchanged. */
  mesh: Mesh;
  /** Vertices that moved (by less than the tolerance). */
  snappedVertices: number;
}

/**
 * The mesh with every vertex within the tolerance of an earlier vertex moved onto that vertex's
 * position (vertices stay split, so UV seams keep their UVs), when that makes it closed by position
 * (`isWatertight`); undefined when nothing is that near or the snapped mesh is still open, so the
 * caller repairs the original. A snap that collapses a triangle leaves it degenerate, which
 * `isWatertight` refuses, so no face is lost on this path.
 */
export function snapSeamsClosed(mesh: Mesh, options: { relativeTolerance?: number } = {}): SeamSnap | undefined {
  const { relativeTolerance = SEAM_SNAP_DEFAULTS.relativeTolerance } = options;
  if (mesh.indices.length === 0) return undefined;
  const bounds = meshBounds(mesh);
  const diagonal = Math.hypot(...[0, 1, 2].map((k) => bounds.max[k] - bounds.min[k]));
  const tolerance = diagonal * relativeTolerance;
  if (!(tolerance > 0 && Number.isFinite(tolerance))) return undefined;
  const rep = canonicalVertices(mesh.positions, tolerance);
  const source = mesh.positions;
  let positions: Float32Array | undefined;
  let snappedVertices = 0;
  for (let v = 0; v < rep.length; v++) {
    const r = rep[v];
    if (r === v) continue;
    const a = v * 3,
      b = r * 3;
    if (source[a] === source[b] && source[a + 1] === source[b + 1] && source[a + 2] === source[b + 2]) continue;
    positions ??= source.slice();
    positions[a] = source[b];
    positions[a + 1] = source[b + 1];
    positions[a + 2] = source[b + 2];
    snappedVertices++;
  }
  if (!positions) return undefined;
  const snapped: Mesh = { ...mesh, positions };
  // After the snap two vertices share a position exactly when they share a representative (no two
  // representatives are within the tolerance of each other), so `rep` is the snapped mesh's position ids.
  return isWatertight(snapped, { positionIds: rep }) ? { mesh: snapped, snappedVertices } : undefined;
}
