/** Mixed pixels just outside the mask are taken back when their colour is mostly the object's, and only over a plain background. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { takeBackMixedEdgePixels } from '../../../../../src/engines/generate/image/photo/edge-alpha.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

const W = 60,
  H = 60;
/** Coverage of a disc of radius 16 at (30, 30) with a soft (defocused) edge two pixels wide. */
const coverage = (p: number) =>
  Math.max(0, Math.min(1, (16 - Math.hypot((p % W) - 30, Math.floor(p / W) - 30)) / 2 + 0.5));

function picture(textured: boolean): Float32Array {
  const random = seededRandom(5);
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) {
    const a = coverage(p);
    const ground = textured ? 35 + (random() < 0.5 ? -14 : 14) : 35;
    lab[p * 3] = a * 85 + (1 - a) * ground;
    lab[p * 3 + 1] = a * 2 + (1 - a) * 10;
    lab[p * 3 + 2] = a * 4 + (1 - a) * 20;
  }
  return lab;
}

const count = (m: Uint8Array) => m.reduce((s, v) => s + v, 0);
const truth = Uint8Array.from({ length: W * H }, (_, p) => (coverage(p) >= 0.5 ? 1 : 0));
const short = Uint8Array.from({ length: W * H }, (_, p) => (coverage(p) >= 0.95 ? 1 : 0));

test('over a plain background, the pixels the object covers half or more are taken back', () => {
  const out = takeBackMixedEdgePixels(picture(false), short, W, H);
  let wrong = 0;
  for (let p = 0; p < W * H; p++) if (out[p] !== truth[p]) wrong++;
  assert.ok(count(truth) > count(short) + 40, 'the start is short of the half-covered ring');
  assert.ok(wrong <= 2, `${wrong} pixels differ from the half-coverage mask`);
});

test('it only ever adds pixels', () => {
  const over = Uint8Array.from({ length: W * H }, (_, p) => (coverage(p) > 0 || p % W === 5 ? 1 : 0));
  const out = takeBackMixedEdgePixels(picture(false), over, W, H);
  for (let p = 0; p < W * H; p++) if (over[p]) assert.equal(out[p], 1);
});

test('over a textured background the local mean says nothing, and the mask is left alone', () => {
  assert.deepEqual(takeBackMixedEdgePixels(picture(true), short, W, H), short);
});
