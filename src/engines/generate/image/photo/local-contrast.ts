/**
 * A contrast scale local to each part of the picture for GrabCut's smoothness term. GrabCut divides
 * each neighbour colour step by the picture's mean step, so one strongly contrasted thing (a dark coat
 * against a pale sky) makes every fainter step elsewhere look like no edge at all, and the boundary of
 * a pale object on a pale sky costs as much as cutting through the sky itself. Dividing by the mean
 * step around each pixel instead lets a step that stands out from its own surroundings count as an
 * edge. The local mean is held above a share of the picture's mean, so noise in a flat region never
 * turns into edges.
 */
import { neighbourOf } from './maxflow.ts';

export interface LocalContrastOptions {
  /** Half-size of the square window the mean step is taken over (pixels). */
  radius: number;
  /** The local mean step is held at or above this share of the picture's mean step (default 0.25). */
  floor?: number;
}

const squaredStep = (colours: Float32Array, p: number, q: number) =>
  (colours[p * 3] - colours[q * 3]) ** 2 + (colours[p * 3 + 1] - colours[q * 3 + 1]) ** 2 + (colours[p * 3 + 2] - colours[q * 3 + 2]) ** 2;

/** Per pixel β: the inverse of twice the mean squared colour step between neighbours in the window around it. */
export function localContrastBeta(colours: Float32Array, width: number, height: number, options: LocalContrastOptions): Float32Array {
  const n = width * height;
  // Each pixel's mean squared step to its right and lower neighbours.
  const step = new Float64Array(n);
  let total = 0, count = 0;
  for (let p = 0; p < n; p++) {
    let s = 0, c = 0;
    for (const k of [0, 2]) {
      const q = neighbourOf(width, height, p, k);
      if (q < 0) continue;
      s += squaredStep(colours, p, q); c++;
    }
    step[p] = c ? s / c : 0;
    total += s; count += c;
  }
  const globalMean = count ? total / count : 0;
  const floor = (options.floor ?? 0.25) * globalMean;
  // Box means by a summed-area table.
  const sat = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += step[y * width + x];
      sat[(y + 1) * (width + 1) + x + 1] = sat[y * (width + 1) + x + 1] + row;
    }
  }
  const r = options.radius;
  const beta = new Float32Array(n);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const x0 = Math.max(0, x - r), x1 = Math.min(width, x + r + 1), y0 = Math.max(0, y - r), y1 = Math.min(height, y + r + 1);
    const sum = sat[y1 * (width + 1) + x1] - sat[y0 * (width + 1) + x1] - sat[y1 * (width + 1) + x0] + sat[y0 * (width + 1) + x0];
    const mean = Math.max(floor, sum / ((x1 - x0) * (y1 - y0)));
    beta[y * width + x] = mean > 0 ? 1 / (2 * mean) : 0;
  }
  return beta;
}
