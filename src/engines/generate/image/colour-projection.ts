/**
 * Colour of a surface point from the input pictures. Every view that sees the point (it faces the
 * camera and passes a depth test against the mesh rendered from that view) contributes its picture's
 * colour weighted by cos² of the viewing angle and by how far inside the silhouette it lands (edge
 * pixels mix with the background). Points no view sees directly fall back to views that see them
 * through the object (the mirrored back of a single front view), then to the colour the caller
 * diffused over the surface. Colours are averaged in linear light.
 */
import type { Mesh } from '../../../geometry/mesh.ts';
import { rasterize, emptyBuffers, type Projector, srgbByteToLinear } from '../../../geometry/render/index.ts';
import type { View } from './views.ts';
import { sampleField } from './views.ts';

/** out = view-world point × scale + offset (per axis). */
export interface OutputTransform {
  scale: [number, number, number];
  offset: [number, number, number];
}

/**
 * One view's constants as plain numbers and arrays, read per surface point: the colour is evaluated
 * for every baked texel (~150M at 12K), where loads through `view.right[0]`, `s.depth.depth` and the
 * picture object cost more than the arithmetic. Values are the view's own, so results are unchanged.
 */
interface ViewSampler {
  fx: number;
  fy: number;
  fz: number;
  rx: number;
  ry: number;
  rz: number;
  ux: number;
  uy: number;
  uz: number;
  pixelSize: number;
  centreX: number;
  centreY: number;
  /** Mask size (the edge field's grid). */
  width: number;
  height: number;
  /** Depth map of the mesh from this view, `depthScale` pixels per mask pixel. */
  depth: Float32Array;
  depthWidth: number;
  depthScale: number;
  /** The picture (RGBA bytes) and its pixels per mask pixel. */
  picture: Uint8Array;
  pictureWidth: number;
  pictureHeight: number;
  imageScaleX: number;
  imageScaleY: number;
  /** Signed distance to the silhouette in mask pixels (positive inside). */
  edgePixels: Float32Array;
}

export interface ColourProjector {
  /**
   * Linear RGB into out[0..2] of the point at position[p..p+2] with unit normal normal[n..n+2];
   * returns the direct weight (0 when no view sees the point directly, −1 when no view contributed at
   * all and there was no fallback: out is then a neutral grey). Points and normals come as arrays and
   * offsets, not as numbers: this runs per texel and is too large to inline, and a call that is not
   * inlined boxes every floating-point argument (a heap number each, six per texel).
   */
  colour(
    out: Float32Array,
    position: Float32Array,
    p: number,
    normal: Float32Array,
    n: number,
    fallback?: Float32Array,
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

/** Mask pixels per depth-map pixel of `createColourProjector` (its default). */
export const PROJECTOR_DEPTH_SCALE = 2;

/**
 * The depth map of `mesh` (output units) from every view, `depthScale` pixels per mask pixel: what a
 * colour projector's depth test reads. It depends on the triangles' corner positions alone, not on
 * how vertices are numbered, so a mesh and its UV atlas (vertices split at seams, triangles and their
 * corners in the same order) give the same maps. With `shared`, the maps live on SharedArrayBuffers
 * (computed on one thread, read by both bake threads without a copy).
 */
export function projectorDepths(
  views: View[],
  mesh: Pick<Mesh, 'positions' | 'indices'>,
  transform: OutputTransform,
  depthScale = PROJECTOR_DEPTH_SCALE,
  shared = false,
): Float32Array[] {
  const [sx, sy, sz] = transform.scale;
  const [ox, oy, oz] = transform.offset;
  const local = new Float32Array(mesh.positions.length);
  for (let i = 0; i < local.length; i += 3) {
    local[i] = (mesh.positions[i] - ox) / sx;
    local[i + 1] = (mesh.positions[i + 1] - oy) / sy;
    local[i + 2] = (mesh.positions[i + 2] - oz) / sz;
  }
  return views.map((view) => {
    const projector = viewProjector(view, depthScale);
    const buffers = emptyBuffers(projector.width, projector.height);
    if (shared) {
      buffers.depth = new Float32Array(new SharedArrayBuffer(buffers.depth.byteLength));
      buffers.depth.fill(Infinity);
    }
    return rasterize(local, mesh.indices, projector, buffers).depth;
  });
}

/**
 * `mesh` in output units; `transform` maps the views' world to output units. `depths`: the views'
 * depth maps of this mesh at `depthScale` when already made (`projectorDepths`), else they are made here.
 */
export function createColourProjector(
  views: View[],
  mesh: Mesh,
  transform: OutputTransform,
  depthScale = PROJECTOR_DEPTH_SCALE,
  depths: Float32Array[] = projectorDepths(views, mesh, transform, depthScale),
): ColourProjector {
  const [sx, sy, sz] = transform.scale;
  const [ox, oy, oz] = transform.offset;
  const samplers: ViewSampler[] = views.map((view, vi) => {
    const projector = viewProjector(view, depthScale);
    const depth = { depth: depths[vi], width: projector.width };
    const edgePixels = new Float32Array(view.sdf.length);
    for (let p = 0; p < edgePixels.length; p++) edgePixels[p] = view.sdf[p] / view.pixelSize;
    const image = view.foreground.image;
    return {
      fx: view.forward[0],
      fy: view.forward[1],
      fz: view.forward[2],
      rx: view.right[0],
      ry: view.right[1],
      rz: view.right[2],
      ux: view.up[0],
      uy: view.up[1],
      uz: view.up[2],
      pixelSize: view.pixelSize,
      centreX: view.centreX,
      centreY: view.centreY,
      width: view.width,
      height: view.height,
      depth: depth.depth,
      depthWidth: depth.width,
      depthScale,
      picture: image.data,
      pictureWidth: image.width,
      pictureHeight: image.height,
      imageScaleX: image.width / view.width,
      imageScaleY: image.height / view.height,
      edgePixels,
    };
  });
  // Depth tolerance: a few mask pixels (the mesh is smoothed and simplified against the silhouettes).
  const tolerance = Math.max(...views.map((v) => v.pixelSize)) * 3;
  const lin = new Float32Array(3);
  return {
    colour(out, position, p, normal, n, fallback) {
      const x = (position[p] - ox) / sx,
        y = (position[p + 1] - oy) / sy,
        z = (position[p + 2] - oz) / sz;
      // Normals transform by the inverse scale.
      let mx = normal[n] * sx,
        my = normal[n + 1] * sy,
        mz = normal[n + 2] * sz;
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
      for (let i = 0; i < samplers.length; i++) {
        const s = samplers[i];
        const facing = -(mx * s.fx + my * s.fy + mz * s.fz);
        const cx = s.centreX + (x * s.rx + y * s.ry + z * s.rz) / s.pixelSize;
        const cy = s.centreY - (x * s.ux + y * s.uy + z * s.uz) / s.pixelSize;
        const edge = sampleField(s.edgePixels, s.width, s.height, cx, cy, -1);
        // Rim points of the smoothed mesh land on or just outside the silhouette: still this view's.
        if (edge <= -RIM) continue;
        const inside = Math.min(1, Math.max(0.05, (edge + RIM) / (2 * RIM)));
        // Rim pixels mix with the background: take the colour a few pixels further inside instead.
        let sx = cx,
          sy = cy;
        if (edge < RIM) {
          const gx =
            sampleField(s.edgePixels, s.width, s.height, cx + 1, cy, edge) -
            sampleField(s.edgePixels, s.width, s.height, cx - 1, cy, edge);
          const gy =
            sampleField(s.edgePixels, s.width, s.height, cx, cy + 1, edge) -
            sampleField(s.edgePixels, s.width, s.height, cx, cy - 1, edge);
          const gl = Math.sqrt(gx * gx + gy * gy);
          if (gl > 1e-6) {
            sx += ((RIM - edge) * gx) / gl;
            sy += ((RIM - edge) * gy) / gl;
          }
        }
        // Bilinear picture sample at (sx, sy) in linear light, written out here: as a call it is not
        // inlined, and its coordinates would be boxed per texel.
        const W = s.pictureWidth,
          H = s.pictureHeight,
          picture = s.picture;
        const qx = Math.min(W - 1, Math.max(0, sx * s.imageScaleX - 0.5));
        const qy = Math.min(H - 1, Math.max(0, sy * s.imageScaleY - 0.5));
        const x0 = Math.floor(qx),
          y0 = Math.floor(qy);
        const x1 = Math.min(W - 1, x0 + 1),
          y1 = Math.min(H - 1, y0 + 1);
        const tx = qx - x0,
          ty = qy - y0;
        const ux = 1 - tx,
          uy = 1 - ty;
        const i00 = (y0 * W + x0) * 4,
          i10 = (y0 * W + x1) * 4,
          i01 = (y1 * W + x0) * 4,
          i11 = (y1 * W + x1) * 4;
        // Each product in the order (c · (1 − tx)) · (1 − ty), rounded to float32 as the value stored.
        lin[0] =
          SRGB_TO_LINEAR[picture[i00]] * ux * uy +
          SRGB_TO_LINEAR[picture[i10]] * tx * uy +
          SRGB_TO_LINEAR[picture[i01]] * ux * ty +
          SRGB_TO_LINEAR[picture[i11]] * tx * ty;
        lin[1] =
          SRGB_TO_LINEAR[picture[i00 + 1]] * ux * uy +
          SRGB_TO_LINEAR[picture[i10 + 1]] * tx * uy +
          SRGB_TO_LINEAR[picture[i01 + 1]] * ux * ty +
          SRGB_TO_LINEAR[picture[i11 + 1]] * tx * ty;
        lin[2] =
          SRGB_TO_LINEAR[picture[i00 + 2]] * ux * uy +
          SRGB_TO_LINEAR[picture[i10 + 2]] * tx * uy +
          SRGB_TO_LINEAR[picture[i01 + 2]] * ux * ty +
          SRGB_TO_LINEAR[picture[i11 + 2]] * tx * ty;
        if (facing > 0) {
          const dx = Math.floor(cx * s.depthScale),
            dy = Math.floor(cy * s.depthScale);
          const d = s.depth[dy * s.depthWidth + dx];
          const depth = x * s.fx + y * s.fy + z * s.fz;
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

/** srgbByteToLinear of every byte, read directly in the per-texel sample. */
const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, b) => srgbByteToLinear(b));
