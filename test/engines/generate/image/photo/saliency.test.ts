/** The saliency seed: an object in the middle of a textured photograph stands out from the border. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rgbaToLab } from '../../../../../src/engines/generate/image/photo/colour.ts';
import { otsu, saliency } from '../../../../../src/engines/generate/image/photo/saliency.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';
import { decodePicture } from '../../../../../src/engines/generate/image/foreground.ts';
import { photograph, truthMask } from './pictures.ts';

test('a green disc over the grass photograph: inside scores above Otsu, the border ring below', async () => {
  const body = '<circle cx="64" cy="64" r="28" fill="#30a050"/>';
  const { image } = await decodePicture(await photograph('gravel', body, 128));
  const map = saliency(rgbaToLab(image.data, 128 * 128), 128, 128, seededRandom(1));
  const truth = await truthMask(body.replace('#30a050', '#fff'), 128, 128);
  const t = otsu(map);
  let inside = 0,
    insideAbove = 0,
    border = 0,
    borderAbove = 0;
  for (let y = 0; y < 128; y++)
    for (let x = 0; x < 128; x++) {
      const p = y * 128 + x;
      if (truth[p]) {
        inside++;
        if (map[p] >= t) insideAbove++;
      }
      if (x < 4 || y < 4 || x > 123 || y > 123) {
        border++;
        if (map[p] >= t) borderAbove++;
      }
    }
  assert.ok(insideAbove / inside > 0.9, `object above threshold: ${insideAbove / inside}`);
  assert.ok(borderAbove / border < 0.05, `border above threshold: ${borderAbove / border}`);
});
