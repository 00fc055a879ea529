/** Mask confidence: high for a mask on the picture's edges, low for one off them or cut by the border. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskConfidence } from '../../../../../src/engines/generate/image/photo/confidence.ts';

const W = 48,
  H = 48;
const square = (x0: number, x1: number) =>
  Uint8Array.from({ length: W * H }, (_, p) =>
    p % W >= x0 && p % W < x1 && Math.floor(p / W) >= 12 && Math.floor(p / W) < 36 ? 1 : 0,
  );

test('a mask on the object scores high; a shifted one lower; one spilling over the border lower still', () => {
  const truth = square(12, 36);
  const lightness = Float32Array.from(truth, (v) => (v ? 80 : 20));
  const evidence = Float32Array.from(truth, (v) => (v ? 4 : -4));
  const good = maskConfidence({ mask: truth, evidence, lightness, width: W, height: H });
  const shifted = maskConfidence({ mask: square(20, 44), evidence, lightness, width: W, height: H });
  const spilling = maskConfidence({ mask: square(0, 48), evidence, lightness, width: W, height: H });
  assert.ok(good > 0.9, `good ${good}`);
  assert.ok(shifted < good - 0.1, `shifted ${shifted}`);
  assert.ok(spilling < shifted, `spilling ${spilling}`);
});
