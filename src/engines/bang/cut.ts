/**
 * One cut: separate a solid into the part made of surface segment A and the part made of segment B.
 *
 * Each loop of the A|B boundary on the surface gets a least-squares plane. The components of the solid
 * that carry both segments are split by those planes; every resulting connected component then votes
 * by the input surface it carries (area per side) and joins A or B; each side is the union of its
 * components. A plane therefore only matters near its own neck: far-away parts it slices vote for their
 * own side and are glued back together exactly (the split faces coincide). Volumes are preserved by
 * construction (split and union are exact partitions up to float rounding).
 */
import type { Manifold, ManifoldToplevel } from 'manifold-3d';
import { fitPlane, type Plane } from './linalg.ts';
import { tracedFaces } from './solid.ts';
import type { SurfaceGraph } from './surface-graph.ts';

export interface CutInput {
  wasm: ManifoldToplevel;
  graph: SurfaceGraph;
  originalId: number;
  /** Side per input face: 1 = A, 2 = B, 0 = neither (votes for nothing). */
  side: Uint8Array;
  /** Faces with side 1 (used to walk the boundary). */
  facesA: number[];
  /** Components a plane cut leaves below this volume are dropped (see cutSolid). */
  negligibleVolume: number;
  /** Boundary loops shorter than this fraction of the longest are ignored. Default 0.05. */
  minLoopFraction?: number;
  /** At most this many boundary loops get a plane. Default 6. */
  maxLoops?: number;
}

export interface CutResult {
  a: Manifold;
  b: Manifold;
}

/** The planes of the A|B boundary, longest loop first. */
export function boundaryPlanes(input: CutInput): Plane[] {
  const { graph, side, facesA } = input;
  const edges: number[] = [];
  const lengths: number[] = [];
  for (const f of facesA) {
    for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
      if (side[graph.adjFace[s]] !== 2) continue;
      edges.push(graph.adjEdgeA[s], graph.adjEdgeB[s]);
      lengths.push(graph.adjLength[s]);
    }
  }
  if (lengths.length === 0) return [];
  // Loops = connected groups of boundary edges (union-find on vertices).
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    let y = x;
    while (y !== r) {
      const next = parent.get(y)!;
      parent.set(y, r);
      y = next;
    }
    return r;
  };
  for (const v of edges) if (!parent.has(v)) parent.set(v, v);
  for (let e = 0; e < lengths.length; e++) {
    const ra = find(edges[2 * e]), rb = find(edges[2 * e + 1]);
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const loops = new Map<number, number[]>();
  for (let e = 0; e < lengths.length; e++) {
    const r = find(edges[2 * e]);
    const list = loops.get(r);
    if (list) list.push(e);
    else loops.set(r, [e]);
  }
  const p = graph.positions;
  const fitted = [...loops.values()].map((list) => {
    const points = new Float64Array(list.length * 9);
    const weights = new Float64Array(list.length * 3);
    let total = 0;
    list.forEach((e, i) => {
      const a = edges[2 * e], b = edges[2 * e + 1];
      for (let k = 0; k < 3; k++) {
        points[9 * i + k] = p[3 * a + k];
        points[9 * i + 3 + k] = p[3 * b + k];
        points[9 * i + 6 + k] = (p[3 * a + k] + p[3 * b + k]) / 2;
      }
      weights[3 * i] = weights[3 * i + 1] = lengths[e] / 4;
      weights[3 * i + 2] = lengths[e] / 2;
      total += lengths[e];
    });
    return { plane: fitPlane(points, weights), total };
  });
  fitted.sort((x, y) => y.total - x.total);
  const longest = fitted[0].total;
  return fitted
    .filter((loop) => loop.total >= (input.minLoopFraction ?? 0.05) * longest)
    .slice(0, input.maxLoops ?? 6)
    .map((loop) => ({ normal: loop.plane.normal, offset: loop.plane.offset }));
}

/**
 * Connected components of `m` (not consumed). A plane grazing a thin wall leaves slivers of ~1e-20
 * volume; manifold-3d's booleans can abort on them and their volume is far below any tolerance, so
 * they are dropped.
 */
export function components(m: Manifold, negligibleVolume: number): Manifold[] {
  const kept: Manifold[] = [];
  for (const piece of m.decompose()) {
    if (piece.isEmpty() || Math.abs(piece.volume()) < negligibleVolume) piece.delete();
    else kept.push(piece);
  }
  return kept;
}

/** Area of side A and side B input surface carried by `solid`. */
function votes(solid: Manifold, input: CutInput): [number, number] {
  const traced = tracedFaces(solid, input.originalId);
  let a = 0, b = 0;
  for (let i = 0; i < traced.faces.length; i++) {
    const s = input.side[traced.faces[i]];
    if (s === 1) a += traced.areas[i];
    else if (s === 2) b += traced.areas[i];
  }
  return [a, b];
}

function crosses(solid: Manifold, plane: Plane): boolean {
  const box = solid.boundingBox();
  let lo = Infinity, hi = -Infinity;
  for (let corner = 0; corner < 8; corner++) {
    const x = corner & 1 ? box.max[0] : box.min[0];
    const y = corner & 2 ? box.max[1] : box.min[1];
    const z = corner & 4 ? box.max[2] : box.min[2];
    const d = plane.normal[0] * x + plane.normal[1] * y + plane.normal[2] * z - plane.offset;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return lo < 0 && hi > 0;
}

/**
 * Cuts `solid` (not consumed) into its A and B parts, or returns undefined when the planes cannot
 * separate them (one side would be empty). The caller owns the returned solids.
 */
export function cutSolid(solid: Manifold, input: CutInput, planes: Plane[] = boundaryPlanes(input)): CutResult | undefined {
  let parts = components(solid, input.negligibleVolume);
  const tally = new Map<Manifold, [number, number]>();
  const voteOf = (m: Manifold) => {
    let v = tally.get(m);
    if (!v) tally.set(m, (v = votes(m, input)));
    return v;
  };
  for (const plane of planes) {
    const next: Manifold[] = [];
    for (const part of parts) {
      const [va, vb] = voteOf(part);
      if (va === 0 || vb === 0 || !crosses(part, plane)) {
        next.push(part);
        continue;
      }
      const halves = part.splitByPlane(plane.normal, plane.offset);
      for (const half of halves) {
        next.push(...components(half, input.negligibleVolume));
        half.delete();
      }
      part.delete();
    }
    parts = next;
  }
  const sideA: Manifold[] = [], sideB: Manifold[] = [], loose: Manifold[] = [];
  for (const part of parts) {
    const [va, vb] = voteOf(part);
    if (va === 0 && vb === 0) loose.push(part);
    else (va >= vb ? sideA : sideB).push(part);
  }
  if (sideA.length === 0 || sideB.length === 0) {
    for (const part of parts) part.delete();
    return undefined;
  }
  // Parts that carry neither side (absorbed slivers, pure cut caps) stay with the larger side.
  const volume = (list: Manifold[]) => list.reduce((s, m) => s + m.volume(), 0);
  (volume(sideA) >= volume(sideB) ? sideA : sideB).push(...loose);
  const join = (list: Manifold[]): Manifold => {
    if (list.length === 1) return list[0];
    // Pairwise, largest first: manifold-3d's batch union has aborted on clusters of sliver tetrahedra.
    const sorted = [...list].sort((x, y) => y.volume() - x.volume());
    let joined = sorted[0];
    for (let i = 1; i < sorted.length; i++) {
      const next = joined.add(sorted[i]);
      joined.delete();
      sorted[i].delete();
      joined = next;
    }
    return joined;
  };
  return { a: join(sideA), b: join(sideB) };
}
