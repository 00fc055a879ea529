/**
 * The one pixel limit for uploaded pictures (generation images, Bang's reference image). The submission
 * check, the image engine's foreground step and Bang's reference decode all use it, so a picture that
 * passes at submission (and is charged) also decodes in the worker. 64 MP is about 8000 × 8000: more
 * than any camera photo a user would send, and at most 256 MB once decoded to RGBA.
 */
export const MAX_IMAGE_PIXELS = 64_000_000;

/** Longest side Bang's reference picture is decoded at (the projected texture is at most 4K anyway). */
export const MAX_REFERENCE_IMAGE_SIDE = 4096;

/** Why a picture of this declared size is refused, or null when it is within the limit. */
export function imageSizeProblem(width: number, height: number): string | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    return 'declares no valid pixel size';
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    return `is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(0)} MP); the limit is ${MAX_IMAGE_PIXELS / 1e6} MP, so scale it down (e.g. to 4096 px on the long side)`;
  }
  return null;
}
