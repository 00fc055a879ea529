/**
 * Reaching an exact face budget: meshoptimizer's quadric simplifier when there are too many faces,
 * longest-edge midpoint splits when there are too few.
 */
import { MeshoptSimplifier } from 'meshoptimizer';
import type { Mesh } from '../mesh.ts';
import { silentLogger, type Logger } from '../../logger.ts';
import { compactVertices, groupsFromMaterials, triangleMaterials } from './mesh-utils.ts';
import { canonicalVertices, weld } from './weld.ts';
import { subdivideToCount } from './subdivide.ts';
import { removeDuplicateFaces, type Topology } from './clean.ts';
import { isWatertight, watertightCorners } from './measure.ts';
import { callOnHelper } from './bake-tiles.ts';
import { halfEdgeCounts } from './half-edge-counts.ts';

export interface SimplifyOptions {
  /** Accepted relative distance from the budget. Default 0.01 (±1 %). */
  tolerance?: number;
  /** Weight of UV differences against geometric error; higher keeps UV seams and stretch tighter. Default 1. */
  uvWeight?: number;
  /** Weight of normal differences; keeps creases. Default 0.25 (only when the mesh has normals). */
  normalWeight?: number;
  /** Never move vertices on open borders (keeps the outline of open meshes exactly). Default false. */
  lockBorder?: boolean;
  /**
   * The caller holds a spare cpu slot: the input's closedness check may run on the bake helper thread
   * while this thread simplifies (same answer; made here if the helper is not ready or fails).
   */
  helper?: boolean;
  logger?: Logger;
}

/** `isWatertight` by position ids, as one structured-cloneable input: the helper thread's part. */
export function watertightByIds(input: { indices: Uint32Array; positionIds: Uint32Array }): boolean {
  return watertightCorners(input.indices, input.positionIds);
}

// 'Permissive' (collapse across seams when nothing else is left) exists at run time since 0.25 but is missing from the typings.
type Flag = 'LockBorder' | 'Sparse' | 'ErrorAbsolute' | 'Prune' | 'Permissive';

/**
 * A mesh with `faces` triangles (within `tolerance`; closed meshes only have even counts). Above the
 * budget it is simplified with meshoptimizer keeping UV seams (vertices sharing a position with
 * different UVs collapse only along the seam) and material borders (locked); below it, the longest
 * edges are split at their midpoints, which keeps the shape and closedness exactly. Quad flags are
 * dropped (run toQuadDominant afterwards). A mesh already within tolerance is returned as it is.
 */
export async function simplifyToBudget(mesh: Mesh, faces: number, options: SimplifyOptions = {}): Promise<Mesh> {
  const { tolerance = 0.01, logger = silentLogger } = options;
  const target = Math.max(1, Math.round(faces));
  const slack = Math.max(1, Math.floor(target * tolerance));
  const start = mesh.indices.length / 3;
  if (Math.abs(start - target) <= slack) return mesh;
  let current: Mesh = { ...mesh };
  delete current.quads;
  if (start > target) {
    await MeshoptSimplifier.ready;
    // Soups (every corner its own vertex) look like all-seam meshes to the simplifier: weld first.
    const input = weld(current);
    // The simplifier's output keeps input vertices, so one position id per input vertex serves every
    // check below (folded pairs, non-manifold edges) without hashing positions again per attempt.
    // Without UVs the weld already merged every shared position: each vertex is its own id.
    const pidOf = input.uvs ? canonicalVertices(input.positions, 0) : identityIds(input.positions.length / 3);
    // Needed only once the simplifier has answered: on the helper meanwhile, when there is one.
    const closedAhead = options.helper
      ? callOnHelper<boolean>({
          module: import.meta.url,
          name: 'watertightByIds',
          input: { indices: input.indices, positionIds: pidOf },
        })
      : undefined;
    closedAhead?.catch(() => {});
    let closed = closedAhead ? undefined : isWatertight(input, { positionIds: pidOf });
    // meshoptimizer does not check the link condition everywhere: near thin necks a collapse can leave
    // an edge with four triangles. Freeze the neighbourhood of such edges and simplify again.
    let frozen: Uint8Array | null = null;
    for (let attempt = 0; attempt < 4; attempt++) {
      let reduced = withoutFoldedPairs(reduce(input, pidOf, target, options, [], frozen), pidOf);
      if (reduced.materials.length > target + slack) {
        logger.debug({ faces: reduced.materials.length, target }, 'simplify: retrying with seams relaxed');
        reduced = withoutFoldedPairs(reduce(input, pidOf, target, options, ['Permissive', 'Prune'], frozen), pidOf);
      }
      current = compactVertices({
        positions: input.positions,
        normals: input.normals,
        uvs: input.uvs,
        indices: reduced.corners,
        groups: groupsFromMaterials(reduced.materials),
      });
      closed ??= await closedAhead!.catch(() => isWatertight(input, { positionIds: pidOf }));
      if (!closed) break;
      const bad = nonManifoldPositionIds(reduced.pid);
      if (bad.length === 0) break;
      frozen ??= new Uint8Array(input.positions.length / 3);
      freezeAround(input, pidOf, bad, frozen);
      logger.debug({ attempt, positions: bad.length }, 'simplify: froze the surroundings of non-manifold edges');
    }
    if (current.indices.length / 3 > target + slack) {
      logger.warn(
        { faces: current.indices.length / 3, target },
        'simplify: budget not reachable without breaking material borders',
      );
    }
  }
  if (current.indices.length / 3 < target - slack) current = subdivideToCount(current, target);
  logger.debug({ from: start, to: current.indices.length / 3, target }, 'simplify: done');
  return current;
}

function identityIds(count: number): Uint32Array {
  const ids = new Uint32Array(count);
  for (let v = 0; v < count; v++) ids[v] = v;
  return ids;
}

/** The simplifier's triangles on `mesh`'s vertices (`pidOf`: their position ids) and their materials. */
function reduce(
  mesh: Mesh,
  pidOf: Uint32Array,
  target: number,
  options: SimplifyOptions,
  extraFlags: Flag[],
  frozen: Uint8Array | null,
): { indices: Uint32Array; materials: Uint32Array } {
  const { uvWeight = 1, normalWeight = 0.25, lockBorder = false } = options;
  const vertexCount = mesh.positions.length / 3;
  const faces = mesh.indices.length / 3;
  const weights: number[] = [];
  const stride = (mesh.uvs ? 2 : 0) + (mesh.normals ? 3 : 0);
  const attributes = new Float32Array(vertexCount * stride);
  if (stride > 0) {
    for (let v = 0; v < vertexCount; v++) {
      let o = v * stride;
      if (mesh.uvs) {
        attributes[o++] = mesh.uvs[v * 2];
        attributes[o++] = mesh.uvs[v * 2 + 1];
      }
      if (mesh.normals) {
        attributes[o++] = mesh.normals[v * 3];
        attributes[o++] = mesh.normals[v * 3 + 1];
        attributes[o++] = mesh.normals[v * 3 + 2];
      }
    }
    if (mesh.uvs) weights.push(uvWeight, uvWeight);
    if (mesh.normals) weights.push(normalWeight, normalWeight, normalWeight);
  }
  const flags: Flag[] = [...extraFlags];
  if (lockBorder) flags.push('LockBorder');
  const materials = triangleMaterials(mesh);
  const groups = mesh.groups.filter((g) => g.count > 0);
  // Vertices (by position) touched by more than one material stay put so groups meet without cracks.
  let lock: Uint8Array | null = null;
  if (groups.length > 1) {
    const pid = pidOf;
    const seen = new Int32Array(vertexCount).fill(-1);
    const shared = new Uint8Array(vertexCount);
    for (let t = 0; t < faces; t++)
      for (let k = 0; k < 3; k++) {
        const p = pid[mesh.indices[t * 3 + k]];
        if (seen[p] < 0) seen[p] = materials[t];
        else if (seen[p] !== materials[t]) shared[p] = 1;
      }
    lock = new Uint8Array(vertexCount);
    for (let v = 0; v < vertexCount; v++) lock[v] = shared[pid[v]];
  }
  if (frozen) {
    lock ??= new Uint8Array(vertexCount);
    for (let v = 0; v < vertexCount; v++) lock[v] |= frozen[v];
  }
  const parts: Uint32Array[] = [];
  const partMaterials: number[] = [];
  let remaining = target;
  let remainingFaces = faces;
  for (const group of groups) {
    const slice = mesh.indices.subarray(group.start * 3, (group.start + group.count) * 3);
    // Budget in proportion to the group's share, so every material keeps its detail level.
    const share = Math.max(1, Math.round((remaining * group.count) / remainingFaces));
    remaining -= share;
    remainingFaces -= group.count;
    const want = Math.min(group.count, share) * 3;
    let result: Uint32Array;
    if (want >= slice.length) result = slice.slice();
    else if (stride > 0 || lock) {
      [result] = MeshoptSimplifier.simplifyWithAttributes(
        slice,
        mesh.positions,
        3,
        stride > 0 ? attributes : new Float32Array(vertexCount),
        Math.max(1, stride),
        stride > 0 ? weights : [0],
        lock,
        want,
        1e9,
        flags as never[],
      );
    } else {
      [result] = MeshoptSimplifier.simplify(slice, mesh.positions, 3, want, 1e9, flags as never[]);
    }
    parts.push(result);
    partMaterials.push(group.material);
  }
  const total = parts.reduce((s, p) => s + p.length, 0);
  const indices = new Uint32Array(total);
  const mats = new Uint32Array(total / 3);
  let o = 0;
  parts.forEach((p, i) => {
    indices.set(p, o);
    mats.fill(partMaterials[i], o / 3, (o + p.length) / 3);
    o += p.length;
  });
  return { indices, materials: mats };
}

/**
 * Collapses can fold two triangles onto each other with opposite winding (a zero-volume fin), which
 * leaves an edge with four triangles; removing such twins restores a closed mesh. `indices` are the
 * input's vertices, `pidOf` their position ids.
 */
function withoutFoldedPairs(
  { indices, materials }: { indices: Uint32Array; materials: Uint32Array },
  pidOf: Uint32Array,
): Topology {
  // A plain loop: TypedArray.from with a mapping function calls it through the iterator protocol,
  // about ten times slower on the 450 000 corners of a Medium budget.
  const pid = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) pid[i] = pidOf[indices[i]];
  return removeDuplicateFaces({ pid, corners: indices, materials }).topo;
}

/**
 * Position ids on edges not used by exactly two triangles (`pid`: three position ids per triangle), the
 * uses counted without a hash table (half-edge-counts.ts).
 */
export function nonManifoldPositionIds(pid: Uint32Array): number[] {
  let ids = 0;
  for (let c = 0; c < pid.length; c++) if (pid[c] >= ids) ids = pid[c] + 1;
  const { from, to, forward, backward } = halfEdgeCounts(pid);
  const bad = new Uint8Array(ids);
  for (let h = 0; h < from.length; h++) {
    const a = from[h],
      b = to[h];
    // An edge from a position to itself (a collapsed triangle) is one undirected edge, counted once per use.
    const uses = a === b ? forward[h] : forward[h] + backward[h];
    if (uses !== 2) bad[a] = bad[b] = 1;
  }
  const out: number[] = [];
  for (let v = 0; v < ids; v++) if (bad[v]) out.push(v);
  return out;
}

/** Locks the input vertices at the given position ids and their one-ring (by position). */
function freezeAround(input: Mesh, pidOf: Uint32Array, positions: number[], frozen: Uint8Array): void {
  const seed = new Uint8Array(frozen.length);
  for (const p of positions) seed[p] = 1;
  const ring = new Uint8Array(frozen.length);
  const I = input.indices;
  for (let t = 0; t < I.length; t += 3) {
    if (!seed[pidOf[I[t]]] && !seed[pidOf[I[t + 1]]] && !seed[pidOf[I[t + 2]]]) continue;
    ring[pidOf[I[t]]] = ring[pidOf[I[t + 1]]] = ring[pidOf[I[t + 2]]] = 1;
  }
  for (let v = 0; v < frozen.length; v++) if (ring[pidOf[v]]) frozen[v] = 1;
}
