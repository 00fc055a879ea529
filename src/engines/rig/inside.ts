/**
 * Keeps joints inside the body. A ring centroid (rings.ts) is inside a round limb, but not always
 * inside a flat or open part: across a spread hand, between the jaws of an open mouth, on a bent
 * wrist. Such a joint is moved along the bone towards its parent (or, for a joint without parent,
 * towards its children), which a limb's next ring keeps inside, to the first place that lies well
 * inside: past the surface by a good share of the local thickness rather than just across it.
 */
import type { SkeletonJoint, Vec3 } from '../../geometry/skeleton.ts';
import type { VertexGraph } from './surface.ts';

export interface InsideOptions {
  /** Places tried along the bone, evenly spaced up to `maxShare`. */
  steps: number;
  /** Farthest a joint is moved, as a share of its bone's length. */
  maxShare: number;
  /** A place counts as well inside once its clearance (distance to the nearest vertex) reaches this share of the best clearance along the bone. */
  clearanceShare: number;
}

export const INSIDE_DEFAULTS: InsideOptions = { steps: 24, maxShare: 0.6, clearanceShare: 0.5 };

/** Skew directions, so a ray seldom runs along an edge or through a vertex. */
const RAYS: Vec3[] = [
  [0.5, 0.6, 0.62],
  [-0.7, 0.0123, 0.71],
  [0.0217, -0.9997, 0.0111],
];

/** Inside when most of three rays cross the surface an odd number of times (parity survives small holes on one ray). */
export function isInside(graph: VertexGraph, point: Vec3): boolean {
  let votes = 0;
  for (const ray of RAYS) {
    if (crossings(graph, point, ray) % 2 === 1) votes++;
  }
  return votes >= 2;
}

function crossings(graph: VertexGraph, o: Vec3, d: Vec3): number {
  const p = graph.positions;
  const f = graph.faces;
  let count = 0;
  for (let t = 0; t < f.length; t += 3) {
    const a = 3 * f[t],
      b = 3 * f[t + 1],
      c = 3 * f[t + 2];
    const e1x = p[b] - p[a],
      e1y = p[b + 1] - p[a + 1],
      e1z = p[b + 2] - p[a + 2];
    const e2x = p[c] - p[a],
      e2y = p[c + 1] - p[a + 1],
      e2z = p[c + 2] - p[a + 2];
    const hx = d[1] * e2z - d[2] * e2y,
      hy = d[2] * e2x - d[0] * e2z,
      hz = d[0] * e2y - d[1] * e2x;
    const det = e1x * hx + e1y * hy + e1z * hz;
    if (Math.abs(det) < 1e-15) continue;
    const inv = 1 / det;
    const sx = o[0] - p[a],
      sy = o[1] - p[a + 1],
      sz = o[2] - p[a + 2];
    const u = inv * (sx * hx + sy * hy + sz * hz);
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y,
      qy = sz * e1x - sx * e1z,
      qz = sx * e1y - sy * e1x;
    const v = inv * (d[0] * qx + d[1] * qy + d[2] * qz);
    if (v < 0 || u + v > 1) continue;
    if (inv * (e2x * qx + e2y * qy + e2z * qz) > 0) count++;
  }
  return count;
}

/** Distance from a point to the nearest vertex: a cheap stand-in for the distance to the surface. */
function clearance(graph: VertexGraph, point: Vec3): number {
  const p = graph.positions;
  let best = Infinity;
  for (let i = 0; i < p.length; i += 3) {
    const d = (p[i] - point[0]) ** 2 + (p[i + 1] - point[1]) ** 2 + (p[i + 2] - point[2]) ** 2;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** The well-inside place along from → to, or null when the first `maxShare` of the way never goes inside. */
function alongBone(graph: VertexGraph, from: Vec3, to: Vec3, options: InsideOptions): Vec3 | null {
  const run: { at: Vec3; clear: number }[] = [];
  for (let s = 1; s <= options.steps; s++) {
    const k = (s / options.steps) * options.maxShare;
    const at: Vec3 = [
      from[0] + k * (to[0] - from[0]),
      from[1] + k * (to[1] - from[1]),
      from[2] + k * (to[2] - from[2]),
    ];
    if (isInside(graph, at)) run.push({ at, clear: clearance(graph, at) });
    else if (run.length > 0) break; // the first stretch inside only: past it the bone may leave the body again
  }
  if (run.length === 0) return null;
  const best = Math.max(...run.map((r) => r.clear));
  return run.find((r) => r.clear >= options.clearanceShare * best)!.at;
}

/**
 * Joints (parents before children) with every outside joint moved inside where the bone allows;
 * `moved` names those moved, `outside` those no bone could bring in.
 */
export function moveJointsInside(
  graph: VertexGraph,
  joints: SkeletonJoint[],
  options: InsideOptions = INSIDE_DEFAULTS,
): { joints: SkeletonJoint[]; moved: string[]; outside: string[] } {
  const head = new Map(joints.map((j) => [j.name, j.head]));
  const moved: string[] = [];
  const outside: string[] = [];
  for (const joint of joints) {
    const at = head.get(joint.name)!;
    if (isInside(graph, at)) continue;
    const targets = joint.parent
      ? [head.get(joint.parent)!]
      : joints.filter((j) => j.parent === joint.name).map((j) => head.get(j.name)!);
    const place = targets.map((to) => alongBone(graph, at, to, options)).find((p) => p !== null);
    if (place) {
      head.set(joint.name, place);
      moved.push(joint.name);
    } else outside.push(joint.name);
  }
  return { joints: joints.map((j) => ({ ...j, head: head.get(j.name)! })), moved, outside };
}
