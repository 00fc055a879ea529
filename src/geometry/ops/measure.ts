/** Measurements: volume, area, watertightness. */
import type { Mesh } from '../mesh.ts';
import { PairTable } from './pair-table.ts';
import { canonicalVertices } from './weld.ts';
import { halfEdgeCounts } from './half-edge-counts.ts';

/**
 * Signed volume enclosed by the mesh (divergence theorem). Positive for a closed mesh wound CCW seen
 * from outside; meaningless for open meshes.
 */
export function meshVolume(mesh: Mesh): number {
  const { positions: p, indices: idx } = mesh;
  let sum = 0;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t] * 3,
      b = idx[t + 1] * 3,
      c = idx[t + 2] * 3;
    const ax = p[a],
      ay = p[a + 1],
      az = p[a + 2];
    const bx = p[b],
      by = p[b + 1],
      bz = p[b + 2];
    const cx = p[c],
      cy = p[c + 1],
      cz = p[c + 2];
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return sum / 6;
}

export function surfaceArea(mesh: Mesh): number {
  const { positions: p, indices: idx } = mesh;
  let sum = 0;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t] * 3,
      b = idx[t + 1] * 3,
      c = idx[t + 2] * 3;
    const ux = p[b] - p[a],
      uy = p[b + 1] - p[a + 1],
      uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a],
      vy = p[c + 1] - p[a + 1],
      vz = p[c + 2] - p[a + 2];
    sum += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  return sum;
}

export interface EdgeReport {
  /** Edges used by exactly one triangle (hole borders). */
  boundaryEdges: number;
  /** Edges used by more than two triangles, or by two in the same direction (flipped neighbours). */
  badEdges: number;
  /** Triangles with two corners on one vertex. */
  degenerateTriangles: number;
}

export interface EdgeReportOptions {
  /** Vertices that share a position count as one (default true). */
  byPosition?: boolean;
  /** The position id of every vertex (weld.ts canonicalVertices at tolerance 0), when the caller has them. */
  positionIds?: Uint32Array;
}

/**
 * Counts the edges that keep a mesh from being closed. With `byPosition` (default true) vertices that
 * share a position count as one, so UV seams do not open the mesh.
 */
export function edgeReport(mesh: Mesh, options: EdgeReportOptions = {}): EdgeReport {
  const key = options.byPosition === false ? null : (options.positionIds ?? canonicalVertices(mesh.positions, 0));
  const idx = mesh.indices;
  // Per undirected edge: how many triangles use it and how many of them run from low to high id.
  // A closed, consistently wound surface uses every edge twice, once in each direction.
  const table = new PairTable(idx.length / 2);
  const uses = new Uint32Array(idx.length);
  const forward = new Uint32Array(idx.length);
  let edges = 0;
  let degenerateTriangles = 0;
  for (let t = 0; t < idx.length; t += 3) {
    const v0 = key ? key[idx[t]] : idx[t],
      v1 = key ? key[idx[t + 1]] : idx[t + 1],
      v2 = key ? key[idx[t + 2]] : idx[t + 2];
    if (v0 === v1 || v1 === v2 || v0 === v2) {
      degenerateTriangles++;
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const a = k === 0 ? v0 : k === 1 ? v1 : v2;
      const b = k === 0 ? v1 : k === 1 ? v2 : v0;
      let e = a < b ? table.getOrSet(a, b, edges) : table.getOrSet(b, a, edges);
      if (e < 0) e = edges++;
      uses[e]++;
      if (a < b) forward[e]++;
    }
  }
  let boundaryEdges = 0;
  let badEdges = 0;
  for (let e = 0; e < edges; e++) {
    if (uses[e] === 1) boundaryEdges++;
    else if (uses[e] !== 2 || forward[e] !== 1) badEdges++;
  }
  return { boundaryEdges, badEdges, degenerateTriangles };
}

/**
 * True when every edge is shared by exactly two triangles wound in opposite directions (a closed,
 * consistently oriented surface) and no triangle is degenerate. Vertices sharing a position count as
 * one unless `byPosition` is false.
 */
export function isWatertight(mesh: Mesh, options: EdgeReportOptions = {}): boolean {
  const key = options.byPosition === false ? null : (options.positionIds ?? canonicalVertices(mesh.positions, 0));
  return watertightCorners(mesh.indices, key);
}

/** `isWatertight` of triangles given by their corners' vertex ids (`key`: position id per vertex, or none). */
export function watertightCorners(idx: Uint32Array, key: Uint32Array | null): boolean {
  if (idx.length === 0) return false;
  // The same test as edgeReport's counts (every edge used once in each direction, nothing degenerate),
  // counted without a hash table (half-edge-counts.ts): about a quarter of the face budget's bookkeeping on
  // a 283k-face shape went to the hash table.
  const corners = new Uint32Array(idx.length);
  for (let t = 0; t < idx.length; t += 3) {
    const v0 = key ? key[idx[t]] : idx[t],
      v1 = key ? key[idx[t + 1]] : idx[t + 1],
      v2 = key ? key[idx[t + 2]] : idx[t + 2];
    if (v0 === v1 || v1 === v2 || v0 === v2) return false;
    corners[t] = v0;
    corners[t + 1] = v1;
    corners[t + 2] = v2;
  }
  const { forward, backward } = halfEdgeCounts(corners);
  for (let h = 0; h < forward.length; h++) if (forward[h] !== 1 || backward[h] !== 1) return false;
  return true;
}
