/**
 * The Bang splitter: a closed solid → `count` closed solid pieces that follow the shape's parts.
 *
 * The merge tree of the surface (agglomerate.ts) read top-down is a sequence of candidate splits:
 * first the separate components (smallest first), then the weakest necks. Each candidate is realised
 * as a solid cut (cut.ts) and accepted when both sides keep at least `minVolumeFraction` of the volume
 * (and, with `escore`, when the neck is concave enough). The sequence does not depend on `count`, so a
 * larger count continues where a smaller one stopped: more pieces always refine fewer. Shapes with too
 * few natural parts are finished by halving the largest piece across its longest axis.
 *
 * Pieces are carried as SolidMesh (solid-mesh.ts): one shared vertex pool, plane and box cuts made by
 * plane-clip.ts, manifold-3d only as the fallback for sections that cannot be capped there.
 */
import { leavesOf, type MergeTree } from './merge-tree.ts';
import { agreement, cutSolid, type CutInput, type CutResult } from './cut.ts';
import { symmetricEigen3 } from './linalg.ts';
import { clipByPlane } from './plane-clip.ts';
import { meshVolume, triangleCount, usedVertices, type Kernel, type SolidMesh } from './solid-mesh.ts';
import type { SurfaceGraph } from './surface-graph.ts';

export interface SplitOptions {
  /** Pieces wanted. */
  count: number;
  /**
   * No piece below this fraction of the total volume. It guards against slivers a cut leaves, so it is
   * ten times below `minAreaFraction`: a thin part (a horn, an ear, a toe) is a far smaller share of the
   * volume than of the surface, and rejecting it spent its piece on slicing the body instead.
   * Default 0.0002.
   */
  minVolumeFraction?: number;
  /** Tree splits whose smaller side is below this fraction of the surface are not tried. Default 0.002. */
  minAreaFraction?: number;
  /**
   * Cut acceptance threshold in [0, 1]: a tree split is taken only when the surface boundary it cuts
   * along is at least this concave on average (0 = any boundary, the default). Higher values keep only
   * clear necks and joints, leaving more of the count to the axis halving of large pieces.
   */
  escore?: number;
  /** Tree splits tried at most (bounds the time on shapes with many tiny parts). Default 120. */
  maxAttempts?: number;
  /** Allow cuts bounded to a box around a neck when a plane grazes a wall. Default true. */
  localCuts?: boolean;
  /**
   * A cut that keeps less than this fraction of the two sides' surface on its own side is retried
   * with planes bounded to their necks. Default 0.9.
   */
  minAgreement?: number;
  /** Retried cuts allowed over the whole split (each retry is a full set of booleans). Default 12. */
  maxRetries?: number;
  /**
   * Triangles that retried cuts may process over the whole split, summed over the retried pieces: a
   * retry's booleans cost in proportion to its piece, so this bounds the CPU the retries add on large
   * meshes (a 200k-face mesh stops after two or three retries; a 50k-face one gets about five).
   * Default 250 000.
   */
  maxRetryTriangles?: number;
  /**
   * A piece that has already been through this many tree cuts has its planes bounded to their necks
   * wherever they would also slice it far away. This was a speed measure while cuts were manifold-3d
   * booleans (far slices glued back by unions left seams that slowed later booleans sharply); plane
   * cuts are now clipped and glued without booleans (plane-clip.ts), but the bounded planes also
   * shape the cuts the quality figures were measured with, so the default stays 4 (RI error over the
   * 76 psb-dev meshes 0.1396 with full planes, 0.1399 with this).
   */
  boundFarPlanesFrom?: number;
  /** Varies the orientation of the fallback halving planes only; the tree splits are deterministic. */
  seed?: number;
}

export interface SplitContext {
  kernel: Kernel;
  graph: SurfaceGraph;
  tree: MergeTree;
}

export interface SplitResult {
  /** The pieces, each a closed solid. */
  pieces: SolidMesh[];
  /** Enclosed volume of each piece, and of the solid that was split (meshVolume, kept while splitting). */
  volumes: number[];
  inputVolume: number;
  /** How many pieces came from tree splits (the rest from axis halving). */
  treeSplits: number;
  fallbackSplits: number;
  /** Tree splits tried (accepted or not). */
  attempts: number;
}

/** The size bounds' defaults (each documented on SplitOptions). */
export const SPLIT_DEFAULTS = { minVolumeFraction: 0.0002, minAreaFraction: 0.002 } as const;

/**
 * Above this many triangles a piece is cut by full planes even when seamed (see boundFarPlanesFrom;
 * chosen when a box boolean on a large piece cost more than the seams did, kept for the same cuts).
 */
const BOUNDED_CUT_MAX_TRIANGLES = 60_000;

interface Piece {
  solid: SolidMesh;
  volume: number;
  /** Tree node this piece stands for, or −1 once it has left the tree (axis halving). */
  node: number;
  /** Tree cuts this piece's solid has been through (each may leave glued seams on it). */
  depth: number;
}

/** Mean concavity (1 − cos θ, convex counted as 0) along the boundary between two face sets, length-weighted. */
function boundaryConcavity(graph: SurfaceGraph, side: Uint8Array, facesA: number[]): number {
  let sum = 0,
    length = 0;
  for (const f of facesA) {
    for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
      if (side[graph.adjFace[s]] !== 2) continue;
      sum += graph.adjLength[s] * Math.max(0, graph.adjCrease[s]);
      length += graph.adjLength[s];
    }
  }
  return length > 0 ? sum / length : 1;
}

export function splitSolid(context: SplitContext, solid: SolidMesh, options: SplitOptions): SplitResult {
  const { kernel, graph, tree } = context;
  const n = tree.leafCount;
  const total = meshVolume(solid);
  const minVolume = (options.minVolumeFraction ?? SPLIT_DEFAULTS.minVolumeFraction) * total;
  const minArea = (options.minAreaFraction ?? SPLIT_DEFAULTS.minAreaFraction) * tree.area[tree.root];
  const escore = options.escore ?? 0;
  const maxAttempts = options.maxAttempts ?? 120;
  const pieces: Piece[] = [{ solid, volume: total, node: tree.root, depth: 0 }];
  const byNode = new Map<number, Piece>([[tree.root, pieces[0]]]);
  const side = new Uint8Array(n);
  let attempts = 0,
    treeSplits = 0,
    fallbackSplits = 0;
  const budget: RetryBudget = { retries: options.maxRetries ?? 12, triangles: options.maxRetryTriangles ?? 250_000 };

  for (let id = tree.root; id >= n && pieces.length < options.count && attempts < maxAttempts; id--) {
    const piece = byNode.get(id);
    if (!piece) continue;
    byNode.delete(id);
    const a = tree.left[id - n],
      b = tree.right[id - n];
    const bigger = tree.area[a] >= tree.area[b] ? a : b;
    if (tree.area[a] < minArea || tree.area[b] < minArea) {
      piece.node = bigger;
      byNode.set(bigger, piece);
      continue;
    }
    attempts++;
    const facesA = leavesOf(tree, a, []);
    const facesB = leavesOf(tree, b, []);
    for (const f of facesA) side[f] = 1;
    for (const f of facesB) side[f] = 2;
    let cut: MeasuredCut | undefined;
    if (escore <= 0 || boundaryConcavity(graph, side, facesA) >= escore) {
      const input: CutInput = {
        kernel,
        graph,
        side,
        facesA,
        negligibleVolume: total * 1e-10,
        localCuts: options.localCuts,
        boundFarPlanes:
          options.localCuts !== false &&
          piece.depth >= (options.boundFarPlanesFrom ?? 4) &&
          triangleCount(piece.solid) <= BOUNDED_CUT_MAX_TRIANGLES,
      };
      cut = faithfulCut(piece.solid, piece.volume, input, options.minAgreement ?? 0.9, budget);
    }
    for (const f of facesA) side[f] = 0;
    for (const f of facesB) side[f] = 0;
    if (cut && Math.min(cut.volumeA, cut.volumeB) >= minVolume) {
      piece.solid = cut.a;
      piece.volume = cut.volumeA;
      piece.node = a;
      piece.depth++;
      const other: Piece = { solid: cut.b, volume: cut.volumeB, node: b, depth: piece.depth };
      pieces.push(other);
      byNode.set(a, piece);
      byNode.set(b, other);
      treeSplits++;
    } else {
      piece.node = bigger;
      byNode.set(bigger, piece);
    }
  }

  // Not enough natural parts: halve the largest pieces across their longest axis.
  const unsplittable = new Set<Piece>();
  let random = (options.seed ?? 0) >>> 0;
  const jitter = () => {
    random = (Math.imul(random ^ (random >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return (random / 4294967296 - 0.5) * 0.2;
  };
  while (pieces.length < options.count) {
    let target: Piece | undefined;
    for (const piece of pieces) {
      if (!unsplittable.has(piece) && (!target || piece.volume > target.volume)) target = piece;
    }
    if (!target) break;
    const plane = principalPlane(target.solid);
    const normal: [number, number, number] = [
      plane.normal[0] + jitter(),
      plane.normal[1] + jitter(),
      plane.normal[2] + jitter(),
    ];
    const offset = normal[0] * plane.center[0] + normal[1] * plane.center[1] + normal[2] * plane.center[2];
    const [x, y] = halves(kernel, target.solid, normal, offset);
    const vx = x ? meshVolume(x) : 0,
      vy = y ? meshVolume(y) : 0;
    if (x && y && Math.min(vx, vy) >= minVolume) {
      target.solid = x;
      target.volume = vx;
      target.node = -1;
      pieces.push({ solid: y, volume: vy, node: -1, depth: target.depth });
      fallbackSplits++;
    } else {
      unsplittable.add(target);
    }
  }
  return {
    pieces: pieces.map((p) => p.solid),
    volumes: pieces.map((p) => p.volume),
    inputVolume: total,
    treeSplits,
    fallbackSplits,
    attempts,
  };
}

/**
 * Ways to realise one cut, tried in order while the result strays from the surface boundary: the
 * fitted planes; the planes bounded to their necks (a plane through a neck also slices a wide part
 * nearby); the planes slid half and one loop radius down the neck into side B (past a rim or apron
 * of side A that overhangs the neck, which would otherwise take the neck with it); last, the convex
 * hull of the smaller side (a part whose boundary is no plane: a wheel sunk into a flank).
 */
const VARIANTS: Partial<CutInput>[] = [{}, { boundedPlanes: true }, { shift: 0.5 }, { shift: 1 }, { hull: true }];

/** What is left for retried cuts over one split (see SplitOptions.maxRetries and maxRetryTriangles). */
interface RetryBudget {
  retries: number;
  triangles: number;
}

/** Takes one retry of a cut on `solid` from the budget, or returns false when it would overrun it. */
function spendRetry(budget: RetryBudget, solid: SolidMesh): boolean {
  const triangles = triangleCount(solid);
  if (budget.retries <= 0 || triangles > budget.triangles) return false;
  budget.retries--;
  budget.triangles -= triangles;
  return true;
}

interface MeasuredCut extends CutResult {
  volumeA: number;
  volumeB: number;
}

/** The cut that keeps the most of the surface on its own side, trying VARIANTS until one is faithful enough. */
function faithfulCut(
  solid: SolidMesh,
  volume: number,
  input: CutInput,
  minAgreement: number,
  budget: RetryBudget,
): MeasuredCut | undefined {
  let best: MeasuredCut | undefined,
    bestAgreement = -1;
  for (const variant of VARIANTS) {
    if (variant.boundedPlanes && input.localCuts === false) continue;
    if (variant !== VARIANTS[0] && !spendRetry(budget, solid)) break;
    const cut = cutSolid(solid, { ...input, ...variant });
    if (!cut) continue;
    const measured = { ...cut, volumeA: meshVolume(cut.a), volumeB: meshVolume(cut.b) };
    // A cut whose sides do not add up to the whole lost a sliver on the way (a kernel corner case).
    const conserved = Math.abs(measured.volumeA + measured.volumeB - volume) <= 1e-9 * volume;
    const score = conserved ? agreement(cut, input) : -1;
    if (score >= 0 && score > bestAgreement) {
      best = measured;
      bestAgreement = score;
    }
    if (bestAgreement >= minAgreement) break;
  }
  return best;
}

/** The parts of `solid` on the positive and the negative side of n̂·x = offset (undefined when empty). */
function halves(
  kernel: Kernel,
  solid: SolidMesh,
  normal: [number, number, number],
  offset: number,
): [SolidMesh | undefined, SolidMesh | undefined] {
  // As manifold-3d's splitByPlane (used here before): the normal is normalised, the offset is not.
  const length = Math.hypot(normal[0], normal[1], normal[2]);
  const unit = normal.map((x) => x / length);
  const clipped = clipByPlane(kernel.wasm, [solid], unit, offset)?.halves[0];
  if (clipped)
    return [clipped.upper, clipped.lower].map((h) => (h.faces.length > 0 ? h : undefined)) as [
      SolidMesh | undefined,
      SolidMesh | undefined,
    ];
  const whole = kernel.toManifold(solid);
  const [x, y] = whole.splitByPlane(normal, offset);
  whole.delete();
  return [kernel.fromManifold(x, true)[0], kernel.fromManifold(y, true)[0]];
}

/** Plane through the vertex centroid, normal to the direction of largest spread. */
function principalPlane(solid: SolidMesh): { normal: [number, number, number]; center: [number, number, number] } {
  const vertices = usedVertices(solid);
  const p = solid.pool.positions,
    nv = vertices.length;
  const c = [0, 0, 0];
  for (const v of vertices) for (let k = 0; k < 3; k++) c[k] += p[3 * v + k] / nv;
  const cov = new Float64Array(9);
  for (const v of vertices) {
    const d = [p[3 * v] - c[0], p[3 * v + 1] - c[1], p[3 * v + 2] - c[2]];
    for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) cov[3 * r + s] += d[r] * d[s];
  }
  return { normal: symmetricEigen3(cov).vectors[2], center: c as [number, number, number] };
}
