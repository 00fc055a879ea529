/**
 * Colour of a surface point from the input pictures. Every view that sees the point (it faces the
 * camera and passes a depth test against the mesh rendered from that view) contributes its picture's
 * colour weighted by cos² of the viewing angle and by how far inside the silhouette it lands (edge
 * pixels mix with the background). Points no view sees directly fall back to views that see them
 * through the object (the mirrored back of a single front view), then to the colour the caller
 * diffused over the surface. Colours are averaged in linear light.
 */
import type { Mesh } from '../../../geometry/mesh.ts';
import {
  rasterize,
  emptyBuffers,
  type Projector,
  type RasterBuffers,
  srgbByteToLinear,
} from '../../../geometry/render/index.ts';
import type { View } from './views.ts';
import { sampleField } from './views.ts';

/** out = view-world point × scale + offset (per axis). */
export interface OutputTransform {
  scale: [number, number, number];
  offset: [number, number, number];
}

interface ViewSampler {
  view: View;
  depth: RasterBuffers;
  /** Depth map pixels per mask pixel. */
  depthScale: number;
  /** Picture pixels per mask pixel. */
  imageScaleX: number;
  imageScaleY: number;
  edgePixels: Float32Array;
}

export interface ColourProjector {
  /**
   * Linear RGB into out[0..2]; returns the direct weight (0 when no view sees the point directly, −1
   * when no view contributed at all and there was no fallback: out is then a neutral grey).
   */
  colour(
    out: Float32Array,
    px: number,
    py: number,
    pz: number,
    nx: number,
    ny: number,
    nz: number,
    fallback?: ArrayLike<number>,
  ): number;
}

function viewProjector(view: View, k: number): Projector {
  const { right: r, up: u, forward: f, pixelSize: s } = view;
  return {
    basis: { right: r, up: u, forward: f },
    perspective: false,
    focal: k / s,
    width: Math.round(view.width * k),
    height: Math.round(view.height * k),
    project(x, y, z, out, o) {
      out[o] = (view.centreX + (x * r[0] + y * r[1] + z * r[2]) / s) * k;
      out[o + 1] = (view.centreY - (x * u[0] + y * u[1] + z * u[2]) / s) * k;
      out[o + 2] = x * f[0] + y * f[1] + z * f[2];
    },
  };
}

/** `mesh` in output units; `transform` maps the views' world to output units. */
export function createColourProjector(
  views: View[],
  mesh: Mesh,
  transform: OutputTransform,
  depthScale = 2,
): ColourProjector {
  const [sx, sy, sz] = transform.scale;
  const [ox, oy, oz] = transform.offset;
  const local = new Float32Array(mesh.positions.length);
  for (let i = 0; i < local.length; i += 3) {
    local[i] = (mesh.positions[i] - ox) / sx;
    local[i + 1] = (mesh.positions[i + 1] - oy) / sy;
    local[i + 2] = (mesh.positions[i + 2] - oz) / sz;
  }
  const samplers: ViewSampler[] = views.map((view) => {
    const projector = viewProjector(view, depthScale);
    const depth = rasterize(local, mesh.indices, projector, emptyBuffers(projector.width, projector.height));
    const edgePixels = new Float32Array(view.sdf.length);
    for (let p = 0; p < edgePixels.length; p++) edgePixels[p] = view.sdf[p] / view.pixelSize;
    const image = view.foreground.image;
    return {
      view,
      depth,
      depthScale,
      imageScaleX: image.width / view.width,
      imageScaleY: image.height / view.height,
      edgePixels,
    };
  });
  // Depth tolerance: a few mask pixels (the mesh is smoothed and simplified against the silhouettes).
  const tolerance = Math.max(...views.map((v) => v.pixelSize)) * 3;
  const lin = new Float32Array(3);
  return {
    colour(out, px, py, pz, nx, ny, nz, fallback) {
      const x = (px - ox) / sx,
        y = (py - oy) / sy,
        z = (pz - oz) / sz;
      // Normals transform by the inverse scale.
      let mx = nx * sx,
        my = ny * sy,
        mz = nz * sz;
      const ml = Math.sqrt(mx * mx + my * my + mz * mz) || 1;
      mx /= ml;
      my /= ml;
      mz /= ml;
      let dr = 0,
        dg = 0,
        db = 0,
        dw = 0;
      let tr = 0,
        tg = 0,
        tb = 0,
        tw = 0;
      for (const s of samplers) {
        const v = s.view;
        const f = v.forward;
        const facing = -(mx * f[0] + my * f[1] + mz * f[2]);
        const cx = v.centreX + (x * v.right[0] + y * v.right[1] + z * v.right[2]) / v.pixelSize;
        const cy = v.centreY - (x * v.up[0] + y * v.up[1] + z * v.up[2]) / v.pixelSize;
        const edge = sampleField(s.edgePixels, v.width, v.height, cx, cy, -1);
        // Rim points of the smoothed mesh land on or just outside the silhouette: still this view's.
        if (edge <= -RIM) continue;
        const inside = Math.min(1, Math.max(0.05, (edge + RIM) / (2 * RIM)));
        // Rim pixels mix with the background: take the colour a few pixels further inside instead.
        let sx = cx,
          sy = cy;
        if (edge < RIM) {
          const gx =
            sampleField(s.edgePixels, v.width, v.height, cx + 1, cy, edge) -
            sampleField(s.edgePixels, v.width, v.height, cx - 1, cy, edge);
          const gy =
            sampleField(s.edgePixels, v.width, v.height, cx, cy + 1, edge) -
            sampleField(s.edgePixels, v.width, v.height, cx, cy - 1, edge);
          const gl = Math.sqrt(gx * gx + gy * gy);
          if (gl > 1e-6) {
            sx += ((RIM - edge) * gx) / gl;
            sy += ((RIM - edge) * gy) / gl;
          }
        }
        sample(v, s, sx, sy, lin);
        if (facing > 0) {
          const dx = Math.floor(cx * s.depthScale),
            dy = Math.floor(cy * s.depthScale);
          const d = s.depth.depth[dy * s.depth.width + dx];
          const depth = x * f[0] + y * f[1] + z * f[2];
          if (depth <= d + tolerance) {
            const w = facing * facing * inside;
            dr += lin[0] * w;
            dg += lin[1] * w;
            db += lin[2] * w;
            dw += w;
            continue;
          }
        }
        const w = facing * facing * inside;
        tr += lin[0] * w;
        tg += lin[1] * w;
        tb += lin[2] * w;
        tw += w;
      }
      // Direct views dominate; the through-views and the diffused fallback only fill what they miss.
      const through = 0.05,
        fill = 0.002;
      let r = dr + through * tr,
        g = dg + through * tg,
        b = db + through * tb;
      let w = dw + through * tw;
      if (fallback) {
        r += fill * fallback[0];
        g += fill * fallback[1];
        b += fill * fallback[2];
        w += fill;
      }
      if (w > 0) {
        out[0] = r / w;
        out[1] = g / w;
        out[2] = b / w;
      } else {
        out[0] = out[1] = out[2] = 0.5;
        return -1;
      }
      return dw;
    },
  };
}

/** Mask pixels from the silhouette edge within which colours are taken from further inside. */
const RIM = 3;

function sample(v: View, s: ViewSampler, cx: number, cy: number, out: Float32Array): void {
  const image = v.foreground.image;
  const W = image.width,
    H = image.height,
    data = image.data;
  const x = Math.min(W - 1, Math.max(0, cx * s.imageScaleX - 0.5));
  const y = Math.min(H - 1, Math.max(0, cy * s.imageScaleY - 0.5));
  const x0 = Math.floor(x),
    y0 = Math.floor(y);
  const x1 = Math.min(W - 1, x0 + 1),
    y1 = Math.min(H - 1, y0 + 1);
  const tx = x - x0,
    ty = y - y0;
  const i00 = (y0 * W + x0) * 4,
    i10 = (y0 * W + x1) * 4,
    i01 = (y1 * W + x0) * 4,
    i11 = (y1 * W + x1) * 4;
  for (let k = 0; k < 3; k++) {
    out[k] =
      srgbByteToLinear(data[i00 + k]) * (1 - tx) * (1 - ty) +
      srgbByteToLinear(data[i10 + k]) * tx * (1 - ty) +
      srgbByteToLinear(data[i01 + k]) * (1 - tx) * ty +
      srgbByteToLinear(data[i11 + k]) * tx * ty;
  }
}
