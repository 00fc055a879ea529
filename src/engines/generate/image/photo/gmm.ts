/**
 * Gaussian mixture colour model (full 3×3 covariance) as GrabCut uses one per side: initialised by
 * k-means++ from a seeded random source, then refitted from hard assignments each round.
 */
import type { Palette } from './palette.ts';
import type { Random } from './random.ts';

export interface Gmm {
  weights: Float64Array;
  means: Float64Array;
  /** Inverse covariances, 9 per component. */
  inverses: Float64Array;
  /** log(weight) − ½·log(det Σ) per component. */
  logNorms: Float64Array;
}

/** The nearest of `k` centres (3 per centre in `means`) to a colour; the first of equals. */
function nearestCentre(means: Float64Array, k: number, r: number, g: number, b: number): number {
  let best = 0,
    bestD = Infinity;
  for (let c = 0; c < k; c++) {
    const d = (r - means[c * 3]) ** 2 + (g - means[c * 3 + 1]) ** 2 + (b - means[c * 3 + 2]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/**
 * `colours`: 3 values per sample; `indices`: which samples to use. With the picture's `palette`
 * (palette.ts) each distinct colour's nearest centre is found once per k-means round.
 */
function kmeansPlusPlus(
  colours: Float32Array,
  indices: Int32Array,
  k: number,
  random: Random,
  palette?: Palette,
): Int32Array {
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
  // Flat typed arrays rather than one small array per centre: this loop runs n × k × 6 times per start.
  const k2 = centres.length;
  const means = new Float64Array(k2 * 3);
  for (let c = 0; c < k2; c++) {
    means[c * 3] = colours[centres[c] * 3];
    means[c * 3 + 1] = colours[centres[c] * 3 + 1];
    means[c * 3 + 2] = colours[centres[c] * 3 + 2];
  }
  const sums = new Float64Array(k2 * 4);
  const nearest = palette && new Int32Array(palette.size);
  const roundOf = palette && new Int32Array(palette.size).fill(-1);
  for (let round = 0; round < 6; round++) {
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      const s = indices[i] * 3;
      const r = colours[s],
        g = colours[s + 1],
        b = colours[s + 2];
      let best: number;
      if (palette && nearest && roundOf) {
        const e = palette.index[indices[i]];
        if (roundOf[e] !== round) {
          nearest[e] = nearestCentre(means, k2, r, g, b);
          roundOf[e] = round;
        }
        best = nearest[e];
      } else best = nearestCentre(means, k2, r, g, b);
      assign[i] = best;
      sums[best * 4] += r;
      sums[best * 4 + 1] += g;
      sums[best * 4 + 2] += b;
      sums[best * 4 + 3]++;
    }
    for (let c = 0; c < k2; c++) {
      const count = sums[c * 4 + 3];
      if (!count) continue;
      means[c * 3] = sums[c * 4] / count;
      means[c * 3 + 1] = sums[c * 4 + 1] / count;
      means[c * 3 + 2] = sums[c * 4 + 2] / count;
    }
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

/** Likelihood cap: −log p never exceeds this, so one odd pixel cannot dominate the cut. */
export const MAX_COST = 40;

/**
 * Writes the log-likelihood of each used component (those with a weight, in component order) into
 * `logs` and returns how many there are. `logs` must hold `gmm.weights.length` values.
 */
export function componentLogs(gmm: Gmm, r: number, g: number, b: number, logs: Float64Array): number {
  let count = 0;
  for (let c = 0; c < gmm.weights.length; c++) {
    if (gmm.logNorms[c] === -Infinity) continue;
    logs[count++] = componentLog(gmm, c, r, g, b);
  }
  return count;
}

/** The largest of `count` component logs (−∞ when there are none). */
export function largestLog(logs: Float64Array, count: number): number {
  let best = -Infinity;
  for (let j = 0; j < count; j++) if (logs[j] > best) best = logs[j];
  return best;
}

/**
 * −log p from the component logs `componentLogs` wrote, `best` being their largest: the log-sum-exp
 * around the largest, capped. It lies within log(count) below −best, which lets a caller that only
 * wants the smaller of several costs skip the exponentials of one that cannot win (shadow.ts).
 */
export function negLogLikelihoodOf(logs: Float64Array, count: number, best: number): number {
  if (best === -Infinity) return MAX_COST;
  let sum = 0;
  for (let j = 0; j < count; j++) sum += Math.exp(logs[j] - best);
  return Math.min(MAX_COST, -(best + Math.log(sum)));
}

/** Scratch for negLogLikelihood: one call at a time on a thread, so one buffer serves every model. */
let scratch = new Float64Array(8);

/** −log p(colour) up to a constant shared by both sides, capped so one odd pixel cannot dominate. */
export function negLogLikelihood(gmm: Gmm, r: number, g: number, b: number): number {
  if (scratch.length < gmm.weights.length) scratch = new Float64Array(gmm.weights.length);
  const count = componentLogs(gmm, r, g, b, scratch);
  return negLogLikelihoodOf(scratch, count, largestLog(scratch, count));
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

/** A first model of the samples: k-means++ clusters, one Gaussian each (`palette`: as kmeansPlusPlus). */
export function initGmm(colours: Float32Array, indices: Int32Array, k: number, random: Random, palette?: Palette): Gmm {
  const kk = Math.max(1, Math.min(k, indices.length));
  return fitGmm(colours, indices, kmeansPlusPlus(colours, indices, kk, random, palette), kk);
}

/**
 * Refits from the current model's hard assignments (GrabCut's step 1–2). With the picture's `palette`
 * (palette.ts) each distinct colour's likeliest component is found once.
 */
export function refitGmm(gmm: Gmm, colours: Float32Array, indices: Int32Array, palette?: Palette): Gmm {
  const assign = new Int32Array(indices.length);
  if (palette) {
    const likeliest = new Int32Array(palette.size).fill(-1);
    const c = palette.colours;
    for (let i = 0; i < indices.length; i++) {
      const e = palette.index[indices[i]];
      if (likeliest[e] < 0) likeliest[e] = likeliestComponent(gmm, c[e * 3], c[e * 3 + 1], c[e * 3 + 2]);
      assign[i] = likeliest[e];
    }
  } else {
    for (let i = 0; i < indices.length; i++) {
      const s = indices[i] * 3;
      assign[i] = likeliestComponent(gmm, colours[s], colours[s + 1], colours[s + 2]);
    }
  }
  return fitGmm(colours, indices, assign, gmm.weights.length);
}
