/** Boundary on edges: a mask along the picture's colour step scores no weak boundary; one cut through a uniform region does. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { edgeStrength, weakBoundaryShare } from '../../../../../src/engines/generate/image/photo/boundary.ts';
import { chooseCandidate } from '../../../../../src/engines/generate/image/photo/choice.ts';

const W = 60,
  H = 60;
const box = (x0: number, x1: number, y0: number, y1: number) =>
  Uint8Array.from({ length: W * H }, (_, p) =>
    p % W >= x0 && p % W < x1 && Math.floor(p / W) >= y0 && Math.floor(p / W) < y1 ? 1 : 0,
  );

/** A pale square (L 90) on a grey ground (L 60), as L*a*b*. */
function picture(): Float32Array {
  const inside = box(20, 40, 20, 40);
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) lab[p * 3] = inside[p] ? 90 : 60;
  return lab;
}

test('a mask on the square has its whole boundary on the edge; half the square has a third of it on none', () => {
  const strength = edgeStrength(picture(), W, H);
  assert.equal(weakBoundaryShare(box(20, 40, 20, 40), strength, W, H), 0);
  const half = weakBoundaryShare(box(20, 30, 20, 40), strength, W, H);
  assert.ok(half > 0.2 && half < 0.4, `half the square: ${half}`);
  assert.ok(weakBoundaryShare(box(5, 15, 5, 15), strength, W, H) === 1, 'a square on the plain ground follows no edge');
});

test('the choice prefers the whole object over an equally confident mask cut through it', () => {
  const strength = edgeStrength(picture(), W, H);
  const whole = { mask: box(20, 40, 20, 40), confidence: 0.9, name: 'whole' };
  const half = { mask: box(22, 38, 20, 30), confidence: 0.92, name: 'half' };
  for (const c of [whole, half]) Object.assign(c, { weakBoundary: weakBoundaryShare(c.mask, strength, W, H) });
  assert.equal(chooseCandidate([half, whole], W, H).best.name, 'whole');
});
