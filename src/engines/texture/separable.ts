/**
 * Whether a segmented picture really shows an object on a background. A pattern or texture swatch (a
 * checkerboard, a fabric sample) can still yield a confident cut around part of the pattern; then the
 * colours inside the mask are the colours outside it. Compared as coarse colour histograms.
 */
import type { Foreground } from '../generate/image/foreground.ts';

/** Histogram intersection above which inside and outside count as the same material. Default 0.6. */
export const SAME_COLOURS_OVERLAP = 0.6;

const BINS_PER_CHANNEL = 4;

function binOf(data: Uint8Array, channels: number, pixel: number): number {
  const at = pixel * channels;
  const r = data[at],
    g = channels >= 3 ? data[at + 1] : r,
    b = channels >= 3 ? data[at + 2] : r;
  const q = (v: number) => Math.min(BINS_PER_CHANNEL - 1, Math.floor((v * BINS_PER_CHANNEL) / 256));
  return (q(r) * BINS_PER_CHANNEL + q(g)) * BINS_PER_CHANNEL + q(b);
}

/** Histogram intersection (0–1) of the colours under the mask and the colours outside it. */
export function insideOutsideOverlap(fg: Foreground): number {
  const { image, mask, maskWidth, maskHeight } = fg;
  const bins = BINS_PER_CHANNEL ** 3;
  const inside = new Float64Array(bins);
  const outside = new Float64Array(bins);
  let inCount = 0;
  let outCount = 0;
  for (let y = 0; y < maskHeight; y++) {
    const py = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / maskHeight));
    for (let x = 0; x < maskWidth; x++) {
      const px = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / maskWidth));
      const bin = binOf(image.data, image.channels, py * image.width + px);
      if (mask[y * maskWidth + x]) inside[bin]++, inCount++;
      else outside[bin]++, outCount++;
    }
  }
  if (inCount === 0 || outCount === 0) return 0;
  let overlap = 0;
  for (let b = 0; b < bins; b++) overlap += Math.min(inside[b] / inCount, outside[b] / outCount);
  return overlap;
}
