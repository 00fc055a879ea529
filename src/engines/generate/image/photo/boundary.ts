/**
 * How well a mask's boundary follows the picture's edges. A true object boundary runs along a colour
 * step all the way round; a mask that cuts through a uniform region (half of a pale object, a piece of
 * sky taken with it) has stretches of boundary where nothing in the picture changes.
 */
import { squaredStep } from './local-contrast.ts';

/** Colour step (L*a*b* units per pixel) below which a boundary pixel is on no edge: about twice a just-noticeable difference. */
const WEAK_STEP = 4;

/** Largest central-difference colour gradient in each pixel's 3×3 neighbourhood (tolerates a pixel of misplacement). */
export function edgeStrength(lab: Float32Array, width: number, height: number): Float32Array {
  const gradient = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      let g = 0;
      for (let c = 0; c < 3; c++)
        g +=
          (lab[(p + 1) * 3 + c] - lab[(p - 1) * 3 + c]) ** 2 +
          (lab[(p + width) * 3 + c] - lab[(p - width) * 3 + c]) ** 2;
      gradient[p] = Math.sqrt(g) / 2;
    }
  const out = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) m = Math.max(m, gradient[(y + dy) * width + x + dx]);
      out[y * width + x] = m;
    }
  return out;
}

/** Share of the mask's inner boundary pixels (away from the picture's border) that lie on no edge. */
export function weakBoundaryShare(mask: Uint8Array, strength: Float32Array, width: number, height: number): number {
  let boundary = 0,
    weak = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (!mask[p] || (mask[p + 1] && mask[p - 1] && mask[p + width] && mask[p - width])) continue;
      boundary++;
      if (strength[p] < WEAK_STEP) weak++;
    }
  return boundary ? weak / boundary : 1;
}

/** Visits every pair of 4-neighbours once (each pixel with its right and lower neighbour). */
function forEachNeighbourPair(width: number, height: number, visit: (p: number, q: number) => void): void {
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x + 1 < width) visit(p, p + 1);
      if (y + 1 < height) visit(p, p + width);
    }
}

/** The picture's mean colour step between 4-neighbours (plus 0.001, so it never divides by zero). */
export function meanStep(lab: Float32Array, width: number, height: number): number {
  let all = 0,
    count = 0;
  forEachNeighbourPair(width, height, (p, q) => {
    all += Math.sqrt(squaredStep(lab, p, q));
    count++;
  });
  return all / Math.max(1, count) + 1e-3;
}

/**
 * How strongly the picture changes across the mask's boundary: log of the mean colour step between
 * neighbours on either side of it over the picture's mean step (`meanStep`, the same for every mask of
 * one picture, so a caller scoring many masks passes it in). A mask that follows the object's outline
 * crosses the picture's steepest steps; one that stops inside the object or runs on into the background
 * crosses flatter ground. −7 (log 0.001) when the mask has no boundary.
 */
export function boundaryContrast(
  mask: Uint8Array,
  lab: Float32Array,
  width: number,
  height: number,
  mean = meanStep(lab, width, height),
): number {
  let across = 0,
    acrossCount = 0;
  forEachNeighbourPair(width, height, (p, q) => {
    if (mask[p] !== mask[q]) {
      across += Math.sqrt(squaredStep(lab, p, q));
      acrossCount++;
    }
  });
  return acrossCount ? Math.log(across / acrossCount / mean + 1e-3) : Math.log(1e-3);
}
