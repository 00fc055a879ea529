/** Geodesic distance over the vertex graph (Dijkstra along edges), with the tree of shortest paths. */
import { MinHeap } from '../bang/heap.ts';
import type { VertexGraph } from './surface.ts';

export interface DistanceField {
  source: number;
  distance: Float64Array;
  /** Previous vertex on a shortest path to the source; -1 at the source and where unreachable. */
  parent: Int32Array;
}

export function distanceFrom(graph: VertexGraph, sources: number | number[]): DistanceField {
  const seeds = Array.isArray(sources) ? sources : [sources];
  const distance = new Float64Array(graph.vertexCount).fill(Infinity);
  const parent = new Int32Array(graph.vertexCount).fill(-1);
  const heap = new MinHeap();
  for (const s of seeds) {
    distance[s] = 0;
    heap.push(0, s);
  }
  const { adjStart, adjVertex, adjLength } = graph;
  while (heap.size > 0) {
    const key = heap.peekKey()!;
    const v = heap.pop();
    if (key > distance[v]) continue;
    for (let e = adjStart[v]; e < adjStart[v + 1]; e++) {
      const u = adjVertex[e];
      const d = key + adjLength[e];
      if (d < distance[u]) {
        distance[u] = d;
        parent[u] = v;
        heap.push(d, u);
      }
    }
  }
  return { source: seeds[0], distance, parent };
}

/** The vertex `along` the shortest path from `target` back to the field's source, at distance ≈ t from the source. */
export function pathVertexAt(field: DistanceField, target: number, t: number): number {
  let v = target;
  while (field.parent[v] >= 0 && field.distance[v] > t) v = field.parent[v];
  return v;
}

/**
 * Geodesic distance from a set of vertices, out to `limit` only (a band around a region costs what the
 * band holds, not the whole mesh): each reached vertex with its distance, the sources at 0.
 */
export function boundedDistance(graph: VertexGraph, sources: number[], limit: number): Map<number, number> {
  const reached = new Map<number, number>();
  const heap = new MinHeap();
  for (const s of sources) {
    reached.set(s, 0);
    heap.push(0, s);
  }
  const { adjStart, adjVertex, adjLength } = graph;
  while (heap.size > 0) {
    const key = heap.peekKey()!;
    const v = heap.pop();
    if (key > reached.get(v)!) continue;
    for (let e = adjStart[v]; e < adjStart[v + 1]; e++) {
      const u = adjVertex[e];
      const d = key + adjLength[e];
      if (d < limit && d < (reached.get(u) ?? Infinity)) {
        reached.set(u, d);
        heap.push(d, u);
      }
    }
  }
  return reached;
}
