/**
 * The tips of a body (head, hands, feet, tail …): the prominent maxima of the average geodesic
 * distance (AGD). AGD is large at the ends of limbs and smallest in the trunk whatever the pose; a
 * maximum counts when it rises above the saddle where its region meets a higher one by at least
 * `minProminence` of the AGD range (0-dimensional persistence of the superlevel sets), so fingers,
 * ears and bumps stay out.
 */
import { distanceFrom } from './geodesic.ts';
import type { VertexGraph } from './surface.ts';

export interface ExtremityOptions {
  /** Farthest-point samples whose distances are averaged. */
  samples: number;
  /** A tip's persistence as a share of the AGD range. */
  minProminence: number;
}

export const EXTREMITY_DEFAULTS: ExtremityOptions = { samples: 10, minProminence: 0.12 };

export interface Extremity {
  vertex: number;
  /** Persistence over the AGD range (0–1; the global maximum gets 1). */
  prominence: number;
}

/** Average geodesic distance from farthest-point samples, over vertices of `inside`. */
export function averageGeodesicDistance(graph: VertexGraph, inside: Uint8Array, samples: number): Float64Array {
  let seed = inside.indexOf(1);
  const agd = new Float64Array(graph.vertexCount);
  const nearest = new Float64Array(graph.vertexCount).fill(Infinity);
  for (let s = 0; s < samples; s++) {
    const { distance } = distanceFrom(graph, seed);
    let far = seed,
      farDistance = -1;
    for (let v = 0; v < graph.vertexCount; v++) {
      if (!inside[v]) continue;
      agd[v] += distance[v];
      if (distance[v] < nearest[v]) nearest[v] = distance[v];
      if (nearest[v] > farDistance) {
        farDistance = nearest[v];
        far = v;
      }
    }
    seed = far;
  }
  for (let v = 0; v < graph.vertexCount; v++) agd[v] /= samples;
  return agd;
}

export function findExtremities(
  graph: VertexGraph,
  inside: Uint8Array,
  options: ExtremityOptions = EXTREMITY_DEFAULTS,
): { tips: Extremity[]; agd: Float64Array } {
  const agd = averageGeodesicDistance(graph, inside, options.samples);
  const order: number[] = [];
  let low = Infinity,
    high = -Infinity;
  for (let v = 0; v < graph.vertexCount; v++) {
    if (!inside[v]) continue;
    order.push(v);
    low = Math.min(low, agd[v]);
    high = Math.max(high, agd[v]);
  }
  order.sort((a, b) => agd[b] - agd[a] || a - b);
  const range = high - low || 1;
  // Union-find over vertices met in descending AGD; each set remembers its highest vertex.
  const root = new Int32Array(graph.vertexCount).fill(-1);
  const peak = new Int32Array(graph.vertexCount);
  const find = (v: number): number => {
    while (root[v] !== v) {
      root[v] = root[root[v]];
      v = root[v];
    }
    return v;
  };
  const prominence = new Map<number, number>();
  for (const v of order) {
    root[v] = v;
    peak[v] = v;
    for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
      const u = graph.adjVertex[e];
      if (root[u] < 0) continue;
      const a = find(v),
        b = find(u);
      if (a === b) continue;
      // The set with the lower peak dies here: its peak's persistence is its height above v.
      const [keep, die] = agd[peak[a]] >= agd[peak[b]] ? [a, b] : [b, a];
      if (peak[die] !== v) prominence.set(peak[die], (agd[peak[die]] - agd[v]) / range);
      root[die] = keep;
    }
  }
  prominence.set(order[0], 1);
  const tips = [...prominence.entries()]
    .filter(([, p]) => p >= options.minProminence)
    .map(([vertex, p]) => ({ vertex, prominence: p }))
    .sort((a, b) => b.prominence - a.prominence || a.vertex - b.vertex);
  return { tips, agd };
}
