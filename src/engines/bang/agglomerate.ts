/**
 * Bottom-up part hierarchy of a surface: every face starts as its own segment and the adjacent pair
 * whose merge lowers the area-normalised cut the most is merged next, until each connected component
 * is one segment; components are then merged nearest-first (smallest first). Cutting costs little
 * along concave creases and a lot across flat or convex surface, so the last merges — the first
 * splits — fall on necks, joints and junctions (the minima rule).
 */
import { MinHeap } from './heap.ts';
import type { SurfaceGraph } from './surface-graph.ts';

export interface MergeTree {
  /** Leaves are faces 0 … leafCount − 1; internal node i has id leafCount + i. */
  leafCount: number;
  left: Int32Array;
  right: Int32Array;
  /** Surface area per node id. */
  area: Float64Array;
  root: number;
}

export interface AgglomerateOptions {
  /** How strongly concave creases cheapen a cut: cost factor 1 / (1 + concavity · (1 − cos θ)). Default 24. */
  concavity?: number;
  /** The same for convex creases (humans rarely cut there). Default 0. */
  convexity?: number;
  /** Above this many faces, mutual-best pairing rounds shrink the graph before the exact greedy. Default 60 000. */
  coarseAbove?: number;
}

export function creaseFactor(crease: number, concavity: number, convexity: number): number {
  return crease > 0 ? 1 / (1 + concavity * crease) : 1 / (1 - convexity * crease);
}

export function agglomerate(graph: SurfaceGraph, options: AgglomerateOptions = {}): MergeTree {
  const concavity = options.concavity ?? 24;
  const convexity = options.convexity ?? 0;
  const n = graph.faceCount;
  const total = Math.max(1, 2 * n - 1);
  const area = new Float64Array(total);
  const cut = new Float64Array(total);
  const sx = new Float64Array(total), sy = new Float64Array(total), sz = new Float64Array(total);
  const alive = new Uint8Array(total);
  const neighbours: (Map<number, number> | undefined)[] = new Array(total);
  const left = new Int32Array(Math.max(0, n - 1));
  const right = new Int32Array(Math.max(0, n - 1));
  // Tiny faces would otherwise divide by zero; give each a floor of area.
  let meanArea = 0;
  for (let f = 0; f < n; f++) meanArea += graph.area[f];
  meanArea = meanArea / Math.max(1, n);
  const floor = meanArea * 1e-6 + 1e-30;
  for (let f = 0; f < n; f++) {
    const a = Math.max(graph.area[f], floor);
    area[f] = a;
    sx[f] = graph.centroid[3 * f] * a;
    sy[f] = graph.centroid[3 * f + 1] * a;
    sz[f] = graph.centroid[3 * f + 2] * a;
    alive[f] = 1;
    const map = new Map<number, number>();
    for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
      const g = graph.adjFace[s];
      const w = graph.adjLength[s] * creaseFactor(graph.adjCrease[s], concavity, convexity) + 1e-12;
      map.set(g, (map.get(g) ?? 0) + w);
      cut[f] += w;
    }
    neighbours[f] = map;
  }

  const gain = (a: number, b: number, shared: number): number =>
    cut[a] / area[a] + cut[b] / area[b] - (cut[a] + cut[b] - 2 * shared) / (area[a] + area[b]);

  let next = n;
  const merge = (a: number, b: number): number => {
    const id = next++;
    left[id - n] = a;
    right[id - n] = b;
    area[id] = area[a] + area[b];
    sx[id] = sx[a] + sx[b];
    sy[id] = sy[a] + sy[b];
    sz[id] = sz[a] + sz[b];
    alive[a] = 0;
    alive[b] = 0;
    alive[id] = 1;
    return id;
  };

  /** Merges adjacent a and b (their maps are combined); returns the new id and its neighbours. */
  const join = (a: number, b: number): number => {
    const na = neighbours[a]!, nb = neighbours[b]!;
    const shared = na.get(b) ?? 0;
    const id = merge(a, b);
    cut[id] = cut[a] + cut[b] - 2 * shared;
    // Reuse the larger map for the merged segment.
    const [big, small] = na.size >= nb.size ? [na, nb] : [nb, na];
    big.delete(a);
    big.delete(b);
    for (const [g, w] of small) if (g !== a && g !== b) big.set(g, (big.get(g) ?? 0) + w);
    neighbours[a] = undefined;
    neighbours[b] = undefined;
    neighbours[id] = big;
    for (const g of big.keys()) {
      const ng = neighbours[g]!;
      const wa = ng.get(a) ?? 0, wb = ng.get(b) ?? 0;
      ng.delete(a);
      ng.delete(b);
      ng.set(id, wa + wb);
    }
    return id;
  };

  // Large meshes: first rounds of mutual-best pairing (each segment's best merge partner, taken when
  // the choice is mutual) — the same gain, without the heap, until the graph is small.
  const coarseAbove = options.coarseAbove ?? 60_000;
  if (n > coarseAbove) {
    let aliveCount = n;
    const bestOf = new Int32Array(total);
    for (let round = 0; round < 8 && aliveCount > coarseAbove; round++) {
      const current: number[] = [];
      for (let id = 0; id < next; id++) if (alive[id]) current.push(id);
      for (const a of current) {
        let best = -1, bestGain = -Infinity;
        for (const [g, w] of neighbours[a]!) {
          const value = gain(a, g, w);
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
        if (b > a && bestOf[b] === a && alive[a] && alive[b]) {
          join(a, b);
          merged++;
        }
      }
      aliveCount -= merged;
      if (merged < 0.05 * current.length) break;
    }
  }

  const heap = new MinHeap();
  const pairA: number[] = [], pairB: number[] = [];
  const offer = (a: number, b: number, shared: number): void => {
    pairA.push(a);
    pairB.push(b);
    heap.push(-gain(a, b, shared), pairA.length - 1);
  };
  for (let id = 0; id < next; id++) {
    if (!alive[id]) continue;
    for (const [g, w] of neighbours[id]!) if (id < g) offer(id, g, w);
  }

  while (heap.size > 0) {
    const pair = heap.pop();
    const a = pairA[pair], b = pairB[pair];
    if (!alive[a] || !alive[b]) continue;
    const id = join(a, b);
    for (const [g, w] of neighbours[id]!) offer(id, g, w);
  }

  // Separate components: fold the smallest into its nearest (by area-weighted centroid) until one is left.
  const roots: number[] = [];
  for (let id = 0; id < next; id++) if (alive[id]) roots.push(id);
  while (roots.length > 1) {
    roots.sort((x, y) => area[x] - area[y] || x - y);
    const small = roots.shift()!;
    const cs = [sx[small] / area[small], sy[small] / area[small], sz[small] / area[small]];
    let best = 0, bestDistance = Infinity;
    for (let i = 0; i < roots.length; i++) {
      const r = roots[i];
      const d = Math.hypot(sx[r] / area[r] - cs[0], sy[r] / area[r] - cs[1], sz[r] / area[r] - cs[2]);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    const id = merge(roots[best], small);
    roots[best] = id;
  }
  return { leafCount: n, left, right, area, root: n === 0 ? 0 : roots[0] };
}

/**
 * Face labels for the segmentation with `count` parts: undo the last count − 1 merges. Labels are
 * 0 … count − 1 in the order the parts appear in the split sequence.
 */
export function labelsAtCount(tree: MergeTree, count: number): Int32Array {
  const n = tree.leafCount;
  const internal = tree.left.length;
  const splits = Math.min(count - 1, internal);
  const labels = new Int32Array(n);
  // Nodes that are split: the last `splits` internal nodes. Their children not themselves split are parts.
  const firstSplit = n + internal - splits;
  const parts: number[] = [];
  if (splits <= 0) parts.push(tree.root);
  for (let id = n + internal - 1; id >= firstSplit; id--) {
    for (const child of [tree.left[id - n], tree.right[id - n]]) if (child < firstSplit) parts.push(child);
  }
  const stack: number[] = [];
  parts.forEach((part, label) => {
    stack.push(part);
    while (stack.length) {
      const node = stack.pop()!;
      if (node < n) labels[node] = label;
      else {
        stack.push(tree.left[node - n], tree.right[node - n]);
      }
    }
  });
  return labels;
}
