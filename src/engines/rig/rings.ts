/**
 * Cross-sections by geodesic rings: the vertices at distance ≈ t from a tip, in the connected band
 * around a given vertex, form a loop around the limb (or trunk) there. Its centroid lies inside the
 * body, which is where a joint belongs; its mean radius says how thick the body is at that point.
 */
import type { DistanceField } from './geodesic.ts';
import { pathVertexAt } from './geodesic.ts';
import type { VertexGraph } from './surface.ts';
import type { Vec3 } from '../../geometry/skeleton.ts';

export interface Ring {
  centroid: Vec3;
  radius: number;
  vertexCount: number;
}

export function ringAt(graph: VertexGraph, field: DistanceField, towards: number, t: number, halfWidth: number): Ring {
  const seed = pathVertexAt(field, towards, t);
  const d = field.distance;
  const p = graph.positions;
  const seen = new Set<number>([seed]);
  const stack = [seed];
  const members: number[] = [];
  while (stack.length > 0) {
    const v = stack.pop()!;
    members.push(v);
    for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
      const u = graph.adjVertex[e];
      if (!seen.has(u) && Math.abs(d[u] - t) <= halfWidth) {
        seen.add(u);
        stack.push(u);
      }
    }
  }
  const c: Vec3 = [0, 0, 0];
  for (const v of members) for (let k = 0; k < 3; k++) c[k] += p[3 * v + k] / members.length;
  let radius = 0;
  for (const v of members) radius += Math.hypot(p[3 * v] - c[0], p[3 * v + 1] - c[1], p[3 * v + 2] - c[2]);
  return { centroid: c, radius: radius / members.length, vertexCount: members.length };
}
