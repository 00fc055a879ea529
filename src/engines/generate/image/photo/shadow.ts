/**
 * Cast and contact shadows belong to the background: a shadowed pixel is a background colour with
 * less light on it. Scaling linear XYZ by 1/k multiplies L*+16, a* and b* by k^(−1/3) (in the cube-root
 * range of L*a*b*), so a pixel is scored against the background model both as it is and brightened
 * by a few factors, paying a small penalty for the shadow explanation. Only darkening is modelled,
 * so highlights on the object never turn into background.
 */
import { negLogLikelihood, type Gmm } from './gmm.ts';

/** Light reaching a shadowed pixel as a share of the unshadowed light. */
const SHADOW_FACTORS = [0.75, 0.55, 0.4, 0.28, 0.19];
/** Data-term cost of calling a pixel shadow instead of plain background. */
const SHADOW_PENALTY = 1.5;

/** The colour `lab` would have with 1/k times the light. */
export function brighten(L: number, a: number, b: number, k: number): [number, number, number] {
  const s = Math.cbrt(1 / k);
  return [(L + 16) * s - 16, a * s, b * s];
}

export function backgroundOrShadowCost(background: Gmm, L: number, a: number, b: number): number {
  let best = negLogLikelihood(background, L, a, b);
  for (const k of SHADOW_FACTORS) {
    const [l2, a2, b2] = brighten(L, a, b, k);
    if (l2 > 100) break;
    const cost = negLogLikelihood(background, l2, a2, b2) + SHADOW_PENALTY;
    if (cost < best) best = cost;
  }
  return best;
}
