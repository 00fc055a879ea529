/**
 * The state of bottom-up segmentation: live segments with their area, boundary (cut) weight, centroid
 * and mean log-thickness, their weighted adjacency, and the merge record that becomes the MergeTree.
 */
import type { MergeTree } from './merge-tree.ts';
import type { SurfaceGraph } from './surface-graph.ts';

export interface SegmentWeights {
  /** Cost factor per crease: 1 / (1 + concavity · (1 − cos θ)) on concave creases. */
  concavity: number;
  /** The same for convex creases (humans rarely cut there). */
  convexity: number;
  /** How much a difference in mean log-thickness delays a merge (0 = ignored). */
  thickness: number;
  /** How much a difference in the share of the thin thickness class delays a merge (0 = ignored). */
  thinClass?: number;
  /** Segments below this fraction of the surface count their thickness difference proportionally less. */
  partFraction: number;
  /** Link weight factor across a seam of the input (UVs or normals split there). */
  seam: number;
  /** Link weight factor between faces of different regions (input nodes, materials). */
  region: number;
  /**
   * The cut is normalised by area to this power (1 = the classic area-normalised cut). Below 1 the
   * bias of the normalised cut towards equal halves weakens: a small protrusion with a short boundary
   * no longer merges into a large body before two halves of that body merge across its wide girth.
   */
  areaExponent?: number;
}

/** Per-face hints from the input: faces of different regions are cheap to cut apart. */
export interface SegmentHints {
  logThickness?: Float64Array;
  /** Per face: the thin-class field of thin-class.ts. */
  thinClass?: Float64Array;
  regions?: ArrayLike<number>;
}

export function creaseFactor(crease: number, concavity: number, convexity: number): number {
  return crease > 0 ? 1 / (1 + concavity * crease) : 1 / (1 - convexity * crease);
}

export class Segments {
  readonly leafCount: number;
  readonly area: Float64Array;
  readonly alive: Uint8Array;
  /** Adjacent segment → summed link weight, per live segment. */
  readonly neighbours: (Map<number, number> | undefined)[];
  /** Ids handed out so far (leaves included). */
  next: number;
  private readonly cut: Float64Array;
  /** Per id: area ** areaExponent, the cut's normaliser. */
  private readonly norm: Float64Array;
  private readonly areaExponent: number;
  /** Area-weighted sums of centroid xyz (3 per id) and of log-thickness. */
  private readonly moment: Float64Array;
  private readonly thick: Float64Array;
  private readonly thicknessWeight: number;
  private readonly thin: Float64Array;
  private readonly thinWeight: number;
  /** Area from which a segment's thickness counts fully (a fraction of the whole surface). */
  private readonly partArea: number;
  private readonly left: Int32Array;
  private readonly right: Int32Array;

  constructor(graph: SurfaceGraph, weights: SegmentWeights, hints: SegmentHints = {}) {
    const { logThickness, thinClass, regions } = hints;
    const n = graph.faceCount;
    const total = Math.max(1, 2 * n - 1);
    this.leafCount = n;
    this.next = n;
    this.area = new Float64Array(total);
    this.cut = new Float64Array(total);
    this.norm = new Float64Array(total);
    this.areaExponent = weights.areaExponent ?? 1;
    this.moment = new Float64Array(3 * total);
    this.thick = new Float64Array(total);
    this.thin = new Float64Array(thinClass ? total : 0);
    this.alive = new Uint8Array(total);
    this.neighbours = new Array(total);
    this.left = new Int32Array(Math.max(0, n - 1));
    this.right = new Int32Array(Math.max(0, n - 1));
    this.thicknessWeight = logThickness ? weights.thickness : 0;
    this.thinWeight = thinClass ? (weights.thinClass ?? 0) : 0;
    // Tiny faces would otherwise divide by zero; give each a floor of area.
    let meanArea = 0;
    for (let f = 0; f < n; f++) meanArea += graph.area[f];
    const floor = (meanArea / Math.max(1, n)) * 1e-6 + 1e-30;
    this.partArea = meanArea * weights.partFraction + 1e-30;
    for (let f = 0; f < n; f++) {
      const a = Math.max(graph.area[f], floor);
      this.area[f] = a;
      this.norm[f] = this.normOf(a);
      for (let k = 0; k < 3; k++) this.moment[3 * f + k] = graph.centroid[3 * f + k] * a;
      this.thick[f] = logThickness ? logThickness[f] * a : 0;
      if (thinClass) this.thin[f] = thinClass[f] * a;
      this.alive[f] = 1;
      const map = new Map<number, number>();
      for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
        const g = graph.adjFace[s];
        let w = graph.adjLength[s] * creaseFactor(graph.adjCrease[s], weights.concavity, weights.convexity);
        if (graph.adjSeam[s]) w *= weights.seam;
        if (regions && regions[f] !== regions[g]) w *= weights.region;
        w += 1e-12;
        map.set(g, (map.get(g) ?? 0) + w);
        this.cut[f] += w;
      }
      this.neighbours[f] = map;
    }
  }

  /**
   * How much merging a and b (sharing link weight `shared`) lowers the area-normalised cut, lowered
   * further in proportion to how different their mean thickness is.
   */
  gain(a: number, b: number, shared: number): number {
    const { cut, area, norm } = this;
    const value = cut[a] / norm[a] + cut[b] / norm[b] - (cut[a] + cut[b] - 2 * shared) / this.normOf(area[a] + area[b]);
    if (this.thicknessWeight === 0 && this.thinWeight === 0) return value;
    // Only between segments big enough for their mean thickness to mean something: noise on a few
    // faces must not keep them apart.
    const significance = Math.min(1, Math.min(area[a], area[b]) / this.partArea);
    let penalty = this.thicknessWeight * Math.abs(this.thick[a] / area[a] - this.thick[b] / area[b]);
    if (this.thinWeight > 0) penalty += this.thinWeight * Math.abs(this.thin[a] / area[a] - this.thin[b] / area[b]);
    return value - penalty * significance * Math.abs(value);
  }

  private normOf(area: number): number {
    return this.areaExponent === 1 ? area : area ** this.areaExponent;
  }

  centroid(id: number): [number, number, number] {
    const a = this.area[id],
      m = this.moment;
    return [m[3 * id] / a, m[3 * id + 1] / a, m[3 * id + 2] / a];
  }

  /** Records a merge of a and b (adjacent or not) and returns the new segment's id. */
  merge(a: number, b: number): number {
    const id = this.next++;
    this.left[id - this.leafCount] = a;
    this.right[id - this.leafCount] = b;
    this.area[id] = this.area[a] + this.area[b];
    this.norm[id] = this.normOf(this.area[id]);
    for (let k = 0; k < 3; k++) this.moment[3 * id + k] = this.moment[3 * a + k] + this.moment[3 * b + k];
    this.thick[id] = this.thick[a] + this.thick[b];
    if (this.thinWeight > 0) this.thin[id] = this.thin[a] + this.thin[b];
    this.alive[a] = 0;
    this.alive[b] = 0;
    this.alive[id] = 1;
    return id;
  }

  /** Merges adjacent a and b, combining their adjacency; returns the new id. */
  join(a: number, b: number): number {
    const na = this.neighbours[a]!,
      nb = this.neighbours[b]!;
    const shared = na.get(b) ?? 0;
    const id = this.merge(a, b);
    this.cut[id] = this.cut[a] + this.cut[b] - 2 * shared;
    // Reuse the larger map for the merged segment.
    const [big, small] = na.size >= nb.size ? [na, nb] : [nb, na];
    big.delete(a);
    big.delete(b);
    for (const [g, w] of small) if (g !== a && g !== b) big.set(g, (big.get(g) ?? 0) + w);
    this.neighbours[a] = undefined;
    this.neighbours[b] = undefined;
    this.neighbours[id] = big;
    for (const g of big.keys()) {
      const ng = this.neighbours[g]!;
      const wa = ng.get(a) ?? 0,
        wb = ng.get(b) ?? 0;
      ng.delete(a);
      ng.delete(b);
      ng.set(id, wa + wb);
    }
    return id;
  }

  liveIds(): number[] {
    const ids: number[] = [];
    for (let id = 0; id < this.next; id++) if (this.alive[id]) ids.push(id);
    return ids;
  }

  tree(root: number): MergeTree {
    return {
      leafCount: this.leafCount,
      left: this.left,
      right: this.right,
      area: this.area,
      root: this.leafCount === 0 ? 0 : root,
    };
  }
}
