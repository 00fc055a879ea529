/**
 * Texture-aware contrast for the cut's smoothness term. GrabCut makes cutting between two neighbours
 * cheap in proportion to how different their colours are, scaled by the whole picture's mean
 * difference. In a busy background (grass, gravel, brick joints) almost every neighbour pair differs
 * that much, so the boundary can wander along the texture's own edges into the background. Where the
 * local mean difference is well above the picture's, the scale is taken from the local mean instead:
 * there a colour step only counts as an edge when it stands out from the texture around it.
 */
import { boxMean } from './colour.ts';
import { neighbourOf } from './maxflow.ts';

/** The local scale takes over where the local mean difference exceeds the picture's by this factor. */
export const TEXTURE_FACTOR = 2;

const squaredDifference = (colours: Float32Array, p: number, q: number) =>
  (colours[p * 3] - colours[q * 3]) ** 2 + (colours[p * 3 + 1] - colours[q * 3 + 1]) ** 2 + (colours[p * 3 + 2] - colours[q * 3 + 2]) ** 2;

/** Mean squared colour difference between a pixel and its right and lower neighbours, averaged over a window. */
export function localContrast(colours: Float32Array, width: number, height: number, radius: number): Float64Array {
  const d = new Float32Array(width * height);
  for (let p = 0; p < width * height; p++) {
    let sum = 0, count = 0;
    for (const k of [0, 2]) {
      const q = neighbourOf(width, height, p, k);
      if (q < 0) continue;
      sum += squaredDifference(colours, p, q);
      count++;
    }
    d[p] = count ? sum / count : 0;
  }
  return boxMean(d, width, height, radius);
}

/**
 * GrabCut's β for the edge between p and q: the picture's `beta`, or, where both pixels sit in
 * texture much busier than the picture's mean, the inverse of the local mean difference.
 */
export function textureBeta(beta: number, local: Float64Array, p: number, q: number): number {
  const busy = Math.min(local[p], local[q]);
  // β is 1 / (2 · mean difference): the local one counts from TEXTURE_FACTOR times the picture's mean.
  return Math.min(beta, TEXTURE_FACTOR / Math.max(1e-6, 2 * busy));
}
