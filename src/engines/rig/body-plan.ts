/**
 * Reads a body plan from a mesh's tips: which tips are the head, the limb pairs and a tail, and
 * whether the body is a humanoid (two legs under an upright trunk; arms and a head at the other hub)
 * or a quadruped (four legs in two pairs standing on one floor; a head, and often a tail). Anything
 * else is no humanoid or quadruped, and the reason says why.
 */
import type { RigType, Vec3 } from '../../geometry/skeleton.ts';
import type { DistanceField } from './geodesic.ts';
import { ringAt } from './rings.ts';
import type { VertexGraph } from './surface.ts';
import type { BodyTree, Hub } from './tip-tree.ts';

export interface BodyPlanOptions {
  /**
   * Five ends: cosine between the legs (foot to hip) and the trunk (hips to shoulders) at or above which
   * the legs carry the trunk upright — a humanoid, wherever its hands are …
   */
  uprightLegs: number;
  /**
   * … and at or below which the trunk lies across its legs — a quadruped. Between the two (a crouch, a
   * sitting animal) the four limb ends decide: on one floor four feet, through the body two feet and
   * two hands (`throughBody`).
   */
  levelLegs: number;
  /**
   * Six ends: the share of the body's depth across the plane of the four limb ends that lies on its lesser
   * side, at or above which that plane cuts through the body (two feet, two hands) rather than being the
   * floor under four feet.
   */
  throughBody: number;
  /**
   * A branching point with more than three ends: two of them are legs when they make a floor with the
   * other hub's legs, and those legs rise from it at least this cosine to its normal.
   */
  legsAcrossFloor: number;
  /**
   * Six ends with upright legs: the four limb ends are a floor only when the legs (foot to hip) rise
   * from their plane at least this cosine to its normal. The hands and feet of a short-legged figure
   * whose arms hang by its hips can span a plane that its legs run along, not one they stand on.
   */
  legsOffFloor: number;
  /**
   * A trunk (the tree between the two branching points) shorter than this share of the back legs' mean
   * length is a figure's: its legs carry it. Read only where the pose is not level (legs above
   * `levelLegs`), where it outweighs the floor test: a crouched figure's hands can reach its feet's floor.
   */
  shortTrunk: number;
  /** Where along a branch (share of its length from the tip) thickness is read to find the head. */
  thicknessAt: number;
}

export const BODY_PLAN_DEFAULTS: BodyPlanOptions = {
  // 60°: the dev set's standing figures read 0.95–1.00 and its animals −0.07–0.02; a crouching figure
  // (CGAL's armadillo, looked at) reads 0.64.
  uprightLegs: 0.5,
  levelLegs: 0.3,
  // A third: a plane through a standing figure's feet and hands halves it (Lugaru's rabbit fighter reads
  // 0.44); four feet on a floor read 0.00–0.03, with a paw raised or a leg stepping 0.18–0.26 (fresh wolf,
  // psb 398), and 0.39 under an elephant whose legs stride (CGAL, read level anyway).
  throughBody: 0.33,
  // 45°: the floors found under four feet read 0.64–0.99 (0.78–0.99 where a crowded hub is settled: Puka,
  // Wuson, the Asian elephant); CGAL's armadillo, hands held forward level with its feet, 0.53–0.60.
  legsAcrossFloor: 0.7,
  // 60° from the normal (30° above the plane). Of the six-end bodies in every set, those whose legs
  // read upright rise 0.64 (psb 398, a paw raised) and 0.71 (fresh2 rabbit, crouched) as quadrupeds,
  // 0.01 (Lugaru's rabbit fighter) and 0.27 (SuperTuxKart's Nolok, fresh4: short legs, hands hanging
  // by the hips) as two-legged figures with a tail; the quadrupeds standing on a floor 0.69–1.00. Those
  // below it otherwise (sh3d horse2 0.11, goat_male 0.42) lie level across their legs: typed by pose.
  legsOffFloor: 0.5,
  // Over every set, the humanoids read 0.21–0.82 and the quadrupeds 0.45–1.50, those whose legs are not
  // level (psb 398, fresh2's rabbit and Asian elephant) 0.64–1.03; the crouched armadillos read
  // 0.36–0.46 once decimated, stretched or shaken, when a tail shows and the floor test took them for animals.
  shortTrunk: 0.5,
  thicknessAt: 0.3,
};

export interface Branch {
  /** Index into the tip list / distance fields. */
  tip: number;
  /** Tree length from the tip to its hub. */
  length: number;
}

export interface BodyPlan {
  rigType: RigType;
  head: Branch;
  /** Arms (humanoid) or front legs (quadruped): the pair at the head's hub. */
  frontPair: [Branch, Branch];
  /** Legs (humanoid) or back legs. */
  backPair: [Branch, Branch];
  tail?: Branch;
  trunk: number;
  /** How the type was decided, for the task record. */
  evidence: string;
}

export type PlanResult = { plan: BodyPlan } | { refusal: string };

function thickness(
  graph: VertexGraph,
  fields: DistanceField[],
  branch: Branch,
  towards: number,
  at: number,
  band: number,
) {
  return ringAt(graph, fields[branch.tip], towards, branch.length * at, band).radius;
}

/** Splits a three-tip hub into its odd branch (the thickest: a head, not a hand or foot) and a limb pair. */
function oddOneOut(
  hub: Hub,
  thick: (b: Branch) => number,
): { odd: Branch; pair: [Branch, Branch]; oddThickness: number } {
  const branches = hub.tips.map((t) => ({ tip: t.tip, length: t.length }));
  const widths = branches.map(thick);
  let odd = 0;
  for (let i = 1; i < branches.length; i++) if (widths[i] > widths[odd]) odd = i;
  const pair = branches.filter((_, i) => i !== odd) as [Branch, Branch];
  return { odd: branches[odd], pair, oddThickness: widths[odd] };
}

/**
 * Splits a three-tip hub into a limb pair and its odd branch by likeness: a pair of limbs are twins,
 * as long and as thick as each other, so the two most alike are the pair and the third is the odd
 * branch, whether it is thicker (a head) or thinner (a tail) than the legs beside it.
 */
function twinsAndOdd(
  hub: Hub,
  thick: (b: Branch) => number,
): { odd: Branch; pair: [Branch, Branch]; oddThickness: number } {
  const branches = hub.tips.map((t) => ({ tip: t.tip, length: t.length }));
  const widths = branches.map(thick);
  const unlike = (i: number, j: number) =>
    Math.abs(branches[i].length - branches[j].length) / (branches[i].length + branches[j].length || 1) +
    Math.abs(widths[i] - widths[j]) / (widths[i] + widths[j] || 1);
  let odd = 0;
  for (let i = 1; i < branches.length; i++) {
    const [a, b] = [0, 1, 2].filter((k) => k !== i);
    const [c, d] = [0, 1, 2].filter((k) => k !== odd);
    if (unlike(a, b) < unlike(c, d)) odd = i;
  }
  const pair = branches.filter((_, i) => i !== odd) as [Branch, Branch];
  return { odd: branches[odd], pair, oddThickness: widths[odd] };
}

const minus = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const unit = (a: Vec3): Vec3 => {
  const length = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / length, a[1] / length, a[2] / length];
};
const mean = (a: Vec3, b: Vec3): Vec3 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

/**
 * Cosine between the back legs (foot to hip, averaged) and the trunk (hips to the front pair's roots):
 * near 1 when the legs carry the trunk upright, near 0 when the trunk lies across them. Read from the
 * shape's own cross-sections, so it does not depend on which way the file is turned.
 */
function legsAlongTrunk(
  graph: VertexGraph,
  fields: DistanceField[],
  front: [Branch, Branch],
  back: [Branch, Branch],
  far: (b: Branch) => number,
  band: number,
): { cos: number; legUp: Vec3 } {
  const root = (b: Branch) => ringAt(graph, fields[b.tip], far(b), b.length, band).centroid;
  const tip = (b: Branch) => tipPosition(graph, fields, b);
  const hips = mean(root(back[0]), root(back[1]));
  const legUp = unit(mean(unit(minus(root(back[0]), tip(back[0]))), unit(minus(root(back[1]), tip(back[1])))));
  const trunk = unit(minus(mean(root(front[0]), root(front[1])), hips));
  return { cos: dot(legUp, trunk), legUp };
}

function tipPosition(graph: VertexGraph, fields: DistanceField[], b: Branch): Vec3 {
  const v = fields[b.tip].source;
  return [graph.positions[3 * v], graph.positions[3 * v + 1], graph.positions[3 * v + 2]];
}

/** The trunk as a share of the back pair's mean length (shortTrunk). */
const trunkOverLegs = (trunk: number, back: [Branch, Branch]) => trunk / ((back[0].length + back[1].length) / 2 || 1);

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * Whether the four limb ends stand on one ground: the plane through them (along the body from one pair
 * to the other, across it from side to side) has the whole surface on one side, as a floor under four
 * feet has. Two feet and two hanging hands span a plane through the body (the head on one side, the
 * seat or a tail on the other). Returns the share of the surface's depth across the plane that lies on
 * its lesser side (0 for four feet on a flat floor).
 */
function belowFourEnds(graph: VertexGraph, ends: Vec3[]): { below: number; normal: Vec3 } {
  const [f0, f1, b0, b1] = ends;
  const along = minus(mean(f0, f1), mean(b0, b1));
  const frontSide = minus(f0, f1);
  const backSide = minus(b0, b1);
  const side: Vec3 =
    dot(frontSide, backSide) >= 0 ? mean(frontSide, backSide) : mean(frontSide, minus([0, 0, 0], backSide));
  const normal = unit(cross(along, side));
  const centre = mean(mean(f0, f1), mean(b0, b1));
  let low = 0,
    high = 0;
  for (let v = 0; v < graph.vertexCount; v++) {
    const d =
      (graph.positions[3 * v] - centre[0]) * normal[0] +
      (graph.positions[3 * v + 1] - centre[1]) * normal[1] +
      (graph.positions[3 * v + 2] - centre[2]) * normal[2];
    low = Math.min(low, d);
    high = Math.max(high, d);
  }
  return { below: Math.min(-low, high) / (high - low || 1), normal };
}

/**
 * Four limb ends make a floor when the surface lies on one side of their plane (share below it under
 * `throughBody`) and the legs rise from it (foot to hip within `minRise`, a cosine, of its normal;
 * `legsAcrossFloor` unless the caller reads another bound): arms held forward to where the feet's plane
 * runs make a wall beside the legs, not a floor under them. Without `legUp` only the side is read.
 */
function isFloor(
  graph: VertexGraph,
  ends: Vec3[],
  legUp: Vec3 | undefined,
  options: BodyPlanOptions,
  minRise = options.legsAcrossFloor,
): { floor: boolean; below: number; rise: number } {
  const { below, normal } = belowFourEnds(graph, ends);
  const rise = legUp === undefined ? 1 : Math.abs(dot(legUp, normal));
  return { floor: below < options.throughBody && rise >= minRise, below, rise };
}

/**
 * A branching point with more than three ends (a snout, jaw, ears or tusks beside two legs, none of
 * them folded into one head): the two of its ends that stand on one floor with the other hub's legs
 * are legs, the rest one head (its longest end). Null when no two of them make a floor with those legs.
 */
function headAndLegs(
  graph: VertexGraph,
  fields: DistanceField[],
  hub: Hub,
  otherLegs: Hub['tips'],
  legUp: Vec3,
  options: BodyPlanOptions,
): Hub | null {
  const position = (t: Hub['tips'][number]) => tipPosition(graph, fields, t);
  let best: { i: number; j: number; below: number } | undefined;
  for (let i = 0; i < hub.tips.length; i++) {
    for (let j = i + 1; j < hub.tips.length; j++) {
      const { floor, below } = isFloor(graph, [hub.tips[i], hub.tips[j], ...otherLegs].map(position), legUp, options);
      if (floor && (!best || below < best.below)) best = { i, j, below };
    }
  }
  if (!best) return null;
  const { i, j } = best;
  const rest = hub.tips.filter((_, k) => k !== i && k !== j);
  const head = rest.reduce((a, b) => (b.length > a.length ? b : a));
  return { tips: [hub.tips[i], hub.tips[j], head] };
}

export function readBodyPlan(
  graph: VertexGraph,
  fields: DistanceField[],
  body: BodyTree | null,
  band: number,
  options: BodyPlanOptions = BODY_PLAN_DEFAULTS,
): PlanResult {
  const send = 'send a standing or posed character with two arms and two legs, or an animal with four legs';
  if (body?.hubs.length !== 2) {
    const tips = body ? body.hubs.reduce((n, h) => n + h.tips.length, 0) : undefined;
    return {
      refusal: `the shape does not branch like a body (${tips === undefined ? 'its ends do not meet along one trunk' : `${tips} ends around one centre`}); ${send}, each limb separate from the body`,
    };
  }
  const far = (b: Branch) => {
    const other = fields.findIndex((_, i) => i !== b.tip);
    return fields[other].source;
  };
  const thick = (b: Branch) => thickness(graph, fields, b, far(b), options.thicknessAt, band);
  const crowded = body.hubs.findIndex((h) => h.tips.length > 3);
  const settled = body.hubs[1 - crowded];
  if (crowded >= 0 && settled.tips.length === 3) {
    const legs = twinsAndOdd(settled, thick).pair;
    const root = (b: Branch) => ringAt(graph, fields[b.tip], far(b), b.length, band).centroid;
    const legUp = unit(
      mean(
        unit(minus(root(legs[0]), tipPosition(graph, fields, legs[0]))),
        unit(minus(root(legs[1]), tipPosition(graph, fields, legs[1]))),
      ),
    );
    const resolved = headAndLegs(graph, fields, body.hubs[crowded], legs, legUp, options);
    if (resolved) body = { ...body, hubs: crowded === 0 ? [resolved, settled] : [settled, resolved] };
  }
  const sizes = body.hubs.map((h) => h.tips.length).sort();
  if (sizes[0] === 2 && sizes[1] === 3) {
    const [three, two] = body.hubs[0].tips.length === 3 ? body.hubs : [body.hubs[1], body.hubs[0]];
    const { odd, pair } = oddOneOut(three, thick);
    const back = two.tips.map((t) => ({ tip: t.tip, length: t.length })) as [Branch, Branch];
    const { cos: upright } = legsAlongTrunk(graph, fields, pair, back, far, band);
    // The pose tells the type where it is clear (a body stands on its legs or lies across them); in
    // between, whether the four limb ends stand on one floor, as the six-end reading asks. (A head
    // longer than the limbs beside it, read here before, is no sign: a crouched armadillo's long-eared
    // head reads 1.43 of its arms, and a pig's 1.55 of its legs.)
    const byPose = upright >= options.uprightLegs ? 'humanoid' : upright <= options.levelLegs ? 'quadruped' : undefined;
    const { floor, below } = isFloor(
      graph,
      [...pair, ...back].map((b) => tipPosition(graph, fields, b)),
      undefined,
      options,
    );
    const trunkShare = trunkOverLegs(body.trunk, back);
    const short = trunkShare < options.shortTrunk;
    const rigType: RigType = byPose ?? (floor && !short ? 'quadruped' : 'humanoid');
    const poseNote = `legs at cos ${upright.toFixed(2)} to the trunk`;
    return {
      plan: {
        rigType,
        head: odd,
        frontPair: pair,
        backPair: back,
        trunk: body.trunk,
        evidence: byPose
          ? `five ends: ${poseNote} (${byPose === 'humanoid' ? 'upright: legs under the trunk' : 'level: a trunk across its legs'})`
          : `five ends: ${poseNote}, ${below.toFixed(2)} below the four ends, a trunk ${trunkShare.toFixed(2)} of the legs (${rigType === 'quadruped' ? 'four feet on a floor' : short ? 'a short trunk on two legs' : 'a plane through the body: two feet and two hands'})`,
      },
    };
  }
  if (sizes[0] === 3 && sizes[1] === 3) {
    const splits = body.hubs.map((hub) => twinsAndOdd(hub, thick));
    const [front, back] = splits[0].oddThickness >= splits[1].oddThickness ? splits : [splits[1], splits[0]];
    // Six ends are four legs, a head and a tail, unless the legs carry the trunk upright and the four
    // limb ends are no floor (a plane through feet and hanging hands cuts through the body): then the
    // body stands on two of them and the front pair are arms (a two-legged figure with a tail). Its tail
    // stays with the hips: a humanoid skeleton has none. A crouched quadruped's folded hind legs can read
    // upright, but its four feet still make a floor, and its legs rise from it. A short-legged figure
    // whose hands hang by its hips can have its four limb ends on one side of the body too, but on a
    // plane its legs run along (`legsOffFloor`): no floor. Legs not level under a trunk short beside
    // them (`shortTrunk`) carry a figure whatever its hands reach: a crouched armadillo with a tail.
    const { cos: upright, legUp } = legsAlongTrunk(graph, fields, front.pair, back.pair, far, band);
    const ends = [...front.pair, ...back.pair].map((b) => tipPosition(graph, fields, b));
    const { floor, below, rise } = isFloor(graph, ends, legUp, options, options.legsOffFloor);
    const trunkShare = trunkOverLegs(body.trunk, back.pair);
    const short = trunkShare < options.shortTrunk;
    const poseNote = `legs at cos ${upright.toFixed(2)} to the trunk, ${below.toFixed(2)} below the four ends, rising at cos ${rise.toFixed(2)} from them, a trunk ${trunkShare.toFixed(2)} of the legs`;
    if ((upright >= options.uprightLegs && !floor) || (upright > options.levelLegs && short)) {
      return {
        plan: {
          rigType: 'humanoid',
          head: front.odd,
          frontPair: front.pair,
          backPair: back.pair,
          trunk: body.trunk,
          evidence: `six ends: ${poseNote} (${floor ? 'a short trunk on two legs' : 'upright: two legs under the trunk'}, arms, a head and a tail)`,
        },
      };
    }
    return {
      plan: {
        rigType: 'quadruped',
        head: front.odd,
        frontPair: front.pair,
        backPair: back.pair,
        tail: back.odd,
        trunk: body.trunk,
        evidence: `six ends: four legs in two pairs, a head and a tail (${poseNote})`,
      },
    };
  }
  return {
    refusal: `the shape has ${sizes.join(' and ')} ends at its two branching points, not two limbs at each (with a head); ${send}`,
  };
}
