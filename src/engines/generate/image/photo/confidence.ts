/**
 * How much to trust a photograph's mask, 0–1, recorded with the task: the share of pixels whose
 * colour agrees with their side, how strongly the picture's edges line up with the mask's boundary,
 * less a penalty for an object cut off by the picture's border or filling nearly all of it (a close-up's
 * two crossed sides excepted).
 */
import type { Crossing } from './closeup.ts';

export interface ConfidenceInput {
  mask: Uint8Array;
  /** Per pixel log-likelihood ratio, > 0 leans object. */
  evidence: Float32Array;
  /** Lightness 0–100 per pixel. */
  lightness: Float32Array;
  width: number;
  height: number;
  /** A close-up crossing the picture (closeup.ts): the two sides it runs off are not held against it. */
  crossing?: Crossing;
}

export function maskConfidence({ mask, evidence, lightness, width, height, crossing }: ConfidenceInput): number {
  const n = width * height;
  let agree = 0,
    area = 0;
  for (let p = 0; p < n; p++) {
    area += mask[p];
    if (evidence[p] > 0 === (mask[p] === 1)) agree++;
  }
  if (area === 0 || area === n) return 0;
  let gradientAll = 0,
    gradientEdge = 0,
    edgeCount = 0,
    borderObject = 0,
    borderCount = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const g = Math.hypot(lightness[p + 1] - lightness[p - 1], lightness[p + width] - lightness[p - width]);
      gradientAll += g;
      if (mask[p] !== mask[p + 1] || mask[p] !== mask[p + width]) {
        gradientEdge += g;
        edgeCount++;
      }
    }
  if (crossing !== 'vertical')
    for (let x = 0; x < width; x++) {
      borderObject += mask[x] + mask[(height - 1) * width + x];
      borderCount += 2;
    }
  if (crossing !== 'horizontal')
    for (let y = 0; y < height; y++) {
      borderObject += mask[y * width] + mask[y * width + width - 1];
      borderCount += 2;
    }
  const agreement = Math.max(0, (agree / n - 0.5) * 2);
  const meanGradient = gradientAll / Math.max(1, (width - 2) * (height - 2));
  const edgeRatio = edgeCount ? gradientEdge / edgeCount / Math.max(1e-6, meanGradient) : 0;
  const edges = Math.min(1, edgeRatio / 3);
  const share = area / n;
  const penalty = 2 * (borderObject / borderCount) + (share > 0.8 ? (share - 0.8) * 3 : 0) + (share < 0.01 ? 0.3 : 0);
  const value = 0.5 * agreement + 0.5 * edges - penalty;
  return Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;
}
