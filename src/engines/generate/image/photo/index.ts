/**
 * Foreground extraction for photographs (pictures without a meaningful alpha channel), classical and
 * deterministic:
 *
 *   saliency.ts       where the object probably is: contrast to the border, barrier distance, centre
 *   grabcut.ts        colour mixtures per side + minimum cut (maxflow.ts), refitted for a few rounds,
 *                     with shadows explained as background (shadow.ts); colour steps measured against
 *                     the steps around them where a faint outline matters (local-contrast.ts)
 *   connectivity.ts   one object with its thin parts; holes filled unless they show background
 *   candidates.ts     several GrabCut starts (one with a background model local to the object:
 *                     local-background.ts; one for a close-up running off two opposite sides:
 *                     closeup.ts; and sharp-edged twins of several, which count fainter steps as
 *                     edges); choice.ts keeps the one the picture supports best (confidence, framing,
 *                     boundary on edges and how sharp the steps it crosses are: boundary.ts)
 *   nested-choice.ts  unless a candidate ranked nearly as high lies inside it and the region between
 *                     looks like the surroundings (a patch of grass taken with the object)
 *   guided-filter.ts  edge-aware upscaling to the output mask resolution
 *   refine.ts         a second cut at the output resolution that only moves the boundary
 *   edge-alpha.ts     soft-edged pixels just outside, mostly object colour, taken back
 *   confidence.ts     how far to trust the mask (recorded with the task)
 *
 * The working resolution is small (about 200 px) so the cut stays fast; the random source is seeded
 * from the request's seed, so the same picture and seed always give the same mask.
 */
import sharp from 'sharp';
import type { RasterImage } from '../../../../geometry/mesh.ts';
import { chooseCandidate } from './choice.ts';
import { photoCandidates } from './candidates.ts';
import { rgbaToLab } from './colour.ts';
import { mainRegion } from './connectivity.ts';
import { guidedFilter, resizeField } from './guided-filter.ts';
import { seededRandom } from './random.ts';
import { takeBackMixedEdgePixels } from './edge-alpha.ts';
import { refineBoundary } from './refine.ts';
import { otsu } from './saliency.ts';
import { components, fillHoles, maskBox } from '../mask-ops.ts';
import type { CpuSlots } from '../../../cpu-slots.ts';

export interface PhotoSegmentationOptions {
  /** Longest side of the graph-cut grid (default 192). */
  workingSize?: number;
  /** Graph-cut rounds (default 4). */
  rounds?: number;
  /** Seeds the random source (default 0). */
  seed?: number;
  /** Also cut the sharp-edged twins of the starts (default true; fast mode leaves them out). */
  sharpTwins?: boolean;
  /** Cut independent starts on a second core while one is free of other runs (start-helper.ts); none without. */
  cpu?: CpuSlots;
}

export interface PhotoSegmentation {
  /** Object mask at the requested output resolution (1 = object). */
  mask: Uint8Array;
  /** 0–1: how far to trust the mask. */
  confidence: number;
}

/** Half-width of the band the output-resolution cut may move the boundary within (share of the longer side). */
const REFINE_BAND = 0.025;

async function resizeRgba(image: RasterImage, width: number, height: number): Promise<RasterImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, channels: 4, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
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
  return (
    !box || mask.reduce((a, v) => a + v, 0) < width * height * 0.005 || Math.min(box.x1 - box.x0, box.y1 - box.y0) < 4
  );
}

function salientRegion(weight: Float32Array, width: number, height: number): Uint8Array {
  let max = 0;
  for (const v of weight) if (v > max) max = v;
  const t = otsu(Float32Array.from(weight, (v) => (max > 0 ? v / max : 0))) * max;
  const split = Uint8Array.from(weight, (v) => (v >= t && max > 0 ? 1 : 0));
  const { labels, sizes } = components(split, width, height);
  const region =
    sizes.length > 1
      ? fillHoles(
          Uint8Array.from(labels, (l) => (l === mainRegion(labels, sizes.length, width, height, weight) ? 1 : 0)),
          width,
          height,
        )
      : split;
  if (!tooSmall(region, width, height)) return region;
  return Uint8Array.from({ length: width * height }, (_, p) =>
    ((p % width) / width - 0.5) ** 2 + (Math.floor(p / width) / height - 0.5) ** 2 < 1 / 36 ? 1 : 0,
  );
}

/**
 * The chosen working-resolution mask carried to the output resolution: edge-aware upscaling, tidying,
 * and the output-resolution cut that only moves the boundary. `small` is `w`×`h`; `picture` is the
 * photograph at the output resolution.
 */
export function maskAtOutput(picture: RasterImage, small: Uint8Array, w: number, h: number, seed: number): Uint8Array {
  const { width: W, height: H } = picture;
  const soft = new Float32Array(w * h);
  for (let p = 0; p < soft.length; p++) soft[p] = small[p];
  const guideLab = rgbaToLab(picture.data, W * H);
  const guide = new Float32Array(W * H);
  for (let p = 0; p < guide.length; p++) guide[p] = guideLab[p * 3] / 100;
  const filtered = guidedFilter(guide, resizeField(soft, w, h, W, H), W, H, {
    radius: Math.max(2, Math.round(W / w) * 2),
  });
  const holesBig = resizeField(
    Float32Array.from(small, (v) => 1 - v),
    w,
    h,
    W,
    H,
  );
  const keepHoles = new Uint8Array(W * H);
  for (let p = 0; p < keepHoles.length; p++) keepHoles[p] = holesBig[p] > 0.5 ? 1 : 0;
  const raw = new Uint8Array(W * H);
  for (let p = 0; p < raw.length; p++) raw[p] = filtered[p] >= 0.5 ? 1 : 0;
  let mask = tidy(raw, W, H, keepHoles);
  // The boundary placed again at the output resolution, by colour models local to the object.
  const band = Math.max(2, Math.round(Math.max(W, H) * REFINE_BAND));
  mask = tidy(refineBoundary(guideLab, mask, W, H, seededRandom(seed * 2 + 5), { band }), W, H, keepHoles);
  // Soft edges: the half-covered pixels just outside, which the cuts leave out.
  mask = takeBackMixedEdgePixels(guideLab, mask, W, H);
  return mask;
}

/** The chosen mask at the working resolution (`w`×`h`) and its confidence. */
export async function workingMask(
  picture: RasterImage,
  options: PhotoSegmentationOptions = {},
): Promise<{ small: Uint8Array; w: number; h: number; confidence: number }> {
  const { width: W, height: H } = picture;
  const size = options.workingSize ?? 192;
  const s = Math.min(1, size / Math.max(W, H));
  const w = Math.max(8, Math.round(W * s)),
    h = Math.max(8, Math.round(H * s));
  const work = w === W && h === H ? picture : await resizeRgba(picture, w, h);
  const lab = rgbaToLab(work.data, w * h);
  const { candidates, weight } = await photoCandidates(lab, w, h, options.seed ?? 0, options.rounds, {
    sharpTwins: options.sharpTwins,
    cpu: options.cpu,
  });
  // A candidate the cut reduced to a speck says nothing about where the object is.
  const usable = candidates.filter((c) => !tooSmall(c.mask, w, h));
  const { best, score } = chooseCandidate(usable.length ? usable : candidates, w, h, { lab });
  let small = best.mask;
  // The recorded confidence also says when the mask runs into the border or sits far off-centre.
  let confidence = Math.round(Math.max(0, Math.min(best.confidence, score)) * 100) / 100;
  if (tooSmall(small, w, h) || score <= 0) {
    // No candidate is believable (a speck, or one whose framing and boundary outweigh its colour
    // support). A photograph with something in it always gives an asset: the most salient central
    // region, or failing that the picture's middle, with a confidence that says how little it is trusted.
    small = salientRegion(weight, w, h);
    confidence = Math.min(confidence, 0.2);
  }
  return { small, w, h, confidence };
}

/** `picture`: the photograph at the output mask resolution (RGBA). */
export async function segmentPhoto(
  picture: RasterImage,
  options: PhotoSegmentationOptions = {},
): Promise<PhotoSegmentation> {
  const { small, w, h, confidence } = await workingMask(picture, options);
  return { mask: maskAtOutput(picture, small, w, h, options.seed ?? 0), confidence };
}
