/**
 * A contrast scale local to each part of the picture for GrabCut's smoothness term. GrabCut divides
 * each neighbour colour step by the picture's mean step, so one strongly contrasted thing (a dark coat
 * against a pale sky) makes every fainter step elsewhere look like no edge at all, and the boundary of
 * a pale object on a pale sky costs as much as cutting through the sky itself. Dividing by the mean
 * step around each pixel instead lets a step that stands out from its own surroundings count as an
 * edge. The local mean is held above a share of the picture's mean, so noise in a flat region never
 * turns into edges.
 */
import { boxMean } from './colour.ts';
import { neighbourOf } from './maxflow.ts';

/** The window's usual reach, as a share of the picture's longer side: wide enough to take in a strongly contrasted neighbour (a coat beside the object), narrow enough to stay local. */
const USUAL_REACH = 0.1;

/** The usual window half-size for a `width`×`height` picture (pixels). */
export function usualLocalContrastRadius(width: number, height: number): number {
  return Math.round(USUAL_REACH * Math.max(width, height));
}

export interface LocalContrastOptions {
  /** Half-size of the square window the mean step is taken over (pixels). */
  radius: number;
  /** The local mean step is held at or above this share of the picture's mean step (default 0.25). */
  floor?: number;
}

/** Squared colour difference between pixels p and q (3 channels per pixel). */
export const squaredStep = (colours: Float32Array, p: number, q: number) =>
  (colours[p * 3] - colours[q * 3]) ** 2 +
  (colours[p * 3 + 1] - colours[q * 3 + 1]) ** 2 +
  (colours[p * 3 + 2] - colours[q * 3 + 2]) ** 2;

/** Per pixel β: the inverse of twice the mean squared colour step between neighbours in the window around it. */
export function localContrastBeta(
  colours: Float32Array,
  width: number,
  height: number,
  options: LocalContrastOptions,
): Float32Array {
  const n = width * height;
  // Each pixel's mean squared step to its right and lower neighbours.
  const step = new Float64Array(n);
  let total = 0,
    count = 0;
  for (let p = 0; p < n; p++) {
    let s = 0,
      c = 0;
    for (const k of [0, 2]) {
      const q = neighbourOf(width, height, p, k);
      if (q < 0) continue;
      s += squaredStep(colours, p, q);
      c++;
    }
    step[p] = c ? s / c : 0;
    total += s;
    count += c;
  }
  const globalMean = count ? total / count : 0;
  const floor = (options.floor ?? 0.25) * globalMean;
  const mean = boxMean(step, width, height, options.radius);
  const beta = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const m = Math.max(floor, mean[p]);
    beta[p] = m > 0 ? 1 / (2 * m) : 0;
  }
  return beta;
}
