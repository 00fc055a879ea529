/** Texture-aware smoothness: in a busy background a texture step no longer counts as an edge; on plain ground nothing changes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localContrast, textureBeta } from '../../../../../src/engines/generate/image/photo/texture-contrast.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

const W = 40, H = 40;

/** Left quarter: gravel-like texture (L* 30 or 60 at random); the rest: plain ground (L* 45) with faint noise. */
function picture(): Float32Array {
  const random = seededRandom(9);
  const lab = new Float32Array(W * H * 3);
  for (let p = 0; p < W * H; p++) lab[p * 3] = p % W < W / 4 ? (random() < 0.5 ? 30 : 60) : 45 + (random() - 0.5) * 2;
  return lab;
}

/** GrabCut's β over the whole picture: 1 / (2 · mean squared neighbour difference). */
function pictureBeta(lab: Float32Array): number {
  let sum = 0, count = 0;
  for (let y = 0; y < H; y++) for (let x = 0; x + 1 < W; x++) { sum += (lab[(y * W + x) * 3] - lab[(y * W + x + 1) * 3]) ** 2; count++; }
  return count / (2 * sum);
}

test('inside the texture the scale comes from the texture, so its steps cost more to cut', () => {
  const lab = picture(), beta = pictureBeta(lab);
  const local = localContrast(lab, W, H, 3);
  const p = 20 * W + 4, q = p + 1;
  const b = textureBeta(beta, local, p, q);
  assert.ok(b < beta / 1.5, `β in texture ${b} vs picture ${beta}`);
  // A texture step of 30 L* would be nearly free to cut with the picture's β, and is not with the local one.
  assert.ok(Math.exp(-b * 900) > 5 * Math.exp(-beta * 900));
});

test('on plain ground the picture\'s β stands', () => {
  const lab = picture(), beta = pictureBeta(lab);
  const local = localContrast(lab, W, H, 3);
  const p = 20 * W + 32;
  assert.equal(textureBeta(beta, local, p, p + 1), beta);
});
