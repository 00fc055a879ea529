/**
 * One cut: separate a solid into the part made of surface segment A and the part made of segment B.
 *
 * Each loop of the A|B boundary on the surface gets a least-squares plane. The components of the solid
 * that carry both segments are split by those planes; every resulting connected component then votes
 * by the input surface it carries (area per side) and joins A or B; each side is the union of its
 * components. A plane therefore only matters near its own neck: far-away parts it slices vote for their
 * own side and are glued back together exactly (the two halves share the seam, see solid-mesh.ts join).
 * Volumes are preserved by construction (split and join are exact partitions up to float rounding).
 * Plane and box-bounded cuts are made by plane-clip.ts; sections it cannot cap fall back to manifold-3d.
 * A part whose boundary is no plane (a wheel sunk into a flank) can instead be cut by the convex hull
 * of its surface (hullCut), the last way split.ts tries.
 */
import type { Manifold, ManifoldToplevel } from 'manifold-3d';
import { fitPlane, planeFrame, type Plane } from './linalg.ts';
import { clipByBox, clipByPlane, type ClipResult } from './plane-clip.ts';
import {
  boundingBox,
  components as meshComponents,
  dropSeams,
  genus,
  join,
  sideAreas,
  type Kernel,
  type SolidMesh,
} from './solid-mesh.ts';
import type { SurfaceGraph } from './surface-graph.ts';

export interface CutInput {
  kernel: Kernel;
  graph: SurfaceGraph;
  /** Side per input face: 1 = A, 2 = B, 0 = neither (votes for nothing). */
  side: Uint8Array;
  /** Faces with side 1 (used to walk the boundary). */
  facesA: number[];
  /** Components a plane cut leaves below this volume are dropped (see cutSolid). */
  negligibleVolume: number;
  /** Boundary loops shorter than this fraction of the longest are ignored. Default 0.05. */
  minLoopFraction?: number;
  /** Use box-bounded cuts when a plane shatters a wall. Default true. */
  localCuts?: boolean;
  /** Bound every plane to a box around its loop, not only planes that shattered a wall. Default false. */
  boundedPlanes?: boolean;
  /** Move every plane this many loop radii into side B (down the neck, past whatever of A overhangs it). Default 0. */
  shift?: number;
  /**
   * Bound a plane to the box around its loop when it would also slice the solid far from the loop (see
   * slicesFarFromLoop). Default false.
   */
  boundFarPlanes?: boolean;
  /** Half-width of the box that bounds a cut plane that grazed a wall, in loop radii. Default 2. */
  reach?: number;
  /** At most this many boundary loops get a plane. Default 6. */
  maxLoops?: number;
  /**
   * Cut by the convex hull of the smaller side's surface instead of planes: that side is the solid
   * inside the hull, the other the rest (see hullCut). Default false.
   */
  hull?: boolean;
}

export interface CutResult {
  a: SolidMesh;
  b: SolidMesh;
}

/** A cut plane limited to the neighbourhood of one boundary loop. */
export interface LocalPlane extends Plane {
  /** A point of the plane at the loop's centre. */
  center: [number, number, number];
  /** Largest distance from the centre to a loop point, within the plane. */
  radius: number;
}

/** The planes of the A|B boundary, longest loop first, normals pointing into side A. */
export function boundaryPlanes(input: CutInput): LocalPlane[] {
  const { graph, side, facesA } = input;
  const edges: number[] = [];
  const lengths: number[] = [];
  const faceOfEdge: number[] = [];
  const otherOfEdge: number[] = [];
  for (const f of facesA) {
    for (let s = graph.adjStart[f]; s < graph.adjStart[f + 1]; s++) {
      if (side[graph.adjFace[s]] !== 2) continue;
      edges.push(graph.adjEdgeA[s], graph.adjEdgeB[s]);
      lengths.push(graph.adjLength[s]);
      faceOfEdge.push(f);
      otherOfEdge.push(graph.adjFace[s]);
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
    const ra = find(edges[2 * e]),
      rb = find(edges[2 * e + 1]);
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
      const a = edges[2 * e],
        b = edges[2 * e + 1];
      for (let k = 0; k < 3; k++) {
        points[9 * i + k] = p[3 * a + k];
        points[9 * i + 3 + k] = p[3 * b + k];
        points[9 * i + 6 + k] = (p[3 * a + k] + p[3 * b + k]) / 2;
      }
      weights[3 * i] = weights[3 * i + 1] = lengths[e] / 4;
      weights[3 * i + 2] = lengths[e] / 2;
      total += lengths[e];
    });
    const plane = fitPlane(points, weights);
    const [nx, ny, nz] = plane.normal;
    const center: [number, number, number] = [...plane.centroid];
    let radius = 0;
    for (let i = 0; i < points.length; i += 3) {
      const dx = points[i] - center[0],
        dy = points[i + 1] - center[1],
        dz = points[i + 2] - center[2];
      const along = dx * nx + dy * ny + dz * nz;
      radius = Math.max(radius, Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - along * along)));
    }
    // Point the normal into side A: A's faces next to the loop should lie on the positive side and
    // B's on the negative (both count: when the loop lies flat on A's faces, only B's tell).
    let lean = 0;
    const c = graph.centroid;
    const height = (f: number) =>
      (c[3 * f] - center[0]) * nx + (c[3 * f + 1] - center[1]) * ny + (c[3 * f + 2] - center[2]) * nz;
    for (const e of list) lean += lengths[e] * (height(faceOfEdge[e]) - height(otherOfEdge[e]));
    const sign = lean >= 0 ? 1 : -1;
    const normal: [number, number, number] = [sign * nx, sign * ny, sign * nz];
    // Planes fitted to loops on flat regions coincide with mesh faces; manifold-3d's coplanar handling
    // is then very slow, so the plane is moved a hair (1e-4 of the loop radius) into side B.
    const offset = sign * plane.offset - 1e-4 * radius;
    return { plane: { normal, offset, center, radius }, total };
  });
  fitted.sort((x, y) => y.total - x.total);
  const longest = fitted[0].total;
  return fitted
    .filter((loop) => loop.total >= (input.minLoopFraction ?? 0.05) * longest)
    .slice(0, input.maxLoops ?? 6)
    .map((loop) => loop.plane);
}

/**
 * Connected components of `m`. A plane grazing a thin wall leaves slivers of ~1e-20 volume; their
 * volume is far below any tolerance and manifold-3d's booleans can abort on them, so they are dropped.
 */
export function components(m: SolidMesh, negligibleVolume: number, volumes?: Map<SolidMesh, number>): SolidMesh[] {
  const kept: SolidMesh[] = [];
  for (const piece of meshComponents(m)) {
    if (piece.mesh.faces.length === 0 || Math.abs(piece.volume) < negligibleVolume) continue;
    volumes?.set(piece.mesh, piece.volume);
    kept.push(piece.mesh);
  }
  return kept;
}

/** Area of side A and side B input surface carried by `solid`. */
export function votes(solid: SolidMesh, input: CutInput): [number, number] {
  return sideAreas(solid, input.side);
}

/**
 * The half-space on side A of `plane`, bounded to a box around its loop: side 2 × `reach` × radius
 * across and the same deep. Only what lies near the neck is cut; the far parts of the solid are
 * untouched. As the six planes {x : m·x < offset} of its faces, the neck's first.
 */
function localBoxPlanes(plane: LocalPlane, reach: number): { normal: number[]; offset: number }[] {
  const r = Math.max(plane.radius * reach, 1e-9);
  const n = plane.normal,
    c = plane.center;
  const { u, v } = planeFrame(n);
  const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const neg = (a: readonly number[]) => a.map((x) => -x);
  return [
    { normal: neg(n), offset: -dot(n, c) },
    { normal: n as number[], offset: dot(n, c) + 2 * r },
    { normal: u, offset: dot(u, c) + r },
    { normal: neg(u), offset: -dot(u, c) + r },
    { normal: v, offset: dot(v, c) + r },
    { normal: neg(v), offset: -dot(v, c) + r },
  ];
}

/** The same box as a manifold-3d solid, for the fallback when clipByBox cannot cap a section. */
function localHalfSpace(wasm: ManifoldToplevel, plane: LocalPlane, reach: number): Manifold {
  const r = Math.max(plane.radius * reach, 1e-9);
  const n = plane.normal;
  const { u, v } = planeFrame(n);
  const c = plane.center;
  const box = wasm.Manifold.cube([2 * r, 2 * r, 2 * r], false);
  // Local (x, y, z) ∈ [0, 2r]³ → c + (x − r)·u + (y − r)·v + z·n.
  const t = [c[0] - r * (u[0] + v[0]), c[1] - r * (u[1] + v[1]), c[2] - r * (u[2] + v[2])];
  const placed = box.transform([u[0], u[1], u[2], 0, v[0], v[1], v[2], 0, n[0], n[1], n[2], 0, t[0], t[1], t[2], 1]);
  box.delete();
  return placed;
}

/**
 * `part` split by the box around `plane`'s loop: [inside, outside], made here or by manifold-3d. The
 * `neighbours` (pieces that may share seams with `part`) are refined along the box's planes; returned
 * in the same order, or undefined when they were left as they were.
 */
function boxHalves(
  part: SolidMesh,
  plane: LocalPlane,
  reach: number,
  kernel: Kernel,
  neighbours: SolidMesh[],
): { halves: SolidMesh[]; neighbours?: SolidMesh[] } {
  const clipped = clipByBox(kernel.wasm, part, localBoxPlanes(plane, reach), neighbours);
  if (clipped)
    return {
      halves: [clipped.inside, clipped.outside].filter((half) => half.faces.length > 0),
      neighbours: clipped.neighbours,
    };
  const box = localHalfSpace(kernel.wasm, plane, reach);
  const whole = kernel.toManifold(part);
  const halves = whole.split(box).flatMap((half) => kernel.fromManifold(half, true));
  whole.delete();
  box.delete();
  return { halves };
}

/**
 * How faithfully a cut follows the boundary: of side A's input surface, and of side B's, the fraction
 * the cut put on its own side, whichever is less (1 = the cut follows the boundary). Per side, so a
 * small part is not judged by the whole: a cut that leaves a wheel on the car and takes off a sliver
 * of its face keeps 96 % of the surface in place but 0 % of the wheel.
 */
export function agreement(cut: CutResult, input: CutInput): number {
  const [aa, ab] = votes(cut.a, input);
  const [ba, bb] = votes(cut.b, input);
  const keptA = aa + ba > 0 ? aa / (aa + ba) : 1,
    keptB = ab + bb > 0 ? bb / (ab + bb) : 1;
  return Math.min(keptA, keptB);
}

/** More components than this from one plane cut means the plane grazed a wall (see cutSolid). */
const SHATTERED = 40;

function crosses(solid: SolidMesh, plane: Plane): boolean {
  const box = boundingBox(solid);
  let lo = Infinity,
    hi = -Infinity;
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
 * Whether `plane` crosses `part` outside the box that localHalfSpace would bound it to. Such far
 * slices are voted back and glued to their own side, but each gluing leaves a seam of long thin
 * triangles, and later booleans on a piece crossed by many seams slow down sharply (psb table 142:
 * 13 s at 9 pieces). Those planes are bounded to the neck instead.
 */
function slicesFarFromLoop(part: SolidMesh, plane: LocalPlane, reach: number): boolean {
  const p = part.pool.positions,
    np = 3,
    tri = part.triangles;
  const [nx, ny, nz] = plane.normal,
    [cx, cy, cz] = plane.center;
  const limit = (plane.radius * reach) ** 2;
  const height = (v: number) => p[v * np] * nx + p[v * np + 1] * ny + p[v * np + 2] * nz - plane.offset;
  for (let t = 0; t < tri.length; t += 3) {
    const a = tri[t],
      b = tri[t + 1],
      c = tri[t + 2];
    const ha = height(a),
      hb = height(b),
      hc = height(c);
    if ((ha > 0 && hb > 0 && hc > 0) || (ha < 0 && hb < 0 && hc < 0)) continue;
    const dx = p[a * np] - cx,
      dy = p[a * np + 1] - cy,
      dz = p[a * np + 2] - cz;
    const along = dx * nx + dy * ny + dz * nz;
    if (dx * dx + dy * dy + dz * dz - along * along > limit) return true;
  }
  return false;
}

/** Both halves of `part` cut by `plane` by manifold-3d (foreign halves), for sections clipByPlane cannot cap. */
function kernelPlaneHalves(part: SolidMesh, plane: Plane, kernel: Kernel): SolidMesh[] {
  const solid = kernel.toManifold(part);
  const halves = solid.splitByPlane(plane.normal, plane.offset);
  solid.delete();
  return halves.flatMap((half) => kernel.fromManifold(half, true));
}

/** Whether `mesh` uses a vertex made at or after pool id `first` (it carries a seam of the current cut). */
function touches(mesh: SolidMesh, first: number): boolean {
  for (const v of mesh.triangles) if (v >= first) return true;
  return false;
}

/**
 * Cuts `solid` into its A and B parts, or returns undefined when the planes cannot separate them (one
 * side would be empty).
 */
export function cutSolid(
  solid: SolidMesh,
  input: CutInput,
  fitted: LocalPlane[] = boundaryPlanes(input),
): CutResult | undefined {
  const { kernel } = input;
  if (input.hull) return hullCut(solid, input);
  const firstNew = solid.pool.count;
  const shift = input.shift ?? 0;
  const planes =
    shift === 0
      ? fitted
      : fitted.map((p) => ({
          ...p,
          offset: p.offset - shift * p.radius,
          center: p.center.map((x, k) => x - shift * p.radius * p.normal[k]) as [number, number, number],
        }));
  const volumes = new Map<SolidMesh, number>();
  let parts = components(solid, input.negligibleVolume, volumes);
  const tally = new Map<SolidMesh, [number, number]>();
  const voteOf = (m: SolidMesh) => {
    let v = tally.get(m);
    if (!v) tally.set(m, (v = votes(m, input)));
    return v;
  };
  for (const plane of planes) {
    const mode = parts.map((part) => {
      const [va, vb] = voteOf(part);
      if (va === 0 || vb === 0 || !crosses(part, plane)) return 'keep';
      const bounded =
        input.boundedPlanes || (input.boundFarPlanes === true && slicesFarFromLoop(part, plane, input.reach ?? 2));
      return bounded ? 'box' : 'plane';
    });
    // Parts this cut already made that the plane crosses but does not split (or that a box will cut)
    // are refined along it, so their seams with the parts it splits stay matched (see solid-mesh.ts join).
    const planeParts = parts.filter((_, i) => mode[i] === 'plane');
    const refine = parts.filter((part, i) => mode[i] !== 'plane' && crosses(part, plane) && touches(part, firstNew));
    const clipped =
      planeParts.length > 0 ? clipByPlane(kernel.wasm, planeParts, plane.normal, plane.offset, refine) : undefined;
    const refined = new Map<SolidMesh, SolidMesh>();
    if (clipped)
      refine.forEach((part, j) => {
        refined.set(part, clipped.refined[j]);
      });
    const next: SolidMesh[][] = [];
    const boxed: { index: number; base: SolidMesh }[] = [];
    let planeIndex = 0;
    parts.forEach((part, i) => {
      if (mode[i] === 'keep') {
        const r = refined.get(part);
        if (r) {
          tally.set(r, voteOf(part));
          volumes.set(r, volumes.get(part)!);
        }
        next.push([r ?? part]);
        return;
      }
      let halves: SolidMesh[] = [];
      let own: ClipResult | undefined;
      if (mode[i] === 'plane') {
        own = clipped?.halves[planeIndex++];
        halves = own
          ? [own.upper, own.lower].filter((half) => half.faces.length > 0)
          : kernelPlaneHalves(part, plane, kernel);
      }
      // genus = 1 − components + handles: a very negative value means the plane grazed a wall and
      // shattered it into slivers. Cut only near the loop then (below, once the plane cuts are done;
      // a shattered part is boxed as its halves glued back, which is the part refined along the plane
      // as its neighbours were).
      if (mode[i] === 'box' || (input.localCuts !== false && halves.some((half) => genus(half) < -SHATTERED))) {
        boxed.push({ index: i, base: own ? dropSeams([own.upper, own.lower]) : (refined.get(part) ?? part) });
        next.push([]);
        return;
      }
      next.push(halves.flatMap((half) => components(half, input.negligibleVolume, volumes)));
    });
    boxed.forEach(({ index, base }, b) => {
      // Pieces this cut made elsewhere (and the parts still to be boxed) are refined along the box
      // too, so their seams stay matched.
      const slots: { get: () => SolidMesh; set: (m: SolidMesh) => void }[] = [];
      next.forEach((list, i) => {
        list.forEach((m, j) => {
          if (i !== index && touches(m, firstNew)) slots.push({ get: () => next[i][j], set: (r) => (next[i][j] = r) });
        });
      });
      for (let later = b + 1; later < boxed.length; later++) {
        if (touches(boxed[later].base, firstNew))
          slots.push({ get: () => boxed[later].base, set: (r) => (boxed[later].base = r) });
      }
      const done = boxHalves(
        base,
        plane,
        input.reach ?? 2,
        kernel,
        slots.map((slot) => slot.get()),
      );
      done.neighbours?.forEach((r, k) => {
        const old = slots[k].get();
        if (r === old) return;
        tally.set(r, voteOf(old));
        volumes.set(r, volumes.get(old) ?? 0);
        slots[k].set(r);
      });
      next[index] = done.halves.flatMap((half) => components(half, input.negligibleVolume, volumes));
    });
    parts = next.flat();
  }
  const sideA: SolidMesh[] = [],
    sideB: SolidMesh[] = [],
    loose: SolidMesh[] = [];
  for (const part of parts) {
    const [va, vb] = voteOf(part);
    if (va === 0 && vb === 0) loose.push(part);
    else (va >= vb ? sideA : sideB).push(part);
  }
  if (sideA.length === 0 || sideB.length === 0) return undefined;
  // Parts that carry neither side (absorbed slivers, pure cut caps) stay with the larger side.
  const volume = (list: SolidMesh[]) => list.reduce((s, m) => s + volumes.get(m)!, 0);
  (volume(sideA) >= volume(sideB) ? sideA : sideB).push(...loose);
  return { a: join(sideA, kernel, firstNew), b: join(sideB, kernel, firstNew) };
}

/**
 * The cut for a part whose boundary is no plane — a wheel sunk into a car's flank, a cabin on a
 * rounded body: the convex hull of the smaller side's surface, intersected with the solid, is that
 * side; the rest of the solid is the other. Both come from one pair of manifold-3d booleans, so they
 * are closed and their volumes add up to the solid's. Components vote as in cutSolid (a piece of the
 * other side caught inside the hull goes back to it).
 */
/** How much the hull of hullCut is grown about its centre (a factor). */
const HULL_GROWTH = 1.01;

function hullCut(solid: SolidMesh, input: CutInput): CutResult | undefined {
  const { kernel, graph, side } = input;
  let areaA = 0,
    areaB = 0;
  for (let f = 0; f < graph.faceCount; f++) {
    if (side[f] === 1) areaA += graph.area[f];
    else if (side[f] === 2) areaB += graph.area[f];
  }
  const small = areaA <= areaB ? 1 : 2;
  const points: [number, number, number][] = [];
  const seen = new Set<number>();
  const p = graph.positions;
  for (let f = 0; f < graph.faceCount; f++) {
    if (side[f] !== small) continue;
    for (let k = 0; k < 3; k++) {
      const v = graph.faces[3 * f + k];
      if (seen.has(v)) continue;
      seen.add(v);
      points.push([p[3 * v], p[3 * v + 1], p[3 * v + 2]]);
    }
  }
  if (points.length < 4) return undefined;
  const { wasm } = kernel;
  // Grown a little about its centre: a hull through the surface's own vertices would meet the solid
  // in coincident faces, which the booleans resolve with a loss of volume.
  const centre = [0, 1, 2].map((k) => points.reduce((sum, q) => sum + q[k], 0) / points.length);
  const grown = points.map(
    (q) => q.map((x, k) => centre[k] + HULL_GROWTH * (x - centre[k])) as [number, number, number],
  );
  const hull = wasm.Manifold.hull(grown);
  const whole = kernel.toManifold(solid);
  const inside = whole.intersect(hull);
  const outside = whole.subtract(hull);
  for (const m of [hull, whole]) m.delete();
  const volumes = new Map<SolidMesh, number>();
  const parts = [inside, outside].flatMap((half) =>
    kernel.fromManifold(half, true).flatMap((m) => components(m, input.negligibleVolume, volumes)),
  );
  const sideA: SolidMesh[] = [],
    sideB: SolidMesh[] = [];
  for (const part of parts) {
    const [va, vb] = votes(part, input);
    (va > vb || (va === vb && small === 1) ? sideA : sideB).push(part);
  }
  if (sideA.length === 0 || sideB.length === 0) return undefined;
  const result = { a: join(sideA, kernel, solid.pool.count), b: join(sideB, kernel, solid.pool.count) };
  // A hull grazing a thin part can leave shells that touch along an edge: closed as manifold-3d reads
  // them, not by position as the output is checked. Such a cut is not taken.
  return closedByPosition(result.a) && closedByPosition(result.b) ? result : undefined;
}

/** Whether every edge of `m`, its vertices read by position, is shared by exactly two triangles, once each way. */
function closedByPosition(m: SolidMesh): boolean {
  const p = m.pool.positions;
  const ids = new Map<string, number>();
  const idOf = (v: number) => {
    const key = `${p[3 * v]},${p[3 * v + 1]},${p[3 * v + 2]}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    return id;
  };
  const t = m.triangles;
  const vertex = Int32Array.from(t, idOf);
  const edges = new Map<string, number>();
  for (let i = 0; i < t.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const a = vertex[i + k],
        b = vertex[i + ((k + 1) % 3)];
      if (a === b) continue;
      // +1 for a → b, +1000 for b → a: a closed, consistently wound edge counts exactly 1001.
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      edges.set(key, (edges.get(key) ?? 0) + (a < b ? 1 : 1000));
    }
  }
  for (const count of edges.values()) if (count !== 1001) return false;
  return true;
}
