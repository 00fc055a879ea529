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
