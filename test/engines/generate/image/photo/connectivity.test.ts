/** One object with its thin parts; holes filled unless they show background. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  fillHolesUnlessBackground,
  keepOneObject,
} from '../../../../../src/engines/generate/image/photo/connectivity.ts';

const W = 40,
  H = 40;
function grid(set: (x: number, y: number) => boolean): Uint8Array {
  return Uint8Array.from({ length: W * H }, (_, p) => (set(p % W, Math.floor(p / W)) ? 1 : 0));
}

test('a leg cut off by the smoothness term rejoins through object-coloured pixels; a far speck does not', () => {
  const body = (x: number, y: number) => x >= 10 && x < 30 && y >= 5 && y < 20;
  const leg = (x: number, y: number) => x === 12 && y >= 20 && y < 35;
  const cut = grid((x, y) => body(x, y) || (leg(x, y) && y >= 26) || (x >= 35 && y >= 35));
  const evidence = Float32Array.from({ length: W * H }, (_, p) =>
    body(p % W, Math.floor(p / W)) || leg(p % W, Math.floor(p / W)) ? 5 : -5,
  );
  const out = keepOneObject(cut, evidence, W, H);
  assert.equal(out[30 * W + 12], 1, 'the leg is kept');
  assert.equal(out[22 * W + 12], 1, 'the gap in the leg is bridged');
  assert.equal(out[37 * W + 37], 0, 'the unrelated speck is dropped');
});

test('a small hole is filled; a large hole showing background stays open', () => {
  const ring = grid((x, y) => x >= 5 && x < 35 && y >= 5 && y < 35 && !(x >= 12 && x < 28 && y >= 12 && y < 28));
  const withPinhole = grid((x, y) => x >= 5 && x < 35 && y >= 5 && y < 35 && !(x === 8 && y === 8));
  const evidence = Float32Array.from({ length: W * H }, () => -5);
  assert.equal(fillHolesUnlessBackground(ring, evidence, W, H)[20 * W + 20], 0, 'the big background hole stays');
  assert.equal(fillHolesUnlessBackground(withPinhole, evidence, W, H)[8 * W + 8], 1, 'the pinhole is filled');
  const objectColoured = Float32Array.from({ length: W * H }, () => 5);
  assert.equal(
    fillHolesUnlessBackground(ring, objectColoured, W, H)[20 * W + 20],
    1,
    'a hole in object colour is filled',
  );
});
