/**
 * Arms that touch the body. A figure whose hands rest on its thighs (or hips) has no free hands: the
 * arms are handles of the surface, so the tips (extremities.ts) show only the head and the feet. Seen
 * from the head, the cross-sections (level sets of the geodesic distance) split into the trunk and two
 * arms at the shoulders and merge again where the hands meet the body. Cutting the surface graph
 * across each arm just above that merge frees the arm as a limb, so the ordinary fit finds it; the hand
 * beyond the cut stays with what it rests on.
 */
import type { DistanceField } from './geodesic.ts';
import type { VertexGraph } from './surface.ts';

export interface HandleOptions {
  /** Cross-sections read between the head tip and the farthest vertex (fewer where the mesh is too coarse for them). */
  levels: number;
  /** Half-width of a cross-section band, in mean edge lengths. */
  bandEdges: number;
  /** A cross-section piece counts when it holds at least this many vertices (smaller ones are surface noise). */
  minPieceVertices: number;
}

export const HANDLE_DEFAULTS: HandleOptions = { levels: 48, bandEdges: 1.5, minPieceVertices: 6 };

interface Piece {
  vertices: number[];
}

/** Connected pieces of the vertices whose distance lies in [low, high]. */
function piecesBetween(graph: VertexGraph, distance: Float64Array, low: number, high: number): Int32Array {
  const label = new Int32Array(graph.vertexCount).fill(-1);
  const stack: number[] = [];
  for (let seed = 0; seed < graph.vertexCount; seed++) {
    if (label[seed] >= 0 || distance[seed] < low || distance[seed] > high) continue;
    label[seed] = seed;
    stack.push(seed);
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
        const u = graph.adjVertex[e];
        if (label[u] < 0 && distance[u] >= low && distance[u] <= high) {
          label[u] = seed;
          stack.push(u);
        }
      }
    }
  }
  return label;
}

function pieces(graph: VertexGraph, distance: Float64Array, t: number, half: number, minVertices: number): Piece[] {
  const label = piecesBetween(graph, distance, t - half, t + half);
  const byLabel = new Map<number, number[]>();
  for (let v = 0; v < graph.vertexCount; v++) {
    if (label[v] < 0) continue;
    const list = byLabel.get(label[v]);
    if (list) list.push(v);
    else byLabel.set(label[v], [v]);
  }
  return [...byLabel.values()].filter((p) => p.length >= minVertices).map((vertices) => ({ vertices }));
}

/**
 * The cross-section loops to cut: at each level where two or more pieces join one piece further from
 * the head (found through the slab between the two levels), every joining piece but the largest (the
 * trunk) is cut. Empty when the surface has no such loop as seen from `head`.
 */
export function handleCuts(
  graph: VertexGraph,
  head: DistanceField,
  options: HandleOptions = HANDLE_DEFAULTS,
): number[][] {
  const distance = head.distance;
  let far = 0;
  for (const d of distance) if (d < Infinity && d > far) far = d;
  const half = options.bandEdges * graph.meanEdge;
  // On a coarse mesh the levels are spread out so that the bands between them never overlap.
  const step = Math.max(far / options.levels, 2.5 * half);
  const levels = Math.floor(far / step);
  const cuts: number[][] = [];
  let current = pieces(graph, distance, step, half, options.minPieceVertices);
  for (let s = 2; s < levels; s++) {
    const t = s * step;
    const next = pieces(graph, distance, t, half, options.minPieceVertices);
    // Pieces of this level and the next meet in one slab piece when the surface joins them between the levels.
    const slab = piecesBetween(graph, distance, t - step - half, t + half);
    const joinedAt = new Map<number, Piece[]>();
    for (const piece of current) {
      const key = slab[piece.vertices[0]];
      const list = joinedAt.get(key);
      if (list) list.push(piece);
      else joinedAt.set(key, [piece]);
    }
    for (const [key, joining] of joinedAt) {
      if (joining.length < 2) continue;
      // A join only when the slab carries on as fewer pieces at the next level (not a piece that ends in between).
      const carried = next.filter((p) => slab[p.vertices[0]] === key).length;
      if (carried === 0 || carried >= joining.length) continue;
      const largest = joining.reduce((a, b) => (b.vertices.length > a.vertices.length ? b : a));
      for (const piece of joining) if (piece !== largest) cuts.push(piece.vertices);
    }
    current = next;
  }
  return cuts;
}

/**
 * The same graph with every link from a cut loop to a vertex beyond it (farther from the head) removed,
 * so the part past each loop no longer hangs on the part before it.
 */
export function cutGraph(graph: VertexGraph, head: DistanceField, cuts: number[][]): VertexGraph {
  const distance = head.distance;
  const onCut = new Uint8Array(graph.vertexCount);
  for (const loop of cuts) for (const v of loop) onCut[v] = 1;
  const severed = (a: number, b: number) =>
    (onCut[a] === 1 && onCut[b] === 0 && distance[b] > distance[a]) ||
    (onCut[b] === 1 && onCut[a] === 0 && distance[a] > distance[b]);
  const adjStart = new Uint32Array(graph.vertexCount + 1);
  const keptVertex: number[] = [];
  const keptLength: number[] = [];
  for (let v = 0; v < graph.vertexCount; v++) {
    for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
      const u = graph.adjVertex[e];
      if (severed(v, u)) continue;
      keptVertex.push(u);
      keptLength.push(graph.adjLength[e]);
    }
    adjStart[v + 1] = keptVertex.length;
  }
  return {
    ...graph,
    adjStart,
    adjVertex: Uint32Array.from(keptVertex),
    adjLength: Float64Array.from(keptLength),
  };
}
