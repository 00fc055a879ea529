/** The distinct colours of a picture: every pixel points at an entry holding exactly its colour, each colour once. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colourPalette } from '../../../../../src/engines/generate/image/photo/palette.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

test('the entry of each pixel holds its exact colour, and no colour has two entries', () => {
  const random = seededRandom(2);
  const n = 5000;
  const colours = new Float32Array(n * 3);
  // Repeats of a few colours, two colours differing in one channel by a hair, and unique random ones.
  for (let p = 0; p < n; p++) {
    const kind = p % 4;
    colours.set(
      kind === 0
        ? [50, 10, -10]
        : kind === 1
          ? [50, 10, Math.fround(-10 + 1e-5)]
          : kind === 2
            ? [random() * 100, random() * 40, random() * 40]
            : [Math.floor(random() * 3), 0, 0],
      p * 3,
    );
  }
  const palette = colourPalette(colours);
  for (let p = 0; p < n; p++) {
    const e = palette.index[p];
    assert.ok(e >= 0 && e < palette.size);
    for (let c = 0; c < 3; c++) assert.ok(Object.is(palette.colours[e * 3 + c], colours[p * 3 + c]), `pixel ${p}`);
  }
  const keys = new Set<string>();
  for (let e = 0; e < palette.size; e++) keys.add(Array.from(palette.colours.subarray(e * 3, e * 3 + 3)).join(','));
  assert.equal(keys.size, palette.size);
  assert.equal(palette.size, 2 + 3 + n / 4);
});
