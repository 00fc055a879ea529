/**
 * One GrabCut start cut: the start's split of its prior, what it holds as background, the cut reduced
 * to one object, and its confidence. A pure function of the picture and the start (each start seeds
 * its own random source), so a start cut on another thread (start-helper.ts) gives the same candidate.
 */
import { centredCrossing, type Crossing } from './closeup.ts';
import { maskConfidence } from './confidence.ts';
import { keepOneObject } from './connectivity.ts';
import { grabCut, type GrabCutShared } from './grabcut.ts';
import type { Palette } from './palette.ts';
import { seededRandom } from './random.ts';

export interface Candidate {
  /** Which start it was cut from (for logs and benchmarks). */
  start: string;
  mask: Uint8Array;
  confidence: number;
  /** Share of the boundary on no edge of the picture (boundary.ts). */
  weakBoundary?: number;
  /** Log of the mean colour step across the boundary over the picture's mean step (boundary.ts). */
  boundaryContrast?: number;
}

/** The picture at the working resolution and what every start shares. */
export interface Picture {
  /** 3 floats per pixel. */
  lab: Float32Array;
  w: number;
  h: number;
  weight: Float32Array;
  lightness: Float32Array;
  rounds?: number;
  /** The request's seed: each start's random source is seeded from it and the start's `stream`. */
  seed: number;
  /** `lab`'s distinct colours, shared by every start's cut (made by each cut when absent). */
  palette?: Palette;
  /** GrabCut's β and smoothness capacities, shared by the starts with the same smoothness settings. */
  shared?: GrabCutShared;
}

/** One starting guess: `prior` split at `threshold`, and what is held as background from the start. */
export interface Start {
  name: string;
  prior: Float32Array;
  threshold: number;
  /** Which of the seed's random streams the start's GrabCut draws from (a sharp twin shares its base start's). */
  stream: number;
  /** Width of the outer ring held as background where the prior is below the threshold (pixels). */
  fixedRing?: number;
  priorWeight?: number;
  localReach?: number;
  /** A close-up start holds only the two sides the object does not run off. */
  crossing?: Crossing;
  /** Pixels held as background whatever the prior says. */
  held?: Uint8Array;
  /** Colour steps measured against the mean step within this many pixels (local-contrast.ts). */
  localContrast?: number;
  /** GrabCut's β multiplied by this (grabcut.ts): fainter steps count as edges. */
  edgeSharpness?: number;
}

function fixedBackgroundOf({ w, h }: Picture, { prior, threshold, fixedRing = 1, crossing, held }: Start): Uint8Array {
  const fixed = held ? Uint8Array.from(held) : new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const ring =
        crossing === 'horizontal'
          ? Math.min(y, h - 1 - y)
          : crossing === 'vertical'
            ? Math.min(x, w - 1 - x)
            : Math.min(x, y, w - 1 - x, h - 1 - y);
      if (ring < fixedRing && prior[p] < threshold) fixed[p] = 1;
    }
  return fixed;
}

/** One GrabCut from a start, reduced to one object, with its confidence. */
export function hypothesis(picture: Picture, start: Start): Candidate {
  const { lab, w, h, weight, lightness, rounds } = picture;
  const { prior, threshold } = start;
  const fixedBackground = fixedBackgroundOf(picture, start);
  const cut = grabCut(
    {
      colours: lab,
      width: w,
      height: h,
      prior,
      threshold,
      fixedBackground,
      palette: picture.palette,
      shared: picture.shared,
    },
    seededRandom(picture.seed * 2 + start.stream),
    {
      rounds,
      priorWeight: start.priorWeight,
      localBackground: start.localReach,
      localContrast: start.localContrast,
      edgeSharpness: start.edgeSharpness,
    },
  );
  let mask = cut.mask;
  if (mask.reduce((a, v) => a + v, 0) < w * h * 0.002) {
    // The cut found nothing: fall back on the saliency split, since the picture is not empty.
    mask = new Uint8Array(w * h);
    for (let p = 0; p < w * h; p++) mask[p] = prior[p] >= threshold ? 1 : 0;
  }
  mask = keepOneObject(mask, cut.evidence, w, h, { weight });
  return {
    start: start.name,
    mask,
    confidence: maskConfidence({
      mask,
      evidence: cut.evidence,
      lightness,
      width: w,
      height: h,
      crossing: centredCrossing(mask, w, h),
    }),
  };
}
