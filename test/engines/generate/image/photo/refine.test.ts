/** The output-resolution cut moves a boundary that is a few pixels off back onto the picture's edge, and never takes a new region. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refineBoundary } from '../../../../../src/engines/generate/image/photo/refine.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

const W = 80,
  H = 80;
const disc = (cx: number, cy: number, r: number) =>
  Uint8Array.from({ length: W * H }, (_, p) => (((p % W) - cx) ** 2 + (Math.floor(p / W) - cy) ** 2 < r * r ? 1 : 0));

/** A reddish disc of radius 20 on a noisy bluish ground, as L*a*b*, plus a second disc of the same colour far away. */
function picture(): Float32Array {
  const object = disc(40, 40, 20),
    other = disc(70, 10, 6);
  const random = seededRandom(3);
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) {
    const on = object[p] || other[p];
    lab[p * 3] = (on ? 60 : 55) + (random() - 0.5) * 6;
    lab[p * 3 + 1] = (on ? 40 : -10) + (random() - 0.5) * 6;
    lab[p * 3 + 2] = (on ? 20 : -30) + (random() - 0.5) * 6;
  }
  return lab;
}

const iou = (a: Uint8Array, b: Uint8Array) => {
  let inter = 0,
    union = 0;
  for (let p = 0; p < a.length; p++) {
    if (a[p] && b[p]) inter++;
    if (a[p] || b[p]) union++;
  }
  return inter / union;
};

test('a mask 3 px too small grows back to the disc; the far disc of the same colour stays out', () => {
  const truth = disc(40, 40, 20);
  const start = disc(40, 40, 17);
  const refined = refineBoundary(picture(), start, W, H, seededRandom(1), { band: 5 });
  assert.ok(iou(refined, truth) > 0.95, `refined IoU ${iou(refined, truth)} (start ${iou(start, truth)})`);
  assert.equal(refined[10 * W + 70], 0);
});

test('the same input and seed give the same mask', () => {
  const a = refineBoundary(picture(), disc(40, 40, 23), W, H, seededRandom(1), { band: 5 });
  const b = refineBoundary(picture(), disc(40, 40, 23), W, H, seededRandom(1), { band: 5 });
  assert.deepEqual(a, b);
  assert.ok(iou(a, disc(40, 40, 20)) > 0.95);
});
