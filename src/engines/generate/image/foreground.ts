/**
 * Separates the object from the background of an input picture.
 *
 * A real alpha channel (some pixels transparent, some opaque) is used as is. A truly empty picture (flat
 * colour or noise) is refused. An object on a plain background is separated by its colour alone
 * (plain-background.ts). Any other picture is a photograph, segmented by the
 * classical photo path (photo/: saliency, GrabCut-style colour models and minimum cut, shadows to the
 * background, one object with its thin parts, edge-aware upscaling), which always finds an object and
 * says how far to trust it. The photograph's background pixels next to the object are then replaced
 * by object colours, so the texture never takes the background's.
 */
import sharp from 'sharp';
import { EngineError } from '../../engine.ts';
import { MAX_IMAGE_PIXELS } from '../../../domain/image-policy.ts';
import type { RasterImage } from '../../../geometry/mesh.ts';
import { fillHoles, keepMainComponents, maskBox } from './mask-ops.ts';
import { bleedObjectColours } from './photo/bleed.ts';
import { emptyPictureMessage, emptyPictureReason } from './photo/emptiness.ts';
import { segmentPhoto } from './photo/index.ts';
import { plainBackgroundMask } from './plain-background.ts';
import type { CpuSlots } from '../../cpu-slots.ts';

export interface Foreground {
  /** The picture, RGBA, at its own resolution. */
  image: RasterImage;
  /** Object mask at the working resolution (1 = object). */
  mask: Uint8Array;
  maskWidth: number;
  maskHeight: number;
  /** How the mask was found: a real alpha channel, a plain background (plain-background.ts) or the photo segmentation. */
  method: 'alpha' | 'plain-background' | 'segmentation';
  /** 0–1: how far the mask can be trusted (1 for a real alpha channel; absent when not measured). */
  confidence?: number;
}

export interface ForegroundOptions {
  /** Trust the alpha channel whenever the picture has one. */
  useOriginalAlpha?: boolean;
  /** Longest side of the working mask in pixels (default 320). */
  workingSize?: number;
  /** Full GrabCut rounds and every start for photographs (default true); false takes two rounds, no sharp-edged twin starts and a coarser cut grid (fast mode). */
  refine?: boolean;
  /** Seeds the photo segmentation's random source (default 0). */
  seed?: number;
  /**
   * For callers with a fallback of their own: a photograph whose mask confidence is below this is
   * refused (API_OBJECT_NOT_FOUND_ON_IMAGE) instead of segmented (default 0: always segmented).
   */
  minConfidence?: number;
  /** The engine run's shared core count: independent GrabCut starts use a second core while one is free. */
  cpu?: CpuSlots;
}

export async function decodePicture(bytes: Uint8Array): Promise<{ image: RasterImage; hasAlpha: boolean }> {
  let pipeline: sharp.Sharp;
  let hasAlpha: boolean;
  try {
    pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    hasAlpha = (await pipeline.metadata()).hasAlpha ?? false;
  } catch {
    throw new EngineError(
      'INVALID_REQUEST',
      'An uploaded image could not be decoded; send a PNG, JPEG or WebP picture.',
    );
  }
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    image: {
      width: info.width,
      height: info.height,
      channels: 4,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    },
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
  const { data } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width,
    height,
    channels: image.channels,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

function notFound(reason: string): EngineError {
  return new EngineError(
    'API_OBJECT_NOT_FOUND_ON_IMAGE',
    `No object could be separated from the background of an input image (${reason}). Send a picture of one object on a plain background, or a PNG with a transparent background.`,
  );
}

/**
 * Longest side of the grid fast mode cuts on (the photo segmentation's default is 192): the cuts and
 * everything around them scale with its area, and the edge-aware upscaling and the boundary cut at the
 * output resolution place the edge again.
 */
const FAST_CUT_SIZE = 128;

async function segmentedPhoto(
  small: RasterImage,
  options: ForegroundOptions,
): Promise<{ mask: Uint8Array; confidence: number }> {
  const fast = options.refine === false;
  const photo = await segmentPhoto(small, {
    workingSize: fast ? FAST_CUT_SIZE : undefined,
    seed: options.seed,
    rounds: fast ? 2 : 4,
    sharpTwins: !fast,
    cpu: options.cpu,
  });
  if (photo.confidence < (options.minConfidence ?? 0))
    throw notFound(`no background could be told apart from the object with confidence (${photo.confidence})`);
  return photo;
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
  let confidence = 1;
  if (hasAlpha && (options.useOriginalAlpha || alphaIsReal(image))) {
    method = 'alpha';
    mask = new Uint8Array(W * H);
    for (let p = 0; p < W * H; p++) mask[p] = small.data[p * 4 + 3] >= 128 ? 1 : 0;
    mask = fillHoles(keepMainComponents(mask, W, H, 0.05), W, H);
  } else {
    const empty = emptyPictureReason(small.data, W, H);
    if (empty) throw notFound(`the picture ${emptyPictureMessage(empty)}`);
    const plain = plainBackgroundMask(small);
    if (plain) {
      method = 'plain-background';
      mask = plain.mask;
      confidence = plain.confidence;
    } else {
      method = 'segmentation';
      ({ mask, confidence } = await segmentedPhoto(small, options));
    }
  }
  const area = mask.reduce((a, v) => a + v, 0);
  const box = maskBox(mask, W, H);
  if (!box || area < W * H * 0.002 || Math.min(box.x1 - box.x0, box.y1 - box.y0) < 3)
    throw notFound('the object is missing or too small');
  // Without an alpha channel the background's colour sits right beside the object in the picture.
  const picture = method === 'alpha' ? image : bleedObjectColours(image, mask, W, H);
  return { image: picture, mask, maskWidth: W, maskHeight: H, method, confidence };
}
