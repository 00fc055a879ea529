/**
 * The vertex graph rigging walks: input vertices welded by position (UV and normal seams must not cut
 * a limb in two), one link per triangle edge with its length, in CSR form for fast Dijkstra sweeps.
 */
import { weldByPosition } from '../bang/surface-graph.ts';

export interface VertexGraph {
  vertexCount: number;
  /** Welded positions, xyz. */
  positions: Float64Array;
  /** Welded vertex indices, three per face. */
  faces: Uint32Array;
  /** Welded index of each input vertex. */
  remap: Uint32Array;
  /** CSR links: neighbours of v are adjVertex[adjStart[v]] … adjVertex[adjStart[v + 1] - 1]. */
  adjStart: Uint32Array;
  adjVertex: Uint32Array;
  adjLength: Float64Array;
  meanEdge: number;
}

export function buildVertexGraph(positions: ArrayLike<number>, indices: ArrayLike<number>): VertexGraph {
  const welded = weldByPosition(positions, indices);
  const p = welded.positions;
  const faces = welded.faces;
  const n = p.length / 3;
  // Each undirected edge once: key a * n + b with a < b, sorted and deduplicated.
  const keys: number[] = [];
  for (let f = 0; f < faces.length; f += 3) {
    for (let k = 0; k < 3; k++) {
      const a = faces[f + k],
        b = faces[f + ((k + 1) % 3)];
      if (a !== b) keys.push(a < b ? a * n + b : b * n + a);
    }
  }
  const sorted = Float64Array.from(keys).sort();
  const degree = new Uint32Array(n + 1);
  const edges: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    const a = Math.floor(sorted[i] / n),
      b = sorted[i] - a * n;
    edges.push(a, b);
    degree[a]++;
    degree[b]++;
  }
  const adjStart = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) adjStart[v + 1] = adjStart[v] + degree[v];
  const fill = adjStart.slice(0, n);
  const adjVertex = new Uint32Array(adjStart[n]);
  const adjLength = new Float64Array(adjStart[n]);
  let total = 0;
  for (let e = 0; e < edges.length; e += 2) {
    const a = edges[e],
      b = edges[e + 1];
    const length = Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]);
    total += length;
    adjVertex[fill[a]] = b;
    adjLength[fill[a]++] = length;
    adjVertex[fill[b]] = a;
    adjLength[fill[b]++] = length;
  }
  return {
    vertexCount: n,
    positions: p,
    faces,
    remap: welded.remap,
    adjStart,
    adjVertex,
    adjLength,
    meanEdge: edges.length > 0 ? total / (edges.length / 2) : 0,
  };
}

/** The vertices of the largest connected piece (stray bits such as loose eyes are left out of fitting). */
export function largestComponent(graph: VertexGraph): Uint8Array {
  const label = new Int32Array(graph.vertexCount).fill(-1);
  let best = -1,
    bestSize = 0;
  const stack: number[] = [];
  for (let seed = 0, id = 0; seed < graph.vertexCount; seed++) {
    if (label[seed] >= 0) continue;
    let size = 0;
    label[seed] = id;
    stack.push(seed);
    while (stack.length > 0) {
      const v = stack.pop()!;
      size++;
      for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
        const u = graph.adjVertex[e];
        if (label[u] < 0) {
          label[u] = id;
          stack.push(u);
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = id;
    }
    id++;
  }
  const inside = new Uint8Array(graph.vertexCount);
  for (let v = 0; v < graph.vertexCount; v++) inside[v] = label[v] === best ? 1 : 0;
  return inside;
}
