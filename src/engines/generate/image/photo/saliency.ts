/**
 * Where the object probably is, before any colour model exists: a picture's border is mostly
 * background, so a pixel is salient when its colour differs from every side's colours (the side
 * least like it are ignored, since other things may reach into the picture from an edge) and when every path to the border
 * must climb a colour barrier (minimum-barrier distance, raster-scan approximation); a centre prior
 * favours what the photographer framed. Returns values in 0–1 per pixel.
 */
import type { Random } from './random.ts';

export interface SaliencyOptions {
  /** Border ring width as a share of the shorter side (default 0.05). */
  ring?: number;
  /** Colour clusters per side (default 4). */
  clustersPerSide?: number;
}

function sideCentres(lab: Float32Array, pixels: number[], k: number, random: Random): number[][] {
  const centres: number[][] = [];
  for (let c = 0; c < k; c++) {
    const p = pixels[Math.floor(random() * pixels.length)];
    centres.push([lab[p * 3], lab[p * 3 + 1], lab[p * 3 + 2]]);
  }
  for (let round = 0; round < 6; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const p of pixels) {
      let best = 0,
        bestD = Infinity;
      for (let c = 0; c < k; c++) {
        const d =
          (lab[p * 3] - centres[c][0]) ** 2 +
          (lab[p * 3 + 1] - centres[c][1]) ** 2 +
          (lab[p * 3 + 2] - centres[c][2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      const s = sums[best];
      s[0] += lab[p * 3];
      s[1] += lab[p * 3 + 1];
      s[2] += lab[p * 3 + 2];
      s[3]++;
    }
    sums.forEach((s, c) => {
      if (s[3] > pixels.length * 0.03) centres[c] = [s[0] / s[3], s[1] / s[3], s[2] / s[3]];
    });
  }
  return centres;
}

/** Colour contrast to the border: mean over the two most similar sides of the distance to that side's nearest cluster. */
export function borderContrast(
  lab: Float32Array,
  width: number,
  height: number,
  random: Random,
  options: SaliencyOptions = {},
): Float32Array {
  const ring = Math.max(2, Math.round(Math.min(width, height) * (options.ring ?? 0.05)));
  const sides: number[][] = [[], [], [], []];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (y < ring) sides[0].push(p);
      if (y >= height - ring) sides[1].push(p);
      if (x < ring) sides[2].push(p);
      if (x >= width - ring) sides[3].push(p);
    }
  const centres = sides.map((pixels) => sideCentres(lab, pixels, options.clustersPerSide ?? 4, random));
  const out = new Float32Array(width * height);
  const d = [0, 0, 0, 0];
  for (let p = 0; p < width * height; p++) {
    for (let s = 0; s < 4; s++) {
      let best = Infinity;
      for (const c of centres[s]) {
        const v = Math.sqrt((lab[p * 3] - c[0]) ** 2 + (lab[p * 3 + 1] - c[1]) ** 2 + (lab[p * 3 + 2] - c[2]) ** 2);
        if (v < best) best = v;
      }
      d[s] = best;
    }
    d.sort((a, b) => a - b);
    out[p] = (d[0] + d[1]) / 2;
  }
  return out;
}

/** Minimum-barrier distance from the border over one channel per pass (L, a, b summed), by raster scans. */
export function barrierDistance(lab: Float32Array, width: number, height: number, passes = 3): Float32Array {
  const n = width * height;
  const total = new Float32Array(n);
  for (let channel = 0; channel < 3; channel++) {
    const value = new Float32Array(n);
    for (let p = 0; p < n; p++) value[p] = lab[p * 3 + channel];
    const dist = new Float32Array(n).fill(Infinity);
    const hi = new Float32Array(n),
      lo = new Float32Array(n);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        hi[p] = lo[p] = value[p];
        if (x === 0 || y === 0 || x === width - 1 || y === height - 1) dist[p] = 0;
      }
    const relax = (p: number, q: number) => {
      const h = Math.max(hi[q], value[p]),
        l = Math.min(lo[q], value[p]);
      if (h - l < dist[p]) {
        dist[p] = h - l;
        hi[p] = h;
        lo[p] = l;
      }
    };
    for (let pass = 0; pass < passes; pass++) {
      for (let y = 1; y < height - 1; y++)
        for (let x = 1; x < width - 1; x++) {
          const p = y * width + x;
          relax(p, p - 1);
          relax(p, p - width);
        }
      for (let y = height - 2; y > 0; y--)
        for (let x = width - 2; x > 0; x--) {
          const p = y * width + x;
          relax(p, p + 1);
          relax(p, p + width);
        }
    }
    for (let p = 0; p < n; p++) total[p] += dist[p];
  }
  return total;
}

function normalise(field: Float32Array): Float32Array {
  let max = 0;
  for (const v of field) if (v > max) max = v;
  const out = new Float32Array(field.length);
  if (max > 0) for (let i = 0; i < field.length; i++) out[i] = field[i] / max;
  return out;
}

export function saliency(
  lab: Float32Array,
  width: number,
  height: number,
  random: Random,
  options: SaliencyOptions = {},
): Float32Array {
  const contrast = normalise(borderContrast(lab, width, height, random, options));
  const barrier = normalise(barrierDistance(lab, width, height));
  const out = new Float32Array(width * height);
  const sx = width * 0.3,
    sy = height * 0.3;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const centre = Math.exp(-(((x - width / 2) / sx) ** 2 + ((y - height / 2) / sy) ** 2) / 2);
      out[p] = (0.55 * contrast[p] + 0.45 * barrier[p]) * (0.25 + 0.75 * centre);
    }
  return normalise(out);
}

/** Otsu's threshold of a 0–1 field (64 bins). */
export function otsu(field: Float32Array): number {
  const bins = new Float64Array(64);
  for (const v of field) bins[Math.min(63, Math.floor(v * 64))]++;
  const total = field.length;
  let sumAll = 0;
  for (let i = 0; i < 64; i++) sumAll += i * bins[i];
  let wB = 0,
    sumB = 0,
    best = 0,
    threshold = 32;
  for (let i = 0; i < 64; i++) {
    wB += bins[i];
    if (wB === 0 || wB === total) continue;
    sumB += i * bins[i];
    const mB = sumB / wB,
      mF = (sumAll - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = i + 1;
    }
  }
  return threshold / 64;
}
