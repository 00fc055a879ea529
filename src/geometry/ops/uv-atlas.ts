/**
 * Fast UV atlas for meshes without UVs: faces are grouped by the axis their (smoothed) normal faces,
 * cleaned with a majority filter, split into connected charts, each chart projected along its mean
 * normal and packed into the unit square. Linear time, so 500k faces take seconds; no global unwrap.
 */
import type { Mesh } from '../mesh.ts';
import { packCharts } from './chart-pack.ts';
import { computeNormals, faceNormals } from './normals.ts';
import { GrowableFloat32, PairTable } from './pair-table.ts';
import {
  AXES,
  axisLabels,
  basisFor,
  connectedCharts,
  faceNeighbours,
  mergeSmallCharts,
  projectCharts,
  regroupFlippedFaces,
} from './uv-chart-steps.ts';
import { splitLongCharts } from './uv-long-charts.ts';
import { canonicalVertices } from './weld.ts';
import { overlappingTriangles } from './uv-overlap.ts';

export interface UvAtlasOptions {
  /** Texture size the atlas is meant for; sets the gutter in UV units. Default 2048. */
  textureSize?: number;
  /** Empty texels kept between charts at that size (the baker dilates into them). Default 4. */
  padding?: number;
  /** Charts with fewer faces merge into a neighbour when its projection suits them. Default 16. */
  minChartFaces?: number;
  /**
   * The layout's overlap check may share its walk with the bake helper thread when it is ready
   * (uv-overlap.ts; same answer). Only for a caller that holds a spare cpu slot for it (cpu-slots.ts).
   */
  helper?: boolean;
}

/**
 * A copy of the mesh with fresh UVs (glTF convention) in [0, 1]: vertices on chart borders are split,
 * triangle order, material groups and quad pairs are kept. Charts never overlap each other.
 */
export function generateUvAtlas(mesh: Mesh, options: UvAtlasOptions = {}): Mesh & { uvs: Float32Array } {
  const { textureSize = 2048, padding = 4, minChartFaces = 16, helper = false } = options;
  const { positions: P, indices: I } = mesh;
  const faces = I.length / 3;
  const pid = canonicalVertices(P, 0);
  const smooth = computeNormals({ ...mesh, normals: undefined }, { smoothAcrossSeams: true, positionIds: pid })
    .normals!;
  const area = new Float64Array(faces);
  const fn = faceNormals(mesh, area);

  const neighbours = faceNeighbours(I, pid, faces);
  const label = axisLabels(mesh, smooth, fn, neighbours);
  const sets = connectedCharts(mesh, label, neighbours);
  mergeSmallCharts(sets, label, neighbours, fn, minChartFaces);
  const projection = regroupFlippedFaces(mesh, projectCharts(sets, label, fn, area), sets, label, neighbours, fn);
  const { chartOf } = projection;
  const { basis, charts: chartCount } = splitLongCharts(mesh, chartOf, projection.basis, projection.charts);
  let charts = chartCount;

  let layout = layoutCharts(mesh, chartOf, basis, charts, textureSize, padding);
  // Charts are locally one-to-one; one that wraps around (a ramp, a ring) can still fold onto itself.
  // Such triangles move to charts of their own, projected along their own normal, and the atlas is
  // packed again.
  const flagged = overlappingTriangles(layout.indices, layout.uvs, undefined, helper);
  if (mesh.quads)
    for (let t = 0; t + 1 < faces; t++)
      if (mesh.quads[t] && (flagged[t] || flagged[t + 1])) flagged[t] = flagged[t + 1] = 1;
  const moved: number[] = [];
  for (let t = 0; t < faces; t++)
    if (flagged[t] && !(mesh.quads && t > 0 && mesh.quads[t - 1] && flagged[t - 1])) moved.push(t);
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
  // A vertex's new copy per chart, numbered in order of first use. Most vertices lie in one chart: the
  // first chart a vertex meets and its copy sit in two arrays, only the copies for further charts (on
  // chart borders) in a hash table.
  const firstChart = new Int32Array(P.length / 3).fill(-1);
  const firstCopy = new Uint32Array(P.length / 3);
  const borderCopies = new PairTable(Math.max(16, faces >> 3));
  const positions = new GrowableFloat32(P.length * 1.3);
  const normals = mesh.normals ? new GrowableFloat32(P.length * 1.3) : null;
  const raw = new GrowableFloat32(I.length);
  const vertexChart = new Int32Array(I.length);
  const indices = new Uint32Array(I.length);
  let count = 0;
  for (let t = 0; t < faces; t++) {
    const c = chartOf[t];
    for (let k = 0; k < 3; k++) {
      const v = I[t * 3 + k];
      let id: number;
      if (firstChart[v] === c) id = firstCopy[v];
      else if (firstChart[v] < 0) {
        firstChart[v] = c;
        firstCopy[v] = count;
        id = -1;
      } else id = borderCopies.getOrSet(v, c, count);
      if (id < 0) {
        id = count++;
        const x = P[v * 3],
          y = P[v * 3 + 1],
          z = P[v * 3 + 2];
        positions.push3(x, y, z);
        if (normals) normals.push3(mesh.normals![v * 3], mesh.normals![v * 3 + 1], mesh.normals![v * 3 + 2]);
        const b = c * 9;
        raw.push3(
          basis[b] * x + basis[b + 1] * y + basis[b + 2] * z,
          -(basis[b + 3] * x + basis[b + 4] * y + basis[b + 5] * z),
          0,
        );
        vertexChart[id] = c;
      }
      indices[t * 3 + k] = id;
    }
  }
  // Chart boxes, packing, and the final UVs.
  const minU = new Float64Array(charts).fill(Infinity),
    minV = new Float64Array(charts).fill(Infinity);
  const maxU = new Float64Array(charts).fill(-Infinity),
    maxV = new Float64Array(charts).fill(-Infinity);
  for (let v = 0; v < count; v++) {
    const c = vertexChart[v];
    const u = raw.data[v * 3],
      w = raw.data[v * 3 + 1];
    if (u < minU[c]) minU[c] = u;
    if (u > maxU[c]) maxU[c] = u;
    if (w < minV[c]) minV[c] = w;
    if (w > maxV[c]) maxV[c] = w;
  }
  // A chart can end with no faces (they merged into a neighbour or moved to charts of their own): it
  // takes no room. Packed with its infinite box it made the searched square infinite, and every chart
  // went into one shelf row a few texels high ("a tall stone lighthouse": 13 texel rows of a 2048² map).
  const slot = new Int32Array(charts).fill(-1);
  const packed: number[] = [];
  for (let c = 0; c < charts; c++)
    if (maxU[c] >= minU[c]) {
      slot[c] = packed.length;
      packed.push(c);
    }
  // Shelves pack wide charts better: turn tall ones a quarter turn (a rotation keeps the winding).
  const turned = new Uint8Array(charts);
  const rects = packed.map((c) => {
    const width = maxU[c] - minU[c],
      height = maxV[c] - minV[c];
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
    const lu = raw.data[v * 3] - minU[c],
      lv = raw.data[v * 3 + 1] - minV[c];
    uvs[v * 2] = ((turned[c] ? lv : lu) + packing.x[slot[c]]) * scale;
    uvs[v * 2 + 1] = ((turned[c] ? maxU[c] - minU[c] - lu : lv) + packing.y[slot[c]]) * scale;
  }
  return {
    ...mesh,
    positions: positions.toArray(),
    indices,
    uvs,
    ...(normals ? { normals: normals.toArray() } : { normals: undefined }),
  };
}
