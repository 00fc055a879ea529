/**
 * A background model local to the object: only the ring around the object feeds it, pixels beyond the
 * ring are held as background, and a colour found only far away no longer counts against the object.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localBackground } from '../../../../../src/engines/generate/image/photo/local-background.ts';
import { grabCut } from '../../../../../src/engines/generate/image/photo/grabcut.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

const W = 64,
  H = 64;
const box = (x0: number, x1: number, y0: number, y1: number) =>
  Uint8Array.from({ length: W * H }, (_, p) =>
    p % W >= x0 && p % W < x1 && Math.floor(p / W) >= y0 && Math.floor(p / W) < y1 ? 1 : 0,
  );

test('the ring holds the background pixels within reach of the object; everything farther is beyond it', () => {
  const mask = box(28, 36, 28, 36);
  const { ring, beyond } = localBackground(mask, W, H, 4);
  for (const p of ring) assert.equal(mask[p], 0, 'the ring is background');
  assert.ok(ring.includes(32 * W + 39), 'four pixels right of the object is in the ring');
  assert.equal(beyond[32 * W + 40], 1, 'five pixels right of it is beyond');
  assert.equal(beyond[32 * W + 32], 0, 'the object itself is never beyond');
  assert.equal(ring.length + beyond.reduce((a, v) => a + v, 0) + mask.reduce((a, v) => a + v, 0), W * H);
});

test('an empty mask has no ring: every pixel is beyond it', () => {
  const { ring, beyond } = localBackground(new Uint8Array(W * H), W, H, 10);
  assert.equal(ring.length, 0);
  assert.equal(
    beyond.reduce((a, v) => a + v, 0),
    W * H,
  );
});

/** A white square on a green ground, with a white band down the picture's left side (white is also a background colour). */
function picture(): Float32Array {
  const object = box(24, 40, 24, 40),
    band = box(0, 14, 0, H);
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) {
    const [L, a, b] = object[p] || band[p] ? [95, 0, 0] : [45, -20, 15];
    lab.set([L + ((p * 7919) % 5) - 2, a, b], p * 3);
  }
  return lab;
}

test('with the local model the cut takes the white square whole and leaves the far white band', () => {
  const lab = picture();
  // A start from the middle of the frame, wider than the square.
  const prior = Float32Array.from({ length: W * H }, (_, p) =>
    Math.exp(-(((p % W) - 32) ** 2 + (Math.floor(p / W) - 32) ** 2) / (2 * 12 ** 2)),
  );
  const truth = box(24, 40, 24, 40);
  const iou = (m: Uint8Array) => {
    let i = 0,
      u = 0;
    for (let p = 0; p < m.length; p++) {
      i += m[p] & truth[p];
      u += m[p] | truth[p];
    }
    return i / u;
  };
  const local = grabCut({ colours: lab, width: W, height: H, prior, threshold: 0.5 }, seededRandom(1), {
    localBackground: 12,
  });
  assert.ok(iou(local.mask) >= 0.95, `local IoU ${iou(local.mask).toFixed(3)}`);
  assert.equal(
    box(0, 14, 0, H).reduce((a, v, p) => a + (v & local.mask[p]), 0),
    0,
    'no pixel of the white band is object',
  );
});
