/** Separable Gaussian blur of a 3D scalar grid (x fastest), in place. */
export function blurGrid(values: Float32Array, dims: readonly [number, number, number], sigma: number): void {
  if (sigma <= 0) return;
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp((-i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i] /= sum;
  const [nx, ny, nz] = dims;
  // Along x: each row is contiguous.
  const line = new Float32Array(nx);
  for (let row = 0; row < ny * nz; row++) {
    const base = row * nx;
    for (let t = 0; t < nx; t++) line[t] = values[base + t];
    for (let t = 0; t < nx; t++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const s = t + k < 0 ? 0 : t + k >= nx ? nx - 1 : t + k;
        acc += line[s] * kernel[k + radius];
      }
      values[base + t] = acc;
    }
  }
  // Along y and z: whole x rows at a time, so every read and write runs along memory (a line across
  // z alone touches one value per nx·ny, each on its own cache line). Each value sums the same terms
  // in the same order as along one line.
  const rows = new Float32Array(Math.max(ny, nz) * nx);
  const acc = new Float64Array(nx);
  for (const [outerCount, outerStride, length, stride] of [
    [nz, nx * ny, ny, nx],
    [ny, nx, nz, nx * ny],
  ]) {
    for (let outer = 0; outer < outerCount; outer++) {
      const base = outer * outerStride;
      for (let r = 0; r < length; r++) rows.set(values.subarray(base + r * stride, base + r * stride + nx), r * nx);
      for (let t = 0; t < length; t++) {
        acc.fill(0);
        for (let k = -radius; k <= radius; k++) {
          const s = (t + k < 0 ? 0 : t + k >= length ? length - 1 : t + k) * nx;
          const weight = kernel[k + radius];
          for (let x = 0; x < nx; x++) acc[x] += rows[s + x] * weight;
        }
        const out = base + t * stride;
        for (let x = 0; x < nx; x++) values[out + x] = acc[x];
      }
    }
  }
}
