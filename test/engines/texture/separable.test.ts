import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SAME_COLOURS_OVERLAP, insideOutsideOverlap } from '../../../src/engines/texture/separable.ts';
import type { Foreground } from '../../../src/engines/generate/image/foreground.ts';

const SIZE = 64;

/** An RGB picture from a colour function, with a centred square mask of half the side. */
function picture(colour: (x: number, y: number) => [number, number, number]): Foreground {
  const data = new Uint8Array(SIZE * SIZE * 3);
  const mask = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      data.set(colour(x, y), (y * SIZE + x) * 3);
      mask[y * SIZE + x] = x >= 16 && x < 48 && y >= 16 && y < 48 ? 1 : 0;
    }
  return {
    image: { width: SIZE, height: SIZE, channels: 3, data },
    mask,
    maskWidth: SIZE,
    maskHeight: SIZE,
    method: 'segmentation',
  };
}

test('a cut around part of a pattern has the same colours inside and out: no separable background', () => {
  const checker = picture((x, y) => ((Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? [240, 240, 240] : [20, 20, 20]));
  assert.ok(insideOutsideOverlap(checker) > SAME_COLOURS_OVERLAP);
});

test('a red object on a blue background is separable', () => {
  const object = picture((x, y) => (x >= 16 && x < 48 && y >= 16 && y < 48 ? [200, 30, 30] : [30, 60, 200]));
  assert.ok(insideOutsideOverlap(object) < 0.1);
});
