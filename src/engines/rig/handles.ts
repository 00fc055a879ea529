/**
 * Arms that touch the body make handles: a hand resting on a thigh closes a loop shoulder → arm →
 * hand → thigh → hips → trunk, the surface's genus rises, and the hand is no end of the body any more
 * (geodesics reach it from the thigh), so tip detection (extremities.ts) sees too few ends. Cutting
 * each handle once across its thinnest cross-section turns the loop back into a limb with an end.
 *
 * A cross-section is one connected ring of a geodesic level set (rings.ts); it goes round a handle
 * exactly when removing it leaves the surface in one piece (a ring round a limb or the trunk of a
 * sphere-like body splits the surface in two). Of those rings the thinnest (smallest mean radius) is
 * cut: the graph loses the edges that cross the level inside that ring, so later geodesics go round.
 */
import type { DistanceField } from './geodesic.ts';
import type { VertexGraph } from './surface.ts';

export interface HandleOptions {
  /** Level sets tried across the distance range. */
  levels: number;
  /** Half-width of a ring band, in mean edge lengths. */
  bandEdges: number;
}

export const HANDLE_DEFAULTS: HandleOptions = { levels: 48, bandEdges: 1.5 };

/** Genus of a closed surface from its Euler characteristic (0 for a sphere-like body; one per handle). */
export function genusOf(graph: VertexGraph): number {
  let used = 0;
  for (let v = 0; v < graph.vertexCount; v++) if (graph.adjStart[v + 1] > graph.adjStart[v]) used++;
  const edges = graph.adjStart[graph.vertexCount] / 2;
  const faces = graph.faces.length / 3;
  return Math.max(0, Math.round((2 - (used - edges + faces)) / 2));
}

interface Ring {
  level: number;
  members: number[];
  radius: number;
}

/** Connected rings of the band |d − t| ≤ half around level t. */
function ringsAt(graph: VertexGraph, d: Float64Array, t: number, half: number, inside: Uint8Array): Ring[] {
  const seen = new Uint8Array(graph.vertexCount);
  const rings: Ring[] = [];
  const p = graph.positions;
  for (let s = 0; s < graph.vertexCount; s++) {
    if (seen[s] || !inside[s] || Math.abs(d[s] - t) > half) continue;
    const members: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const v = stack.pop()!;
      members.push(v);
      for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
        const u = graph.adjVertex[e];
        if (!seen[u] && Math.abs(d[u] - t) <= half) {
          seen[u] = 1;
          stack.push(u);
        }
      }
    }
    const c = [0, 0, 0];
    for (const v of members) for (let k = 0; k < 3; k++) c[k] += p[3 * v + k] / members.length;
    let radius = 0;
    for (const v of members) radius += Math.hypot(p[3 * v] - c[0], p[3 * v + 1] - c[1], p[3 * v + 2] - c[2]);
    rings.push({ level: t, members, radius: radius / members.length });
  }
  return rings;
}

/** Whether a link crosses the ring's level inside the ring: the links a cut along the ring takes away. */
function crossesRing(d: Float64Array, inRing: Uint8Array, level: number, a: number, b: number): boolean {
  return (inRing[a] === 1 || inRing[b] === 1) && d[a] < level !== d[b] < level;
}

/**
 * Whether cutting along the ring goes all the way round (within the band, the near side and the far
 * side of the level no longer meet: the ring is a closed loop, not an arc that ends) and still leaves
 * the surface in one piece (the loop goes round a handle, not round a limb or the trunk).
 */
function cutsHandle(graph: VertexGraph, d: Float64Array, inside: Uint8Array, ring: Ring): boolean {
  const inRing = new Uint8Array(graph.vertexCount);
  for (const v of ring.members) inRing[v] = 1;
  const t = ring.level;
  const cut = (a: number, b: number) => crossesRing(d, inRing, t, a, b);
  // Within the band: can the near side reach the far side without crossing?
  const seen = new Uint8Array(graph.vertexCount);
  let nearSide = false,
    farSide = false;
  for (const s of ring.members) {
    if (seen[s]) continue;
    let near = false,
      far = false;
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (d[v] < t) near = true;
      else far = true;
      for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
        const u = graph.adjVertex[e];
        if (!seen[u] && inRing[u] && !cut(v, u)) {
          seen[u] = 1;
          stack.push(u);
        }
      }
    }
    if (near && far) return false;
    nearSide ||= near;
    farSide ||= far;
  }
  if (!nearSide || !farSide) return false;
  // Over the whole surface: still one piece after the cut (even a single vertex cut off is a split)?
  seen.fill(0);
  let pieces = 0;
  for (let s = 0; s < graph.vertexCount; s++) {
    if (seen[s] || !inside[s]) continue;
    if (++pieces > 1) return false;
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
        const u = graph.adjVertex[e];
        if (!seen[u] && inside[u] && !cut(v, u)) {
          seen[u] = 1;
          stack.push(u);
        }
      }
    }
  }
  return true;
}

/** A copy of the graph without the edges for which `drop(a, b)` holds. */
function withoutEdges(graph: VertexGraph, drop: (a: number, b: number) => boolean): VertexGraph {
  const adjStart = new Uint32Array(graph.vertexCount + 1);
  const keptVertex: number[] = [];
  const keptLength: number[] = [];
  for (let v = 0; v < graph.vertexCount; v++) {
    for (let e = graph.adjStart[v]; e < graph.adjStart[v + 1]; e++) {
      if (drop(v, graph.adjVertex[e])) continue;
      keptVertex.push(graph.adjVertex[e]);
      keptLength.push(graph.adjLength[e]);
    }
    adjStart[v + 1] = keptVertex.length;
  }
  return { ...graph, adjStart, adjVertex: Uint32Array.from(keptVertex), adjLength: Float64Array.from(keptLength) };
}

/**
 * Cuts up to `genus` handles, thinnest cross-section first, along level sets of `field`. Returns the
 * cut graph (same vertices and faces; fewer links) and how many handles were cut.
 */
export function cutHandles(
  graph: VertexGraph,
  field: DistanceField,
  inside: Uint8Array,
  genus: number,
  options: HandleOptions = HANDLE_DEFAULTS,
): { graph: VertexGraph; cut: number } {
  const d = field.distance;
  let high = 0;
  for (let v = 0; v < graph.vertexCount; v++) if (inside[v] && Number.isFinite(d[v])) high = Math.max(high, d[v]);
  const half = options.bandEdges * graph.meanEdge;
  let current = graph;
  let cut = 0;
  for (let round = 0; round < genus; round++) {
    let best: Ring | null = null;
    for (let i = 1; i < options.levels; i++) {
      const t = (i / options.levels) * high;
      for (const ring of ringsAt(current, d, t, half, inside)) {
        if (best && ring.radius >= best.radius) continue;
        if (cutsHandle(current, d, inside, ring)) best = ring;
      }
    }
    if (!best) break;
    const inRing = new Uint8Array(graph.vertexCount);
    for (const v of best.members) inRing[v] = 1;
    const level = best.level;
    // Links inside the ring that cross its level: the surface parts there.
    current = withoutEdges(current, (a, b) => crossesRing(d, inRing, level, a, b));
    cut++;
  }
  return { graph: current, cut };
}
