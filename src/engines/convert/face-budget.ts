/**
 * An exact triangle count: the shared simplifier (down) and midpoint splits (up) get within one face;
 * the last face is settled here. A closed surface always has an even number of triangles (every edge
 * joins two), so an odd budget on a closed model gives budget − 1 and says so.
 */
import type { Mesh } from '../../geometry/mesh.ts';
import {
  compactVertices,
  groupsFromMaterials,
  isWatertight,
  simplifyToBudget,
  triangleMaterials,
} from '../../geometry/ops/index.ts';
import { canonicalVertices } from '../../geometry/ops/weld.ts';
import type { Logger } from '../../logger.ts';

export interface FaceBudgetResult {
  mesh: Mesh;
  /** The count reached (the budget, or budget − 1 for an odd budget on a closed surface). */
  target: number;
  note?: string;
}

/** Triangle sides (t * 3 + k) that no other triangle shares, by position. */
function boundarySides(mesh: Mesh): number[] {
  const pid = canonicalVertices(mesh.positions, 0);
  const I = mesh.indices;
  const uses = new Map<string, number>();
  const key = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);
  for (let s = 0; s < I.length; s++) {
    const t = s - (s % 3);
    const k = key(pid[I[s]], pid[I[t + ((s - t + 1) % 3)]]);
    uses.set(k, (uses.get(k) ?? 0) + 1);
  }
  const sides: number[] = [];
  for (let s = 0; s < I.length; s++) {
    const t = s - (s % 3);
    if (uses.get(key(pid[I[s]], pid[I[t + ((s - t + 1) % 3)]])) === 1) sides.push(s);
  }
  return sides;
}

/** One more triangle: the longest open-border side is split at its midpoint (no crack: nothing is on its other side). */
function addOneFace(mesh: Mesh): Mesh | null {
  const sides = boundarySides(mesh);
  if (sides.length === 0) return null;
  const P = mesh.positions,
    I = mesh.indices;
  const corner = (s: number) => [I[s], I[s - (s % 3) + (((s % 3) + 1) % 3)], I[s - (s % 3) + (((s % 3) + 2) % 3)]];
  const lengthOf = (s: number) => {
    const [a, b] = corner(s);
    return Math.hypot(P[a * 3] - P[b * 3], P[a * 3 + 1] - P[b * 3 + 1], P[a * 3 + 2] - P[b * 3 + 2]);
  };
  const side = sides.reduce((best, s) => (lengthOf(s) > lengthOf(best) ? s : best), sides[0]);
  const [a, b, c] = corner(side);
  const t = (side - (side % 3)) / 3;
  const n = P.length / 3;
  const mid = (array: Float32Array | undefined, size: number) => {
    if (!array) return undefined;
    const out = new Float32Array(array.length + size);
    out.set(array);
    for (let k = 0; k < size; k++) out[n * size + k] = (array[a * size + k] + array[b * size + k]) / 2;
    return out;
  };
  const indices = new Uint32Array(I.length + 3);
  indices.set(I);
  // (a, b, c) → (a, m, c) in place and (m, b, c) after it, with the same material.
  indices.set([a, n, c], t * 3);
  indices.set([n, b, c], I.length);
  const materials = Array.from(triangleMaterials(mesh));
  materials.push(materials[t]);
  const order = materials.map((_, i) => i).sort((x, y) => materials[x] - materials[y] || x - y);
  const sorted = new Uint32Array(indices.length);
  order.forEach((from, to) => {
    sorted.set(indices.subarray(from * 3, from * 3 + 3), to * 3);
  });
  const normals = mid(mesh.normals, 3);
  return {
    positions: mid(P, 3)!,
    indices: sorted,
    normals,
    uvs: mid(mesh.uvs, 2),
    groups: groupsFromMaterials(order.map((i) => materials[i])),
  };
}

/** One fewer triangle: the smallest triangle on an open border is removed (it widens the opening by a sliver). */
function removeOneFace(mesh: Mesh): Mesh | null {
  const sides = boundarySides(mesh);
  if (sides.length === 0) return null;
  const P = mesh.positions,
    I = mesh.indices;
  const area = (t: number) => {
    const a = I[t * 3] * 3,
      b = I[t * 3 + 1] * 3,
      c = I[t * 3 + 2] * 3;
    const ux = P[b] - P[a],
      uy = P[b + 1] - P[a + 1],
      uz = P[b + 2] - P[a + 2];
    const vx = P[c] - P[a],
      vy = P[c + 1] - P[a + 1],
      vz = P[c + 2] - P[a + 2];
    return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  };
  const candidates = sides.map((s) => (s - (s % 3)) / 3);
  const drop = candidates.reduce((best, t) => (area(t) < area(best) ? t : best), candidates[0]);
  const indices = new Uint32Array(I.length - 3);
  indices.set(I.subarray(0, drop * 3));
  indices.set(I.subarray(drop * 3 + 3), drop * 3);
  const materials = Array.from(triangleMaterials(mesh));
  materials.splice(drop, 1);
  return compactVertices({ ...mesh, indices, groups: groupsFromMaterials(materials), quads: undefined });
}

export async function reachFaceBudget(mesh: Mesh, budget: number, logger?: Logger): Promise<FaceBudgetResult> {
  // Only an odd budget needs to know (the check costs seconds on a million faces).
  const closed = budget % 2 === 1 && isWatertight(mesh);
  const target = closed ? budget - 1 : budget;
  let current = await simplifyToBudget(mesh, target, { tolerance: 0, logger });
  for (let step = 0; step < 4 && current.indices.length / 3 !== target; step++) {
    const faces = current.indices.length / 3;
    const next = faces < target ? addOneFace(current) : removeOneFace(current);
    if (!next) break;
    current = next;
  }
  const reached = current.indices.length / 3;
  const note =
    reached !== budget
      ? target !== budget && reached === target
        ? `the model is a closed surface, which always has an even number of triangles: ${reached} for the budget ${budget}`
        : `reached ${reached} triangles for the budget ${budget} (material borders are kept)`
      : undefined;
  return { mesh: current, target, note };
}
