/** Merging vertices that share a position (and, by default, their UV). */
import type { Mesh } from '../mesh.ts';
import { groupsFromMaterials, triangleMaterials, compactVertices } from './mesh-utils.ts';
import { PairTable } from './pair-table.ts';

export interface WeldOptions {
  /** Vertices closer than this (world units) merge. Default 0: only bit-identical positions merge. */
  tolerance?: number;
  /**
   * Keep UV seams: vertices merge only when their UVs are equal too (within 1e-6), so textures still map.
   * Default true. With false, positions alone decide and UVs/normals of the first vertex win.
   */
  keepSeams?: boolean;
  /** Drop triangles that lost their area by the merge (two corners on one vertex). Default true. */
  removeDegenerate?: boolean;
}

export const WELD_DEFAULTS = {
  /**
   * Where a caller welds by a tolerance of its own choosing (repairToSolid, seam-snap.ts): vertices
   * closer than this × the mesh's bounding-box diagonal are one point.
   */
  relativeTolerance: 1e-6,
} as const;

const scratch = new Float32Array(1);
const scratchBits = new Uint32Array(scratch.buffer);
function bits(x: number): number {
  scratch[0] = x + 0; // folds -0 into +0
  return scratchBits[0];
}

/**
 * For every vertex, the index of the first vertex within `tolerance` of it (itself when none). Greedy:
 * chains of near points closer than tolerance pairwise but not to the representative stay separate.
 */
export function canonicalVertices(positions: Float32Array, tolerance: number, uvs?: Float32Array): Uint32Array {
  const count = positions.length / 3;
  const rep = new Uint32Array(count);
  const table = new PairTable(count);
  const next = new Int32Array(count).fill(-1);
  const tol2 = tolerance * tolerance;
  const sameUv = (a: number, b: number): boolean =>
    !uvs || (Math.abs(uvs[a * 2] - uvs[b * 2]) <= 1e-6 && Math.abs(uvs[a * 2 + 1] - uvs[b * 2 + 1]) <= 1e-6);
  if (tolerance <= 0) {
    for (let v = 0; v < count; v++) {
      const x = positions[v * 3],
        y = positions[v * 3 + 1],
        z = positions[v * 3 + 2];
      const ka = bits(x),
        kb = (Math.imul(bits(y), 0x9e3779b1) ^ bits(z)) >>> 0;
      let found = -1;
      const head = table.get(ka, kb);
      for (let r = head; r >= 0; r = next[r]) {
        if (positions[r * 3] === x && positions[r * 3 + 1] === y && positions[r * 3 + 2] === z && sameUv(r, v)) {
          found = r;
          break;
        }
      }
      if (found >= 0) rep[v] = found;
      else {
        rep[v] = v;
        next[v] = head;
        table.set(ka, kb, v);
      }
    }
    return rep;
  }
  // Cells twice the tolerance wide: the points within tolerance of p lie in p's cell or, per axis, in
  // the neighbour on the side of the cell p is nearer to, so 8 cells are searched instead of 27.
  const inv = 1 / (2 * tolerance);
  const cellA = (ix: number): number => ix >>> 0;
  const cellB = (iy: number, iz: number): number => (Math.imul(iy, 0x9e3779b1) ^ Math.imul(iz, 0x85ebca77)) >>> 0;
  for (let v = 0; v < count; v++) {
    const x = positions[v * 3],
      y = positions[v * 3 + 1],
      z = positions[v * 3 + 2];
    const fx = x * inv,
      fy = y * inv,
      fz = z * inv;
    const cx = Math.floor(fx),
      cy = Math.floor(fy),
      cz = Math.floor(fz);
    const sx = fx - cx < 0.5 ? -1 : 1,
      sy = fy - cy < 0.5 ? -1 : 1,
      sz = fz - cz < 0.5 ? -1 : 1;
    let found = -1;
    search: for (let i = 0; i < 8; i++) {
      const ka = cellA(cx + (i & 1 ? sx : 0));
      const kb = cellB(cy + (i & 2 ? sy : 0), cz + (i & 4 ? sz : 0));
      for (let r = table.get(ka, kb); r >= 0; r = next[r]) {
        const ex = positions[r * 3] - x,
          ey = positions[r * 3 + 1] - y,
          ez = positions[r * 3 + 2] - z;
        if (ex * ex + ey * ey + ez * ez <= tol2 && sameUv(r, v)) {
          found = r;
          break search;
        }
      }
    }
    if (found >= 0) rep[v] = found;
    else {
      rep[v] = v;
      const ka = cellA(cx),
        kb = cellB(cy, cz);
      next[v] = table.get(ka, kb);
      table.set(ka, kb, v);
    }
  }
  return rep;
}

/**
 * Merges coincident vertices and drops the triangles the merge collapsed. Material groups are kept
 * (rebuilt over the surviving triangles), quad flags are dropped when a triangle of a pair vanished.
 */
export function weld(mesh: Mesh, options: WeldOptions = {}): Mesh {
  const { tolerance = 0, keepSeams = true, removeDegenerate = true } = options;
  const rep = canonicalVertices(mesh.positions, tolerance, keepSeams ? mesh.uvs : undefined);
  const src = mesh.indices;
  const materials = triangleMaterials(mesh);
  const triCount = src.length / 3;
  const indices = new Uint32Array(src.length);
  const keptMaterials = new Uint32Array(triCount);
  const kept = new Int32Array(triCount).fill(-1);
  let out = 0;
  for (let t = 0; t < triCount; t++) {
    const a = rep[src[t * 3]],
      b = rep[src[t * 3 + 1]],
      c = rep[src[t * 3 + 2]];
    if (removeDegenerate && (a === b || b === c || a === c)) continue;
    indices[out * 3] = a;
    indices[out * 3 + 1] = b;
    indices[out * 3 + 2] = c;
    keptMaterials[out] = materials[t];
    kept[t] = out++;
  }
  let quads: Uint8Array | undefined;
  if (mesh.quads) {
    quads = new Uint8Array(out);
    for (let t = 0; t + 1 < triCount; t++) {
      if (mesh.quads[t] && kept[t] >= 0 && kept[t + 1] === kept[t] + 1) quads[kept[t]] = 1;
    }
  }
  const welded: Mesh = {
    positions: mesh.positions,
    normals: mesh.normals,
    uvs: mesh.uvs,
    indices: indices.slice(0, out * 3),
    groups: groupsFromMaterials(keptMaterials, out),
    ...(quads ? { quads } : {}),
  };
  return compactVertices(welded);
}
