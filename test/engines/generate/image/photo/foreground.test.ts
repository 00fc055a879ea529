/**
 * Photographs without alpha through the engine's foreground stage: a cluttered real background, a
 * strong cast shadow, a thin structure, a background with a subject of its own, and the same picture +
 * seed giving the same mask.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractForeground } from '../../../../../src/engines/generate/image/foreground.ts';
import { iou, photograph, truthMask } from './pictures.ts';

const jug =
  '<rect x="130" y="100" width="120" height="190" rx="28" fill="#c02a1c"/><circle cx="190" cy="150" r="18" fill="#f4e0a0"/>';
const truthJug = jug.replace(/fill="#[0-9a-f]+"/g, 'fill="#fff"');

test('cluttered background: a red jug in front of a man, a tripod and buildings is cut out (IoU ≥ 0.9)', async () => {
  const fg = await extractForeground(await photograph('camera', jug), { seed: 3 });
  assert.equal(fg.method, 'segmentation');
  const score = iou(fg.mask, await truthMask(truthJug, 384, fg.maskWidth));
  assert.ok(score >= 0.9, `IoU ${score.toFixed(3)}`);
  const confidence = fg.confidence ?? -1;
  assert.ok(confidence > 0 && confidence <= 1, `confidence ${confidence}`);
});

test('a strong cast shadow goes to the background; the highlight on the object stays with it', async () => {
  const shadow = '<ellipse cx="240" cy="292" rx="150" ry="34" fill="#000" fill-opacity="0.55"/>';
  const object =
    '<rect x="140" y="110" width="100" height="180" fill="#2a58c0"/><rect x="160" y="130" width="24" height="120" fill="#dfe8ff"/>';
  const fg = await extractForeground(await photograph('grass', shadow + object), { seed: 3 });
  const truth = await truthMask('<rect x="140" y="110" width="100" height="180" fill="#fff"/>', 384, fg.maskWidth);
  const score = iou(fg.mask, truth);
  assert.ok(score >= 0.85, `IoU ${score.toFixed(3)} (the shadow would add about a third)`);
  // The highlight strip is inside the mask.
  const s = fg.maskWidth / 384;
  const highlight = Math.round(190 * s) * fg.maskWidth + Math.round(172 * s);
  assert.equal(fg.mask[highlight], 1, 'the highlight stays with the object');
});

test('thin structure: a stool keeps its legs', async () => {
  const stool =
    '<rect x="110" y="120" width="170" height="26" fill="#d8a040"/>' +
    '<rect x="122" y="146" width="9" height="150" fill="#d8a040"/><rect x="259" y="146" width="9" height="150" fill="#d8a040"/>';
  const fg = await extractForeground(await photograph('brick', stool), { seed: 3 });
  const s = fg.maskWidth / 384;
  // Rows near the bottom of the legs: both legs are object, the gap between them is not.
  const row = Math.round(280 * s) * fg.maskWidth;
  const left = fg.mask.slice(row + Math.round(118 * s), row + Math.round(136 * s)).some(Boolean);
  const right = fg.mask.slice(row + Math.round(255 * s), row + Math.round(273 * s)).some(Boolean);
  const gap = fg.mask.slice(row + Math.round(160 * s), row + Math.round(230 * s)).some(Boolean);
  assert.ok(left && right, `both legs reach the floor (left ${left}, right ${right})`);
  assert.ok(!gap, 'the background between the legs is not object');
});

test('same photograph and seed → the same mask, every time', async () => {
  const picture = await photograph('chelsea-a', jug);
  const first = await extractForeground(picture, { seed: 9 });
  const second = await extractForeground(picture, { seed: 9 });
  assert.deepEqual(second.mask, first.mask);
  assert.deepEqual(second.image.data, first.image.data);
  assert.equal(second.confidence, first.confidence);
});

test('a real alpha channel still wins over segmentation', async () => {
  const sharp = (await import('sharp')).default;
  const png = new Uint8Array(
    await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">${jug.replace(/(\d+)/g, (v) => String(Math.round(Number(v) * 0.66)))}</svg>`,
      ),
    )
      .png()
      .toBuffer(),
  );
  const fg = await extractForeground(png);
  assert.equal(fg.method, 'alpha');
  assert.equal(fg.confidence, 1);
});

test("a photograph with a subject of its own: a pale box before the astronaut's face is cut out, not the face (IoU ≥ 0.93)", async () => {
  // The saliency starts take the face; the start that holds what they took as background finds the box.
  const box = '<rect x="120" y="170" width="110" height="50" rx="14" fill="#e8e8ea"/>';
  const fg = await extractForeground(await photograph('astronaut-a', box), { seed: 3 });
  const score = iou(fg.mask, await truthMask(box.replace(/fill="#[0-9a-f]+"/g, 'fill="#fff"'), 384, fg.maskWidth));
  assert.ok(score >= 0.93, `IoU ${score.toFixed(3)}`);
});
