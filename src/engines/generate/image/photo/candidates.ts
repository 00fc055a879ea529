/**
 * Candidate masks for the photographed object, each one GrabCut from a different starting guess: a
 * salient background thing (a face, a person) can swallow the object in one start and not another,
 * so several are cut and choice.ts keeps the one the picture supports best.
 */
import { boundaryContrast, edgeStrength, meanStep, weakBoundaryShare } from './boundary.ts';
import { crossingPrior, likelyCrossing } from './closeup.ts';
import { usualLocalContrastRadius } from './local-contrast.ts';
import { grabCutShared } from './grabcut.ts';
import { colourPalette } from './palette.ts';
import { seededRandom } from './random.ts';
import { otsu, saliency } from './saliency.ts';
import { hypothesis, type Candidate, type Picture, type Start } from './start-cut.ts';
import { cutStarts, type StartCutOptions } from './start-helper.ts';

export type { Candidate } from './start-cut.ts';

export interface CandidateSet {
  candidates: Candidate[];
  /** Saliency times a centre prior (chooses the main region; the last-resort split). */
  weight: Float32Array;
  /** How many starts a helper thread cut (0 when no core was spare). */
  onHelper: number;
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

/** `lab`: the picture at the working resolution, 3 floats per pixel. */
export async function photoCandidates(
  lab: Float32Array,
  w: number,
  h: number,
  seed: number,
  rounds?: number,
  { sharpTwins = true, cpu }: { sharpTwins?: boolean } & StartCutOptions = {},
): Promise<CandidateSet> {
  const prior = saliency(lab, w, h, seededRandom(seed));
  const threshold = clampThreshold(prior);
  const lightness = new Float32Array(w * h);
  for (let p = 0; p < lightness.length; p++) lightness[p] = lab[p * 3];
  const weight = centredWeight(prior, w, h);
  const picture: Picture = {
    lab,
    w,
    h,
    weight,
    lightness,
    rounds,
    seed,
    palette: colourPalette(lab),
    shared: grabCutShared(),
  };
  // Two starting splits, the Otsu one and a stricter core: a salient background thing can swallow the
  // object in the first.
  const saliencyStart: Start = { name: 'saliency', prior, threshold, stream: 0 };
  const saliencyCore: Start = { name: 'saliency-core', prior, threshold: threshold + (1 - threshold) * 0.4, stream: 1 };
  // A third start from the middle of the frame: when the background holds a subject of its own, the
  // saliency splits can both lock onto it, while the photographed object is framed near the centre.
  // Its smoothness measures colour steps against the steps around them (local-contrast.ts): a
  // photograph's own subject often holds its strongest contrast (a dark suit against a pale wall), which
  // makes the fainter outline of a pale object beside it look like no edge at all.
  const centred = normalised(centredWeight(prior, w, h, CENTRE_SIGMA));
  const centredStart: Start = {
    name: 'centred',
    prior: centred,
    threshold: clampThreshold(centred),
    stream: 2,
    localContrast: usualLocalContrastRadius(w, h),
  };
  // And one from the frame's middle alone, for an object the saliency misses (white on a pale face).
  const ones = normalised(centredWeight(new Float32Array(w * h).fill(1), w, h, 0.12));
  const middle: Start = { name: 'middle', prior: ones, threshold: 0.5, stream: 3 };
  // The same start with a background model local to the object: a colour that appears only far away
  // (a white flag stripe in a corner) no longer counts against a white object in the middle.
  const middleLocal: Start = {
    ...middle,
    name: 'middle-local-background',
    stream: 6,
    localReach: Math.round(LOCAL_REACH * Math.max(w, h)),
  };
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
  // Every start but `rest` (below) is independent of the others: they may be cut on two cores.
  const independent: Start[] = [saliencyStart, saliencyCore, centredStart, middle, middleLocal, frameStart];
  if (closeUp) independent.push(closeUp);
  if (sharpTwins) {
    independent.push(sharp(saliencyCore), sharp(middle), sharp(middle, SHARPER_EDGES, 'middle-sharper'));
    // GrabCut's own start, colour models alone (a pale object over a pale sky beside a dark figure).
    independent.push(sharp(frameStart));
    if (closeUp) independent.push(sharp(closeUp));
  }
  const {
    candidates: cut,
    alongside: restCut,
    onHelper,
  } = await cutStarts(
    picture,
    independent,
    (cutHere) => {
      // A photograph with a subject of its own (a face): both saliency starts take the subject, and the
      // centred start, overlapping it, is drawn into it too. Holding what the saliency starts took as
      // background and starting from the middle again lets the object that is not the photograph's own
      // subject win. When the saliency starts took the object itself, this start finds only scraps
      // around it, which the choice leaves.
      const taken = new Uint8Array(w * h);
      for (const c of [cutHere(0), cutHere(1)]) for (let p = 0; p < taken.length; p++) taken[p] |= c.mask[p];
      if (!taken.some((v) => v === 1)) return undefined;
      const rest: Start = {
        name: 'rest',
        prior: Float32Array.from(centred, (v, p) => (taken[p] ? 0 : v)),
        threshold: clampThreshold(centred),
        stream: 10,
        held: taken,
      };
      // Its sharp twin: the start that holds the photograph's own subject as background (a thin object
      // over a face).
      return { rest: hypothesis(picture, rest), restSharp: sharpTwins ? hypothesis(picture, sharp(rest)) : undefined };
    },
    { cpu },
  );
  // The candidates in the order the starts were always cut in (the choice breaks ties by it).
  const byName = new Map(cut.map((c) => [c.start, c]));
  const order = ['saliency', 'saliency-core', 'centred', 'middle', 'middle-local-background', 'frame'];
  const candidates: Candidate[] = order.map((name) => byName.get(name) as Candidate);
  if (restCut) candidates.push(restCut.rest);
  if (closeUp) candidates.push(byName.get('close-up') as Candidate);
  if (sharpTwins) {
    for (const name of ['saliency-core-sharp', 'middle-sharp', 'middle-sharper', 'frame-sharp'])
      candidates.push(byName.get(name) as Candidate);
    if (restCut?.restSharp) candidates.push(restCut.restSharp);
    if (closeUp) candidates.push(byName.get('close-up-sharp') as Candidate);
  }
  const strength = edgeStrength(lab, w, h);
  const picturesStep = meanStep(lab, w, h);
  for (const c of candidates) {
    c.weakBoundary = weakBoundaryShare(c.mask, strength, w, h);
    c.boundaryContrast = boundaryContrast(c.mask, lab, w, h, picturesStep);
  }
  return { candidates, weight, onHelper };
}
