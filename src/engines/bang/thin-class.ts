/**
 * Two thickness classes per mesh (Otsu's threshold on the area-weighted log-thickness): the thin class
 * (fins, legs, wings) and the thick class (the body they hang from). Merging segments is delayed by how
 * differently they are made of the two classes, not by thickness as such: a leg that tapers or a head
 * thicker than its neck stays within one class, so only the thin-on-thick attachment counts.
 *
 * Only meshes whose thickness is clearly bimodal get the field (a fish with fins: the class gap is ~5
 * within-class spreads); on a unimodal one (a bust, a cup) any threshold would be arbitrary.
 */
import type { SurfaceGraph } from './surface-graph.ts';

/**
 * Per face: 0 at or above the thick class's mean log-thickness, rising linearly to `span` at the thin
 * class's mean (or `maxGap` below the thick mean) and flat beyond. `span` is the class gap (at most
 * `maxGap`) less `gapMargin`, times the clarity: the gap in within-class spreads less `bimodalFloor`,
 * clamped to 0…1 — all zero on a mesh that is not clearly bimodal.
 */
export function thinClassField(
  graph: SurfaceGraph,
  logThickness: Float64Array,
  bimodalFloor = 0,
  gapMargin = 0,
  maxGap = 2,
  minShare = 0.05,
): Float64Array {
  const n = graph.faceCount;
  const field = new Float64Array(n);
  const order = Array.from({ length: n }, (_, f) => f).sort((a, b) => logThickness[a] - logThickness[b]);
  let total = 0,
    sum = 0,
    sumSquares = 0;
  for (const f of order) {
    total += graph.area[f];
    sum += graph.area[f] * logThickness[f];
    sumSquares += graph.area[f] * logThickness[f] ** 2;
  }
  if (!(total > 0)) return field;
  // Otsu: the split of the sorted values that maximises the between-class variance.
  let below = 0,
    belowSum = 0,
    best = -1,
    cut = -1,
    gap = 0;
  for (let i = 0; i < n - 1; i++) {
    const f = order[i];
    below += graph.area[f];
    belowSum += graph.area[f] * logThickness[f];
    const above = total - below;
    // Each class must be a real share of the surface: a handful of degenerate faces (a knife-edge rim)
    // would otherwise make a class of their own, far from the rest.
    if (below < minShare * total || above < minShare * total || logThickness[order[i + 1]] === logThickness[f])
      continue;
    const thinMean = belowSum / below,
      thickMean = (sum - belowSum) / above;
    const between = below * above * (thickMean - thinMean) ** 2;
    if (between > best) {
      best = between;
      cut = i;
      gap = thickMean - thinMean;
    }
  }
  if (cut < 0) return field;
  // How clearly bimodal the thickness is: the class gap over the pooled within-class spread.
  const within = Math.sqrt(Math.max(1e-12, sumSquares / total - (sum / total) ** 2 - best / total ** 2));
  const clarity = Math.min(1, Math.max(0, gap / within - bimodalFloor));
  if (clarity === 0) return field;
  let thinSum = 0,
    thinArea = 0;
  for (let i = 0; i <= cut; i++) {
    thinSum += graph.area[order[i]] * logThickness[order[i]];
    thinArea += graph.area[order[i]];
  }
  const thickMean = (sum - thinSum) / (total - thinArea);
  const span = Math.max(0, Math.min(gap, maxGap) - gapMargin) * clarity;
  if (span === 0) return field;
  // Linear between the two class means, flat beyond them: a face near the threshold (a neck between
  // a thin leg and the body) is half in each class rather than thrown into one by a hard cut.
  const scale = span / Math.min(gap, maxGap);
  for (let f = 0; f < n; f++) field[f] = Math.min(span, Math.max(0, (thickMean - logThickness[f]) * scale));
  return field;
}
