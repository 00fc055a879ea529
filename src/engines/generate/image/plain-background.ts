/**
 * A picture on a plain background (one flat colour around the object, as a drawn or rendered picture
 * exported without transparency) already says where the object is: every pixel clearly unlike the
 * background colour is object, and the antialiased rim between them is split by how much of the object's
 * colour it holds. Such a picture needs no colour models and no minimum cut (photo/), which cost about a
 * second; this test and mask take a few milliseconds.
 *
 * The test is strict, so that anything a photograph brings (a shadow, a gradient backdrop, noise, texture,
 * an object running off the border) goes to the photo segmentation instead: the border must be one colour,
 * and the background reachable from the border may hold only pixels of that colour and the one-pixel rim
 * of blended pixels along the object.
 */
import type { RasterImage } from '../../../geometry/mesh.ts';
import { components, keepMainComponents } from './mask-ops.ts';

/** Largest colour distance (Euclidean, 0–255 RGB) of a pixel that is still the plain background: compression and dither. */
const BACKGROUND_NOISE = 12;
/** Smallest distance of a pixel that is object for sure; pixels between the two are blends (the rim) or a sign of no plain background. */
const OBJECT_CONTRAST = 48;
/** Share of border pixels that must be the background colour (a few may be touched by the object). */
const BORDER_PLAIN_SHARE = 0.99;
/** Background pixels that are neither plain nor on the rim, as a share of the picture: above it, a shadow or gradient is there. */
const STRAY_SHARE = 0.002;
/** An enclosed region at least this plain (share of its pixels) shows the background through the object (a handle). */
const HOLE_PLAIN_SHARE = 0.9;

export interface PlainBackgroundMask {
  /** 1 = object, at the picture's resolution. */
  mask: Uint8Array;
  /** Share of the background's pixels that are exactly its plain colour (0–1). */
  confidence: number;
}

function medianOf(histogram: Uint32Array, count: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen * 2 >= count) return v;
  }
  return 255;
}

/** The object's mask when `picture` (RGBA) is an object on a plain background; undefined when it is not. */
export function plainBackgroundMask(picture: RasterImage): PlainBackgroundMask | undefined {
  const { width: W, height: H, data } = picture;
  const n = W * H;
  if (W < 8 || H < 8) return undefined;
  const onBorder = (x: number, y: number) => x < 2 || y < 2 || x >= W - 2 || y >= H - 2;

  // The background colour: the border's per-channel median.
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let borderCount = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (!onBorder(x, y)) continue;
      const p = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) histograms[c][data[p + c]]++;
      borderCount++;
    }
  const background = histograms.map((h) => medianOf(h, borderCount));

  const distance = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const dr = data[p * 4] - background[0],
      dg = data[p * 4 + 1] - background[1],
      db = data[p * 4 + 2] - background[2];
    distance[p] = Math.sqrt(dr * dr + dg * dg + db * db);
  }
  let borderPlain = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) if (onBorder(x, y) && distance[y * W + x] <= BACKGROUND_NOISE) borderPlain++;
  if (borderPlain < borderCount * BORDER_PLAIN_SHARE) return undefined;

  // The background: everything reached from the border without crossing a pixel that is object for sure,
  // and any region the object encloses that is the background colour showing through (a handle's hole).
  const core = new Uint8Array(n);
  for (let p = 0; p < n; p++) core[p] = distance[p] >= OBJECT_CONTRAST ? 1 : 0;
  const notCore = new Uint8Array(n);
  for (let p = 0; p < n; p++) notCore[p] = 1 - core[p];
  const { labels, sizes } = components(notCore, W, H);
  const isBackground = new Uint8Array(sizes.length);
  for (let x = 0; x < W; x++) {
    isBackground[labels[x]] = 1;
    isBackground[labels[(H - 1) * W + x]] = 1;
  }
  for (let y = 0; y < H; y++) {
    isBackground[labels[y * W]] = 1;
    isBackground[labels[y * W + W - 1]] = 1;
  }
  // Whether a region is plain is judged away from the object's rim, whose blended pixels are never plain
  // (a narrow gap between two legs is mostly rim).
  const nearCore = new Uint8Array(n);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (!core[y * W + x]) continue;
      for (let qy = Math.max(0, y - 1); qy <= Math.min(H - 1, y + 1); qy++)
        for (let qx = Math.max(0, x - 1); qx <= Math.min(W - 1, x + 1); qx++) nearCore[qy * W + qx] = 1;
    }
  const awayFromRim = new Uint32Array(sizes.length);
  const plainAway = new Uint32Array(sizes.length);
  for (let p = 0; p < n; p++) {
    if (nearCore[p]) continue;
    awayFromRim[labels[p]]++;
    if (distance[p] <= BACKGROUND_NOISE) plainAway[labels[p]]++;
  }
  for (let l = 1; l < sizes.length; l++) if (plainAway[l] >= awayFromRim[l] * HOLE_PLAIN_SHARE) isBackground[l] = 1;
  isBackground[0] = 0;

  // Enclosed regions that are not background are object. A pixel of the background that is neither
  // plain nor beside the object is a stray: a shadow, a gradient, a textured backdrop.
  const mask = new Uint8Array(n);
  let stray = 0;
  let backgroundPixels = 0;
  let plainPixels = 0;
  for (let p = 0; p < n; p++) {
    if (!isBackground[labels[p]]) {
      mask[p] = 1;
      continue;
    }
    backgroundPixels++;
    if (distance[p] <= BACKGROUND_NOISE) plainPixels++;
    else if (!nearCore[p]) stray++;
  }
  if (stray > n * STRAY_SHARE) return undefined;

  // The rim, on both sides of the line between object and background: a pixel there is object when its
  // colour is nearer to an object pixel beside it than to the background's. A blend of the antialiased
  // edge holding less than half the object's colour is nearer the background; a pixel of the object's
  // own shading, however close to the background colour, is nearer its neighbour.
  const onBackground = (q: number) => core[q] === 0 && isBackground[labels[q]] === 1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const rim = core[p]
        ? (x > 0 && onBackground(p - 1)) ||
          (x < W - 1 && onBackground(p + 1)) ||
          (y > 0 && onBackground(p - W)) ||
          (y < H - 1 && onBackground(p + W))
        : onBackground(p) && nearCore[p] === 1 && distance[p] > BACKGROUND_NOISE;
      if (!rim) continue;
      let nearest = Number.POSITIVE_INFINITY;
      for (let qy = Math.max(1, y - 2); qy <= Math.min(H - 2, y + 2); qy++)
        for (let qx = Math.max(1, x - 2); qx <= Math.min(W - 2, x + 2); qx++) {
          const q = qy * W + qx;
          if (!core[q] || !core[q - 1] || !core[q + 1] || !core[q - W] || !core[q + W]) continue;
          const dr = data[p * 4] - data[q * 4],
            dg = data[p * 4 + 1] - data[q * 4 + 1],
            db = data[p * 4 + 2] - data[q * 4 + 2];
          nearest = Math.min(nearest, dr * dr + dg * dg + db * db);
        }
      mask[p] = nearest < distance[p] * distance[p] ? 1 : 0;
    }
  return {
    mask: keepMainComponents(mask, W, H, 0.05),
    confidence: backgroundPixels ? Math.round((plainPixels / backgroundPixels) * 100) / 100 : 0,
  };
}
