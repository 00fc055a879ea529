/**
 * Keeps joints inside the body. A ring centroid (rings.ts) is inside a round limb, but not always
 * inside a flat or open part: across a spread hand, between the jaws of an open mouth, on a bent
 * wrist or a curled tail. Such a joint is moved along the bone towards its parent (or, for a joint
 * without parent, towards its children), which a limb's next ring keeps inside, to the first place
 * that lies well inside: past the surface by a good share of the local thickness rather than just
 * across it. Where no place along the bone is well inside (a thin leg bent at the knee, the tip of a
 * tail that curls away from its bone), the joint goes to the nearest middle of a chord through the
 * body: a ray from the joint enters and leaves the part beside it, and halfway between is its middle.
 *
 * Game meshes are seldom closed: shells overlap (an arm pushed into the chest), holes open at the
 * seams, sheets stand alone. Ray parity there depends on the ray's direction, so one that a majority
 * of three rays calls inside may be outside along most others (and after the model is turned upright).
 * A joint counts as well inside only when the surface is crossed an odd number of times along nearly
 * every one of many directions spread over the sphere.
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
  /** Directions whose parity is read to tell whether a place is well inside (spread evenly over the sphere). */
  parityRays: number;
  /**
   * Of those, how many may cross the surface an even number of times at a place still well inside: a
   * ray that grazes an edge or leaves through a seam. Clean closed meshes read every ray odd; the
   * joints that failed the three-ray test once the model was turned read 4–12 odd of 14 (fresh3).
   */
  evenRaysAllowed: number;
  /** Directions cast from a joint for chords through the body around it (the fallback). */
  chordRays: number;
}

export const INSIDE_DEFAULTS: InsideOptions = {
  steps: 24,
  maxShare: 0.6,
  clearanceShare: 0.5,
  parityRays: 14,
  evenRaysAllowed: 1,
  chordRays: 64,
};

/** Skew directions, so a ray seldom runs along an edge or through a vertex. */
const RAYS: Vec3[] = [
  [0.5, 0.6, 0.62],
  [-0.7, 0.0123, 0.71],
  [0.0217, -0.9997, 0.0111],
];

const spreads = new Map<number, Vec3[]>();

/** `count` directions spread evenly over the sphere (a Fibonacci spiral, turned off the axes). */
function sphereDirections(count: number): Vec3[] {
  const known = spreads.get(count);
  if (known) return known;
  const directions: Vec3[] = [];
  for (let i = 0; i < count; i++) {
    const y = 1 - (2 * (i + 0.5)) / count;
    const r = Math.sqrt(1 - y * y);
    const angle = i * 2.399963229728653 + 0.3;
    directions.push([r * Math.cos(angle), y, r * Math.sin(angle)]);
  }
  spreads.set(count, directions);
  return directions;
}

/** Each triangle's first corner and two edges, read once per graph: the parity test reads them many times. */
const triangleCache = new WeakMap<VertexGraph, Float64Array>();

function trianglesOf(graph: VertexGraph): Float64Array {
  let table = triangleCache.get(graph);
  if (table) return table;
  const p = graph.positions;
  const f = graph.faces;
  table = new Float64Array(3 * f.length);
  for (let t = 0, o = 0; t < f.length; t += 3, o += 9) {
    const a = 3 * f[t],
      b = 3 * f[t + 1],
      c = 3 * f[t + 2];
    for (let k = 0; k < 3; k++) {
      table[o + k] = p[a + k];
      table[o + 3 + k] = p[b + k] - p[a + k];
      table[o + 6 + k] = p[c + k] - p[a + k];
    }
  }
  triangleCache.set(graph, table);
  return table;
}

/**
 * Calls `hit(k, distance)` for every crossing of the ray o + t·directions[k] (t > 0) with a triangle
 * (Möller–Trumbore), all directions in one pass over the triangles.
 */
function crossings(graph: VertexGraph, o: Vec3, directions: Vec3[], hit: (k: number, distance: number) => void): void {
  const table = trianglesOf(graph);
  for (let i = 0; i < table.length; i += 9) {
    const e1x = table[i + 3],
      e1y = table[i + 4],
      e1z = table[i + 5];
    const e2x = table[i + 6],
      e2y = table[i + 7],
      e2z = table[i + 8];
    const sx = o[0] - table[i],
      sy = o[1] - table[i + 1],
      sz = o[2] - table[i + 2];
    const qx = sy * e1z - sz * e1y,
      qy = sz * e1x - sx * e1z,
      qz = sx * e1y - sy * e1x;
    const far = e2x * qx + e2y * qy + e2z * qz;
    for (let k = 0; k < directions.length; k++) {
      const d = directions[k];
      const hx = d[1] * e2z - d[2] * e2y,
        hy = d[2] * e2x - d[0] * e2z,
        hz = d[0] * e2y - d[1] * e2x;
      const det = e1x * hx + e1y * hy + e1z * hz;
      if (Math.abs(det) < 1e-15) continue;
      const inv = 1 / det;
      const u = inv * (sx * hx + sy * hy + sz * hz);
      if (u < 0 || u > 1) continue;
      const v = inv * (d[0] * qx + d[1] * qy + d[2] * qz);
      if (v < 0 || u + v > 1) continue;
      const distance = inv * far;
      if (distance > 0) hit(k, distance);
    }
  }
}

/** How many of `directions` cross the surface an odd number of times from `o` (one pass over the triangles). */
function oddDirections(graph: VertexGraph, o: Vec3, directions: Vec3[]): number {
  const odd = new Uint8Array(directions.length);
  crossings(graph, o, directions, (k) => {
    odd[k] ^= 1;
  });
  let count = 0;
  for (const bit of odd) count += bit;
  return count;
}

/** Inside when most of three rays cross the surface an odd number of times (parity survives small holes on one ray). */
export function isInside(graph: VertexGraph, point: Vec3): boolean {
  return oddDirections(graph, point, RAYS) >= 2;
}

/**
 * Inside whichever way it is looked at: of `parityRays` directions over the sphere, at most
 * `evenRaysAllowed` cross the surface an even number of times.
 */
export function isWellInside(graph: VertexGraph, point: Vec3, options: InsideOptions = INSIDE_DEFAULTS): boolean {
  return (
    oddDirections(graph, point, sphereDirections(options.parityRays)) >= options.parityRays - options.evenRaysAllowed
  );
}

/** Distances along o + t·d (t > 0) at which the ray crosses a triangle, nearest first. */
function rayHits(graph: VertexGraph, o: Vec3, d: Vec3): number[] {
  const hits: number[] = [];
  crossings(graph, o, [d], (_, distance) => hits.push(distance));
  return hits.sort((x, y) => x - y);
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

const lerp = (from: Vec3, to: Vec3, k: number): Vec3 => [
  from[0] + k * (to[0] - from[0]),
  from[1] + k * (to[1] - from[1]),
  from[2] + k * (to[2] - from[2]),
];
const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The places from → to (up to `maxShare` of the way) on the first stretch that is well inside, or an
 * empty list when none is: past that stretch the bone may leave the body again.
 */
export function firstStretchInside(graph: VertexGraph, from: Vec3, to: Vec3, options: InsideOptions): Vec3[] {
  const run: Vec3[] = [];
  for (let s = 1; s <= options.steps; s++) {
    const at = lerp(from, to, (s / options.steps) * options.maxShare);
    if (isWellInside(graph, at, options)) run.push(at);
    else if (run.length > 0) break;
  }
  return run;
}

/** The well-inside place along from → to, or null when the first `maxShare` of the way never goes well inside. */
function alongBone(graph: VertexGraph, from: Vec3, to: Vec3, options: InsideOptions): Vec3 | null {
  const run = firstStretchInside(graph, from, to, options).map((at) => ({ at, clear: clearance(graph, at) }));
  if (run.length === 0) return null;
  const best = Math.max(...run.map((r) => r.clear));
  return run.find((r) => r.clear >= options.clearanceShare * best)!.at;
}

/**
 * The nearest middle of a chord through the body within `reach` of a point: along each of
 * `chordRays` directions, halfway between the point and the first crossing and between each pair of
 * successive crossings; the nearest of those that is well inside. Null when none is.
 */
export function nearestChordMiddle(graph: VertexGraph, from: Vec3, reach: number, options: InsideOptions): Vec3 | null {
  const middles: { at: Vec3; away: number }[] = [];
  for (const ray of sphereDirections(options.chordRays)) {
    const hits = [0, ...rayHits(graph, from, ray)];
    for (let i = 0; i + 1 < hits.length; i++) {
      const away = (hits[i] + hits[i + 1]) / 2;
      if (hits[i] > reach) break;
      if (away <= reach)
        middles.push({ at: [from[0] + away * ray[0], from[1] + away * ray[1], from[2] + away * ray[2]], away });
    }
  }
  middles.sort((a, b) => a.away - b.away);
  return middles.find((m) => isWellInside(graph, m.at, options))?.at ?? null;
}

/**
 * Joints (parents before children) with every joint not well inside moved inside where its bone
 * allows; `moved` names those moved, `outside` those no bone could bring well inside (for the fitter's
 * further tries: towards the children, then moveToChordMiddle).
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
    if (isWellInside(graph, at, options)) continue;
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

/**
 * The last resort for a joint still not well inside (after its bone and its children's were tried):
 * the nearest chord middle within its longest bone's length. Moves the joint and says whether it did.
 */
export function moveToChordMiddle(
  graph: VertexGraph,
  joints: SkeletonJoint[],
  name: string,
  options: InsideOptions = INSIDE_DEFAULTS,
): boolean {
  const joint = joints.find((j) => j.name === name)!;
  const neighbours = joints.filter((j) => j.name === joint.parent || j.parent === name);
  const reach = Math.max(0, ...neighbours.map((j) => distance(j.head, joint.head)));
  const place = nearestChordMiddle(graph, joint.head, reach, options);
  if (place) joint.head = place;
  return place !== null;
}
