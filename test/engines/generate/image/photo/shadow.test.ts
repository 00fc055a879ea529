/** Shadows are background in less light; highlights are not. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitGmm } from '../../../../../src/engines/generate/image/photo/gmm.ts';
import { backgroundOrShadowCost, brighten } from '../../../../../src/engines/generate/image/photo/shadow.ts';
import { negLogLikelihood } from '../../../../../src/engines/generate/image/photo/gmm.ts';
import { rgbaToLab } from '../../../../../src/engines/generate/image/photo/colour.ts';

const lab = (r: number, g: number, b: number) => Array.from(rgbaToLab(new Uint8Array([r, g, b, 255]), 1));

test('a darker copy of the background colour is explained as background in shadow, a lighter one is not', () => {
  const grass = lab(90, 150, 60);
  const colours = new Float32Array(300).map((_, i) => grass[i % 3] + ((i * 7) % 5) - 2);
  const background = fitGmm(
    colours,
    Int32Array.from({ length: 100 }, (_, i) => i),
    new Int32Array(100),
    1,
  );
  const shaded = lab(45, 75, 30);
  const lit = lab(180, 255, 120);
  assert.ok(
    backgroundOrShadowCost(background, shaded[0], shaded[1], shaded[2]) <
      negLogLikelihood(background, shaded[0], shaded[1], shaded[2]) - 5,
  );
  assert.equal(
    backgroundOrShadowCost(background, lit[0], lit[1], lit[2]),
    negLogLikelihood(background, lit[0], lit[1], lit[2]),
  );
  // Half the sRGB value is about 0.19 of the linear light.
  const [l] = brighten(shaded[0], shaded[1], shaded[2], 0.5 ** 2.4);
  assert.ok(Math.abs(l - grass[0]) < 6, `brightening by the lost light restores lightness: ${l} vs ${grass[0]}`);
});

test('skipping shadow explanations that cannot win gives exactly the cost of trying every one', () => {
  // The reference: every factor's cost taken in full, the smallest kept (the same order and arithmetic).
  const factors = [0.75, 0.55, 0.4, 0.28, 0.19];
  const reference = (gmm: ReturnType<typeof fitGmm>, L: number, a: number, b: number) => {
    let best = negLogLikelihood(gmm, L, a, b);
    for (const k of factors) {
      const [l2, a2, b2] = brighten(L, a, b, k);
      if (l2 > 100) break;
      best = Math.min(best, negLogLikelihood(gmm, l2, a2, b2) + 1.5);
    }
    return best;
  };
  let state = 12345;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const n = 400;
  // Four tight colour clusters (one per component label below).
  const centres = [lab(90, 150, 60), lab(200, 60, 40), lab(230, 225, 210), lab(60, 80, 160)];
  const colours = Float32Array.from(
    { length: n * 3 },
    (_, i) => centres[Math.floor(i / 3) % 4][i % 3] + (random() - 0.5) * 6,
  );
  const gmm = fitGmm(
    colours,
    Int32Array.from({ length: n }, (_, i) => i),
    Int32Array.from({ length: n }, (_, i) => i % 4),
    5,
  );
  let shadowWins = 0;
  for (let i = 0; i < 3000; i++) {
    // Half the colours anywhere, half darker copies of the model's own colours (where shadows win).
    const j = Math.floor(random() * n) * 3;
    const [L, a, b] =
      i % 2
        ? [random() * 100, (random() - 0.5) * 100, (random() - 0.5) * 100]
        : brighten(colours[j], colours[j + 1], colours[j + 2], 1 / factors[i % factors.length]);
    const cost = backgroundOrShadowCost(gmm, L, a, b);
    assert.equal(cost, reference(gmm, L, a, b));
    if (cost < negLogLikelihood(gmm, L, a, b)) shadowWins++;
  }
  assert.ok(shadowWins > 100, `the shadow explanation wins for some colours (${shadowWins})`);
});
