/** Edge-aware upscaling: a blocky mask snaps to the guide's edge. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guidedFilter, resizeField } from '../../../../../src/engines/generate/image/photo/guided-filter.ts';

test('a 4× upscaled mask follows the guide edge, not the coarse grid', () => {
  // Coarse mask 8 wide, object = columns 0–3; the true edge in the guide is at column 15 of 32 (not 16).
  const coarse = new Float32Array(8 * 8).map((_, i) => (i % 8 < 4 ? 1 : 0));
  const guide = new Float32Array(32 * 32).map((_, i) => (i % 32 < 15 ? 0.9 : 0.1));
  const up = resizeField(coarse, 8, 8, 32, 32);
  const out = guidedFilter(guide, up, 32, 32, { radius: 4, epsilon: 1e-4 });
  const row = 16 * 32;
  assert.ok(
    out[row + 14] > 0.5 && out[row + 15] < 0.5,
    `edge at the guide's column: ${out[row + 14].toFixed(2)} ${out[row + 15].toFixed(2)}`,
  );
  assert.ok(up[row + 15] > 0.5, 'plain bilinear would have kept column 15');
});
