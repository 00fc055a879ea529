/** The field blur by whole rows gives exactly the blur one line at a time (the same terms in the same order). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blurGrid } from '../../../../src/engines/generate/image/field-blur.ts';

function blurLineByLine(values: Float32Array, dims: [number, number, number], sigma: number): void {
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp((-i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i] /= sum;
  const strides = [1, dims[0], dims[0] * dims[1]];
  for (let axis = 0; axis < 3; axis++) {
    const [a, b] = [0, 1, 2].filter((k) => k !== axis);
    const len = dims[axis];
    const line = new Float32Array(len);
    for (let j = 0; j < dims[b]; j++)
      for (let i = 0; i < dims[a]; i++) {
        const base = i * strides[a] + j * strides[b];
        for (let t = 0; t < len; t++) line[t] = values[base + t * strides[axis]];
        for (let t = 0; t < len; t++) {
          let acc = 0;
          for (let k = -radius; k <= radius; k++)
            acc += line[Math.min(len - 1, Math.max(0, t + k))] * kernel[k + radius];
          values[base + t * strides[axis]] = acc;
        }
      }
  }
}

test('blurGrid equals the line-by-line blur bit for bit', () => {
  for (const [dims, sigma] of [
    [[9, 7, 5], 0.8],
    [[4, 11, 6], 2],
    [[13, 3, 8], 1.3],
  ] as [[number, number, number], number][]) {
    const n = dims[0] * dims[1] * dims[2];
    const values = Float32Array.from({ length: n }, (_, i) => Math.sin(i * 1.7) * 4 + (i % 5));
    const expected = Float32Array.from(values);
    blurLineByLine(expected, dims, sigma);
    blurGrid(values, dims, sigma);
    assert.deepEqual(values, expected);
  }
});
