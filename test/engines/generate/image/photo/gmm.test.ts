/** Colour mixtures: a two-colour sample is modelled by two components; the fit is repeatable per seed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initGmm, negLogLikelihood, refitGmm } from '../../../../../src/engines/generate/image/photo/gmm.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

function sample(): { colours: Float32Array; indices: Int32Array } {
  const random = seededRandom(1);
  const colours = new Float32Array(600 * 3);
  for (let i = 0; i < 600; i++) {
    const centre = i % 2 ? [70, 40, 20] : [30, -20, -30];
    for (let c = 0; c < 3; c++) colours[i * 3 + c] = centre[c] + (random() - 0.5) * 6;
  }
  return { colours, indices: Int32Array.from({ length: 600 }, (_, i) => i) };
}

test('two colour clusters: both colours are likely, a third colour is not', () => {
  const { colours, indices } = sample();
  const gmm = refitGmm(initGmm(colours, indices, 2, seededRandom(4)), colours, indices);
  assert.ok(negLogLikelihood(gmm, 70, 40, 20) < 10);
  assert.ok(negLogLikelihood(gmm, 30, -20, -30) < 10);
  assert.ok(negLogLikelihood(gmm, 50, 60, 60) > negLogLikelihood(gmm, 70, 40, 20) + 15);
});

test('the same seed gives the same model; the random source is the only randomness', () => {
  const { colours, indices } = sample();
  const a = initGmm(colours, indices, 5, seededRandom(8));
  const b = initGmm(colours, indices, 5, seededRandom(8));
  assert.deepEqual(a.means, b.means);
  assert.deepEqual(a.inverses, b.inverses);
});

test('with the palette of the picture, k-means and the refit give exactly the model they give per sample', async () => {
  const { colourPalette } = await import('../../../../../src/engines/generate/image/photo/palette.ts');
  // Few distinct colours, each on many samples (a flat backdrop), and a subset of the samples used.
  const random = seededRandom(3);
  const levels = [0, 17.5, 33.25, 60];
  const colours = new Float32Array(900 * 3);
  for (let i = 0; i < colours.length; i++) colours[i] = levels[Math.floor(random() * levels.length)];
  const palette = colourPalette(colours);
  assert.ok(palette.size < 70, `${palette.size} distinct colours`);
  const indices = Int32Array.from({ length: 500 }, (_, i) => i * 2 - (i % 3));
  const plain = initGmm(colours, indices, 5, seededRandom(6));
  const withPalette = initGmm(colours, indices, 5, seededRandom(6), palette);
  assert.deepEqual(withPalette, plain);
  assert.deepEqual(refitGmm(plain, colours, indices, palette), refitGmm(plain, colours, indices));
});
