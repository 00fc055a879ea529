/**
 * Edge-aware upscaling of the working-resolution mask (He et al.'s guided filter): the soft mask is
 * enlarged bilinearly, then filtered with the picture's lightness at the output resolution as the
 * guide, so the boundary snaps to the picture's edges instead of the blocky working grid.
 */
import { boxMean } from './colour.ts';

export interface GuidedFilterOptions {
  /** Window radius in output pixels (default 4). */
  radius?: number;
  /** Regularisation on a 0–1 guide (default 1e-3): larger keeps the input smoother. */
  epsilon?: number;
}

/** Bilinear resize of a single-channel field. */
export function resizeField(
  field: Float32Array,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
): Float32Array {
  const out = new Float32Array(toWidth * toHeight);
  for (let y = 0; y < toHeight; y++) {
    const fy = Math.min(height - 1, Math.max(0, ((y + 0.5) * height) / toHeight - 0.5));
    const y0 = Math.floor(fy),
      y1 = Math.min(height - 1, y0 + 1),
      ty = fy - y0;
    for (let x = 0; x < toWidth; x++) {
      const fx = Math.min(width - 1, Math.max(0, ((x + 0.5) * width) / toWidth - 0.5));
      const x0 = Math.floor(fx),
        x1 = Math.min(width - 1, x0 + 1),
        tx = fx - x0;
      out[y * toWidth + x] =
        field[y0 * width + x0] * (1 - tx) * (1 - ty) +
        field[y0 * width + x1] * tx * (1 - ty) +
        field[y1 * width + x0] * (1 - tx) * ty +
        field[y1 * width + x1] * tx * ty;
    }
  }
  return out;
}

/** `guide` and `input` share one resolution; returns the filtered field. */
export function guidedFilter(
  guide: Float32Array,
  input: Float32Array,
  width: number,
  height: number,
  options: GuidedFilterOptions = {},
): Float32Array {
  const r = options.radius ?? 4;
  const eps = options.epsilon ?? 1e-3;
  const n = width * height;
  const ip = new Float64Array(n),
    ii = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ip[i] = guide[i] * input[i];
    ii[i] = guide[i] * guide[i];
  }
  const meanI = boxMean(guide, width, height, r),
    meanP = boxMean(input, width, height, r);
  const corrIp = boxMean(ip, width, height, r),
    corrII = boxMean(ii, width, height, r);
  const a = new Float64Array(n),
    b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const variance = corrII[i] - meanI[i] * meanI[i];
    a[i] = (corrIp[i] - meanI[i] * meanP[i]) / (variance + eps);
    b[i] = meanP[i] - a[i] * meanI[i];
  }
  const meanA = boxMean(a, width, height, r),
    meanB = boxMean(b, width, height, r);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = meanA[i] * guide[i] + meanB[i];
  return out;
}
