/**
 * Candidate masks for the photographed object, each one GrabCut from a different starting guess: a
 * salient background thing (a face, a person) can swallow the object in one start and not another,
 * so several are cut and choice.ts keeps the one the picture supports best.
 */
import { boundaryContrast, edgeStrength, meanStep, weakBoundaryShare } from './boundary.ts';
import { centredCrossing, crossingPrior, likelyCrossing, type Crossing } from './closeup.ts';
import { maskConfidence } from './confidence.ts';
import { keepOneObject } from './connectivity.ts';
import { grabCut } from './grabcut.ts';
import { usualLocalContrastRadius } from './local-contrast.ts';
import { seededRandom } from './random.ts';
import { otsu, saliency } from './saliency.ts';

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

export interface CandidateSet {
  candidates: Candidate[];
  /** Saliency times a centre prior (chooses the main region; the last-resort split). */
  weight: Float32Array;
}

/** Saliency times a centre prior: which region is the photographed object. */
export function centredWeight(prior: Float32Array, width: number, height: number, sigma = 0.25): Float32Array {
  const out = new Float32Array(prior.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = ((x + 0.5) / width - 0.5) ** 2 + ((y + 0.5) / height - 0.5) ** 2;
      out[y * width + x] = prior[y * width + x] * Math.exp(-d / (2 * sigma ** 2));
    }
  return out;
}

/** Spread of the centre prior for the start from the middle of the frame (shares of the picture). */
const CENTRE_SIGMA = 0.1;
/** GrabCut's frame start: the first split's frame inset, and the outer ring fixed as background (shares of the shorter side). */
const FRAME_INSET = 0.1;
const FIXED_RING = 0.03;
/** The local-background start: how far around the object its background model looks (share of the longer side). */
const LOCAL_REACH = 0.18;
/** The sharp-edged starts' β multipliers (grabcut.ts `edgeSharpness`). */
const SHARP_EDGES = 10;
const SHARPER_EDGES = 30;

function normalised(field: Float32Array): Float32Array {
  let max = 0;
  for (const v of field) if (v > max) max = v;
  return max > 0 ? Float32Array.from(field, (v) => v / max) : field;
}

const clampThreshold = (field: Float32Array) => Math.min(0.7, Math.max(0.2, otsu(field)));

/** The picture at the working resolution and what every start shares. */
interface Picture {
  /** 3 floats per pixel. */
  lab: Float32Array;
  w: number;
  h: number;
  weight: Float32Array;
  lightness: Float32Array;
  rounds?: number;
  /** The request's seed: each start's random source is seeded from it and the start's `stream`. */
  seed: number;
}

/** One starting guess: `prior` split at `threshold`, and what is held as background from the start. */
interface Start {
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
function hypothesis(picture: Picture, start: Start): Candidate {
  const { lab, w, h, weight, lightness, rounds } = picture;
  const { prior, threshold } = start;
  const fixedBackground = fixedBackgroundOf(picture, start);
  const cut = grabCut(
    { colours: lab, width: w, height: h, prior, threshold, fixedBackground },
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

/** `lab`: the picture at the working resolution, 3 floats per pixel. */
export function photoCandidates(
  lab: Float32Array,
  w: number,
  h: number,
  seed: number,
  rounds?: number,
  { sharpTwins = true }: { sharpTwins?: boolean } = {},
): CandidateSet {
  const prior = saliency(lab, w, h, seededRandom(seed));
  const threshold = clampThreshold(prior);
  const lightness = new Float32Array(w * h);
  for (let p = 0; p < lightness.length; p++) lightness[p] = lab[p * 3];
  const weight = centredWeight(prior, w, h);
  const picture: Picture = { lab, w, h, weight, lightness, rounds, seed };
  const cut = (start: Start) => hypothesis(picture, start);
  // Two starting splits, the Otsu one and a stricter core: a salient background thing can swallow the
  // object in the first.
  const saliencyCore: Start = { name: 'saliency-core', prior, threshold: threshold + (1 - threshold) * 0.4, stream: 1 };
  const candidates = [cut({ name: 'saliency', prior, threshold, stream: 0 }), cut(saliencyCore)];
  // A third start from the middle of the frame: when the background holds a subject of its own, the
  // saliency splits can both lock onto it, while the photographed object is framed near the centre.
  // Its smoothness measures colour steps against the steps around them (local-contrast.ts): a
  // photograph's own subject often holds its strongest contrast (a dark suit against a pale wall), which
  // makes the fainter outline of a pale object beside it look like no edge at all.
  const centred = normalised(centredWeight(prior, w, h, CENTRE_SIGMA));
  candidates.push(
    cut({
      name: 'centred',
      prior: centred,
      threshold: clampThreshold(centred),
      stream: 2,
      localContrast: usualLocalContrastRadius(w, h),
    }),
  );
  // And one from the frame's middle alone, for an object the saliency misses (white on a pale face).
  const ones = normalised(centredWeight(new Float32Array(w * h).fill(1), w, h, 0.12));
  const middle: Start = { name: 'middle', prior: ones, threshold: 0.5, stream: 3 };
  candidates.push(cut(middle));
  // The same start with a background model local to the object: a colour that appears only far away
  // (a white flag stripe in a corner) no longer counts against a white object in the middle.
  candidates.push(
    cut({
      ...middle,
      name: 'middle-local-background',
      stream: 6,
      localReach: Math.round(LOCAL_REACH * Math.max(w, h)),
    }),
  );
  // And GrabCut's own start: everything inside a frame is object, the colour models alone (no saliency)
  // sort it out. It finds a pale object against a pale sky, which the starts above keep only part of.
  // Only a thin outer ring is fixed as background, so an object reaching nearer the border than the
  // frame can still be taken whole.
  const frame = new Float32Array(w * h);
  const inset = Math.round(Math.min(w, h) * FRAME_INSET);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) frame[y * w + x] = Math.min(x, y, w - 1 - x, h - 1 - y) < inset ? 0 : 1;
  const ring = Math.round(Math.min(w, h) * FIXED_RING);
  const frameStart: Start = { name: 'frame', prior: frame, threshold: 0.5, stream: 4, fixedRing: ring, priorWeight: 0 };
  candidates.push(cut(frameStart));
  // A photograph with a subject of its own (a face): both saliency starts take the subject, and the
  // centred start, overlapping it, is drawn into it too. Holding what the saliency starts took as
  // background and starting from the middle again lets the object that is not the photograph's own
  // subject win. When the saliency starts took the object itself, this start finds only scraps
  // around it, which the choice leaves.
  const taken = new Uint8Array(w * h);
  for (const c of candidates.slice(0, 2)) for (let p = 0; p < taken.length; p++) taken[p] |= c.mask[p];
  const rest: Start | undefined = taken.some((v) => v === 1)
    ? {
        name: 'rest',
        prior: Float32Array.from(centred, (v, p) => (taken[p] ? 0 : v)),
        threshold: clampThreshold(centred),
        stream: 10,
        held: taken,
      }
    : undefined;
  if (rest) candidates.push(cut(rest));
  // A close-up: the middle's colour runs off two opposite sides, so the object may too.
  const crossing = likelyCrossing(lab, w, h);
  const closeUp: Start | undefined = crossing && {
    name: 'close-up',
    prior: crossingPrior(crossing, w, h),
    threshold: 0.5,
    stream: 8,
    fixedRing: ring,
    priorWeight: 0,
    crossing,
  };
  if (closeUp) candidates.push(cut(closeUp));
  // Starts again with fainter steps counted as edges. In a photograph with strong contrast of its own
  // (a dark coat, grass, a face) GrabCut's smoothness, scaled by the picture's mean step, shaves a pale
  // object's thin parts and faint outline away; these keep them, and choice.ts weighs how sharply each
  // mask's boundary follows the picture. Each draws from its base start's random stream.
  // Fast mode leaves the twins out: six of the fourteen cuts, for masks that lose a thin part or a faint
  // outline more often.
  const sharp = (base: Start, edgeSharpness = SHARP_EDGES, name = `${base.name}-sharp`): Start => ({
    ...base,
    name,
    edgeSharpness,
  });
  if (sharpTwins) {
    candidates.push(cut(sharp(saliencyCore)), cut(sharp(middle)), cut(sharp(middle, SHARPER_EDGES, 'middle-sharper')));
    // GrabCut's own start, colour models alone (a pale object over a pale sky beside a dark figure), and
    // the start that holds the photograph's own subject as background (a thin object over a face).
    candidates.push(cut(sharp(frameStart)));
    if (rest) candidates.push(cut(sharp(rest)));
    if (closeUp) candidates.push(cut(sharp(closeUp)));
  }
  const strength = edgeStrength(lab, w, h);
  const picturesStep = meanStep(lab, w, h);
  for (const c of candidates) {
    c.weakBoundary = weakBoundaryShare(c.mask, strength, w, h);
    c.boundaryContrast = boundaryContrast(c.mask, lab, w, h, picturesStep);
  }
  return { candidates, weight };
}
