/**
 * Bottom-up part hierarchy of a surface: every face starts as its own segment and the adjacent pair
 * whose merge lowers the area-normalised cut the most is merged next, until each connected component
 * is one segment; components are then merged nearest-first (smallest first). Cutting costs little
 * along concave creases and a lot across flat or convex surface, so the last merges — the first
 * splits — fall on necks, joints and junctions (the minima rule). Segments of clearly different
 * thickness (a fin on a body, a finger on a palm) merge later than their crease alone would say, and on
 * meshes whose thickness falls in two clear classes (fins or legs on a body) a segment of the thin
 * class merges with one of the thick class later still, however smooth the attachment.
 */
import { MinHeap } from './heap.ts';
import type { MergeTree } from './merge-tree.ts';
import { Segments } from './segments.ts';
import type { SurfaceGraph } from './surface-graph.ts';
import { thinClassField } from './thin-class.ts';
import { logThickness } from './thickness.ts';

export { labelsAtCount, type MergeTree } from './merge-tree.ts';
export { creaseFactor } from './segments.ts';

export interface AgglomerateOptions {
  /** How strongly concave creases cheapen a cut: cost factor 1 / (1 + concavity · (1 − cos θ)). Default 24. */
  concavity?: number;
  /** The same for convex creases (humans rarely cut there). Default 0. */
  convexity?: number;
  /** Weight of the thickness difference between two segments in delaying their merge (0 = off). Default 0.3 (chosen by leave-one-category-out cross-validation on psb-dev). */
  thickness?: number;
  /**
   * Weight of the difference in thin-class share (thin-class.ts) in delaying a merge (0 = off).
   * Default 0.9; `bimodalFloor` and `thinGapMargin` were chosen by leave-one-category-out
   * cross-validation of the surface segmentation on psb-dev, this weight by that of the full pipeline
   * (bench/bang-psb-cv.ts; BENCHMARKS.md, issue #15).
   */
  thinClass?: number;
  /** The thin class counts on a mesh as far as its class gap exceeds this many within-class spreads (ramping over one more). Default 4. */
  bimodalFloor?: number;
  /** Part of the class gap (log-thickness) that does not count: ends merely thinner than the rest are not appendages. Default 0.6. */
  thinGapMargin?: number;
  /** Segments below this fraction of the surface weigh their thickness difference proportionally less. Default 0.02. */
  partFraction?: number;
  /**
   * A region per face from the input (e.g. node × material): links between regions are cut at
   * `regionFactor` of their cost, so parts the author made separate tend to become separate pieces.
   */
  regions?: ArrayLike<number>;
  /**
   * The graph's log-thickness field (thickness.ts logThickness) when the caller has it already: segmenting
   * one mesh under many weights (the psb benches) measures it once.
   */
  logThickness?: Float64Array;
  /**
   * The merge gain normalises each segment's cut by its area to this power: 1 is the classic
   * area-normalised cut, lower values weaken its preference for equal halves, so small protrusions
   * (fins, legs) are split off before a large body is sliced across its girth. Default 1.
   */
  areaExponent?: number;
  /** Cost factor for cutting between two regions. Default 0.1. */
  regionFactor?: number;
  /** Cost factor for cutting along a UV or normal seam of the input. Default 0.5. */
  seamFactor?: number;
  /** Above this many faces, mutual-best pairing rounds shrink the graph before the exact greedy. Default 60 000. */
  coarseAbove?: number;
}

/** The segmentation's defaults (each documented on AgglomerateOptions). */
export const AGGLOMERATE_DEFAULTS = {
  concavity: 24,
  convexity: 0,
  thickness: 0.3,
  partFraction: 0.02,
  thinClass: 0.9,
  bimodalFloor: 4,
  thinGapMargin: 0.6,
  areaExponent: 1,
  seamFactor: 0.5,
  regionFactor: 0.1,
  coarseAbove: 60_000,
} as const satisfies Omit<Required<AgglomerateOptions>, 'regions' | 'logThickness'>;

export function agglomerate(graph: SurfaceGraph, options: AgglomerateOptions = {}): MergeTree {
  const d = AGGLOMERATE_DEFAULTS;
  const weights = {
    concavity: options.concavity ?? d.concavity,
    convexity: options.convexity ?? d.convexity,
    thickness: options.thickness ?? d.thickness,
    partFraction: options.partFraction ?? d.partFraction,
    thinClass: options.thinClass ?? d.thinClass,
    bimodalFloor: options.bimodalFloor ?? d.bimodalFloor,
    thinGapMargin: options.thinGapMargin ?? d.thinGapMargin,
    seam: options.seamFactor ?? d.seamFactor,
    region: options.regionFactor ?? d.regionFactor,
    areaExponent: options.areaExponent ?? d.areaExponent,
  };
  const thickness =
    weights.thickness > 0 || weights.thinClass > 0 ? (options.logThickness ?? logThickness(graph)) : undefined;
  const segments = new Segments(graph, weights, {
    logThickness: weights.thickness > 0 ? thickness : undefined,
    thinClass:
      thickness && weights.thinClass > 0
        ? thinClassField(graph, thickness, weights.bimodalFloor, weights.thinGapMargin)
        : undefined,
    regions: options.regions,
  });
  coarsen(segments, options.coarseAbove ?? d.coarseAbove);
  mergeGreedily(segments);
  return segments.tree(foldComponents(segments));
}

/**
 * Large meshes: rounds of mutual-best pairing (each segment's best merge partner, taken when the
 * choice is mutual) — the same gain, without the heap — until at most `limit` segments are left.
 */
function coarsen(segments: Segments, limit: number): void {
  let aliveCount = segments.leafCount;
  if (aliveCount <= limit) return;
  const bestOf = new Int32Array(segments.alive.length);
  for (let round = 0; round < 8 && aliveCount > limit; round++) {
    const current = segments.liveIds();
    for (const a of current) {
      let best = -1,
        bestGain = -Infinity;
      for (const [g, w] of segments.neighbours[a]!) {
        const value = segments.gain(a, g, w);
        if (value > bestGain || (value === bestGain && g < best)) {
          bestGain = value;
          best = g;
        }
      }
      bestOf[a] = best;
    }
    let merged = 0;
    for (const a of current) {
      const b = bestOf[a];
      if (b > a && bestOf[b] === a && segments.alive[a] && segments.alive[b]) {
        segments.join(a, b);
        merged++;
      }
    }
    aliveCount -= merged;
    if (merged < 0.05 * current.length) break;
  }
}

/** The exact greedy: always merge the adjacent pair of highest gain, until no adjacent pair is left. */
function mergeGreedily(segments: Segments): void {
  const heap = new MinHeap();
  const pairA: number[] = [],
    pairB: number[] = [];
  const offer = (a: number, b: number, shared: number): void => {
    pairA.push(a);
    pairB.push(b);
    heap.push(-segments.gain(a, b, shared), pairA.length - 1);
  };
  for (const id of segments.liveIds()) {
    for (const [g, w] of segments.neighbours[id]!) if (id < g) offer(id, g, w);
  }
  while (heap.size > 0) {
    const pair = heap.pop();
    const a = pairA[pair],
      b = pairB[pair];
    if (!segments.alive[a] || !segments.alive[b]) continue;
    const id = segments.join(a, b);
    for (const [g, w] of segments.neighbours[id]!) offer(id, g, w);
  }
}

/** Separate components: fold the smallest into its nearest (by centroid) until one is left; returns the root. */
function foldComponents(segments: Segments): number {
  const roots = segments.liveIds();
  while (roots.length > 1) {
    roots.sort((x, y) => segments.area[x] - segments.area[y] || x - y);
    const small = roots.shift()!;
    const cs = segments.centroid(small);
    let best = 0,
      bestDistance = Infinity;
    for (let i = 0; i < roots.length; i++) {
      const c = segments.centroid(roots[i]);
      const d = Math.hypot(c[0] - cs[0], c[1] - cs[1], c[2] - cs[2]);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    roots[best] = segments.merge(roots[best], small);
  }
  return roots[0] ?? 0;
}
