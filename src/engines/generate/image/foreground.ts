/**
 * Separates the object from the background of an input picture.
 *
 * A real alpha channel (some pixels transparent, some opaque) is used as is. Otherwise the border of
 * the picture is taken as background: its colours are clustered (k-means), background is flood-filled
 * inwards from the border through pixels that match a border colour, and the rough split seeds a
 * GrabCut-style refinement (refine-mask.ts) that settles the boundary by colour models of both sides.
 * No object left (or nothing separable from the background) → API_OBJECT_NOT_FOUND_ON_IMAGE.
 */
import sharp from 'sharp';
import { EngineError } from '../../engine.ts';
import { MAX_IMAGE_PIXELS } from '../../../domain/image-policy.ts';
import type { RasterImage } from '../../../geometry/mesh.ts';
import { fillHoles, keepMainComponents, maskBox } from './mask-ops.ts';
import { refineMask } from './refine-mask.ts';

export interface Foreground {
  /** The picture, RGBA, at its own resolution. */
  image: RasterImage;
  /** Object mask at the working resolution (1 = object). */
  mask: Uint8Array;
  maskWidth: number;
  maskHeight: number;
  /** How the mask was found. */
  method: 'alpha' | 'segmentation';
}

export interface ForegroundOptions {
  /** Trust the alpha channel whenever the picture has one. */
  useOriginalAlpha?: boolean;
  /** Longest side of the working mask in pixels (default 320). */
  workingSize?: number;
  /** Refine the border-colour split by colour models of both sides (default true). */
  refine?: boolean;
}

export async function decodePicture(bytes: Uint8Array): Promise<{ image: RasterImage; hasAlpha: boolean }> {
  let pipeline;
  let hasAlpha: boolean;
  try {
    pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    hasAlpha = (await pipeline.metadata()).hasAlpha ?? false;
  } catch {
    throw new EngineError('INVALID_REQUEST', 'An uploaded image could not be decoded; send a PNG, JPEG or WebP picture.');
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    image: { width: info.width, height: info.height, channels: 4, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) },
    hasAlpha,
  };
}

/** A real alpha channel: a meaningful share of both transparent and opaque pixels. */
function alphaIsReal(image: RasterImage): boolean {
  let transparent = 0;
  let opaque = 0;
  const n = image.width * image.height;
  for (let i = 3; i < image.data.length; i += 4) {
    if (image.data[i] < 128) transparent++;
    else opaque++;
  }
  return transparent > n * 0.01 && opaque > n * 0.001;
}

export async function resizeRgba(image: RasterImage, width: number, height: number): Promise<RasterImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, channels: image.channels, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

interface Cluster {
  r: number;
  g: number;
  b: number;
  threshold: number;
}

/** k-means over the border ring's colours; each cluster also gets a match threshold from its spread. */
function borderClusters(image: RasterImage, ring: number, k = 3): Cluster[] {
  const { width: W, height: H, data } = image;
  const samples: number[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (x >= ring && x < W - ring && y >= ring && y < H - ring) continue;
      const o = (y * W + x) * 4;
      samples.push(data[o], data[o + 1], data[o + 2]);
    }
  }
  const n = samples.length / 3;
  const centres: number[][] = [];
  for (let c = 0; c < k; c++) {
    const s = Math.floor(((c + 0.5) / k) * n) * 3;
    centres.push([samples[s], samples[s + 1], samples[s + 2]]);
  }
  const assign = new Int32Array(n);
  for (let iteration = 0; iteration < 8; iteration++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < k; c++) {
        const d = (samples[i * 3] - centres[c][0]) ** 2 + (samples[i * 3 + 1] - centres[c][1]) ** 2 + (samples[i * 3 + 2] - centres[c][2]) ** 2;
        if (d < bestD) { bestD = d; best = c; }
      }
      assign[i] = best;
      const s = sums[best];
      s[0] += samples[i * 3]; s[1] += samples[i * 3 + 1]; s[2] += samples[i * 3 + 2]; s[3]++;
    }
    sums.forEach((s, c) => { if (s[3]) centres[c] = [s[0] / s[3], s[1] / s[3], s[2] / s[3]]; });
  }
  const spread = centres.map(() => [0, 0]);
  for (let i = 0; i < n; i++) {
    const c = centres[assign[i]];
    spread[assign[i]][0] += (samples[i * 3] - c[0]) ** 2 + (samples[i * 3 + 1] - c[1]) ** 2 + (samples[i * 3 + 2] - c[2]) ** 2;
    spread[assign[i]][1]++;
  }
  return centres
    .map((c, i) => ({ c, count: spread[i][1], rms: Math.sqrt(spread[i][0] / Math.max(1, spread[i][1])) }))
    // A cluster holding a sliver of the border is more likely the object touching the edge than background.
    .filter((c) => c.count >= n * 0.05)
    .map(({ c, rms }) => ({ r: c[0], g: c[1], b: c[2], threshold: Math.max(22, 3 * rms) }));
}

/** Background = border-connected pixels whose colour matches a border cluster. Returns 1 = object candidate. */
function borderFlood(image: RasterImage, clusters: Cluster[]): Uint8Array {
  const { width: W, height: H, data } = image;
  const like = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) {
    const r = data[p * 4], g = data[p * 4 + 1], b = data[p * 4 + 2];
    for (const c of clusters) {
      if ((r - c.r) ** 2 + (g - c.g) ** 2 + (b - c.b) ** 2 < c.threshold * c.threshold) { like[p] = 1; break; }
    }
  }
  const background = new Uint8Array(W * H);
  const stack: number[] = [];
  const seed = (p: number) => { if (like[p] && !background[p]) { background[p] = 1; stack.push(p); } };
  for (let x = 0; x < W; x++) { seed(x); seed((H - 1) * W + x); }
  for (let y = 0; y < H; y++) { seed(y * W); seed(y * W + W - 1); }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % W;
    const y = (p - x) / W;
    if (x > 0) seed(p - 1);
    if (x < W - 1) seed(p + 1);
    if (y > 0) seed(p - W);
    if (y < H - 1) seed(p + W);
  }
  const candidate = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) candidate[p] = background[p] ? 0 : 1;
  return candidate;
}

function notFound(reason: string): EngineError {
  return new EngineError(
    'API_OBJECT_NOT_FOUND_ON_IMAGE',
    `No object could be separated from the background of an input image (${reason}). Send a picture of one object on a plain background, or a PNG with a transparent background.`,
  );
}

export async function extractForeground(bytes: Uint8Array, options: ForegroundOptions = {}): Promise<Foreground> {
  const { image, hasAlpha } = await decodePicture(bytes);
  const workingSize = options.workingSize ?? 320;
  const s = Math.min(1, workingSize / Math.max(image.width, image.height));
  const W = Math.max(8, Math.round(image.width * s));
  const H = Math.max(8, Math.round(image.height * s));
  const small = W === image.width && H === image.height ? image : await resizeRgba(image, W, H);
  let mask: Uint8Array;
  let method: Foreground['method'];
  if (hasAlpha && (options.useOriginalAlpha || alphaIsReal(image))) {
    method = 'alpha';
    mask = new Uint8Array(W * H);
    for (let p = 0; p < W * H; p++) mask[p] = small.data[p * 4 + 3] >= 128 ? 1 : 0;
  } else {
    method = 'segmentation';
    const ring = Math.max(2, Math.round(Math.min(W, H) * 0.02));
    const clusters = borderClusters(small, ring);
    let rough = borderFlood(small, clusters);
    rough = keepMainComponents(rough, W, H, 0.05);
    const roughArea = rough.reduce((a, v) => a + v, 0);
    if (roughArea < W * H * 0.002) throw notFound('the picture is all background');
    if (roughArea > W * H * 0.97) throw notFound('no background could be told apart from the object');
    mask = options.refine === false ? rough : refineMask(small.data, rough, W, H);
  }
  mask = fillHoles(keepMainComponents(mask, W, H, 0.05), W, H);
  const area = mask.reduce((a, v) => a + v, 0);
  const box = maskBox(mask, W, H);
  if (!box || area < W * H * 0.002 || Math.min(box.x1 - box.x0, box.y1 - box.y0) < 3) throw notFound('the object is missing or too small');
  return { image, mask, maskWidth: W, maskHeight: H, method };
}
