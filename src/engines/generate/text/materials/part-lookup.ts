/**
 * Which part (material group) each triangle of a remeshed asset belongs to, found by position: the
 * group of the nearest triangle of the original solid to the triangle's centroid. The budget step
 * (simplify or midpoint splits) keeps the surface where it was, so the nearest original triangle is
 * the one the new triangle was cut from. A uniform grid over the original triangles keeps each query
 * to a few candidates.
 */
import type { Mesh } from '../../../../geometry/mesh.ts';
import { triangleMaterials } from '../../../../geometry/ops/index.ts';

/** Squared distance from p to triangle abc (closest-point regions, as in Ericson's RTCD 5.1.5). */
function pointTriangleDistance2(p: number[], P: Float32Array, ia: number, ib: number, ic: number): number {
  const ax = P[ia * 3],
    ay = P[ia * 3 + 1],
    az = P[ia * 3 + 2];
  const abx = P[ib * 3] - ax,
    aby = P[ib * 3 + 1] - ay,
    abz = P[ib * 3 + 2] - az;
  const acx = P[ic * 3] - ax,
    acy = P[ic * 3 + 1] - ay,
    acz = P[ic * 3 + 2] - az;
  const apx = p[0] - ax,
    apy = p[1] - ay,
    apz = p[2] - az;
  const d1 = abx * apx + aby * apy + abz * apz,
    d2 = acx * apx + acy * apy + acz * apz;
  let qx: number, qy: number, qz: number;
  if (d1 <= 0 && d2 <= 0) [qx, qy, qz] = [ax, ay, az];
  else {
    const bpx = apx - abx,
      bpy = apy - aby,
      bpz = apz - abz;
    const d3 = abx * bpx + aby * bpy + abz * bpz,
      d4 = acx * bpx + acy * bpy + acz * bpz;
    const cpx = apx - acx,
      cpy = apy - acy,
      cpz = apz - acz;
    const d5 = abx * cpx + aby * cpy + abz * cpz,
      d6 = acx * cpx + acy * cpy + acz * cpz;
    const vc = d1 * d4 - d3 * d2,
      vb = d5 * d2 - d1 * d6,
      va = d3 * d6 - d5 * d4;
    if (d3 >= 0 && d4 <= d3) [qx, qy, qz] = [ax + abx, ay + aby, az + abz];
    else if (d6 >= 0 && d5 <= d6) [qx, qy, qz] = [ax + acx, ay + acy, az + acz];
    else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      const v = d1 / (d1 - d3);
      [qx, qy, qz] = [ax + abx * v, ay + aby * v, az + abz * v];
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      const w = d2 / (d2 - d6);
      [qx, qy, qz] = [ax + acx * w, ay + acy * w, az + acz * w];
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      const bx = ax + abx,
        by = ay + aby,
        bz = az + abz;
      [qx, qy, qz] = [bx + (acx - abx) * w, by + (acy - aby) * w, bz + (acz - abz) * w];
    } else {
      const denom = 1 / (va + vb + vc);
      const v = vb * denom,
        w = vc * denom;
      [qx, qy, qz] = [ax + abx * v + acx * w, ay + aby * v + acy * w, az + abz * v + acz * w];
    }
  }
  return (p[0] - qx) ** 2 + (p[1] - qy) ** 2 + (p[2] - qz) ** 2;
}

/** Per-triangle group material of `target`, taken from the nearest triangle of `source`. */
export function partsByPosition(source: Mesh, target: Mesh): Uint32Array {
  const S = source.positions,
    SI = source.indices;
  const sourceTris = SI.length / 3;
  const sourceGroup = triangleMaterials(source);
  const out = new Uint32Array(target.indices.length / 3);
  if (source.groups.length <= 1 || new Set(source.groups.map((g) => g.material)).size <= 1) {
    out.fill(source.groups[0]?.material ?? 0);
    return out;
  }
  const min = [Infinity, Infinity, Infinity],
    max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < S.length; i += 3)
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], S[i + k]);
      max[k] = Math.max(max[k], S[i + k]);
    }
  const extent = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  const n = Math.max(8, Math.min(96, Math.round(Math.cbrt(sourceTris) * 3)));
  const cell = (extent / n) * 1.0001;
  const dims = [0, 1, 2].map((k) => Math.max(1, Math.ceil((max[k] - min[k]) / cell) + 1));
  const key = (x: number, y: number, z: number) => (z * dims[1] + y) * dims[0] + x;
  const cellOf = (v: number, k: number) => Math.min(dims[k] - 1, Math.max(0, Math.floor((v - min[k]) / cell)));
  // Bucket triangles into every cell their bounding box touches (CSR layout).
  const counts = new Uint32Array(dims[0] * dims[1] * dims[2] + 1);
  const ranges: number[][] = [];
  for (let t = 0; t < sourceTris; t++) {
    const lo = [0, 1, 2].map((k) =>
      cellOf(Math.min(S[SI[t * 3] * 3 + k], S[SI[t * 3 + 1] * 3 + k], S[SI[t * 3 + 2] * 3 + k]), k),
    );
    const hi = [0, 1, 2].map((k) =>
      cellOf(Math.max(S[SI[t * 3] * 3 + k], S[SI[t * 3 + 1] * 3 + k], S[SI[t * 3 + 2] * 3 + k]), k),
    );
    ranges.push([...lo, ...hi]);
    for (let z = lo[2]; z <= hi[2]; z++)
      for (let y = lo[1]; y <= hi[1]; y++) for (let x = lo[0]; x <= hi[0]; x++) counts[key(x, y, z) + 1]++;
  }
  for (let i = 1; i < counts.length; i++) counts[i] += counts[i - 1];
  const fill = counts.slice(0, -1);
  const items = new Uint32Array(counts[counts.length - 1]);
  ranges.forEach(([x0, y0, z0, x1, y1, z1], t) => {
    for (let z = z0; z <= z1; z++)
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) items[fill[key(x, y, z)]++] = t;
  });
  const T = target.positions,
    TI = target.indices;
  const p = [0, 0, 0];
  for (let t = 0; t < out.length; t++) {
    for (let k = 0; k < 3; k++) p[k] = (T[TI[t * 3] * 3 + k] + T[TI[t * 3 + 1] * 3 + k] + T[TI[t * 3 + 2] * 3 + k]) / 3;
    const c = [cellOf(p[0], 0), cellOf(p[1], 1), cellOf(p[2], 2)];
    let best = Infinity;
    let bestTri = 0;
    // Grow the search ring until a candidate is found and the ring is beyond the best distance.
    for (let r = 0; r < Math.max(...dims); r++) {
      for (let z = Math.max(0, c[2] - r); z <= Math.min(dims[2] - 1, c[2] + r); z++)
        for (let y = Math.max(0, c[1] - r); y <= Math.min(dims[1] - 1, c[1] + r); y++)
          for (let x = Math.max(0, c[0] - r); x <= Math.min(dims[0] - 1, c[0] + r); x++) {
            if (Math.max(Math.abs(x - c[0]), Math.abs(y - c[1]), Math.abs(z - c[2])) !== r) continue;
            const k = key(x, y, z);
            for (let i = counts[k]; i < counts[k + 1]; i++) {
              const s = items[i];
              const d = pointTriangleDistance2(p, S, SI[s * 3], SI[s * 3 + 1], SI[s * 3 + 2]);
              if (d < best) {
                best = d;
                bestTri = s;
              }
            }
          }
      if (best < Infinity && (r * cell) ** 2 >= best) break;
    }
    out[t] = sourceGroup[bestTri];
  }
  return out;
}
