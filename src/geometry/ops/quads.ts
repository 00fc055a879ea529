/** Quad-dominant meshes: pairing triangles across their best shared edges. */
import type { Mesh } from '../mesh.ts';
import { triangleMaterials } from './mesh-utils.ts';
import { PairTable } from './pair-table.ts';

export interface QuadOptions {
  /** Largest accepted deviation of a quad corner from 90°, in degrees. Default 65 (about half the faces of a simplified organic mesh become quads). */
  maxCornerDeviation?: number;
  /** Largest accepted fold between the two triangles, in degrees. Default 35. */
  maxFold?: number;
}

const BINS = 1024;

/**
 * A copy of the mesh whose triangles are reordered into pairs (a, b, c), (a, c, d) flagged in `quads`
 * (see mesh.ts), chosen greedily from the most rectangular candidates (then improved by short augmenting paths): both triangles share an edge
 * with opposite winding, one material, the quad is convex, its corners are near 90° and it is nearly
 * flat. Unpaired triangles stay triangles. Geometry, UVs and material groups are unchanged; pairs never
 * span a UV seam (they must share both diagonal vertices).
 */
export function toQuadDominant(mesh: Mesh, options: QuadOptions = {}): Mesh {
  const maxDeviation = ((options.maxCornerDeviation ?? 65) * Math.PI) / 180;
  const minFoldCos = Math.cos(((options.maxFold ?? 35) * Math.PI) / 180);
  const { positions: P, indices: I } = mesh;
  const faces = I.length / 3;
  const materials = triangleMaterials(mesh);
  // Directed edge → triangle side (t * 3 + k).
  const table = new PairTable(faces * 3);
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) table.set(I[t * 3 + k], I[t * 3 + ((k + 1) % 3)], t * 3 + k);
  const candidateSide = new Uint32Array(faces * 3);
  const candidateBin = new Uint16Array(faces * 3);
  let candidates = 0;
  const corner = (prev: number, at: number, next: number, nx: number, ny: number, nz: number): number => {
    // Angle at `at` between the edges to prev and next; negative when the turn goes against the normal.
    const ux = P[prev * 3] - P[at * 3],
      uy = P[prev * 3 + 1] - P[at * 3 + 1],
      uz = P[prev * 3 + 2] - P[at * 3 + 2];
    const vx = P[next * 3] - P[at * 3],
      vy = P[next * 3 + 1] - P[at * 3 + 1],
      vz = P[next * 3 + 2] - P[at * 3 + 2];
    const cx = vy * uz - vz * uy,
      cy = vz * ux - vx * uz,
      cz = vx * uy - vy * ux;
    const sin = Math.hypot(cx, cy, cz);
    const cos = ux * vx + uy * vy + uz * vz;
    if (cx * nx + cy * ny + cz * nz <= 0) return -1;
    return Math.atan2(sin, cos);
  };
  const normal = new Float64Array(6);
  const triNormal = (t: number, o: number): void => {
    const a = I[t * 3] * 3,
      b = I[t * 3 + 1] * 3,
      c = I[t * 3 + 2] * 3;
    const ux = P[b] - P[a],
      uy = P[b + 1] - P[a + 1],
      uz = P[b + 2] - P[a + 2];
    const vx = P[c] - P[a],
      vy = P[c + 1] - P[a + 1],
      vz = P[c + 2] - P[a + 2];
    const x = uy * vz - uz * vy,
      y = uz * vx - ux * vz,
      z = ux * vy - uy * vx;
    const l = Math.hypot(x, y, z) || 1;
    normal[o] = x / l;
    normal[o + 1] = y / l;
    normal[o + 2] = z / l;
  };
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const p = I[t * 3 + k],
        q = I[t * 3 + ((k + 1) % 3)],
        r = I[t * 3 + ((k + 2) % 3)];
      const twin = table.get(q, p);
      if (twin < 0) continue;
      const u = Math.floor(twin / 3);
      if (u <= t || materials[u] !== materials[t]) continue; // each edge once, one material
      if (table.get(p, q) !== t * 3 + k) continue; // non-manifold edge: more than one (p, q)
      const s = I[u * 3 + (((twin % 3) + 2) % 3)];
      if (s === r) continue;
      triNormal(t, 0);
      triNormal(u, 3);
      const fold = normal[0] * normal[3] + normal[1] * normal[4] + normal[2] * normal[5];
      if (fold < minFoldCos) continue;
      const nx = normal[0] + normal[3],
        ny = normal[1] + normal[4],
        nz = normal[2] + normal[5];
      // Quad (p, s, q, r).
      const c0 = corner(r, p, s, nx, ny, nz),
        c1 = corner(p, s, q, nx, ny, nz);
      const c2 = corner(s, q, r, nx, ny, nz),
        c3 = corner(q, r, p, nx, ny, nz);
      if (c0 < 0 || c1 < 0 || c2 < 0 || c3 < 0) continue; // not convex
      const half = Math.PI / 2;
      const worst = Math.max(Math.abs(c0 - half), Math.abs(c1 - half), Math.abs(c2 - half), Math.abs(c3 - half));
      if (worst > maxDeviation) continue;
      const flatness = Math.acos(Math.min(1, fold)); // up to maxFold
      const score = worst + 0.5 * flatness;
      candidateSide[candidates] = t * 3 + k;
      candidateBin[candidates++] = Math.min(BINS - 1, Math.floor((score / Math.PI) * BINS));
    }
  // Counting sort by score, then greedy matching.
  const start = new Uint32Array(BINS + 1);
  for (let c = 0; c < candidates; c++) start[candidateBin[c] + 1]++;
  for (let b = 0; b < BINS; b++) start[b + 1] += start[b];
  const order = new Uint32Array(candidates);
  for (let c = 0; c < candidates; c++) order[start[candidateBin[c]]++] = c;
  const partner = new Int32Array(faces).fill(-1);
  const pairSide = new Int32Array(faces).fill(-1);
  for (let i = 0; i < candidates; i++) {
    const side = candidateSide[order[i]];
    const t = Math.floor(side / 3);
    const k = side % 3;
    const p = I[t * 3 + k],
      q = I[t * 3 + ((k + 1) % 3)];
    const u = Math.floor(table.get(q, p) / 3);
    if (partner[t] >= 0 || partner[u] >= 0) continue;
    partner[t] = u;
    partner[u] = t;
    pairSide[t] = side;
  }
  augment(candidates, candidateSide, I, table, partner, pairSide);
  const indices = new Uint32Array(I.length);
  const quads = new Uint8Array(faces);
  let o = 0;
  // Walk in the original order; a pair is written where its first triangle was, so groups stay intact.
  for (let t = 0; t < faces; t++) {
    const u = partner[t];
    if (u < 0) {
      indices.set(I.subarray(t * 3, t * 3 + 3), o * 3);
      o++;
      continue;
    }
    if (u < t) continue;
    const owner = pairSide[t] >= 0 ? t : u;
    const side = pairSide[owner];
    const k = side % 3;
    const p = I[owner * 3 + k],
      q = I[owner * 3 + ((k + 1) % 3)],
      r = I[owner * 3 + ((k + 2) % 3)];
    const other = partner[owner];
    const twin = table.get(q, p) % 3;
    const s = I[other * 3 + ((twin + 2) % 3)];
    quads[o] = 1;
    indices.set([p, s, q, p, q, r], o * 3);
    o += 2;
  }
  return { ...mesh, indices, quads };
}

/**
 * Greedy matching leaves triangles whose every good neighbour is taken. Augmenting paths of length
 * three fix many: lone t, its candidate u paired with w, and w's candidate x also lone become the pairs
 * (t, u) and (w, x) — one more quad, only through candidates that passed the quality limits.
 */
function augment(
  candidates: number,
  candidateSide: Uint32Array,
  I: Uint32Array,
  table: PairTable,
  partner: Int32Array,
  pairSide: Int32Array,
): void {
  const faces = partner.length;
  const other = (c: number): [number, number] => {
    const side = candidateSide[c];
    const t = Math.floor(side / 3),
      k = side % 3;
    const p = I[t * 3 + k],
      q = I[t * 3 + ((k + 1) % 3)];
    return [t, Math.floor(table.get(q, p) / 3)];
  };
  // Candidates per triangle (a triangle has at most three edges).
  const byTriangle = new Int32Array(faces * 3).fill(-1);
  for (let c = 0; c < candidates; c++) {
    for (const t of other(c)) {
      for (let j = 0; j < 3; j++)
        if (byTriangle[t * 3 + j] < 0) {
          byTriangle[t * 3 + j] = c;
          break;
        }
    }
  }
  const pair = (c: number): void => {
    const [t, u] = other(c);
    partner[t] = u;
    partner[u] = t;
    pairSide[t] = candidateSide[c];
    pairSide[u] = -1;
  };
  for (let sweep = 0; sweep < 2; sweep++) {
    let improved = 0;
    for (let t = 0; t < faces; t++) {
      if (partner[t] >= 0) continue;
      search: for (let j = 0; j < 3; j++) {
        const c = byTriangle[t * 3 + j];
        if (c < 0) break;
        const [a, b] = other(c);
        const u = a === t ? b : a;
        const w = partner[u];
        if (w < 0) {
          pair(c);
          improved++;
          break;
        }
        for (let m = 0; m < 3; m++) {
          const c2 = byTriangle[w * 3 + m];
          if (c2 < 0) break;
          const [a2, b2] = other(c2);
          const x = a2 === w ? b2 : a2;
          if (x === u || x === t || partner[x] >= 0) continue;
          pairSide[u] = pairSide[w] = -1;
          pair(c);
          pair(c2);
          improved++;
          break search;
        }
      }
    }
    if (improved === 0) break;
  }
}

/** Number of quads and of lone triangles in a quad-dominant mesh. */
export function quadStats(mesh: Mesh): { quads: number; triangles: number } {
  const faces = mesh.indices.length / 3;
  let quads = 0;
  for (let t = 0; t < faces; t++) if (mesh.quads?.[t]) quads++, t++;
  return { quads, triangles: faces - 2 * quads };
}
