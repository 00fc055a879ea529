/**
 * Cast and contact shadows belong to the background: a shadowed pixel is a background colour with
 * less light on it. Scaling linear XYZ by 1/k multiplies L*+16, a* and b* by k^(−1/3) (in the cube-root
 * range of L*a*b*), so a pixel is scored against the background model both as it is and brightened
 * by a few factors, paying a small penalty for the shadow explanation. Only darkening is modelled,
 * so highlights on the object never turn into background.
 */
import { MAX_COST, componentLogs, largestLog, negLogLikelihood, negLogLikelihoodOf, type Gmm } from './gmm.ts';

/** Light reaching a shadowed pixel as a share of the unshadowed light. */
const SHADOW_FACTORS = [0.75, 0.55, 0.4, 0.28, 0.19];
/** Data-term cost of calling a pixel shadow instead of plain background. */
const SHADOW_PENALTY = 1.5;
/** Each factor's L*a*b* scale, k^(−1/3), worked out once rather than per pixel. */
const SHADOW_SCALES = SHADOW_FACTORS.map((k) => Math.cbrt(1 / k));
/** Far above any rounding in a cost; a shadow explanation is skipped only when it loses by more. */
const BOUND_SLACK = 1e-9;

/** The colour `lab` would have with 1/k times the light. */
export function brighten(L: number, a: number, b: number, k: number): [number, number, number] {
  const s = Math.cbrt(1 / k);
  return [(L + 16) * s - 16, a * s, b * s];
}

let logs = new Float64Array(8);

export function backgroundOrShadowCost(background: Gmm, L: number, a: number, b: number): number {
  let best = negLogLikelihood(background, L, a, b);
  if (logs.length < background.weights.length) logs = new Float64Array(background.weights.length);
  let logCount = 0;
  for (let f = 0; f < SHADOW_SCALES.length; f++) {
    const s = SHADOW_SCALES[f];
    const l2 = (L + 16) * s - 16;
    if (l2 > 100) break;
    const count = componentLogs(background, l2, a * s, b * s, logs);
    const top = largestLog(logs, count);
    // −log p lies within log(count) below −top: a brightened colour that cannot beat the best cost so
    // far needs none of its exponentials (most pixels are plainly lit background or plainly object).
    if (count > 0) {
      logCount ||= Math.log(count);
      if (Math.min(MAX_COST, -top - logCount) + SHADOW_PENALTY > best + BOUND_SLACK) continue;
    }
    const cost = negLogLikelihoodOf(logs, count, top) + SHADOW_PENALTY;
    if (cost < best) best = cost;
  }
  return best;
}
