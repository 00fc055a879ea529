/**
 * Boundary contrast: a mask along the object's outline crosses the picture's steepest steps, one cut
 * through the object or run on into the ground crosses flatter ones; the choice ranks by it without
 * changing the score that says whether any candidate is believable. And the sharp-edged cut keeps a
 * pale thin object beside strong contrast that GrabCut's own β shaves away.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundaryContrast } from '../../../../../src/engines/generate/image/photo/boundary.ts';
import { chooseCandidate, framedScore } from '../../../../../src/engines/generate/image/photo/choice.ts';
import { grabCut } from '../../../../../src/engines/generate/image/photo/grabcut.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

const W = 60,
  H = 60;
const box = (x0: number, x1: number, y0: number, y1: number) =>
  Uint8Array.from({ length: W * H }, (_, p) =>
    p % W >= x0 && p % W < x1 && Math.floor(p / W) >= y0 && Math.floor(p / W) < y1 ? 1 : 0,
  );
const noise = (p: number, amplitude: number) => (((p * 7919) % 13) / 12 - 0.5) * 2 * amplitude;

/** A pale square (L* 90) on a grey ground (L* 60) with a little noise, as L*a*b*. */
function square(): Float32Array {
  const inside = box(20, 40, 20, 40);
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) lab[p * 3] = (inside[p] ? 90 : 60) + noise(p, 1);
  return lab;
}

test("the square's own outline has a higher boundary contrast than half of it or the square with ground around it", () => {
  const lab = square();
  const whole = boundaryContrast(box(20, 40, 20, 40), lab, W, H);
  assert.ok(whole > boundaryContrast(box(20, 30, 20, 40), lab, W, H) + 0.3, 'half the square');
  assert.ok(whole > boundaryContrast(box(14, 46, 14, 46), lab, W, H) + 1, 'the square and a band of ground');
  assert.equal(boundaryContrast(new Uint8Array(W * H), lab, W, H), Math.log(1e-3), 'no boundary at all');
});

test('between two equally framed candidates the choice takes the one on the sharper outline, and reports its framed score', () => {
  const lab = square();
  const whole = { mask: box(20, 40, 20, 40), confidence: 0.88, name: 'whole' };
  const part = { mask: box(22, 38, 22, 38), confidence: 0.9, name: 'part' };
  for (const c of [whole, part]) Object.assign(c, { boundaryContrast: boundaryContrast(c.mask, lab, W, H) });
  const { best, score } = chooseCandidate([part, whole], W, H);
  assert.equal(best.name, 'whole');
  assert.equal(score, framedScore(whole, W, H));
  assert.equal(
    chooseCandidate([part, whole], W, H, { rank: { boundaryContrast: 0, logArea: 0 } }).best.name,
    'part',
    'without the boundary contrast and area the more confident part wins',
  );
});

/** Pale sky (L* 80) with black-and-grey stripes down the left (nothing in the background brighter than the cross), and a thin pale cross (L* 92) in the middle. */
function paleCross(): { lab: Float32Array; cross: Uint8Array } {
  const lab = new Float32Array(W * H * 3),
    cross = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      cross[p] = (Math.abs(x - 36) <= 1 && y >= 14 && y < 50) || (Math.abs(y - 30) <= 1 && x >= 22 && x < 52) ? 1 : 0;
      const L = x < 12 ? (x % 4 < 2 ? 5 : 45) : cross[p] ? 92 : 80;
      lab.set([L + noise(p, 1), 0, 0], p * 3);
    }
  return { lab, cross };
}

test("with edges counted at a finer scale the cut keeps a thin pale cross that GrabCut's own β shaves away", () => {
  const { lab, cross } = paleCross();
  const prior = Float32Array.from({ length: W * H }, (_, p) =>
    Math.hypot((p % W) - 36, Math.floor(p / W) - 30) < 14 ? 1 : 0,
  );
  const kept = (edgeSharpness: number) => {
    const { mask } = grabCut({ colours: lab, width: W, height: H, prior, threshold: 0.5 }, seededRandom(3), {
      edgeSharpness,
    });
    let inside = 0,
      total = 0,
      outside = 0;
    for (let p = 0; p < W * H; p++) {
      total += cross[p];
      if (mask[p] && cross[p]) inside++;
      if (mask[p] && !cross[p]) outside++;
    }
    return { share: inside / total, outside };
  };
  const plain = kept(1),
    sharp = kept(10);
  assert.ok(sharp.share > 0.9, `sharp edges keep the cross: ${sharp.share}`);
  assert.ok(sharp.outside < 20, `and little sky with it: ${sharp.outside}`);
  assert.ok(plain.share < sharp.share - 0.3, `GrabCut's own β loses most of it: ${plain.share}`);
});
