/** Close-ups: an object running off two opposite sides is framed on purpose, not a background thing cut by the border. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  centredCrossing,
  crossingPrior,
  likelyCrossing,
} from '../../../../../src/engines/generate/image/photo/closeup.ts';
import { chooseCandidate } from '../../../../../src/engines/generate/image/photo/choice.ts';
import { extractForeground } from '../../../../../src/engines/generate/image/foreground.ts';
import { iou, photograph, truthMask } from './pictures.ts';

const W = 60,
  H = 60;
const box = (x0: number, x1: number, y0: number, y1: number) =>
  Uint8Array.from({ length: W * H }, (_, p) =>
    p % W >= x0 && p % W < x1 && Math.floor(p / W) >= y0 && Math.floor(p / W) < y1 ? 1 : 0,
  );

test('a band through the middle from left to right is a centred crossing; the ground along the bottom, a corner or a framed box is not', () => {
  assert.equal(centredCrossing(box(0, 60, 22, 38), W, H), 'horizontal');
  assert.equal(centredCrossing(box(24, 36, 0, 60), W, H), 'vertical');
  assert.equal(
    centredCrossing(box(0, 60, 40, 55), W, H),
    undefined,
    'a band low in the picture (a table top) is no close-up',
  );
  assert.equal(centredCrossing(box(0, 60, 40, 60), W, H), undefined, 'three sides');
  assert.equal(centredCrossing(box(30, 60, 30, 60), W, H), undefined, 'a corner');
  assert.equal(centredCrossing(box(20, 40, 20, 40), W, H), undefined, 'a framed object');
});

test('the choice takes a close-up crossing the picture over a speck of it, but not the ground over a framed object', () => {
  const closeUp = { mask: box(0, 60, 22, 38), confidence: 0.7, name: 'close-up' };
  const speck = { mask: box(28, 32, 28, 32), confidence: 0.6, name: 'speck' };
  assert.equal(chooseCandidate([speck, closeUp], W, H).best.name, 'close-up');
  const ground = { mask: box(0, 60, 40, 55), confidence: 0.8, name: 'ground' };
  const object = { mask: box(22, 38, 18, 40), confidence: 0.7, name: 'object' };
  assert.equal(chooseCandidate([ground, object], W, H).best.name, 'object');
});

test('the close-up start follows the colour of the middle to the two sides it reaches', () => {
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) {
    const inBand = Math.abs(Math.floor(p / W) - 30) < 8;
    lab.set(inBand ? [50, 40, 30] : [80, -20, 10], p * 3);
  }
  assert.equal(likelyCrossing(lab, W, H), 'horizontal');
  const prior = crossingPrior('horizontal', W, H);
  assert.equal(prior[30 * W], 1);
  assert.equal(prior[2 * W + 30], 0);
  const uniformMiddle = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) uniformMiddle.set(box(20, 40, 20, 40)[p] ? [50, 40, 30] : [80, -20, 10], p * 3);
  assert.equal(likelyCrossing(uniformMiddle, W, H), undefined, 'a framed object reaches no side');
});

const closeUps: [string, string, string][] = [
  [
    'a plank across the frame, off the left and right sides, over grass',
    'grass',
    '<rect x="-10" y="140" width="404" height="110" rx="6" fill="#c0702a"/>',
  ],
  [
    'a bottle from the top of the frame to the bottom, over the cat',
    'chelsea-a',
    '<rect x="140" y="-10" width="110" height="404" rx="20" fill="#2a9040"/>',
  ],
];
for (const [name, backdrop, body] of closeUps) {
  test(`close-up: ${name} gives an asset with the whole object (IoU ≥ 0.9)`, async () => {
    const fg = await extractForeground(await photograph(backdrop, body), { seed: 3 });
    assert.equal(fg.method, 'segmentation');
    const score = iou(fg.mask, await truthMask(body.replace(/fill="#[0-9a-f]+"/g, 'fill="#fff"'), 384, fg.maskWidth));
    assert.ok(score >= 0.9, `IoU ${score.toFixed(3)}`);
  });
}
