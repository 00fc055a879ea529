/**
 * Places the input pictures around the object following docs/spec/views.md: each view gets its camera frame in
 * the output's axes (+Y up, front on +Z) and a pixel → world mapping. Pictures are orthographic. Views
 * are brought to one scale by the object's extents: every view whose picture-up is +Y shows the full
 * height, so heights are matched; top and bottom views are matched on the width (X) or depth (Z) that
 * a side view already measured. Each view's object is centred on its mask's bounding box, which is
 * where the centre of the object's bounding box projects in axis-aligned views.
 */
import type { ViewLabel } from '../../../domain/task-spec.ts';
import { cameraBasis, orthographicCamera, type Vec3 } from '../../../geometry/render/index.ts';
import { VIEW_DIRECTIONS } from './view-cameras.ts';
import { maskBox, signedDistance } from './mask-ops.ts';
import type { Foreground } from './foreground.ts';

export interface View {
  label: ViewLabel;
  right: Vec3;
  up: Vec3;
  /** Direction the camera looks (into the object). */
  forward: Vec3;
  width: number;
  height: number;
  mask: Uint8Array;
  /** World units per mask pixel. */
  pixelSize: number;
  /** Mask pixel coordinates (from the top-left corner) where the object's centre projects. */
  centreX: number;
  centreY: number;
  /** Signed distance to the silhouette, world units, positive inside. */
  sdf: Float32Array;
  /** Extent of the silhouette in world units along `right` and `up`. */
  extentRight: number;
  extentUp: number;
  foreground: Foreground;
}

/** The axis (0, 1, 2) a unit vector runs along, or -1 when it is diagonal. */
export function axisOf(v: Vec3): number {
  for (let k = 0; k < 3; k++) if (Math.abs(Math.abs(v[k]) - 1) < 1e-6) return k;
  return -1;
}

export function buildViews(foregrounds: Foreground[], labels: ViewLabel[]): View[] {
  const partial = foregrounds.map((fg, i) => {
    const label = labels[i] ?? 'F';
    const { toCamera, up } = VIEW_DIRECTIONS[label];
    const basis = cameraBasis(orthographicCamera({ position: toCamera, target: [0, 0, 0], up, halfHeight: 1 }));
    const box = maskBox(fg.mask, fg.maskWidth, fg.maskHeight)!;
    return { label, basis, fg, box, pxW: box.x1 - box.x0 + 1, pxH: box.y1 - box.y0 + 1 };
  });
  // World extents per axis as measured so far (the first upright view sets height 1).
  const extent: (number | undefined)[] = [undefined, undefined, undefined];
  const scales = new Array<number | undefined>(partial.length);
  const record = (i: number) => {
    const { basis, pxW, pxH } = partial[i];
    const s = scales[i]!;
    const ar = axisOf(basis.right);
    const au = axisOf(basis.up);
    if (ar >= 0) extent[ar] ??= pxW * s;
    if (au >= 0) extent[au] ??= pxH * s;
  };
  partial.forEach((v, i) => {
    if (axisOf(v.basis.up) === 1) {
      scales[i] = 1 / v.pxH;
      record(i);
    }
  });
  // Views whose picture-up is not Y (U, D): match an axis already measured.
  for (let pass = 0; pass < 2; pass++) {
    partial.forEach((v, i) => {
      if (scales[i] !== undefined) return;
      const ar = axisOf(v.basis.right);
      const au = axisOf(v.basis.up);
      if (ar >= 0 && extent[ar] !== undefined) scales[i] = extent[ar]! / v.pxW;
      else if (au >= 0 && extent[au] !== undefined) scales[i] = extent[au]! / v.pxH;
      else if (pass === 1) scales[i] = 1 / Math.max(v.pxW, v.pxH);
      if (scales[i] !== undefined) record(i);
    });
  }
  return partial.map((v, i) => {
    const s = scales[i]!;
    const { fg, box } = v;
    const sdPixels = signedDistance(fg.mask, fg.maskWidth, fg.maskHeight);
    const sdf = new Float32Array(sdPixels.length);
    for (let p = 0; p < sdf.length; p++) sdf[p] = sdPixels[p] * s;
    return {
      label: v.label,
      right: v.basis.right,
      up: v.basis.up,
      forward: v.basis.forward,
      width: fg.maskWidth,
      height: fg.maskHeight,
      mask: fg.mask,
      pixelSize: s,
      centreX: (box.x0 + box.x1 + 1) / 2,
      centreY: (box.y0 + box.y1 + 1) / 2,
      sdf,
      extentRight: v.pxW * s,
      extentUp: v.pxH * s,
      foreground: fg,
    };
  });
}

/** Continuous mask coordinates (pixel centres at i + 0.5) of world point p relative to the object centre. */
export function projectToView(view: View, x: number, y: number, z: number): [number, number] {
  const r = view.right,
    u = view.up;
  return [
    view.centreX + (x * r[0] + y * r[1] + z * r[2]) / view.pixelSize,
    view.centreY - (x * u[0] + y * u[1] + z * u[2]) / view.pixelSize,
  ];
}

/** Bilinear sample of a per-pixel field at continuous coordinates; `outside` beyond the picture. */
export function sampleField(
  field: Float32Array,
  width: number,
  height: number,
  px: number,
  py: number,
  outside: number,
): number {
  const x = px - 0.5;
  const y = py - 0.5;
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return outside;
  const x0 = Math.floor(x),
    y0 = Math.floor(y);
  const x1 = Math.min(width - 1, x0 + 1),
    y1 = Math.min(height - 1, y0 + 1);
  const tx = x - x0,
    ty = y - y0;
  return (
    field[y0 * width + x0] * (1 - tx) * (1 - ty) +
    field[y0 * width + x1] * tx * (1 - ty) +
    field[y1 * width + x0] * (1 - tx) * ty +
    field[y1 * width + x1] * tx * ty
  );
}
