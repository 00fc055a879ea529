/**
 * Clips the mesh can follow: each clip is posed key by key and the stretch of every edge against rest
 * is measured; while the 99th percentile or the maximum is past its bar, the joints that move the
 * stretched edges' two sides apart (weighted by how far each turns them) turn a little less, and the
 * clip is made again; the last step is then split by halving so a joint keeps what swing it can.
 * A body whose hands are fused to its hips (a robot, a golem) or whose folded wings are fused to its
 * tail (a bird standing as a biped) cannot swing its arms as a free-armed figure does without tearing
 * the union between them; an animator would tone those arms down, and so does this.
 * Joints no stretched edge blames keep their full swing, and a mesh that follows every clip as
 * designed costs one measurement per clip. When the rounds end with the clip still over a bar, one
 * factor common to every swing is searched for, so no clip leaves here over the bars.
 */
import type { RigClip as ClipName } from '../../domain/rig-request.ts';
import type { Rig, RigClip } from '../../geometry/rig.ts';
import { makeClip } from './clips.ts';
import { poseInto } from '../../geometry/rig.ts';

export interface ClipAmplitudeOptions {
  /** Largest edge stretch (posed length over rest length) a clip may reach, with margin under the bar of 3. */
  maxStretch: number;
  /** The 99th percentile of edge stretch a clip may reach, with margin under the bar of 1.5. */
  p99Stretch: number;
  /** Factor on a blamed joint's swing per round. */
  damping: number;
  /** Rounds before giving up (the swing left is at least damping ** rounds). */
  rounds: number;
  /** A joint is toned down when its blame is at least this share of the most blamed joint's. */
  blameShare: number;
  /** Halvings of the search for the common factor on every swing when the rounds leave the clip over a bar. */
  settleSteps: number;
  /** Halvings of the search between the last round's swings (under the bars) and the round's before (over). */
  refineSteps: number;
}

export const CLIP_AMPLITUDE_DEFAULTS: ClipAmplitudeOptions = {
  maxStretch: 2.8,
  p99Stretch: 1.45,
  damping: 0.8,
  rounds: 10,
  blameShare: 0.3,
  settleSteps: 7,
  refineSteps: 3,
};

export interface FittedClip {
  clip: RigClip;
  /** Joints whose swing was toned down, with the share kept (absent: the full swing). */
  amplitude: Map<string, number>;
  p99: number;
  max: number;
}

/** Each edge of the triangles once, as vertex pairs, with its rest length (zero-length edges left out). */
function edgesOf(positions: Float32Array, indices: Uint32Array): Edges {
  const n = positions.length / 3;
  // Key a * n + b with a < b, sorted so each edge is kept once (cheaper than a set on a large mesh).
  const keys = new Float64Array(indices.length);
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = indices[t + k],
        b = indices[t + ((k + 1) % 3)];
      keys[t + k] = a < b ? a * n + b : b * n + a;
    }
  }
  keys.sort();
  const ends: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && keys[i] === keys[i - 1]) continue;
    const a = Math.floor(keys[i] / n),
      b = keys[i] - a * n;
    const length = Math.hypot(
      positions[3 * a] - positions[3 * b],
      positions[3 * a + 1] - positions[3 * b + 1],
      positions[3 * a + 2] - positions[3 * b + 2],
    );
    if (length > 0) {
      ends.push(a, b);
      rest.push(length);
    }
  }
  return { ends: Uint32Array.from(ends), rest: Float64Array.from(rest) };
}

/** Histogram resolution for the 99th percentile: stretch is read to 1/1000. */
const BINS_PER_UNIT = 1000;
const TOP_BIN = 8 * BINS_PER_UNIT;

interface Edges {
  ends: Uint32Array;
  rest: Float64Array;
}

/** Posed length over rest length of every edge at one key, into `ratios`. */
function stretchAt(ratios: Float32Array, posed: Float32Array, edges: Edges): void {
  for (let e = 0; e < edges.rest.length; e++) {
    const a = edges.ends[2 * e],
      b = edges.ends[2 * e + 1];
    const dx = posed[3 * a] - posed[3 * b],
      dy = posed[3 * a + 1] - posed[3 * b + 1],
      dz = posed[3 * a + 2] - posed[3 * b + 2];
    // Math.sqrt, not Math.hypot: this runs for every edge at every key, and hypot is several times slower.
    ratios[e] = Math.sqrt(dx * dx + dy * dy + dz * dz) / edges.rest[e];
  }
}

/**
 * The 99th percentile and the maximum of edge stretch over every key of the clip. Once the maximum passes
 * `stopAbove` the clip is over a bar whatever the other keys hold, and a caller that only asks whether it
 * is within the bars needs no more keys: the rest are skipped and the percentile reads as infinite.
 */
function measure(
  rig: Rig,
  clip: RigClip,
  positions: Float32Array,
  edges: Edges,
  stopAbove = Number.POSITIVE_INFINITY,
): { p99: number; max: number } {
  const histogram = new Uint32Array(TOP_BIN + 1);
  const posed = new Float32Array(positions.length);
  const ratios = new Float32Array(edges.rest.length);
  let max = 0;
  for (let key = 0; key < clip.times.length; key++) {
    poseInto(posed, positions, rig, clip, key);
    stretchAt(ratios, posed, edges);
    for (const ratio of ratios) {
      histogram[Math.min(TOP_BIN, Math.floor(ratio * BINS_PER_UNIT))]++;
      if (ratio > max) max = ratio;
    }
    if (max > stopAbove) return { p99: Number.POSITIVE_INFINITY, max };
  }
  const count = clip.times.length * edges.rest.length;
  let below = 0,
    bin = 0;
  while (bin < TOP_BIN && below + histogram[bin] <= 0.99 * (count - 1)) below += histogram[bin++];
  return { p99: (bin + 1) / BINS_PER_UNIT, max };
}

/**
 * Blame per joint. An edge stretches because the joints its two ends follow move apart; a joint's turn
 * moves that pair apart only when it lies between them in the tree: on the path from a joint the ends
 * weigh differently up to (not including) the lowest joint above all of those, whose own turn carries
 * both ends alike. Each such joint takes the edge's excess times the weight difference it answers for.
 */
function blameOf(
  rig: Rig,
  clip: RigClip,
  positions: Float32Array,
  edges: Edges,
  bar: number,
  parentOf: number[],
): Float64Array {
  const J = rig.skeleton.joints.length;
  const depth = parentOf.map(function depthOf(p): number {
    return p < 0 ? 0 : 1 + depthOf(parentOf[p]);
  });
  const blame = new Float64Array(J);
  const share = new Float64Array(J);
  const posed = new Float32Array(positions.length);
  const ratios = new Float32Array(edges.rest.length);
  const involved: number[] = [];
  const heads = rig.skeleton.joints.map((j) => j.head);
  const turn = new Float64Array(J);
  for (let key = 0; key < clip.times.length; key++) {
    poseInto(posed, positions, rig, clip, key);
    stretchAt(ratios, posed, edges);
    rig.skeleton.joints.forEach((joint, j) => {
      const keys = clip.rotations.get(joint.name);
      turn[j] = keys ? 2 * Math.acos(Math.min(1, Math.abs(keys[4 * key + 3]))) : 0;
    });
    for (let e = 0; e < ratios.length; e++) {
      if (ratios[e] <= bar) continue;
      const a = edges.ends[2 * e],
        b = edges.ends[2 * e + 1];
      for (let k = 0; k < 4; k++) {
        share[rig.joints[4 * a + k]] += rig.weights[4 * a + k];
        share[rig.joints[4 * b + k]] -= rig.weights[4 * b + k];
      }
      involved.length = 0;
      for (let k = 0; k < 4; k++)
        for (const j of [rig.joints[4 * a + k], rig.joints[4 * b + k]])
          if (Math.abs(share[j]) > 1e-6 && !involved.includes(j)) involved.push(j);
      // The lowest common ancestor of the joints the ends weigh differently.
      let top = involved[0] ?? -1;
      for (const j of involved) {
        let u = j;
        while (depth[u] > depth[top]) u = parentOf[u];
        while (depth[top] > depth[u]) top = parentOf[top];
        while (u !== top) {
          u = parentOf[u];
          top = parentOf[top];
        }
      }
      const mx = (positions[3 * a] + positions[3 * b]) / 2,
        my = (positions[3 * a + 1] + positions[3 * b + 1]) / 2,
        mz = (positions[3 * a + 2] + positions[3 * b + 2]) / 2;
      for (const j of involved) {
        const excess = Math.abs(share[j]) * (ratios[e] - 1);
        // A joint moves the edge by its turn times its distance to it: a slight sway of the spine answers
        // for less of a hand torn from a thigh than the arm's and the leg's full swings.
        for (let u = j; u !== top && u >= 0; u = parentOf[u]) {
          const lever = Math.hypot(mx - heads[u][0], my - heads[u][1], mz - heads[u][2]);
          blame[u] += excess * turn[u] * lever;
        }
      }
      for (let k = 0; k < 4; k++) {
        share[rig.joints[4 * a + k]] = 0;
        share[rig.joints[4 * b + k]] = 0;
      }
    }
  }
  return blame;
}

/**
 * The clip `name` for the skinned mesh, toned down where it would over-stretch it. `positions` and
 * `indices` are the rigged mesh's (the rig's joints and weights index its vertices).
 */
export function fittedClip(
  rig: Rig,
  name: ClipName,
  positions: Float32Array,
  indices: Uint32Array,
  options: ClipAmplitudeOptions = CLIP_AMPLITUDE_DEFAULTS,
): FittedClip {
  const edges = edgesOf(positions, indices);
  const joints = rig.skeleton.joints;
  const parentOf = joints.map((j) => joints.findIndex((p) => p.name === j.parent));
  const amplitude = new Map<string, number>();
  let clip = makeClip(rig, name, positions);
  // Over the largest stretch, a clip is toned (blamed against that bar) or searched, never kept: the
  // measurements that decide this stop at the first key past it.
  const stop = options.maxStretch;
  let measured = measure(rig, clip, positions, edges, stop);
  // The swings before the last round, which were over a bar.
  let over: Map<string, number> | undefined;
  for (let round = 0; round < options.rounds; round++) {
    const maxOver = measured.max > options.maxStretch;
    const p99Over = measured.p99 > options.p99Stretch;
    if (!maxOver && !p99Over) break;
    const blame = blameOf(rig, clip, positions, edges, maxOver ? options.maxStretch : options.p99Stretch, parentOf);
    const animated = joints.map((j) => clip.rotations.has(j.name));
    const top = Math.max(...blame.filter((_, j) => animated[j]));
    if (!(top > 0)) break;
    over = new Map(amplitude);
    joints.forEach((joint, j) => {
      if (animated[j] && blame[j] >= options.blameShare * top)
        amplitude.set(joint.name, (amplitude.get(joint.name) ?? 1) * options.damping);
    });
    clip = makeClip(rig, name, positions, amplitude);
    measured = measure(rig, clip, positions, edges, stop);
  }
  const within = (m: { p99: number; max: number }) => m.p99 <= options.p99Stretch && m.max <= options.maxStretch;
  /** The clip of the largest t in [0, 1] (found by `steps` halvings) whose swings `at(t)` hold both bars; `fallback` when none does. */
  const largestWithin = (steps: number, at: (t: number) => Map<string, number>, fallback: () => FittedClip) => {
    let low = 0,
      high = 1;
    let best: { clip: RigClip; p99: number; max: number } | undefined;
    for (let step = 0; step < steps; step++) {
      const t = (low + high) / 2;
      const candidate = makeClip(rig, name, positions, at(t));
      const { p99, max } = measure(rig, candidate, positions, edges, stop);
      if (within({ p99, max })) {
        low = t;
        best = { clip: candidate, p99, max };
      } else high = t;
    }
    return best ? { ...best, amplitude: at(low) } : fallback();
  };
  if (within(measured) && over) {
    // A round takes a whole damping step off the blamed swings; the swing between the last step (under
    // the bars) and the one before (over) is searched by halving, so a joint keeps what it can.
    const before = over;
    const between = (t: number) =>
      new Map([...amplitude].map(([joint, a]) => [joint, a + t * ((before.get(joint) ?? 1) - a)] as const));
    return largestWithin(options.refineSteps, between, () => ({
      clip,
      amplitude: between(0),
      p99: measured.p99,
      max: measured.max,
    }));
  }
  if (within(measured)) return { clip, amplitude, p99: measured.p99, max: measured.max };
  // The rounds did not bring it under the bars (the stretch comes from joints the blame did not pick, or
  // needs more rounds): every swing of the clip takes one common factor, the largest of a halving search
  // that holds both bars. At factor 0 the clip holds the rest pose (only the root moves), where every
  // edge keeps its length, so some factor always holds and no rigged mesh leaves here over the bars.
  const animatedJoints = joints.map((j) => j.name).filter((n) => clip.rotations.has(n));
  const withFactor = (factor: number) =>
    new Map(animatedJoints.map((n) => [n, (amplitude.get(n) ?? 1) * factor] as const));
  return largestWithin(options.settleSteps, withFactor, () => {
    const still = makeClip(rig, name, positions, withFactor(0));
    return { clip: still, amplitude: withFactor(0), ...measure(rig, still, positions, edges) };
  });
}
