/**
 * Decoding of uploaded pictures under the one policy of domain/image-policy.ts: the declared pixel size
 * is read from the header and checked before any pixel is decoded (a 38-byte WebP may declare
 * 16383 × 16383), and every decode passes the same limit to libvips.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, imageSizeProblem } from '../domain/image-policy.ts';
import type { RasterImage } from '../geometry/mesh.ts';
import { rasterFromSharp } from '../geometry/texture.ts';

export type ImageProblem = { ok: true } | { ok: false; reason: string };

/** Header check, then a decode to a tiny thumbnail (catches truncated and corrupt pictures cheaply). */
export async function checkUploadedImage(bytes: Uint8Array): Promise<ImageProblem> {
  let width: number | undefined;
  let height: number | undefined;
  // Header only (no pixels decoded), so the limit is not applied here: the size is checked next, with
  // a message that names it.
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    return { ok: false, reason: 'could not be decoded as an image' };
  }
  const sizeProblem = imageSizeProblem(width ?? 0, height ?? 0);
  if (sizeProblem) return { ok: false, reason: sizeProblem };
  try {
    const { info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(8, 8, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return info.width > 0 && info.height > 0 ? { ok: true } : { ok: false, reason: 'could not be decoded as an image' };
  } catch {
    return { ok: false, reason: 'could not be decoded as an image' };
  }
}

/**
 * An uploaded picture as RGBA-or-fewer pixels, no larger than `maxSide` on its long side (orientation
 * applied). Throws when the picture is over the pixel limit or does not decode.
 */
export async function decodeUploadedImage(bytes: Uint8Array, maxSide: number): Promise<RasterImage> {
  const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
  const problem = imageSizeProblem(width ?? 0, height ?? 0);
  if (problem) throw new Error(`The picture ${problem}.`);
  return rasterFromSharp(
    sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }),
  );
}
