/**
 * Foreground extraction for photographs (pictures without a meaningful alpha channel), classical and
 * deterministic:
 *
 *   saliency.ts       where the object probably is: contrast to the border, barrier distance, centre
 *   grabcut.ts        colour mixtures per side + minimum cut (maxflow.ts), refitted for a few rounds,
 *                     with shadows explained as background (shadow.ts)
 *   connectivity.ts   one object with its thin parts; holes filled unless they show background
 *   guided-filter.ts  edge-aware upscaling to the output mask resolution
 *   confidence.ts     how far to trust the mask (recorded with the task)
 *
 * The working resolution is small (about 200 px) so the cut stays fast; the random source is seeded
 * from the request's seed, so the same picture and seed always give the same mask.
 */
import sharp from 'sharp';
import type { RasterImage } from '../../../../geometry/mesh.ts';
import { chooseCandidate } from './choice.ts';
import { maskConfidence } from './confidence.ts';
import { rgbaToLab } from './colour.ts';
import { keepOneObject, mainRegion } from './connectivity.ts';
import { grabCut } from './grabcut.ts';
import { guidedFilter, resizeField } from './guided-filter.ts';
import { seededRandom, type Random } from './random.ts';
import { otsu, saliency } from './saliency.ts';
import { components, fillHoles, maskBox } from '../mask-ops.ts';

export interface PhotoSegmentationOptions {
  /** Longest side of the graph-cut grid (default 192). */
  workingSize?: number;
  /** Graph-cut rounds (default 4). */
  rounds?: number;
  /** Seeds the random source (default 0). */
  seed?: number;
}

export interface PhotoSegmentation {
  /** Object mask at the requested output resolution (1 = object). */
  mask: Uint8Array;
  /** 0–1: how far to trust the mask. */
  confidence: number;
}

async function resizeRgba(image: RasterImage, width: number, height: number): Promise<RasterImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, channels: 4, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Saliency times a centre prior: which region is the photographed object. */
function centredWeight(prior: Float32Array, width: number, height: number, sigma = 0.25): Float32Array {
  const out = new Float32Array(prior.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const d = ((x + 0.5) / width - 0.5) ** 2 + ((y + 0.5) / height - 0.5) ** 2;
    out[y * width + x] = prior[y * width + x] * Math.exp(-d / (2 * sigma ** 2));
  }
  return out;
}

/** Spread of the centre prior for the start from the middle of the frame (shares of the picture). */
const CENTRE_SIGMA = 0.1;

function normalised(field: Float32Array): Float32Array {
  let max = 0;
  for (const v of field) if (v > max) max = v;
  return max > 0 ? Float32Array.from(field, (v) => v / max) : field;
}

/** Drops specks (components under 1 % of the largest) and fills pinholes the upscaling opened. */
function tidy(mask: Uint8Array, width: number, height: number, keepHoles: Uint8Array): Uint8Array {
  const { labels, sizes } = components(mask, width, height);
  const largest = Math.max(0, ...sizes.slice(1));
  const out = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) if (labels[p] && sizes[labels[p]] >= largest * 0.01) out[p] = 1;
  const filled = fillHoles(out, width, height);
  for (let p = 0; p < mask.length; p++) if (filled[p] && !out[p] && keepHoles[p]) filled[p] = 0;
  return filled;
}

function tooSmall(mask: Uint8Array, width: number, height: number): boolean {
  const box = maskBox(mask, width, height);
  return !box || mask.reduce((a, v) => a + v, 0) < width * height * 0.005 || Math.min(box.x1 - box.x0, box.y1 - box.y0) < 4;
}

function salientRegion(weight: Float32Array, width: number, height: number): Uint8Array {
  let max = 0;
  for (const v of weight) if (v > max) max = v;
  const t = otsu(Float32Array.from(weight, (v) => (max > 0 ? v / max : 0))) * max;
  const split = Uint8Array.from(weight, (v) => (v >= t && max > 0 ? 1 : 0));
  const { labels, sizes } = components(split, width, height);
  const region = sizes.length > 1 ? fillHoles(Uint8Array.from(labels, (l) => (l === mainRegion(labels, sizes.length, width, height, weight) ? 1 : 0)), width, height) : split;
  if (!tooSmall(region, width, height)) return region;
  return Uint8Array.from({ length: width * height }, (_, p) => (((p % width) / width - 0.5) ** 2 + (Math.floor(p / width) / height - 0.5) ** 2 < 1 / 36 ? 1 : 0));
}

/** One GrabCut from the split of `prior` at `threshold`, reduced to one object, with its confidence. */
function hypothesis(lab: Float32Array, prior: Float32Array, w: number, h: number, threshold: number, weight: Float32Array, lightness: Float32Array, random: Random, rounds?: number): { mask: Uint8Array; confidence: number } {
  const fixedBackground = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const p = y * w + x;
    if ((x === 0 || y === 0 || x === w - 1 || y === h - 1) && prior[p] < threshold) fixedBackground[p] = 1;
  }
  const cut = grabCut({ colours: lab, width: w, height: h, prior, threshold, fixedBackground }, random, { rounds });
  let mask = cut.mask;
  if (mask.reduce((a, v) => a + v, 0) < w * h * 0.002) {
    // The cut found nothing: fall back on the saliency split, since the picture is not empty.
    mask = new Uint8Array(w * h);
    for (let p = 0; p < w * h; p++) mask[p] = prior[p] >= threshold ? 1 : 0;
  }
  mask = keepOneObject(mask, cut.evidence, w, h, { weight });
  return { mask, confidence: maskConfidence({ mask, evidence: cut.evidence, lightness, width: w, height: h }) };
}

/** `picture`: the photograph at the output mask resolution (RGBA). */
export async function segmentPhoto(picture: RasterImage, options: PhotoSegmentationOptions = {}): Promise<PhotoSegmentation> {
  const { width: W, height: H } = picture;
  const size = options.workingSize ?? 192;
  const s = Math.min(1, size / Math.max(W, H));
  const w = Math.max(8, Math.round(W * s)), h = Math.max(8, Math.round(H * s));
  const work = w === W && h === H ? picture : await resizeRgba(picture, w, h);
  const lab = rgbaToLab(work.data, w * h);
  const prior = saliency(lab, w, h, seededRandom(options.seed ?? 0));
  const threshold = Math.min(0.7, Math.max(0.2, otsu(prior)));
  const lightness = new Float32Array(w * h);
  for (let p = 0; p < lightness.length; p++) lightness[p] = lab[p * 3];
  const weight = centredWeight(prior, w, h);
  // Two starting splits, the Otsu one and a stricter core: a salient background thing can swallow the
  // object in the first; the mask the picture supports best (its confidence) is kept.
  const hypotheses = [threshold, threshold + (1 - threshold) * 0.4].map((t, k) =>
    hypothesis(lab, prior, w, h, t, weight, lightness, seededRandom((options.seed ?? 0) * 2 + k), options.rounds));
  // A third start from the middle of the frame: when the background holds a subject of its own, the
  // saliency splits can both lock onto it, while the photographed object is framed near the centre.
  const centred = normalised(centredWeight(prior, w, h, CENTRE_SIGMA));
  hypotheses.push(hypothesis(lab, centred, w, h, Math.min(0.7, Math.max(0.2, otsu(centred))), weight, lightness, seededRandom((options.seed ?? 0) * 2 + 2), options.rounds));
  // And one from the frame's middle alone, for an object the saliency misses (white on a pale face).
  const ones = normalised(centredWeight(new Float32Array(w * h).fill(1), w, h, 0.12));
  hypotheses.push(hypothesis(lab, ones, w, h, 0.5, weight, lightness, seededRandom((options.seed ?? 0) * 2 + 3), options.rounds));
  const { best, score } = chooseCandidate(hypotheses, w, h);
  let small = best.mask;
  // The recorded confidence also says when the mask runs into the border or sits far off-centre.
  let confidence = Math.round(Math.max(0, Math.min(best.confidence, score)) * 100) / 100;
  if (tooSmall(small, w, h)) {
    // A photograph with something in it always gives an asset: the most salient central region,
    // or failing that the picture's middle, with a confidence that says how little it is trusted.
    small = salientRegion(weight, w, h);
    confidence = Math.min(confidence, 0.2);
  }
  const soft = new Float32Array(w * h);
  for (let p = 0; p < soft.length; p++) soft[p] = small[p];
  const guideLab = rgbaToLab(picture.data, W * H);
  const guide = new Float32Array(W * H);
  for (let p = 0; p < guide.length; p++) guide[p] = guideLab[p * 3] / 100;
  const filtered = guidedFilter(guide, resizeField(soft, w, h, W, H), W, H, { radius: Math.max(2, Math.round(W / w) * 2) });
  const holesBig = resizeField(Float32Array.from(small, (v) => 1 - v), w, h, W, H);
  const keepHoles = new Uint8Array(W * H);
  for (let p = 0; p < keepHoles.length; p++) keepHoles[p] = holesBig[p] > 0.5 ? 1 : 0;
  const raw = new Uint8Array(W * H);
  for (let p = 0; p < raw.length; p++) raw[p] = filtered[p] >= 0.5 ? 1 : 0;
  const mask = tidy(raw, W, H, keepHoles);
  return { mask, confidence };
}
