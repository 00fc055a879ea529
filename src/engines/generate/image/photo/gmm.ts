/**
 * Gaussian mixture colour model (full 3×3 covariance) as GrabCut uses one per side: initialised by
 * k-means++ from a seeded random source, then refitted from hard assignments each round.
 */
import type { Random } from './random.ts';

export interface Gmm {
  weights: Float64Array;
  means: Float64Array;
  /** Inverse covariances, 9 per component. */
  inverses: Float64Array;
  /** log(weight) − ½·log(det Σ) per component. */
  logNorms: Float64Array;
}

/** `colours`: 3 values per sample; `indices`: which samples to use. */
function kmeansPlusPlus(colours: Float32Array, indices: Int32Array, k: number, random: Random): Int32Array {
  const n = indices.length;
  const centres: number[] = [];
  const d2 = new Float64Array(n).fill(Infinity);
  centres.push(indices[Math.floor(random() * n)]);
  while (centres.length < k) {
    const c = centres[centres.length - 1] * 3;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const s = indices[i] * 3;
      const d =
        (colours[s] - colours[c]) ** 2 +
        (colours[s + 1] - colours[c + 1]) ** 2 +
        (colours[s + 2] - colours[c + 2]) ** 2;
      if (d < d2[i]) d2[i] = d;
      total += d2[i];
    }
    if (total <= 0) break;
    let pick = random() * total;
    let chosen = n - 1;
    for (let i = 0; i < n; i++) {
      pick -= d2[i];
      if (pick <= 0) {
        chosen = i;
        break;
      }
    }
    centres.push(indices[chosen]);
  }
  const assign = new Int32Array(n);
  const means = centres.map((c) => [colours[c * 3], colours[c * 3 + 1], colours[c * 3 + 2]]);
  for (let round = 0; round < 6; round++) {
    const sums = means.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      const s = indices[i] * 3;
      let best = 0,
        bestD = Infinity;
      for (let c = 0; c < means.length; c++) {
        const d =
          (colours[s] - means[c][0]) ** 2 + (colours[s + 1] - means[c][1]) ** 2 + (colours[s + 2] - means[c][2]) ** 2;
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      assign[i] = best;
      const t = sums[best];
      t[0] += colours[s];
      t[1] += colours[s + 1];
      t[2] += colours[s + 2];
      t[3]++;
    }
    sums.forEach((t, c) => {
      if (t[3]) means[c] = [t[0] / t[3], t[1] / t[3], t[2] / t[3]];
    });
  }
  return assign;
}

/** Fits one component per label in `assign` (labels 0..k−1); empty components get no weight. */
export function fitGmm(colours: Float32Array, indices: Int32Array, assign: Int32Array, k: number): Gmm {
  const stats = new Float64Array(k * 10);
  for (let i = 0; i < indices.length; i++) {
    const s = indices[i] * 3,
      o = assign[i] * 10;
    const r = colours[s],
      g = colours[s + 1],
      b = colours[s + 2];
    stats[o] += 1;
    stats[o + 1] += r;
    stats[o + 2] += g;
    stats[o + 3] += b;
    stats[o + 4] += r * r;
    stats[o + 5] += r * g;
    stats[o + 6] += r * b;
    stats[o + 7] += g * g;
    stats[o + 8] += g * b;
    stats[o + 9] += b * b;
  }
  const gmm: Gmm = {
    weights: new Float64Array(k),
    means: new Float64Array(k * 3),
    inverses: new Float64Array(k * 9),
    logNorms: new Float64Array(k).fill(-Infinity),
  };
  for (let c = 0; c < k; c++) {
    const o = c * 10,
      n = stats[o];
    if (n < 1) continue;
    const mr = stats[o + 1] / n,
      mg = stats[o + 2] / n,
      mb = stats[o + 3] / n;
    // Regularised so a flat region (one colour) still has a usable covariance.
    const reg = 4;
    const a = stats[o + 4] / n - mr * mr + reg,
      bb = stats[o + 5] / n - mr * mg,
      cc = stats[o + 6] / n - mr * mb;
    const d = stats[o + 7] / n - mg * mg + reg,
      e = stats[o + 8] / n - mg * mb,
      f = stats[o + 9] / n - mb * mb + reg;
    const det = a * (d * f - e * e) - bb * (bb * f - e * cc) + cc * (bb * e - d * cc);
    if (!(det > 0)) continue;
    const inv = [
      (d * f - e * e) / det,
      (cc * e - bb * f) / det,
      (bb * e - cc * d) / det,
      (cc * e - bb * f) / det,
      (a * f - cc * cc) / det,
      (bb * cc - a * e) / det,
      (bb * e - cc * d) / det,
      (bb * cc - a * e) / det,
      (a * d - bb * bb) / det,
    ];
    gmm.weights[c] = n / indices.length;
    gmm.means.set([mr, mg, mb], c * 3);
    gmm.inverses.set(inv, c * 9);
    gmm.logNorms[c] = Math.log(gmm.weights[c]) - 0.5 * Math.log(det);
  }
  return gmm;
}

function componentLog(gmm: Gmm, c: number, r: number, g: number, b: number): number {
  const m = gmm.means,
    i = gmm.inverses,
    o = c * 9;
  const x = r - m[c * 3],
    y = g - m[c * 3 + 1],
    z = b - m[c * 3 + 2];
  const q =
    x * (i[o] * x + i[o + 1] * y + i[o + 2] * z) +
    y * (i[o + 3] * x + i[o + 4] * y + i[o + 5] * z) +
    z * (i[o + 6] * x + i[o + 7] * y + i[o + 8] * z);
  return gmm.logNorms[c] - 0.5 * q;
}

/** −log p(colour) up to a constant shared by both sides, capped so one odd pixel cannot dominate. */
export function negLogLikelihood(gmm: Gmm, r: number, g: number, b: number): number {
  let best = -Infinity;
  const logs: number[] = [];
  for (let c = 0; c < gmm.weights.length; c++) {
    if (gmm.logNorms[c] === -Infinity) continue;
    const l = componentLog(gmm, c, r, g, b);
    logs.push(l);
    if (l > best) best = l;
  }
  if (best === -Infinity) return 40;
  let sum = 0;
  for (const l of logs) sum += Math.exp(l - best);
  return Math.min(40, -(best + Math.log(sum)));
}

/** Index of the likeliest component for a colour. */
export function likeliestComponent(gmm: Gmm, r: number, g: number, b: number): number {
  let best = 0,
    bestL = -Infinity;
  for (let c = 0; c < gmm.weights.length; c++) {
    if (gmm.logNorms[c] === -Infinity) continue;
    const l = componentLog(gmm, c, r, g, b);
    if (l > bestL) {
      bestL = l;
      best = c;
    }
  }
  return best;
}

/** A first model of the samples: k-means++ clusters, one Gaussian each. */
export function initGmm(colours: Float32Array, indices: Int32Array, k: number, random: Random): Gmm {
  const kk = Math.max(1, Math.min(k, indices.length));
  return fitGmm(colours, indices, kmeansPlusPlus(colours, indices, kk, random), kk);
}

/** Refits from the current model's hard assignments (GrabCut's step 1–2). */
export function refitGmm(gmm: Gmm, colours: Float32Array, indices: Int32Array): Gmm {
  const assign = new Int32Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const s = indices[i] * 3;
    assign[i] = likeliestComponent(gmm, colours[s], colours[s + 1], colours[s + 2]);
  }
  return fitGmm(colours, indices, assign, gmm.weights.length);
}
