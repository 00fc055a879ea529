/**
 * Between nested candidates: a patch of textured ground taken with a smooth object is background, so
 * the candidate without it wins; a smooth handle of the object's own colour is not, so the candidate
 * with it stays; and an inner candidate ranked well below the first is not weighed at all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  differenceIsBackground,
  preferInnerCandidate,
  textureFeatures,
} from '../../../../../src/engines/generate/image/photo/nested-choice.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

const W = 80,
  H = 80;
const disc = (cx: number, cy: number, r: number) =>
  Uint8Array.from({ length: W * H }, (_, p) => (Math.hypot((p % W) - cx, Math.floor(p / W) - cy) <= r ? 1 : 0));
const union = (a: Uint8Array, b: Uint8Array) => Uint8Array.from(a, (v, p) => v | b[p]);
const box = (x0: number, x1: number, y0: number, y1: number) =>
  Uint8Array.from({ length: W * H }, (_, p) =>
    p % W >= x0 && p % W < x1 && Math.floor(p / W) >= y0 && Math.floor(p / W) < y1 ? 1 : 0,
  );

/** A smooth pale disc (L* 88) with a pale handle on its right, on grass-like ground: grey blades of random lightness. */
function picture(): Float32Array {
  const random = seededRandom(11);
  const object = union(disc(36, 40, 16), box(52, 62, 37, 43));
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) lab[p * 3] = object[p] ? 88 + (random() - 0.5) * 2 : 25 + random() * 50;
  return lab;
}

const object = () => union(disc(36, 40, 16), box(52, 62, 37, 43));

test('a patch of textured ground taken with the object is background: the candidate without it wins', () => {
  const lab = picture();
  const withGround = union(object(), box(20, 40, 52, 72));
  const features = textureFeatures(lab, W, H);
  assert.ok(differenceIsBackground(withGround, object(), features, W, H));
  const ranked = [
    { candidate: { mask: withGround, confidence: 0.9, name: 'with ground' }, rank: 1.05 },
    { candidate: { mask: object(), confidence: 0.9, name: 'object' }, rank: 1 },
  ];
  assert.equal(preferInnerCandidate(ranked, lab, W, H).name, 'object');
});

test("the object's own smooth handle is not background: the candidate with it stays", () => {
  const lab = picture();
  const features = textureFeatures(lab, W, H);
  assert.equal(differenceIsBackground(object(), disc(36, 40, 16), features, W, H), false);
  const ranked = [
    { candidate: { mask: object(), confidence: 0.9, name: 'object' }, rank: 1.05 },
    { candidate: { mask: disc(36, 40, 16), confidence: 0.9, name: 'no handle' }, rank: 1 },
  ];
  assert.equal(preferInnerCandidate(ranked, lab, W, H).name, 'object');
});

test('an inner candidate ranked far below the first, or a fragment of it, is not weighed', () => {
  const lab = picture();
  const withGround = union(object(), box(20, 40, 52, 72));
  const far = [
    { candidate: { mask: withGround, confidence: 0.9, name: 'with ground' }, rank: 1.5 },
    { candidate: { mask: object(), confidence: 0.9, name: 'object' }, rank: 1 },
  ];
  assert.equal(preferInnerCandidate(far, lab, W, H).name, 'with ground');
  assert.equal(
    differenceIsBackground(withGround, disc(36, 40, 6), textureFeatures(lab, W, H), W, H),
    false,
    'a fragment',
  );
});
