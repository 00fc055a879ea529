/**
 * Shape from silhouettes, as an implicit field on a voxel grid (positive inside while building, handed
 * to meshFromGrid negated):
 * - the visual hull: min over views of the silhouette's signed distance at the point's projection;
 * - each axis-aligned view also bounds depth by its own inflation (inflation.ts). Where no other view
 *   measures that depth, depth is ±h about the mid-plane (the back mirrors the front: Monster Mash).
 *   Otherwise the hull already knows the depth span along the ray from the other side views, which
 *   share the picture's vertical axis; the view's inflation across its horizontal axis (the 1-D
 *   Poisson profile of each row's run, 1 in the middle, 0 at the rim) shapes it: ±k·span·profile^(1/γ)
 *   about the span's middle, turning the hull's box-like corners into round cross-sections. Top and
 *   bottom views carve the hull only.
 * The field is truncated, blurred and its zero level extracted as a closed surface, then smoothed.
 */
import { meshFromGrid } from '../../../geometry/ops/mesh-from-grid.ts';
import type { Mesh } from '../../../geometry/mesh.ts';
import { taubinSmooth } from '../shared/smooth.ts';
import { blurGrid } from './field-blur.ts';
import { chordProfile, inflate } from './inflation.ts';
import { axisOf, projectToView, sampleField, type View } from './views.ts';

export interface ShapeOptions {
  /** Grid cells along the object's longest side (the tier's reconstruction resolution). */
  resolution: number;
  /** Stylised, rounder form: softer silhouettes, inflation bounds everywhere, stronger smoothing. */
  creative?: boolean;
  /** Multi-view: slack k on the rounded depth span (default 1.05). */
  inflationScale?: number;
  /** Multi-view: γ of the profile; 1 = circular cross-sections, larger = boxier (default 1.5). */
  profileExponent?: number;
  /** Gaussian blur of the field in voxels (default 0.8; creative 2). */
  fieldBlur?: number;
  /** Taubin smoothing passes on the extracted surface (default 4; creative 10). */
  smoothIterations?: number;
  /** Reference shapes for benchmarks: `hull` = silhouettes only, no inflation bounds. */
  variant?: 'full' | 'hull';
  /** Benchmarks: force the grid's half-extent along an axis (world units of the views). */
  halfExtents?: [number | undefined, number | undefined, number | undefined];
}

export interface ShapeField {
  /** Negative inside (meshFromGrid convention). */
  values: Float32Array;
  dims: [number, number, number];
  origin: [number, number, number];
  spacing: number;
}

/**
 * `sample` at every column of the grid along axis `along`, taken at the axis's first grid point; indexed
 * by the other two grid coordinates, the lower axis fastest.
 */
function columnSamples(
  along: number,
  dims: readonly [number, number, number],
  origin: readonly [number, number, number],
  spacing: number,
  sample: (wx: number, wy: number, wz: number) => number,
): Float64Array {
  const [a, b] = [0, 1, 2].filter((k) => k !== along);
  // Doubles, as the sample is compared and stored per voxel.
  const out = new Float64Array(dims[a] * dims[b]);
  const w = [origin[0], origin[1], origin[2]];
  for (let j = 0; j < dims[b]; j++) {
    w[b] = origin[b] + j * spacing;
    for (let i = 0; i < dims[a]; i++) {
      w[a] = origin[a] + i * spacing;
      out[j * dims[a] + i] = sample(w[0], w[1], w[2]);
    }
  }
  return out;
}

export function reconstructField(views: View[], options: ShapeOptions): ShapeField {
  const creative = options.creative ?? false;
  const measured = [false, false, false];
  const half = [0, 0, 0];
  for (const v of views) {
    const ar = axisOf(v.right);
    const au = axisOf(v.up);
    if (ar >= 0) {
      measured[ar] = true;
      half[ar] = Math.max(half[ar], v.extentRight / 2);
    }
    if (au >= 0) {
      measured[au] = true;
      half[au] = Math.max(half[au], v.extentUp / 2);
    }
  }
  // Inflation only where a view's depth is measured by no other view; the chord profile elsewhere.
  const heights = views.map((v) => {
    const af = axisOf(v.forward);
    return af >= 0 && !measured[af] ? inflate(v.mask, v.width, v.height, v.pixelSize) : undefined;
  });
  const profiles = views.map((v, i) => (heights[i] ? undefined : chordProfile(v.mask, v.width, v.height)));
  views.forEach((v, i) => {
    const af = axisOf(v.forward);
    if (heights[i])
      half[af] = Math.max(
        half[af],
        heights[i]!.reduce((m, h) => (h > m ? h : m), 0),
      );
  });
  const fallback = Math.max(...half);
  for (let k = 0; k < 3; k++) if (!(half[k] > 0)) half[k] = fallback;
  for (let k = 0; k < 3; k++) half[k] = options.halfExtents?.[k] ?? half[k];
  const spacing = (2 * Math.max(...half)) / options.resolution;
  const pad = 3;
  const dims = half.map((h) => Math.ceil((2 * h) / spacing) + 2 * pad) as [number, number, number];
  const origin = half.map((_h, k) => -((dims[k] - 1) * spacing) / 2) as [number, number, number];
  const [nx, ny, nz] = dims;
  const inside = new Float32Array(nx * ny * nz);
  const truncate = 4 * spacing;

  // Visual hull: min over views of the silhouette signed distance. A segmented photograph's mask
  // may be a little off, so such a view may carve at most `slack` deeper than the next view allows.
  inside.fill(truncate);
  const slack = views.map((v) =>
    views.length > 1 && v.foreground.method === 'segmentation' ? 0.04 * Math.max(v.extentRight, v.extentUp) : 0,
  );
  const tolerant = slack.some((t) => t > 0);
  const second = tolerant ? new Float32Array(inside.length).fill(truncate) : undefined;
  const carvedBy = tolerant ? new Int8Array(inside.length) : undefined;
  views.forEach((v, vi) => {
    const outside = -2 * v.pixelSize;
    const silhouette = (wx: number, wy: number, wz: number): number => {
      const [px, py] = projectToView(v, wx, wy, wz);
      return sampleField(v.sdf, v.width, v.height, px, py, outside);
    };
    // A view along a grid axis sees a whole column of voxels along that axis at one point of its
    // picture (the axis's coordinate is multiplied by 0), so it is sampled once per column.
    const along = axisOf(v.forward);
    const columns = along >= 0 ? columnSamples(along, dims, origin, spacing, silhouette) : undefined;
    for (let z = 0; z < nz; z++) {
      const wz = origin[2] + z * spacing;
      for (let y = 0; y < ny; y++) {
        const wy = origin[1] + y * spacing;
        let o = nx * (y + ny * z);
        for (let x = 0; x < nx; x++, o++) {
          const d = columns
            ? columns[along === 2 ? y * nx + x : along === 1 ? z * nx + x : z * ny + y]
            : silhouette(origin[0] + x * spacing, wy, wz);
          if (d < inside[o]) {
            if (second) {
              second[o] = inside[o];
              carvedBy![o] = vi;
            }
            inside[o] = d;
          } else if (second && d < second[o]) second[o] = d;
        }
      }
    }
  });
  if (second) for (let o = 0; o < inside.length; o++) inside[o] = Math.min(second[o], inside[o] + slack[carvedBy![o]]);

  if (options.variant !== 'hull') {
    const strides = [1, nx, nx * ny];
    // Spans come from the plain hull, so one view's rounding does not shrink another's span again.
    const hull = Float32Array.from(inside);
    views.forEach((v, i) => {
      const axis = axisOf(v.forward);
      if (axis < 0) return;
      const free = !measured[axis];
      if (!free && axisOf(v.up) !== 1) return;
      const k = options.inflationScale ?? 1.05;
      const exponent = 1 / (creative ? 1 : (options.profileExponent ?? 1.5));
      const [a, b] = [0, 1, 2].filter((q) => q !== axis);
      const len = dims[axis];
      for (let j = 0; j < dims[b]; j++) {
        for (let ii = 0; ii < dims[a]; ii++) {
          const base = ii * strides[a] + j * strides[b];
          // The column projects to one pixel of this view.
          const w = [0, 0, 0];
          w[a] = origin[a] + ii * spacing;
          w[b] = origin[b] + j * spacing;
          const [px, py] = projectToView(v, w[0], w[1], w[2]);
          let centre = 0;
          let reach: number;
          if (free) {
            reach = sampleField(heights[i]!, v.width, v.height, px, py, 0);
          } else {
            let lo = -1,
              hi = -1;
            for (let t = 0; t < len; t++) {
              if (hull[base + t * strides[axis]] > 0) {
                if (lo < 0) lo = t;
                hi = t;
              }
            }
            if (lo < 0) continue;
            centre = origin[axis] + ((lo + hi) / 2) * spacing;
            const halfSpan = ((hi - lo) / 2 + 0.5) * spacing;
            const profile = sampleField(profiles[i]!, v.width, v.height, px, py, 0);
            reach = k * halfSpan * Math.pow(Math.max(0, profile), exponent);
          }
          for (let t = 0; t < len; t++) {
            const o = base + t * strides[axis];
            const bound = reach - Math.abs(origin[axis] + t * spacing - centre);
            if (bound < inside[o]) inside[o] = bound;
          }
        }
      }
    });
  }

  const values = inside;
  for (let o = 0; o < values.length; o++) {
    const d = values[o];
    values[o] = -(d > truncate ? truncate : d < -truncate ? -truncate : d);
  }
  blurGrid(values, dims, options.fieldBlur ?? (creative ? 2 : 0.8));
  return { values, dims, origin, spacing };
}

export function reconstructShape(views: View[], options: ShapeOptions): { mesh: Mesh; field: ShapeField } {
  const field = reconstructField(views, options);
  const raw = meshFromGrid(field.values, field.dims, field.origin, field.spacing, 0, { normals: false });
  const mesh = taubinSmooth(raw, options.smoothIterations ?? (options.creative ? 10 : 4));
  return { mesh, field };
}
