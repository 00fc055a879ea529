/** Choosing among candidate masks: a framed, central object beats an equally confident subject cut by the border. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseCandidate, offCentre, sidesTouched } from '../../../../../src/engines/generate/image/photo/choice.ts';

const W = 60,
  H = 60;
const box = (x0: number, x1: number, y0: number, y1: number) =>
  Uint8Array.from({ length: W * H }, (_, p) =>
    p % W >= x0 && p % W < x1 && Math.floor(p / W) >= y0 && Math.floor(p / W) < y1 ? 1 : 0,
  );

test('a subject running into two sides off-centre loses to a whole object in the middle, even when slightly more confident', () => {
  const subject = { mask: box(35, 60, 20, 60), confidence: 0.95, name: 'subject' };
  const object = { mask: box(22, 38, 20, 40), confidence: 0.85, name: 'object' };
  assert.equal(sidesTouched(subject.mask, W, H), 2);
  assert.equal(sidesTouched(object.mask, W, H), 0);
  assert.ok(offCentre(subject.mask, W, H) > offCentre(object.mask, W, H));
  assert.equal(chooseCandidate([subject, object], W, H).best.name, 'object');
  assert.equal(chooseCandidate([object, subject], W, H).best.name, 'object');
});

test('between two framed central masks the more confident one wins', () => {
  const a = { mask: box(20, 40, 20, 40), confidence: 0.6, name: 'a' };
  const b = { mask: box(21, 39, 21, 39), confidence: 0.9, name: 'b' };
  assert.equal(chooseCandidate([a, b], W, H).best.name, 'b');
});
