import { test } from 'node:test';
import assert from 'node:assert/strict';
import { upsampleTwice } from '../../../src/geometry/ops/upsample.ts';
import type { RasterImage } from '../../../src/geometry/mesh.ts';

/** Bilinear sample between texel centres at (u, v) in the small image's texel units, edges clamped. */
function bilinear(image: RasterImage, u: number, v: number, k: number): number {
  const { width: w, height: h, channels, data } = image;
  const clampX = (x: number) => Math.min(w - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(h - 1, Math.max(0, y));
  const x0 = Math.floor(u),
    y0 = Math.floor(v);
  const fx = u - x0,
    fy = v - y0;
  const at = (x: number, y: number) => data[(clampY(y) * w + clampX(x)) * channels + k];
  return (
    (1 - fx) * (1 - fy) * at(x0, y0) +
    fx * (1 - fy) * at(x0 + 1, y0) +
    (1 - fx) * fy * at(x0, y0 + 1) +
    fx * fy * at(x0 + 1, y0 + 1)
  );
}

for (const [w, h, channels] of [
  [7, 5, 3],
  [6, 4, 4],
  [2, 3, 1],
  [1, 4, 3],
] as [number, number, RasterImage['channels']][])
  test(`upsampleTwice is the bilinear sample at every doubled texel centre, rounded half up (${w}×${h}×${channels})`, () => {
    const data = new Uint8Array(w * h * channels);
    let seed = 12345;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      data[i] = seed >>> 24;
    }
    const image: RasterImage = { width: w, height: h, channels, data };
    const big = upsampleTwice(image);
    assert.equal(big.width, 2 * w);
    assert.equal(big.height, 2 * h);
    assert.equal(big.channels, channels);
    for (let Y = 0; Y < big.height; Y++)
      for (let X = 0; X < big.width; X++)
        for (let k = 0; k < channels; k++) {
          // Weights are sixteenths, so the float reference is exact before rounding.
          const expected = Math.floor(bilinear(image, (X + 0.5) / 2 - 0.5, (Y + 0.5) / 2 - 0.5, k) + 0.5);
          assert.equal(big.data[(Y * big.width + X) * channels + k], expected, `texel ${X},${Y} channel ${k}`);
        }
  });

test('upsampleTwice keeps a flat map flat and a single texel whole', () => {
  const flat = upsampleTwice({ width: 3, height: 3, channels: 4, data: new Uint8Array(36).fill(200) });
  assert.ok(flat.data.every((v) => v === 200));
  const one = upsampleTwice({ width: 1, height: 1, channels: 1, data: Uint8Array.of(77) });
  assert.deepEqual([...one.data], [77, 77, 77, 77]);
});
