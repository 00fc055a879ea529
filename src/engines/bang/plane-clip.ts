/**
 * Cutting a closed mesh by a plane without a boolean: triangles crossing the plane are split where
 * their edges cross it, and the cross-section's loops are triangulated (manifold-3d's polygon
 * triangulator) into a cap that both halves share, wound oppositely. The cost is linear in the mesh
 * with a small constant, where manifold-3d's splitByPlane rebuilds the whole solid (0.3 s for 200k
 * triangles), and the halves share their seam vertices, so join() in solid-mesh.ts can glue far
 * slices back by dropping the two cap copies instead of a union.
 *
 * Exactness: no vertex is left on the plane (the plane is moved by the least amount that keeps every
 * vertex 2e-6 of the mesh's size away when one is nearer), so every crossing edge is cut at one
 * interior point, computed once from its lower-id end and shared by both triangles of the edge; cut
 * points closer than 32-bit floats resolve are merged. The cap is checked edge by edge; when the
 * triangulator cannot close it (degenerate sections) the caller falls back to manifold-3d.
 */
import type { ManifoldToplevel } from 'manifold-3d';
import { planeFrame } from './linalg.ts';
import { boundingBox, dropSeams, type SolidMesh } from './solid-mesh.ts';

export interface ClipResult {
  /** The part on the side the normal points to, and the other; either may be empty (no triangles). */
  upper: SolidMesh;
  lower: SolidMesh;
}

/** Vertices closer to the plane than this fraction of the mesh's size (extent or distance from the origin) move the plane. */
const CLEARANCE = 2e-6;
/** Cut points of one triangle closer than this fraction of the scale are merged (see mergeClosePoints). */
const MERGE = 4e-7;
/** The plane moves by at most this many clearances. */
const WINDOW = 64;

/**
 * The smallest move of the plane (in distance along its normal) that leaves every vertex at least
 * `clearance` away, given the signed distances of the vertices near it; undefined when no gap within
 * WINDOW clearances is wide enough (a flat region lying in the plane, say).
 */
function clearShift(near: number[], clearance: number): number | undefined {
  const sorted = [-WINDOW * clearance, ...near, WINDOW * clearance].sort((a, b) => a - b);
  let best: number | undefined;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const lo = sorted[i] + clearance,
      hi = sorted[i + 1] - clearance;
    if (lo > hi) continue;
    const shift = Math.min(Math.max(0, lo), hi);
    if (best === undefined || Math.abs(shift) < Math.abs(best)) best = shift;
  }
  return best;
}

/** Growable triangle list (ids, input face, corner UVs). */
class TriangleList {
  triangles = new Uint32Array(3 * 1024);
  faces = new Int32Array(1024);
  uvs: Float32Array | undefined;
  count = 0;
  constructor(withUvs: boolean) {
    if (withUvs) this.uvs = new Float32Array(6 * 1024);
  }
  push(a: number, b: number, c: number, face: number): number {
    if (this.count === this.faces.length) {
      const grow = <T extends Uint32Array | Int32Array | Float32Array>(from: T, make: (n: number) => T): T => {
        const to = make(from.length * 2);
        to.set(from);
        return to;
      };
      this.triangles = grow(this.triangles, (n) => new Uint32Array(n));
      this.faces = grow(this.faces, (n) => new Int32Array(n));
      if (this.uvs) this.uvs = grow(this.uvs, (n) => new Float32Array(n));
    }
    const i = this.count++;
    this.triangles[3 * i] = a;
    this.triangles[3 * i + 1] = b;
    this.triangles[3 * i + 2] = c;
    this.faces[i] = face;
    return i;
  }
  /** Sets the UV of corner k of triangle i (left 0 otherwise). */
  uv(i: number, k: number, u: number, v: number): void {
    if (!this.uvs) return;
    this.uvs[6 * i + 2 * k] = u;
    this.uvs[6 * i + 2 * k + 1] = v;
  }
  mesh(pool: SolidMesh['pool']): SolidMesh {
    return {
      pool,
      triangles: this.triangles.slice(0, 3 * this.count),
      faces: this.faces.slice(0, this.count),
      uvs: this.uvs?.slice(0, 6 * this.count),
    };
  }
}

/**
 * Splits each of `split` (closed meshes of one pool) by the plane n·x = offset (n of unit length);
 * returns undefined when no parallel plane within about 1e-4 of the extent keeps clear of every vertex.
 * Per split mesh: its two halves (not decomposed; either may be empty), or undefined when its section
 * cannot be capped here.
 * The meshes in `refine` are not separated, only their triangles that cross the plane are split at the
 * same points (returned as `refined`), so pieces that share cut faces with a split mesh keep sharing
 * them exactly.
 */
export function clipByPlane(
  wasm: ManifoldToplevel,
  split: SolidMesh[],
  normal: readonly number[],
  offset: number,
  refine: SolidMesh[] = [],
): { halves: (ClipResult | undefined)[]; refined: SolidMesh[] } | undefined {
  const pool = split[0].pool;
  const all = [...split, ...refine];
  const p = pool.positions;
  const [nx, ny, nz] = normal;
  // Lengths are measured against the pieces' extent or their distance from the origin, whichever is
  // larger: positions end up as 32-bit floats, whose resolution follows the coordinates' size.
  let scale = 0;
  for (const m of split) {
    const box = boundingBox(m);
    scale = Math.max(scale, Math.hypot(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]));
    for (let k = 0; k < 3; k++) scale = Math.max(scale, Math.abs(box.min[k]), Math.abs(box.max[k]));
  }
  const clearance = CLEARANCE * scale;
  const distances = all.map((m) => new Float64Array(m.triangles.length));
  const measure = () => {
    const near: number[] = [];
    all.forEach((m, j) => {
      const t = m.triangles,
        distance = distances[j];
      for (let i = 0; i < t.length; i++) {
        const v = 3 * t[i];
        distance[i] = p[v] * nx + p[v + 1] * ny + p[v + 2] * nz - offset;
        if (Math.abs(distance[i]) < WINDOW * clearance) near.push(distance[i]);
      }
    });
    return near;
  };
  const near = measure();
  if (near.some((d) => Math.abs(d) < clearance)) {
    const shift = clearShift(near, clearance);
    if (shift === undefined) return undefined;
    offset += shift;
    measure();
  }
  const cutPoint = new Map<number, number>();
  const merged = new Merges();
  all.forEach((m, j) => {
    mergeClosePoints(m, distances[j], cutPoint, merged, MERGE * scale);
  });
  const halves = split.map((mesh, j) => {
    // Cap boundary of the upper half: next[x] = y for each directed cap edge x → y.
    const next = new Map<number, number>();
    const upper = new TriangleList(!!mesh.uvs),
      lower = new TriangleList(!!mesh.uvs);
    clipTriangles(mesh, distances[j], cutPoint, merged, upper, lower, next);
    if (next.size > 0 && !cap(wasm, pool, normal, next, upper, lower)) return undefined;
    return { upper: upper.mesh(pool), lower: lower.mesh(pool) };
  });
  const refined = refine.map((m, j) => {
    const distance = distances[split.length + j];
    let above = 0;
    for (let i = 0; i < distance.length; i++) if (distance[i] > 0) above++;
    if (above === 0 || above === distance.length) return m;
    const list = new TriangleList(!!m.uvs);
    clipTriangles(m, distance, cutPoint, merged, list, list);
    return m.foreign ? { ...list.mesh(pool), foreign: true } : list.mesh(pool);
  });
  return { halves, refined };
}

/** The pool vertex where the edge from corner ci to corner cj of `mesh` crosses the plane (made once per edge). */
function edgePoint(
  mesh: SolidMesh,
  distance: Float64Array,
  cutPoint: Map<number, number>,
  ci: number,
  cj: number,
): number {
  const t = mesh.triangles,
    pool = mesh.pool;
  const a = t[ci],
    b = t[cj];
  const key = a < b ? a * 4294967296 + b : b * 4294967296 + a;
  let id = cutPoint.get(key);
  if (id === undefined) {
    const p = pool.positions;
    const [lo, hi, dlo, dhi] = a < b ? [a, b, distance[ci], distance[cj]] : [b, a, distance[cj], distance[ci]];
    const s = dlo / (dlo - dhi);
    id = pool.add(
      p[3 * lo] + s * (p[3 * hi] - p[3 * lo]),
      p[3 * lo + 1] + s * (p[3 * hi + 1] - p[3 * lo + 1]),
      p[3 * lo + 2] + s * (p[3 * hi + 2] - p[3 * lo + 2]),
    );
    cutPoint.set(key, id);
  }
  return id;
}

/** Cut points that stand for one another (union-find; the smallest id represents its group). */
class Merges {
  private readonly parent = new Map<number, number>();
  find(x: number): number {
    let r = x;
    for (let up = this.parent.get(r); up !== undefined; up = this.parent.get(r)) r = up;
    return r;
  }
  union(x: number, y: number): void {
    const a = this.find(x),
      b = this.find(y);
    if (a !== b) this.parent.set(Math.max(a, b), Math.min(a, b));
  }
}

/**
 * Where a sliver triangle crosses the plane its two cut points can lie closer than 32-bit floats
 * resolve; they are merged into one (an edge collapse: the triangle's part between them vanishes and
 * its neighbours close over it), so no piece gets two corners at one position.
 */
function mergeClosePoints(
  mesh: SolidMesh,
  distance: Float64Array,
  cutPoint: Map<number, number>,
  merged: Merges,
  tolerance: number,
): void {
  const t = mesh.triangles;
  for (let c0 = 0; c0 < t.length; c0 += 3) {
    const s0 = distance[c0] > 0,
      s1 = distance[c0 + 1] > 0,
      s2 = distance[c0 + 2] > 0;
    if (s0 === s1 && s1 === s2) continue;
    const k = s0 === s1 ? 2 : s0 === s2 ? 1 : 0;
    const x = edgePoint(mesh, distance, cutPoint, c0 + k, c0 + ((k + 1) % 3));
    const y = edgePoint(mesh, distance, cutPoint, c0 + k, c0 + ((k + 2) % 3));
    const p = mesh.pool.positions; // read after edgePoint, which may grow the pool
    const d = Math.hypot(p[3 * x] - p[3 * y], p[3 * x + 1] - p[3 * y + 1], p[3 * x + 2] - p[3 * y + 2]);
    if (d < tolerance) merged.union(x, y);
  }
}

/**
 * Sorts `mesh`'s triangles into `upper` and `lower` by the signed distance of their corners, splitting
 * those that cross the plane (at the merged cut points; triangles that collapse are left out); records
 * the upper half's cap boundary in `next` when given.
 */
function clipTriangles(
  mesh: SolidMesh,
  distance: Float64Array,
  cutPoint: Map<number, number>,
  merged: Merges,
  upper: TriangleList,
  lower: TriangleList,
  next?: Map<number, number>,
): void {
  const t = mesh.triangles,
    nt = t.length / 3;
  const uv = mesh.uvs;
  const cornerUv = (tri: number, k: number): [number, number] =>
    uv ? [uv[6 * tri + 2 * k], uv[6 * tri + 2 * k + 1]] : [0, 0];
  const crossing = (ci: number, cj: number): number => merged.find(edgePoint(mesh, distance, cutPoint, ci, cj));
  const along = (ci: number, cj: number, tri: number, ki: number, kj: number): [number, number] => {
    const s = distance[ci] / (distance[ci] - distance[cj]);
    const [ui, vi] = cornerUv(tri, ki),
      [uj, vj] = cornerUv(tri, kj);
    return [ui + s * (uj - ui), vi + s * (vj - vi)];
  };
  for (let tri = 0; tri < nt; tri++) {
    const c0 = 3 * tri;
    const s0 = distance[c0] > 0,
      s1 = distance[c0 + 1] > 0,
      s2 = distance[c0 + 2] > 0;
    const face = mesh.faces[tri];
    if (s0 === s1 && s1 === s2) {
      const list = s0 ? upper : lower;
      const i = list.push(t[c0], t[c0 + 1], t[c0 + 2], face);
      if (uv) list.uvs!.set(uv.subarray(6 * tri, 6 * tri + 6), 6 * i);
      continue;
    }
    // k = the corner alone on its side; then (a, b, c) keeps the triangle's winding.
    const k = s0 === s1 ? 2 : s0 === s2 ? 1 : 0;
    const ka = k,
      kb = (k + 1) % 3,
      kc = (k + 2) % 3;
    const a = t[c0 + ka],
      b = t[c0 + kb],
      c = t[c0 + kc];
    const xab = crossing(c0 + ka, c0 + kb),
      xac = crossing(c0 + ka, c0 + kc);
    const aloneUp = distance[c0 + ka] > 0;
    const alone = aloneUp ? upper : lower,
      pair = aloneUp ? lower : upper;
    // Corner UVs, in the order a, b, c, xab, xac.
    const uvs: [number, number][] | undefined = uv
      ? [
          cornerUv(tri, ka),
          cornerUv(tri, kb),
          cornerUv(tri, kc),
          along(c0 + ka, c0 + kb, tri, ka, kb),
          along(c0 + ka, c0 + kc, tri, ka, kc),
        ]
      : undefined;
    const put = (list: TriangleList, x: number, y: number, z: number, ux: number, uy: number, uz: number) => {
      if (x === y || y === z || x === z) return;
      const i = list.push(x, y, z, face);
      if (uvs) {
        list.uv(i, 0, uvs[ux][0], uvs[ux][1]);
        list.uv(i, 1, uvs[uy][0], uvs[uy][1]);
        list.uv(i, 2, uvs[uz][0], uvs[uz][1]);
      }
    };
    put(alone, a, xab, xac, 0, 3, 4);
    // The quad (xab, b, c, xac) is split along the diagonal through its smallest id, so that the
    // same quad wound the other way (the far copy of a cap triangle) splits into the same triangles.
    const smallest = Math.min(xab, b, c, xac);
    if (smallest === xab || smallest === c) {
      put(pair, xab, b, c, 3, 1, 2);
      put(pair, xab, c, xac, 3, 2, 4);
    } else {
      put(pair, xab, b, xac, 3, 1, 4);
      put(pair, b, c, xac, 1, 2, 4);
    }
    // The upper piece holds the directed edge xab → xac (lone corner up) or xac → xab; its cap runs the other way.
    if (xab === xac) continue;
    if (aloneUp) next?.set(xac, xab);
    else next?.set(xab, xac);
  }
}

/**
 * Splits `mesh` (closed) into its part inside the convex box {x : n·x < offset for every plane} and the
 * rest, or returns undefined when a section cannot be capped here. The box is cut plane by plane; the
 * slices cut off on the way are refined by every later plane, so they still share their faces exactly
 * with what they were cut from, and are glued back into one outside part. The `neighbours` (meshes that
 * may share cut faces with `mesh`) are refined along every plane too and returned in their order.
 */
export function clipByBox(
  wasm: ManifoldToplevel,
  mesh: SolidMesh,
  planes: { normal: readonly number[]; offset: number }[],
  neighbours: SolidMesh[] = [],
): { inside: SolidMesh; outside: SolidMesh; neighbours: SolidMesh[] } | undefined {
  let inside = mesh;
  let outside: SolidMesh[] = [];
  let around = neighbours;
  for (const plane of planes) {
    if (inside.faces.length === 0) break;
    const clipped = clipByPlane(wasm, [inside], plane.normal, plane.offset, [...outside, ...around]);
    const halves = clipped?.halves[0];
    if (!clipped || !halves) return undefined;
    outside = clipped.refined.slice(0, outside.length);
    around = clipped.refined.slice(outside.length);
    if (halves.upper.faces.length > 0) outside.push(halves.upper);
    inside = halves.lower;
  }
  const empty: SolidMesh = {
    pool: mesh.pool,
    triangles: new Uint32Array(0),
    faces: new Int32Array(0),
    uvs: mesh.uvs ? new Float32Array(0) : undefined,
  };
  return { inside, outside: outside.length === 0 ? empty : dropSeams(outside), neighbours: around };
}

/** Triangulates the section's loops into both halves' caps; false when the cap would not close. */
function cap(
  wasm: ManifoldToplevel,
  pool: SolidMesh['pool'],
  normal: readonly number[],
  next: Map<number, number>,
  upper: TriangleList,
  lower: TriangleList,
): boolean {
  const p = pool.positions;
  // Plane frame (e1, e2) with e1 × e2 = −n: counter-clockwise in it is the upper cap's outward side.
  const { u, v: e2 } = planeFrame(normal);
  const e1 = u.map((x) => -x);
  const loops: [number, number][][] = [];
  const ids: number[] = [];
  const visited = new Set<number>();
  const closedAlready = new Set<number>();
  for (const start of next.keys()) {
    if (visited.has(start)) continue;
    const loop: [number, number][] = [];
    let v = start;
    const members: number[] = [];
    do {
      if (visited.has(v)) return false;
      visited.add(v);
      members.push(v);
      const x = p[3 * v],
        y = p[3 * v + 1],
        z = p[3 * v + 2];
      loop.push([x * e1[0] + y * e1[1] + z * e1[2], x * e2[0] + y * e2[1] + z * e2[2]]);
      const w = next.get(v);
      if (w === undefined) return false;
      v = w;
    } while (v !== start);
    // A loop of two points (merged cut points of a sliver) encloses nothing: its two edges close
    // the surface against each other.
    if (members.length === 2) {
      closedAlready.add(members[0]).add(members[1]);
      continue;
    }
    ids.push(...members);
    loops.push(loop);
  }
  let triangles: [number, number, number][] = [];
  try {
    if (loops.length > 0) triangles = wasm.triangulate(loops, -1, false) as [number, number, number][];
  } catch {
    return false;
  }
  // Every loop edge once in the cap's winding, every inner edge once each way.
  const used = new Map<number, number>();
  const key = (a: number, b: number) => a * 4294967296 + b;
  for (const [i, j, k] of triangles) {
    const a = ids[i],
      b = ids[j],
      c = ids[k];
    if (a === undefined || b === undefined || c === undefined || a === b || b === c || a === c) return false;
    for (const [x, y] of [
      [a, b],
      [b, c],
      [c, a],
    ])
      used.set(key(x, y), (used.get(key(x, y)) ?? 0) + 1);
  }
  for (const [e, count] of used) {
    if (count !== 1) return false;
    const a = Math.floor(e / 4294967296),
      b = e - a * 4294967296;
    if (next.get(a) === b) continue;
    if (next.get(b) === a || used.get(key(b, a)) !== 1) return false;
  }
  for (const [a, b] of next) if (!closedAlready.has(a) && !used.has(key(a, b))) return false;
  for (const [i, j, k] of triangles) {
    upper.push(ids[i], ids[j], ids[k], -1);
    lower.push(ids[i], ids[k], ids[j], -1);
  }
  return true;
}
