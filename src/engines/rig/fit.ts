/**
 * From a mesh to a fitted skeleton, or the reason there is none: tips (extremities.ts) → geodesic
 * field from each tip → tip tree (tip-tree.ts) → body plan (body-plan.ts) → joints and weight chains
 * (fit-skeleton.ts).
 */
import type { RigType } from '../../geometry/skeleton.ts';
import { BODY_PLAN_DEFAULTS, readBodyPlan, type BodyPlan, type BodyPlanOptions, type Branch } from './body-plan.ts';
import { EXTREMITY_DEFAULTS, findExtremities, type Extremity, type ExtremityOptions } from './extremities.ts';
import { fitSkeleton, type FittedSkeleton } from './fit-skeleton.ts';
import { type DistanceField, distanceFrom } from './geodesic.ts';
import { cutGraph, handleCuts } from './handles.ts';
import { ringAt } from './rings.ts';
import { largestComponent, type VertexGraph } from './surface.ts';
import { neighbourJoin, readHubs } from './tip-tree.ts';

export interface FitOptions {
  extremities: ExtremityOptions;
  bodyPlan: BodyPlanOptions;
  /** Internal tree branches shorter than this share of the longest tip-to-tip distance merge into one hub. */
  hubMerge: number;
  /** Most tips considered (the most prominent first). */
  maxTips: number;
  /** The shorter of two legs at one hub is at least this share of the longer (a pair of limbs are twins). */
  twinLength: number;
  /**
   * Finer scales (tip prominence, descending) read when the coarsest (`extremities.minProminence`) makes
   * no body or no sound one (sound(): twin limb pairs, a figure's legs not shorter than its arms).
   */
  finerScales: number[];
  /**
   * Coarser scales read instead, in this order, when the coarsest has more than `maxTips` ends (spikes,
   * horns, a weapon, armour plates beside the limbs): a body's limb ends are its most prominent, so the
   * fewest ends are read first, as at the usual scales.
   */
  coarserScales: number[];
  /** A humanoid reading is sound when its legs are at least this share of its arms' length (sound()). */
  legsOverArms: number;
}

const twins = ([a, b]: [Branch, Branch], share: number) =>
  Math.min(a.length, b.length) >= share * Math.max(a.length, b.length);

export const FIT_DEFAULTS: FitOptions = {
  extremities: { ...EXTREMITY_DEFAULTS, minProminence: 0.22 },
  bodyPlan: BODY_PLAN_DEFAULTS,
  hubMerge: 0.08,
  maxTips: 12,
  // Back pairs read 0.87–1.00 on the dev and looked-at bodies; the diplodocus's leg beside its tail 0.58.
  twinLength: 0.7,
  finerScales: [0.15, 0.1],
  coarserScales: [0.5, 0.4, 0.3],
  // Figures read 1.02–1.80 (and CGAL's armadillo, crouched, 0.98); a crocodile whose jaws read as legs 0.85.
  legsOverArms: 0.9,
};

/** `graph` is the one the skeleton was fitted on (arms resting on the body cut free: handles.ts); weight on it. */
export type FitResult = { fitted: FittedSkeleton; plan: BodyPlan; graph: VertexGraph } | { refusal: string };

/**
 * With too few ends, the head is the thickest of them a share down its branch (a head and neck against
 * feet and shins, as body-plan.ts reads it); loops seen from it are arms resting on the body.
 */
function freeRestingArms(graph: VertexGraph, tips: number[], options: FitOptions): VertexGraph | null {
  if (tips.length < 2) return null;
  const fields = tips.map((t) => distanceFrom(graph, t));
  const scale = Math.max(...fields.flatMap((field) => tips.map((t) => field.distance[t])));
  const band = Math.max(1.5 * graph.meanEdge, 0.006 * scale);
  const thickness = fields.map((field, i) => {
    const farthest = tips.reduce((a, b) => (field.distance[b] > field.distance[a] ? b : a), tips[i]);
    return ringAt(graph, field, farthest, options.bodyPlan.thicknessAt * field.distance[farthest], band).radius;
  });
  const head = fields[thickness.indexOf(Math.max(...thickness))];
  const cuts = handleCuts(graph, head);
  return cuts.length > 0 ? cutGraph(graph, head, cuts) : null;
}

/**
 * A reading that looks like a body: each limb pair are twins, and a humanoid's legs are not clearly
 * shorter than its arms (its back pair at least `legsOverArms` of its front pair's length).
 */
function sound(plan: BodyPlan, options: FitOptions): boolean {
  const length = ([a, b]: [Branch, Branch]) => a.length + b.length;
  return (
    twins(plan.frontPair, options.twinLength) &&
    twins(plan.backPair, options.twinLength) &&
    (plan.rigType !== 'humanoid' || length(plan.backPair) >= options.legsOverArms * length(plan.frontPair))
  );
}

type Reading = { plan: BodyPlan; fields: DistanceField[]; band: number; sound: boolean } | { refusal: string };

/**
 * The body plan read from one set of tips (at least five, at most `maxTips`).
 */
function readTips(
  graph: VertexGraph,
  tips: Extremity[],
  options: FitOptions,
  fieldOf: (vertex: number) => DistanceField,
): Reading {
  const fields = tips.map((t) => fieldOf(t.vertex));
  const matrix = tips.map((_, i) => tips.map((t) => fields[i].distance[t.vertex]));
  const scale = Math.max(...matrix.flat());
  const tree = neighbourJoin(matrix);
  const band = Math.max(1.5 * graph.meanEdge, 0.006 * scale);
  let read = readBodyPlan(graph, fields, readHubs(tree, options.hubMerge * scale), band, options.bodyPlan);
  if (!('refusal' in read) && !read.plan.tail && !twins(read.plan.backPair, options.twinLength)) {
    // Legs that are no twins (a leg beside a tail): a leg was folded away as if it were an ear. Read the
    // tree again with a leg and tail that paired off before the other leg joined to it.
    const again = readBodyPlan(graph, fields, readHubs(tree, options.hubMerge * scale, true), band, options.bodyPlan);
    if (!('refusal' in again)) read = again;
  }
  return 'refusal' in read ? read : { plan: read.plan, fields, band, sound: sound(read.plan, options) };
}

const tooFew = (count: number) =>
  `the shape has ${count} clear ends (a humanoid has five: head, hands, feet; a quadruped at least five: head and four feet), so its limbs cannot be told apart; send a model whose arms and legs stand free of the body`;

/**
 * Reads the body at the coarsest scale first (the most prominent ends), then at finer ones: short or
 * sprawled legs and a foot beside a long tail are ends only at a finer scale. With more ends than a
 * body has at the coarsest scale, coarser ones are read instead (the limbs outrank spikes and horns). The first reading whose
 * two limb pairs are twins is taken; without one, the first reading that makes a body at all (as a
 * single scale did); without that, the coarsest scale's reason.
 */
export function fitBody(
  graph: VertexGraph,
  asked: RigType | 'auto',
  options: FitOptions = FIT_DEFAULTS,
  armsFreed = false,
): FitResult {
  const inside = largestComponent(graph);
  const coarsest = options.extremities.minProminence;
  const finest = Math.min(coarsest, ...options.finerScales);
  const { tips: all } = findExtremities(graph, inside, { ...options.extremities, minProminence: finest });
  const crowded = all.filter((t) => t.prominence >= coarsest).length > options.maxTips;
  const scales = [coarsest, ...(crowded ? options.coarserScales : options.finerScales)];
  let refusal: string | undefined;
  let chosen: { plan: BodyPlan; fields: DistanceField[]; band: number } | undefined;
  let read = -1;
  // A finer scale's tips include the coarser ones': each tip's distance field is computed once.
  const fieldsByVertex = new Map<number, DistanceField>();
  const fieldOf = (vertex: number) => {
    let field = fieldsByVertex.get(vertex);
    if (!field) fieldsByVertex.set(vertex, (field = distanceFrom(graph, vertex)));
    return field;
  };
  for (const scale of scales) {
    const tips = all.filter((t) => t.prominence >= scale);
    if (tips.length === read) continue;
    read = tips.length;
    if (tips.length < 5) {
      if (scale === scales[0] && !armsFreed) {
        const freed = freeRestingArms(
          graph,
          tips.map((t) => t.vertex),
          options,
        );
        const retry = freed ? fitBody(freed, asked, options, true) : undefined;
        if (retry && !('refusal' in retry)) return retry;
      }
      refusal ??= tooFew(tips.length);
      continue;
    }
    if (tips.length > options.maxTips) {
      refusal ??= `the shape has ${tips.length} clear ends, more than a humanoid or a four-legged animal; send one character or animal with two or four legs`;
      continue;
    }
    const reading = readTips(graph, tips, options, fieldOf);
    if ('refusal' in reading) {
      refusal ??= reading.refusal;
      continue;
    }
    if (reading.sound) {
      chosen = reading;
      break;
    }
    chosen ??= reading;
  }
  if (!chosen) return { refusal: refusal ?? tooFew(0) };
  const { plan, fields, band } = chosen;
  if (asked !== 'auto' && asked !== plan.rigType) {
    if (plan.tail && asked === 'humanoid') {
      return {
        refusal: 'it has four legs and a tail, so it cannot be rigged as a humanoid; send rig_type=quadruped or auto',
      };
    }
    plan.rigType = asked;
    plan.evidence += `; rigged as ${asked} as asked`;
  }
  return { fitted: fitSkeleton(graph, fields, plan, band), plan, graph };
}
