/**
 * A second GrabCut at the output resolution, seeded from the chosen mask: the working-resolution cut
 * and its edge-aware upscaling place the boundary only to within a working pixel or two, and thin
 * parts narrower than that are lost. Pixels deeper than a narrow band on either side of the boundary
 * are fixed to their side, so the second cut can only move the boundary, never take a new region; the
 * colour models are fitted within a window around the object, so they describe the colours that meet
 * at this boundary rather than the whole picture's. Colour steps are measured against the steps around
 * them (local-contrast.ts), so the faint outline of a pale object is still an edge when the window
 * also holds a strongly contrasted part of the photograph's own subject.
 */
import { maskBox, signedDistance } from '../mask-ops.ts';
import { grabCut } from './grabcut.ts';
import { usualLocalContrastRadius } from './local-contrast.ts';
import type { Random } from './random.ts';

export interface RefineOptions {
  /** Half-width of the undecided band around the boundary, in output pixels (default 4). */
  band?: number;
  /** Rounds of refit + cut (default 2). */
  rounds?: number;
}

/** `lab`: the picture at the mask's resolution, 3 floats per pixel. Returns a new mask. */
export function refineBoundary(
  lab: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  random: Random,
  options: RefineOptions = {},
): Uint8Array {
  const band = options.band ?? 4;
  const box = maskBox(mask, width, height);
  if (!box) return mask;
  const margin = band * 4;
  const x0 = Math.max(0, box.x0 - margin),
    y0 = Math.max(0, box.y0 - margin);
  const x1 = Math.min(width - 1, box.x1 + margin),
    y1 = Math.min(height - 1, box.y1 + margin);
  const w = x1 - x0 + 1,
    h = y1 - y0 + 1;
  const distance = signedDistance(mask, width, height);
  const colours = new Float32Array(w * h * 3);
  const prior = new Float32Array(w * h);
  const fixedObject = new Uint8Array(w * h),
    fixedBackground = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x,
        q = (y + y0) * width + x + x0;
      colours.set(lab.subarray(q * 3, q * 3 + 3), p * 3);
      prior[p] = mask[q];
      if (distance[q] > band) fixedObject[p] = 1;
      else if (distance[q] < -band) fixedBackground[p] = 1;
    }
  const cut = grabCut({ colours, width: w, height: h, prior, threshold: 0.5, fixedBackground, fixedObject }, random, {
    rounds: options.rounds ?? 2,
    priorWeight: 1,
    localContrast: usualLocalContrastRadius(width, height),
  });
  const out = new Uint8Array(mask.length);
  let before = 0,
    after = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const q = (y + y0) * width + x + x0;
      out[q] = cut.mask[y * w + x];
      before += mask[q];
      after += out[q];
    }
  // A boundary move, not a new mask: when the cut swallows or drops most of the object, the colours
  // on the two sides of this boundary were not told apart, and the first mask stands.
  return after > before * 0.6 && after < before * 1.6 ? out : mask;
}
