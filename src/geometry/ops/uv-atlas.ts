/**
 * Fast UV atlas for meshes without UVs: faces are grouped by the axis their (smoothed) normal faces,
 * cleaned with a majority filter, split into connected charts, each chart projected along its mean
 * normal and packed into the unit square. Linear time, so 500k faces take seconds; no global unwrap.
 */
import type { Mesh } from '../mesh.ts';
import { packCharts } from './chart-pack.ts';
import { computeNormals, faceNormals } from './normals.ts';
import { GrowableFloat32, PairTable } from './pair-table.ts';
import { canonicalVertices } from './weld.ts';
import { overlappingTriangles } from './uv-overlap.ts';

export interface UvAtlasOptions {
  /** Texture size the atlas is meant for; sets the gutter in UV units. Default 2048. */
  textureSize?: number;
  /** Empty texels kept between charts at that size (the baker dilates into them). Default 4. */
  padding?: number;
  /** Charts with fewer faces merge into a neighbour when its projection suits them. Default 16. */
  minChartFaces?: number;
}

const AXES = [
  [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1],
];

/**
 * A copy of the mesh with fresh UVs (glTF convention) in [0, 1]: vertices on chart borders are split,
 * triangle order, material groups and quad pairs are kept. Charts never overlap each other.
 */
export function generateUvAtlas(mesh: Mesh, options: UvAtlasOptions = {}): Mesh & { uvs: Float32Array } {
  const { textureSize = 2048, padding = 4, minChartFaces = 16 } = options;
  const { positions: P, indices: I } = mesh;
  const faces = I.length / 3;
  const pid = canonicalVertices(P, 0);
  const smooth = computeNormals({ ...mesh, normals: undefined }, { smoothAcrossSeams: true }).normals!;
  const fn = faceNormals(mesh);

  // Face adjacency across position edges (first two faces per edge; more are ignored).
  const edgeTable = new PairTable(faces * 2);
  const neighbours = new Int32Array(faces * 3).fill(-1);
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const a = pid[I[t * 3 + k]], b = pid[I[t * 3 + ((k + 1) % 3)]];
      const lo = a < b ? a : b, hi = a < b ? b : a;
      const other = edgeTable.getOrSet(lo, hi, t * 3 + k);
      if (other >= 0 && neighbours[other] < 0 && neighbours[t * 3 + k] < 0) {
        neighbours[other] = t;
        neighbours[t * 3 + k] = Math.floor(other / 3);
      }
    }

  // Axis label per face from the smoothed normals at its corners (stable on noisy surfaces).
  const label = new Uint8Array(faces);
  const dirX = new Float32Array(faces), dirY = new Float32Array(faces), dirZ = new Float32Array(faces);
  for (let t = 0; t < faces; t++) {
    let x = 0, y = 0, z = 0;
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
  const facesAxis = (t: number, axis: number, min: number): boolean => {
    const d = AXES[axis];
    return fn[t * 3] * d[0] + fn[t * 3 + 1] * d[1] + fn[t * 3 + 2] * d[2] > min;
  };
  // Majority filter: a face surrounded by another label joins it if it still faces that way.
  for (let pass = 0; pass < 2; pass++) {
    for (let t = 0; t < faces; t++) {
      const n0 = neighbours[t * 3], n1 = neighbours[t * 3 + 1], n2 = neighbours[t * 3 + 2];
      const l0 = n0 >= 0 ? label[n0] : -1, l1 = n1 >= 0 ? label[n1] : -2, l2 = n2 >= 0 ? label[n2] : -3;
      const major = l0 === l1 || l0 === l2 ? l0 : l1 === l2 ? l1 : -1;
      if (major >= 0 && major !== label[t] && facesAxis(t, major, 0.3)) label[t] = major;
    }
  }
  // The two triangles of a quad stay in one chart.
  if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t]) label[t + 1] = label[t];

  // Connected charts of one label (union-find over shared edges).
  const parent = new Int32Array(faces);
  for (let t = 0; t < faces; t++) parent[t] = t;
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const unite = (a: number, b: number): void => {
    const ra = find(a), rb = find(b);
    if (ra !== rb) parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
  };
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const u = neighbours[t * 3 + k];
      if (u >= 0 && label[u] === label[t]) unite(t, u);
    }
  if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t]) unite(t, t + 1);

  // Small charts join the neighbouring chart they share most edges with, if every face suits its axis.
  const size = new Uint32Array(faces);
  for (let t = 0; t < faces; t++) size[find(t)]++;
  const members = new Map<number, number[]>();
  for (let t = 0; t < faces; t++) {
    const r = find(t);
    if (size[r] >= minChartFaces) continue;
    let list = members.get(r);
    if (!list) members.set(r, (list = []));
    list.push(t);
  }
  for (const list of members.values()) {
    const r = find(list[0]);
    const votes = new Map<number, number>();
    for (const t of list)
      for (let k = 0; k < 3; k++) {
        const u = neighbours[t * 3 + k];
        if (u < 0) continue;
        const ru = find(u);
        if (ru !== r) votes.set(ru, (votes.get(ru) ?? 0) + 1);
      }
    const target = [...votes].sort((a, b) => b[1] - a[1] || size[b[0]] - size[a[0]])[0]?.[0];
    if (target === undefined) continue;
    const axis = label[target];
    if (!list.every((t) => facesAxis(t, axis, 0.1))) continue;
    for (const t of list) label[t] = axis;
    size[target] += size[r];
    unite(r, target);
  }

  // Number the charts and project each along its mean normal (or its axis if a face would flip).
  const chartOf = new Int32Array(faces);
  const chartId = new Map<number, number>();
  for (let t = 0; t < faces; t++) {
    const r = find(t);
    let id = chartId.get(r);
    if (id === undefined) chartId.set(r, (id = chartId.size));
    chartOf[t] = id;
  }
  let charts = chartId.size;
  const mean = new Float64Array(charts * 3);
  for (let t = 0; t < faces; t++) {
    const c = chartOf[t];
    const area = triangleArea(P, I, t);
    mean[c * 3] += fn[t * 3] * area;
    mean[c * 3 + 1] += fn[t * 3 + 1] * area;
    mean[c * 3 + 2] += fn[t * 3 + 2] * area;
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
  let basis = new Float64Array(charts * 9);
  for (let c = 0; c < charts; c++) {
    const n = [mean[c * 3], mean[c * 3 + 1], mean[c * 3 + 2]];
    const useAxis = minDot[c] < 0.05 || !(Math.hypot(n[0], n[1], n[2]) > 0.5);
    basis.set(basisFor(useAxis ? AXES[chartAxis[c]] : n), c * 9);
  }

  // Faces the projection would flip (noisy slivers whose normal disagrees with their chart) leave it:
  // they regroup by their own axis, where every face projects with positive area.
  const loose = new Uint8Array(faces);
  let looseCount = 0;
  for (let t = 0; t < faces; t++) {
    const b = chartOf[t] * 9 + 6;
    if (fn[t * 3] * basis[b] + fn[t * 3 + 1] * basis[b + 1] + fn[t * 3 + 2] * basis[b + 2] <= 0.02) loose[t] = 1;
  }
  if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t] && (loose[t] || loose[t + 1])) loose[t] = loose[t + 1] = 1;
  for (let t = 0; t < faces; t++) looseCount += loose[t];
  if (looseCount > 0) {
    for (let t = 0; t < faces; t++) {
      if (!loose[t]) continue;
      parent[t] = t;
      label[t] = bestAxis(fn[t * 3], fn[t * 3 + 1], fn[t * 3 + 2]);
    }
    if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t] && loose[t]) label[t + 1] = label[t];
    for (let t = 0; t < faces; t++) {
      if (!loose[t]) continue;
      for (let k = 0; k < 3; k++) {
        const u = neighbours[t * 3 + k];
        if (u >= 0 && loose[u] && label[u] === label[t]) unite(t, u);
      }
      if (mesh.quads && t + 1 < faces && mesh.quads[t]) unite(t, t + 1);
    }
    const extra = new Map<number, number>();
    for (let t = 0; t < faces; t++) {
      if (!loose[t]) continue;
      const r = find(t);
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

  let layout = layoutCharts(mesh, chartOf, basis, charts, textureSize, padding);
  // Charts are locally one-to-one; one that wraps around (a ramp, a ring) can still fold onto itself.
  // Such triangles move to charts of their own, projected along their own normal, and the atlas is
  // packed again.
  const flagged = overlappingTriangles(layout.indices, layout.uvs);
  if (mesh.quads) for (let t = 0; t + 1 < faces; t++) if (mesh.quads[t] && (flagged[t] || flagged[t + 1])) flagged[t] = flagged[t + 1] = 1;
  const moved: number[] = [];
  for (let t = 0; t < faces; t++) if (flagged[t] && !(mesh.quads && t > 0 && mesh.quads[t - 1] && flagged[t - 1])) moved.push(t);
  if (moved.length > 0) {
    const grown = new Float64Array((charts + moved.length) * 9);
    grown.set(basis);
    moved.forEach((t, i) => {
      const id = charts + i;
      chartOf[t] = id;
      if (mesh.quads?.[t]) chartOf[t + 1] = id;
      const n = [fn[t * 3], fn[t * 3 + 1], fn[t * 3 + 2]];
      grown.set(basisFor(Math.hypot(n[0], n[1], n[2]) > 0.5 ? n : AXES[label[t]]), id * 9);
    });
    charts += moved.length;
    layout = layoutCharts(mesh, chartOf, grown, charts, textureSize, padding);
  }
  return layout;
}

/** Splits vertices per chart, projects each chart with its basis and packs the charts. */
function layoutCharts(
  mesh: Mesh,
  chartOf: Int32Array,
  basis: Float64Array,
  charts: number,
  textureSize: number,
  padding: number,
): Mesh & { uvs: Float32Array } {
  const { positions: P, indices: I } = mesh;
  const faces = I.length / 3;
  const vertexOf = new PairTable(I.length);
  const positions = new GrowableFloat32(P.length * 1.3);
  const normals = mesh.normals ? new GrowableFloat32(P.length * 1.3) : null;
  const raw = new GrowableFloat32(I.length);
  const vertexChart: number[] = [];
  const indices = new Uint32Array(I.length);
  let count = 0;
  for (let t = 0; t < faces; t++) {
    const c = chartOf[t];
    for (let k = 0; k < 3; k++) {
      const v = I[t * 3 + k];
      let id = vertexOf.getOrSet(v, c, count);
      if (id < 0) {
        id = count++;
        const x = P[v * 3], y = P[v * 3 + 1], z = P[v * 3 + 2];
        positions.push3(x, y, z);
        if (normals) normals.push3(mesh.normals![v * 3], mesh.normals![v * 3 + 1], mesh.normals![v * 3 + 2]);
        const b = c * 9;
        raw.push3(basis[b] * x + basis[b + 1] * y + basis[b + 2] * z, -(basis[b + 3] * x + basis[b + 4] * y + basis[b + 5] * z), 0);
        vertexChart.push(c);
      }
      indices[t * 3 + k] = id;
    }
  }
  // Chart boxes, packing, and the final UVs.
  const minU = new Float64Array(charts).fill(Infinity), minV = new Float64Array(charts).fill(Infinity);
  const maxU = new Float64Array(charts).fill(-Infinity), maxV = new Float64Array(charts).fill(-Infinity);
  for (let v = 0; v < count; v++) {
    const c = vertexChart[v];
    const u = raw.data[v * 3], w = raw.data[v * 3 + 1];
    if (u < minU[c]) minU[c] = u;
    if (u > maxU[c]) maxU[c] = u;
    if (w < minV[c]) minV[c] = w;
    if (w > maxV[c]) maxV[c] = w;
  }
  // Shelves pack wide charts better: turn tall ones a quarter turn (a rotation keeps the winding).
  const turned = new Uint8Array(charts);
  const rects = Array.from({ length: charts }, (_, c) => {
    const width = maxU[c] - minU[c], height = maxV[c] - minV[c];
    if (height <= width) return { width, height };
    turned[c] = 1;
    return { width: height, height: width };
  });
  const gutterFraction = (2 * padding) / textureSize;
  let packing = packCharts(rects, 0);
  for (let attempt = 0; attempt < 4; attempt++) {
    const gutter = gutterFraction * packing.side;
    packing = packCharts(rects, gutter);
    if (gutter >= gutterFraction * packing.side * 0.999) break;
  }
  const uvs = new Float32Array(count * 2);
  const scale = 1 / (packing.side || 1);
  for (let v = 0; v < count; v++) {
    const c = vertexChart[v];
    const lu = raw.data[v * 3] - minU[c], lv = raw.data[v * 3 + 1] - minV[c];
    uvs[v * 2] = ((turned[c] ? lv : lu) + packing.x[c]) * scale;
    uvs[v * 2 + 1] = ((turned[c] ? maxU[c] - minU[c] - lu : lv) + packing.y[c]) * scale;
  }
  return {
    ...mesh,
    positions: positions.toArray(),
    indices,
    uvs,
    ...(normals ? { normals: normals.toArray() } : { normals: undefined }),
  };
}

/** [s, t, n]: s × t = n, for n = +Z s = +X and t = +Y. */
function basisFor(n: readonly number[]): number[] {
  const helper = Math.abs(n[1]) < 0.9 ? [0, 1, 0] : [0, 0, -Math.sign(n[1])];
  const s = [helper[1] * n[2] - helper[2] * n[1], helper[2] * n[0] - helper[0] * n[2], helper[0] * n[1] - helper[1] * n[0]];
  const ls = Math.hypot(s[0], s[1], s[2]);
  for (let k = 0; k < 3; k++) s[k] /= ls;
  const t = [n[1] * s[2] - n[2] * s[1], n[2] * s[0] - n[0] * s[2], n[0] * s[1] - n[1] * s[0]];
  return [...s, ...t, n[0], n[1], n[2]];
}

function bestAxis(x: number, y: number, z: number): number {
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  if (ax >= ay && ax >= az) return x >= 0 ? 0 : 1;
  if (ay >= az) return y >= 0 ? 2 : 3;
  return z >= 0 ? 4 : 5;
}

function triangleArea(P: Float32Array, I: Uint32Array, t: number): number {
  const a = I[t * 3] * 3, b = I[t * 3 + 1] * 3, c = I[t * 3 + 2] * 3;
  const ux = P[b] - P[a], uy = P[b + 1] - P[a + 1], uz = P[b + 2] - P[a + 2];
  const vx = P[c] - P[a], vy = P[c + 1] - P[a + 1], vz = P[c + 2] - P[a + 2];
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
}
