/**
 * The steps of the UV atlas (./uv-atlas.ts), in the order it runs them: face adjacency, an axis label
 * per face, connected charts (small ones merged), a projection basis per chart, and regrouping of the
 * faces a chart's projection would flip.
 */
import type { Mesh } from '../mesh.ts';

export const AXES = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

/**
 * Face adjacency across position edges (first two faces per edge; more are ignored).
 *
 * The half-edges are grouped by their lower position id (counting sort, so each group keeps triangle
 * order) and, inside a group, matched by the other end through an array stamped per group: linear in
 * the corners and without a hash table (one cache miss per half-edge on a large mesh), whatever the
 * valence. Each edge pairs its first two uses in triangle order, as a find-or-insert table would.
 */
export function faceNeighbours(I: Uint32Array, pid: Uint32Array | Int32Array, faces: number): Int32Array {
  const corners = faces * 3;
  const neighbours = new Int32Array(corners).fill(-1);
  let ids = 0;
  for (let c = 0; c < corners; c++) if (pid[I[c]] >= ids) ids = pid[I[c]] + 1;
  const start = new Uint32Array(ids + 1);
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const a = pid[I[t * 3 + k]],
        b = pid[I[t * 3 + ((k + 1) % 3)]];
      start[(a < b ? a : b) + 1]++;
    }
  for (let v = 0; v < ids; v++) start[v + 1] += start[v];
  const fill = start.slice(0, ids);
  const halfEdge = new Uint32Array(corners);
  const far = new Uint32Array(corners);
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const a = pid[I[t * 3 + k]],
        b = pid[I[t * 3 + ((k + 1) % 3)]];
      const slot = fill[a < b ? a : b]++;
      halfEdge[slot] = t * 3 + k;
      far[slot] = a < b ? b : a;
    }
  // firstUse[hi] is the group's first half-edge ending at hi, valid while stamp[hi] names this group.
  const firstUse = new Uint32Array(ids);
  const stamp = new Uint32Array(ids);
  for (let lo = 0; lo < ids; lo++)
    for (let s = start[lo]; s < start[lo + 1]; s++) {
      const h = halfEdge[s],
        hi = far[s];
      if (stamp[hi] !== lo + 1) {
        stamp[hi] = lo + 1;
        firstUse[hi] = h;
        continue;
      }
      const other = firstUse[hi];
      if (neighbours[other] < 0 && neighbours[h] < 0) {
        neighbours[other] = Math.floor(h / 3);
        neighbours[h] = Math.floor(other / 3);
      }
    }
  return neighbours;
}

/** Whether face `t`'s normal faces axis `axis` by more than `min` (cosine). */
export function facesAxis(fn: Float32Array, t: number, axis: number, min: number): boolean {
  const d = AXES[axis];
  return fn[t * 3] * d[0] + fn[t * 3 + 1] * d[1] + fn[t * 3 + 2] * d[2] > min;
}

/**
 * Axis label per face from the smoothed normals at its corners (stable on noisy surfaces), cleaned by
 * a majority filter; the two triangles of a quad share one label.
 */
export function axisLabels(mesh: Mesh, smooth: Float32Array, fn: Float32Array, neighbours: Int32Array): Uint8Array {
  const I = mesh.indices;
  const faces = I.length / 3;
  const label = new Uint8Array(faces);
  const dirX = new Float32Array(faces),
    dirY = new Float32Array(faces),
    dirZ = new Float32Array(faces);
  for (let t = 0; t < faces; t++) {
    let x = 0,
      y = 0,
      z = 0;
    for (let k = 0; k < 3; k++) {
      const v = I[t * 3 + k] * 3;
      x += smooth[v];
      y += smooth[v + 1];
      z += smooth[v + 2];
    }
    dirX[t] = x + fn[t * 3];
    dirY[t] = y + fn[t * 3 + 1];
    dirZ[t] = z + fn[t * 3 + 2];
    label[t] = bestAxis(dirX[t], dirY[t], dirZ[t]);
  }
  // Majority filter: a face surrounded by another label joins it if it still faces that way.
  for (let pass = 0; pass < 2; pass++) {
    for (let t = 0; t < faces; t++) {
      const n0 = neighbours[t * 3],
        n1 = neighbours[t * 3 + 1],
        n2 = neighbours[t * 3 + 2];
      const l0 = n0 >= 0 ? label[n0] : -1,
        l1 = n1 >= 0 ? label[n1] : -2,
        l2 = n2 >= 0 ? label[n2] : -3;
      const major = l0 === l1 || l0 === l2 ? l0 : l1 === l2 ? l1 : -1;
      if (major >= 0 && major !== label[t] && facesAxis(fn, t, major, 0.3)) label[t] = major;
    }
  }
  // The two triangles of a quad stay in one chart.
  if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t]) label[t + 1] = label[t];
  return label;
}

/** Union-find over faces; the smaller root wins so chart numbering follows face order. */
export class FaceSets {
  readonly parent: Int32Array;

  constructor(faces: number) {
    this.parent = new Int32Array(faces);
    for (let t = 0; t < faces; t++) this.parent[t] = t;
  }

  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  }

  unite(a: number, b: number): void {
    const ra = this.find(a),
      rb = this.find(b);
    if (ra !== rb) this.parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
  }
}

/** Connected charts of one label (union-find over shared edges; quads stay whole). */
export function connectedCharts(mesh: Mesh, label: Uint8Array, neighbours: Int32Array): FaceSets {
  const faces = label.length;
  const sets = new FaceSets(faces);
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const u = neighbours[t * 3 + k];
      if (u >= 0 && label[u] === label[t]) sets.unite(t, u);
    }
  if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t]) sets.unite(t, t + 1);
  return sets;
}

/** Small charts join the neighbouring chart they share most edges with, if every face suits its axis. */
export function mergeSmallCharts(
  sets: FaceSets,
  label: Uint8Array,
  neighbours: Int32Array,
  fn: Float32Array,
  minChartFaces: number,
): void {
  const faces = label.length;
  const size = new Uint32Array(faces);
  for (let t = 0; t < faces; t++) size[sets.find(t)]++;
  const members = new Map<number, number[]>();
  for (let t = 0; t < faces; t++) {
    const r = sets.find(t);
    if (size[r] >= minChartFaces) continue;
    let list = members.get(r);
    if (!list) members.set(r, (list = []));
    list.push(t);
  }
  for (const list of members.values()) {
    const r = sets.find(list[0]);
    const votes = new Map<number, number>();
    for (const t of list)
      for (let k = 0; k < 3; k++) {
        const u = neighbours[t * 3 + k];
        if (u < 0) continue;
        const ru = sets.find(u);
        if (ru !== r) votes.set(ru, (votes.get(ru) ?? 0) + 1);
      }
    const target = [...votes].sort((a, b) => b[1] - a[1] || size[b[0]] - size[a[0]])[0]?.[0];
    if (target === undefined) continue;
    const axis = label[target];
    if (!list.every((t) => facesAxis(fn, t, axis, 0.1))) continue;
    for (const t of list) label[t] = axis;
    size[target] += size[r];
    sets.unite(r, target);
  }
}

export interface ChartProjection {
  chartOf: Int32Array;
  /** Nine numbers per chart: the right-handed basis (s, t, n). */
  basis: Float64Array;
  charts: number;
}

/**
 * Numbers the charts and projects each along its mean normal (or its axis if a face would flip); `area`
 * is each face's area (`faceNormals` writes it beside the normals).
 */
export function projectCharts(
  sets: FaceSets,
  label: Uint8Array,
  fn: Float32Array,
  area: Float64Array,
): ChartProjection {
  const faces = label.length;
  const chartOf = new Int32Array(faces);
  // Chart ids by root face, numbered in order of first use (an array: roots are face indices).
  const chartId = new Int32Array(faces).fill(-1);
  let charts = 0;
  for (let t = 0; t < faces; t++) {
    const r = sets.find(t);
    if (chartId[r] < 0) chartId[r] = charts++;
    chartOf[t] = chartId[r];
  }
  const mean = new Float64Array(charts * 3);
  for (let t = 0; t < faces; t++) {
    const c = chartOf[t];
    const a = area[t];
    mean[c * 3] += fn[t * 3] * a;
    mean[c * 3 + 1] += fn[t * 3 + 1] * a;
    mean[c * 3 + 2] += fn[t * 3 + 2] * a;
  }
  const minDot = new Float64Array(charts).fill(1);
  for (let c = 0; c < charts; c++) {
    const l = Math.hypot(mean[c * 3], mean[c * 3 + 1], mean[c * 3 + 2]) || 1;
    for (let k = 0; k < 3; k++) mean[c * 3 + k] /= l;
  }
  const chartAxis = new Uint8Array(charts);
  for (let t = 0; t < faces; t++) {
    const c = chartOf[t];
    chartAxis[c] = label[t];
    const d = fn[t * 3] * mean[c * 3] + fn[t * 3 + 1] * mean[c * 3 + 1] + fn[t * 3 + 2] * mean[c * 3 + 2];
    if (d < minDot[c]) minDot[c] = d;
  }
  // Right-handed basis (s, t, n) per chart; u = s·p, v = −t·p so the texture is not mirrored from outside.
  const basis = new Float64Array(charts * 9);
  for (let c = 0; c < charts; c++) {
    const n = [mean[c * 3], mean[c * 3 + 1], mean[c * 3 + 2]];
    const useAxis = minDot[c] < 0.05 || !(Math.hypot(n[0], n[1], n[2]) > 0.5);
    basis.set(basisFor(useAxis ? AXES[chartAxis[c]] : n), c * 9);
  }
  return { chartOf, basis, charts };
}

/**
 * Faces the projection would flip (noisy slivers whose normal disagrees with their chart) leave it:
 * they regroup by their own axis, where every face projects with positive area.
 */
export function regroupFlippedFaces(
  mesh: Mesh,
  projection: ChartProjection,
  sets: FaceSets,
  label: Uint8Array,
  neighbours: Int32Array,
  fn: Float32Array,
): ChartProjection {
  const faces = label.length;
  const { chartOf } = projection;
  let { basis, charts } = projection;
  const loose = new Uint8Array(faces);
  let looseCount = 0;
  for (let t = 0; t < faces; t++) {
    const b = chartOf[t] * 9 + 6;
    if (fn[t * 3] * basis[b] + fn[t * 3 + 1] * basis[b + 1] + fn[t * 3 + 2] * basis[b + 2] <= 0.02) loose[t] = 1;
  }
  if (mesh.quads)
    for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t] && (loose[t] || loose[t + 1])) loose[t] = loose[t + 1] = 1;
  for (let t = 0; t < faces; t++) looseCount += loose[t];
  if (looseCount > 0) {
    for (let t = 0; t < faces; t++) {
      if (!loose[t]) continue;
      sets.parent[t] = t;
      label[t] = bestAxis(fn[t * 3], fn[t * 3 + 1], fn[t * 3 + 2]);
    }
    if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t] && loose[t]) label[t + 1] = label[t];
    for (let t = 0; t < faces; t++) {
      if (!loose[t]) continue;
      for (let k = 0; k < 3; k++) {
        const u = neighbours[t * 3 + k];
        if (u >= 0 && loose[u] && label[u] === label[t]) sets.unite(t, u);
      }
      if (mesh.quads && t + 1 < faces && mesh.quads[t]) sets.unite(t, t + 1);
    }
    const extra = new Map<number, number>();
    for (let t = 0; t < faces; t++) {
      if (!loose[t]) continue;
      const r = sets.find(t);
      let id = extra.get(r);
      if (id === undefined) extra.set(r, (id = charts + extra.size));
      chartOf[t] = id;
    }
    const grown = new Float64Array((charts + extra.size) * 9);
    grown.set(basis);
    for (const [r, id] of extra) grown.set(basisFor(AXES[label[r]]), id * 9);
    basis = grown;
    charts += extra.size;
  }
  return { chartOf, basis, charts };
}

/** [s, t, n]: s × t = n, for n = +Z s = +X and t = +Y. */
export function basisFor(n: readonly number[]): number[] {
  const helper = Math.abs(n[1]) < 0.9 ? [0, 1, 0] : [0, 0, -Math.sign(n[1])];
  const s = [
    helper[1] * n[2] - helper[2] * n[1],
    helper[2] * n[0] - helper[0] * n[2],
    helper[0] * n[1] - helper[1] * n[0],
  ];
  const ls = Math.hypot(s[0], s[1], s[2]);
  for (let k = 0; k < 3; k++) s[k] /= ls;
  const t = [n[1] * s[2] - n[2] * s[1], n[2] * s[0] - n[0] * s[2], n[0] * s[1] - n[1] * s[0]];
  return [...s, ...t, n[0], n[1], n[2]];
}

export function bestAxis(x: number, y: number, z: number): number {
  const ax = Math.abs(x),
    ay = Math.abs(y),
    az = Math.abs(z);
  if (ax >= ay && ax >= az) return x >= 0 ? 0 : 1;
  if (ay >= az) return y >= 0 ? 2 : 3;
  return z >= 0 ? 4 : 5;
}
