/** Cutting over-long UV charts into pieces before packing (a step of uv-atlas.ts). */
import type { Mesh } from '../mesh.ts';

/**
 * Cuts charts much longer than the atlas is wide into pieces along their long side. The square a packing
 * needs is at least as wide as its longest chart, so one long strip (a spear's shaft, a flagpole) made
 * every other chart small: a spear's charts covered 4–6 % of its map. A chart whose long side passes
 * `maxShare` × √(sum of chart box areas) becomes pieces at most half that long, cut by face centroid
 * (quad pairs stay together); each piece keeps its chart's projection, so pieces stay one-to-one.
 */
export function splitLongCharts(
  mesh: Mesh,
  chartOf: Int32Array,
  basis: Float64Array,
  charts: number,
  maxShare = 1,
): { basis: Float64Array; charts: number } {
  const { positions: P, indices: I, quads } = mesh;
  const faces = I.length / 3;
  const box = new Float64Array(charts * 4);
  for (let c = 0; c < charts; c++) box.set([Infinity, -Infinity, Infinity, -Infinity], c * 4);
  for (let t = 0; t < faces; t++) {
    const c = chartOf[t],
      b = c * 9;
    for (let k = 0; k < 3; k++) {
      const v = I[t * 3 + k] * 3;
      const u = basis[b] * P[v] + basis[b + 1] * P[v + 1] + basis[b + 2] * P[v + 2];
      const w = basis[b + 3] * P[v] + basis[b + 4] * P[v + 1] + basis[b + 5] * P[v + 2];
      if (u < box[c * 4]) box[c * 4] = u;
      if (u > box[c * 4 + 1]) box[c * 4 + 1] = u;
      if (w < box[c * 4 + 2]) box[c * 4 + 2] = w;
      if (w > box[c * 4 + 3]) box[c * 4 + 3] = w;
    }
  }
  let area = 0;
  for (let c = 0; c < charts; c++)
    if (box[c * 4 + 1] >= box[c * 4]) area += (box[c * 4 + 1] - box[c * 4]) * (box[c * 4 + 3] - box[c * 4 + 2]);
  const limit = maxShare * Math.sqrt(area);
  const pieces = new Int32Array(charts);
  const firstNew = new Int32Array(charts);
  let next = charts;
  for (let c = 0; c < charts; c++) {
    const long = Math.max(box[c * 4 + 1] - box[c * 4], box[c * 4 + 3] - box[c * 4 + 2]);
    if (!(long > limit) || limit === 0) continue;
    pieces[c] = Math.ceil(long / (limit / 2));
    firstNew[c] = next;
    next += pieces[c] - 1;
  }
  if (next === charts) return { basis, charts };
  const grown = new Float64Array(next * 9);
  grown.set(basis);
  for (let c = 0; c < charts; c++)
    for (let k = 1; k < pieces[c]; k++) grown.copyWithin((firstNew[c] + k - 1) * 9, c * 9, c * 9 + 9);
  for (let t = 0; t < faces; t++) {
    const c = chartOf[t];
    const pair = quads?.[t] === 1 && t + 1 < faces;
    if (pieces[c] > 1) {
      const b = c * 9;
      const alongU = box[c * 4 + 1] - box[c * 4] >= box[c * 4 + 3] - box[c * 4 + 2];
      const o = alongU ? 0 : 3;
      let s = 0;
      for (let k = 0; k < 3; k++) {
        const v = I[t * 3 + k] * 3;
        s += basis[b + o] * P[v] + basis[b + o + 1] * P[v + 1] + basis[b + o + 2] * P[v + 2];
      }
      const lo = box[c * 4 + (alongU ? 0 : 2)],
        hi = box[c * 4 + (alongU ? 1 : 3)];
      const piece = Math.min(pieces[c] - 1, Math.floor(((s / 3 - lo) / (hi - lo)) * pieces[c]));
      const id = piece <= 0 ? c : firstNew[c] + piece - 1;
      chartOf[t] = id;
      if (pair) chartOf[t + 1] = id;
    }
    if (pair) t++;
  }
  return { basis: grown, charts: next };
}
