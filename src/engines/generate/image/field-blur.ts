/** Separable Gaussian blur of a 3D scalar grid (x fastest), in place. */
export function blurGrid(values: Float32Array, dims: readonly [number, number, number], sigma: number): void {
  if (sigma <= 0) return;
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp((-i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i] /= sum;
  const [nx, ny, nz] = dims;
  const strides = [1, nx, nx * ny];
  const lengths = [nx, ny, nz];
  const line = new Float32Array(Math.max(nx, ny, nz));
  for (let axis = 0; axis < 3; axis++) {
    const len = lengths[axis];
    const stride = strides[axis];
    const [a, b] = [0, 1, 2].filter((k) => k !== axis);
    for (let j = 0; j < lengths[b]; j++) {
      for (let i = 0; i < lengths[a]; i++) {
        const base = i * strides[a] + j * strides[b];
        for (let t = 0; t < len; t++) line[t] = values[base + t * stride];
        for (let t = 0; t < len; t++) {
          let acc = 0;
          for (let k = -radius; k <= radius; k++) {
            const s = t + k < 0 ? 0 : t + k >= len ? len - 1 : t + k;
            acc += line[s] * kernel[k + radius];
          }
          values[base + t * stride] = acc;
        }
      }
    }
  }
}
