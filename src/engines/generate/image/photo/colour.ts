/** Colour helpers for the photo segmentation: CIE L*a*b* (D65) per pixel of an RGBA picture. */
const SRGB_TO_LINEAR = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function f(t: number): number {
  return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}

/** 3 floats per pixel: L in 0–100, a and b roughly −100–100. */
export function rgbaToLab(rgba: Uint8Array, count: number): Float32Array {
  const lab = new Float32Array(count * 3);
  for (let p = 0; p < count; p++) {
    const r = SRGB_TO_LINEAR[rgba[p * 4]],
      g = SRGB_TO_LINEAR[rgba[p * 4 + 1]],
      b = SRGB_TO_LINEAR[rgba[p * 4 + 2]];
    const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    lab[p * 3] = 116 * y - 16;
    lab[p * 3 + 1] = 500 * (x - y);
    lab[p * 3 + 2] = 200 * (y - z);
  }
  return lab;
}

/** Box mean of a single-channel field with radius r (clamped at the edges), by integral image. */
export function boxMean(field: Float32Array | Float64Array, width: number, height: number, r: number): Float64Array {
  const W1 = width + 1;
  const integral = new Float64Array(W1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += field[y * width + x];
      integral[(y + 1) * W1 + x + 1] = integral[y * W1 + x + 1] + row;
    }
  }
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r),
      y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r),
        x1 = Math.min(width, x + r + 1);
      const sum = integral[y1 * W1 + x1] - integral[y0 * W1 + x1] - integral[y1 * W1 + x0] + integral[y0 * W1 + x0];
      out[y * width + x] = sum / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}
