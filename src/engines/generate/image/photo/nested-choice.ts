/**
 * Between a candidate and a smaller one inside it. In a textured background (grass, gravel) or beside
 * a pale thing of the photograph's own (a helmet's rim), a start can take the object together with a
 * patch of what surrounds it, and the ranking (choice.ts) scores that about as well as the object
 * alone: the patch's outline runs along the texture's own edges. So when a candidate ranked nearly as
 * high lies inside the first one, the region between them is compared with the inner candidate's
 * inside and with the first one's surroundings, by colour and by how textured it is; when the
 * surroundings explain it clearly better, it is background and the inner candidate is the object.
 */
import { boxMean } from './colour.ts';

export interface NestedChoiceOptions {
  /** Largest rank-score gap below the first candidate for an inner one to be weighed (default 0.1). */
  maxRankGap?: number;
  /** Smallest area of the inner candidate, as a share of the first's (default 0.4): not a fragment. */
  minAreaShare?: number;
  /** How much better (mean negative log-likelihood per pixel) the surroundings must explain the region between (default 3). */
  margin?: number;
  /** Width of the ring of surroundings around the first candidate, in pixels (default 10). */
  ringWidth?: number;
}

/** Most of the inner candidate must lie inside the first (share of its area that may stick out). */
const OUTSIDE_SHARE = 0.1;
/** Above this share of the first's area, the two are the same mask for this purpose. */
const SAME_AREA = 0.95;
/** The region between must be at least this share of the first's area to say anything. */
const MIN_REGION_SHARE = 0.05;
/** Half-size of the window for the local lightness spread (texture). */
const TEXTURE_RADIUS = 2;
/** Added to every spread in the Gaussian fits, so a flat region does not make any difference look infinitely unlikely. */
const SPREAD_FLOOR = 2;
/** Pixels kept clear of a boundary on either side, where colours mix. */
const CLEAR = 2;
const MIN_SAMPLE = 20;

/** One pass of 4-neighbour erosion or dilation; the picture's outside counts as background. */
function step(mask: Uint8Array, width: number, height: number, erode: boolean): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const left = x > 0 && mask[p - 1] === 1,
        right = x < width - 1 && mask[p + 1] === 1;
      const up = y > 0 && mask[p - width] === 1,
        down = y < height - 1 && mask[p + width] === 1;
      const set = erode ? mask[p] === 1 && left && right && up && down : mask[p] === 1 || left || right || up || down;
      out[p] = set ? 1 : 0;
    }
  return out;
}

function morph(mask: Uint8Array, width: number, height: number, erode: boolean, times: number): Uint8Array {
  let out = mask;
  for (let i = 0; i < times; i++) out = step(out, width, height, erode);
  return out;
}

const areaOf = (mask: Uint8Array) => mask.reduce((a, v) => a + v, 0);

/** Per pixel: L*, a*, b* and the spread of L* in a small window around it. */
export function textureFeatures(lab: Float32Array, width: number, height: number): Float32Array[] {
  const channel = (c: number) => Float32Array.from({ length: width * height }, (_, p) => lab[p * 3 + c]);
  const lightness = channel(0);
  const mean = boxMean(lightness, width, height, TEXTURE_RADIUS);
  const meanSquare = boxMean(
    Float64Array.from(lightness, (L) => L * L),
    width,
    height,
    TEXTURE_RADIUS,
  );
  const spread = Float32Array.from(mean, (m, p) => Math.sqrt(Math.max(0, meanSquare[p] - m * m)));
  return [lightness, channel(1), channel(2), spread];
}

/** Mean negative log-likelihood of the `region` pixels under a per-feature Gaussian fitted to the `reference` pixels. */
function meanCost(features: Float32Array[], region: Uint8Array, reference: Uint8Array): number {
  let total = 0;
  const n = areaOf(region);
  for (const f of features) {
    let s = 0,
      s2 = 0,
      m = 0;
    for (let p = 0; p < f.length; p++)
      if (reference[p]) {
        s += f[p];
        s2 += f[p] * f[p];
        m++;
      }
    const mean = s / m,
      sd = Math.sqrt(Math.max(0, s2 / m - mean * mean)) + SPREAD_FLOOR;
    let cost = 0;
    for (let p = 0; p < f.length; p++) if (region[p]) cost += ((f[p] - mean) / sd) ** 2 / 2;
    total += cost / n + Math.log(sd);
  }
  return total;
}

/** The ring of `outer`'s surroundings: clear of its boundary, `ringWidth` pixels out at most. */
export function surroundingsOf(
  outer: Uint8Array,
  width: number,
  height: number,
  options: NestedChoiceOptions = {},
): Uint8Array {
  const near = morph(outer, width, height, false, CLEAR);
  const far = morph(near, width, height, false, (options.ringWidth ?? 10) - CLEAR);
  return Uint8Array.from(far, (v, p) => (v && !near[p] ? 1 : 0));
}

/**
 * True when the part of `outer` that `inner` leaves out looks like `outer`'s surroundings rather than
 * like `inner`'s inside. `features` from textureFeatures; `ring` from surroundingsOf (the same for every
 * inner candidate of one outer, so a caller weighing several passes it in).
 */
export function differenceIsBackground(
  outer: Uint8Array,
  inner: Uint8Array,
  features: Float32Array[],
  width: number,
  height: number,
  options: NestedChoiceOptions = {},
  ring = surroundingsOf(outer, width, height, options),
): boolean {
  const outerArea = areaOf(outer),
    innerArea = areaOf(inner);
  if (innerArea < (options.minAreaShare ?? 0.4) * outerArea || innerArea > SAME_AREA * outerArea) return false;
  let sticksOut = 0;
  for (let p = 0; p < inner.length; p++) if (inner[p] && !outer[p]) sticksOut++;
  if (sticksOut > OUTSIDE_SHARE * innerArea) return false;
  // Opened, so slivers along the two boundaries do not count as a region.
  const between = morph(
    morph(
      Uint8Array.from(outer, (v, p) => (v && !inner[p] ? 1 : 0)),
      width,
      height,
      true,
      1,
    ),
    width,
    height,
    false,
    1,
  );
  if (areaOf(between) < MIN_REGION_SHARE * outerArea) return false;
  let core = morph(inner, width, height, true, CLEAR);
  if (areaOf(core) < MIN_SAMPLE) core = inner;
  if (areaOf(ring) < MIN_SAMPLE) return false;
  return meanCost(features, between, ring) + (options.margin ?? 3) < meanCost(features, between, core);
}

/**
 * `ranked`: candidates with their rank scores, best first. Returns the first, or the best-ranked
 * candidate within reach whose difference from the first is background (differenceIsBackground).
 */
export function preferInnerCandidate<T extends { mask: Uint8Array }>(
  ranked: { candidate: T; rank: number }[],
  lab: Float32Array,
  width: number,
  height: number,
  options: NestedChoiceOptions = {},
): T {
  const [first, ...rest] = ranked;
  const within = rest.filter((r) => first.rank - r.rank <= (options.maxRankGap ?? 0.1));
  if (!within.length) return first.candidate;
  const features = textureFeatures(lab, width, height);
  const ring = surroundingsOf(first.candidate.mask, width, height, options);
  const inner = within.find((r) =>
    differenceIsBackground(first.candidate.mask, r.candidate.mask, features, width, height, options, ring),
  );
  return (inner ?? first).candidate;
}
