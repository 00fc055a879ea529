/**
 * From a mesh to a fitted skeleton, or the reason there is none: tips (extremities.ts) → geodesic
 * field from each tip → tip tree (tip-tree.ts) → body plan (body-plan.ts) → joints and weight chains
 * (fit-skeleton.ts).
 */
import type { RigType } from '../../geometry/skeleton.ts';
import { BODY_PLAN_DEFAULTS, readBodyPlan, type BodyPlan, type BodyPlanOptions } from './body-plan.ts';
import { EXTREMITY_DEFAULTS, findExtremities, type ExtremityOptions } from './extremities.ts';
import { fitSkeleton, type FittedSkeleton } from './fit-skeleton.ts';
import { distanceFrom } from './geodesic.ts';
import { largestComponent, type VertexGraph } from './surface.ts';
import { neighbourJoin, readHubs } from './tip-tree.ts';

export interface FitOptions {
  extremities: ExtremityOptions;
  bodyPlan: BodyPlanOptions;
  /** Internal tree branches shorter than this share of the longest tip-to-tip distance merge into one hub. */
  hubMerge: number;
  /** Most tips considered (the most prominent first). */
  maxTips: number;
}

export const FIT_DEFAULTS: FitOptions = {
  extremities: { ...EXTREMITY_DEFAULTS, minProminence: 0.22 },
  bodyPlan: BODY_PLAN_DEFAULTS,
  hubMerge: 0.08,
  maxTips: 9,
};

export type FitResult = { fitted: FittedSkeleton; plan: BodyPlan } | { refusal: string };

export function fitBody(graph: VertexGraph, asked: RigType | 'auto', options: FitOptions = FIT_DEFAULTS): FitResult {
  const inside = largestComponent(graph);
  const { tips } = findExtremities(graph, inside, options.extremities);
  if (tips.length < 5) {
    return {
      refusal: `the shape has ${tips.length} clear ends (a humanoid has five: head, hands, feet; a quadruped at least five: head and four feet), so its limbs cannot be told apart; send a model whose arms and legs stand free of the body`,
    };
  }
  if (tips.length > options.maxTips) {
    return {
      refusal: `the shape has ${tips.length} clear ends, more than a humanoid or a four-legged animal; send one character or animal with two or four legs`,
    };
  }
  const fields = tips.map((t) => distanceFrom(graph, t.vertex));
  const matrix = tips.map((_, i) => tips.map((t) => fields[i].distance[t.vertex]));
  const scale = Math.max(...matrix.flat());
  const body = readHubs(neighbourJoin(matrix), options.hubMerge * scale);
  const band = Math.max(1.5 * graph.meanEdge, 0.006 * scale);
  const read = readBodyPlan(graph, fields, body, band, options.bodyPlan);
  if ('refusal' in read) return read;
  const plan = read.plan;
  if (asked !== 'auto' && asked !== plan.rigType) {
    if (plan.tail && asked === 'humanoid') {
      return {
        refusal: 'it has four legs and a tail, so it cannot be rigged as a humanoid; send rig_type=quadruped or auto',
      };
    }
    plan.rigType = asked;
    plan.evidence += `; rigged as ${asked} as asked`;
  }
  return { fitted: fitSkeleton(graph, fields, plan, band), plan };
}
