/**
 * Colour steps measured against the steps around them: a faint step in flat sky counts as an edge
 * even when a strongly contrasted thing elsewhere sets the picture's mean step, so a pale object on a
 * pale sky can be cut along its own outline; next to the strong contrast nothing changes much.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { localContrastBeta } from '../../../../../src/engines/generate/image/photo/local-contrast.ts';
import { rgbaToLab } from '../../../../../src/engines/generate/image/photo/colour.ts';
import { grabCut } from '../../../../../src/engines/generate/image/photo/grabcut.ts';
import { centredWeight, photoCandidates } from '../../../../../src/engines/generate/image/photo/candidates.ts';
import { saliency, otsu } from '../../../../../src/engines/generate/image/photo/saliency.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';
import { photograph, truthMask, iou } from './pictures.ts';

const W = 64,
  H = 64;
const noise = (p: number, amplitude: number) => (((p * 7919) % 13) / 12 - 0.5) * 2 * amplitude;

/** Pale sky (L* 80) with a faint lighter square (L* 92) on the right and black-and-white stripes down the left side. */
function picture(): Float32Array {
  const lab = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const square = x >= 40 && x < 56 && y >= 24 && y < 40;
      const L = x < 14 ? (x % 4 < 2 ? 5 : 95) : square ? 92 : 80;
      lab.set([L + noise(p, 1), 0, 0], p * 3);
    }
  return lab;
}

/** GrabCut's own β: the inverse of twice the picture's mean squared step to the right and lower neighbours. */
function globalBeta(lab: Float32Array): number {
  let sum = 0,
    count = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (x + 1 < W) {
        sum += (lab[p * 3] - lab[(p + 1) * 3]) ** 2;
        count++;
      }
      if (y + 1 < H) {
        sum += (lab[p * 3] - lab[(p + W) * 3]) ** 2;
        count++;
      }
    }
  return count / (2 * sum);
}

test("crossing the faint square's outline costs far less smoothness with the local β than with the picture-wide one", () => {
  const lab = picture();
  const beta = localContrastBeta(lab, W, H, { radius: 6 });
  const step = 12 ** 2;
  const atOutline = 32 * W + 40;
  const localWeight = Math.exp(-beta[atOutline] * step),
    globalWeight = Math.exp(-globalBeta(lab) * step);
  assert.ok(globalWeight > 0.8, `picture-wide: the outline is nearly as dear to cut as flat sky (${globalWeight})`);
  assert.ok(localWeight < 0.65 * globalWeight, `local: ${localWeight} against ${globalWeight}`);
});

test('beside the stripes the local β stays as small as the picture-wide one: strong contrast still sets the scale there', () => {
  const lab = picture();
  const beta = localContrastBeta(lab, W, H, { radius: 6 });
  assert.ok(beta[32 * W + 6] <= globalBeta(lab) * 1.5, `${beta[32 * W + 6]} vs ${globalBeta(lab)}`);
  assert.ok(beta[8 * W + 30] > 10 * beta[32 * W + 6], 'flat sky gets a far larger β than the stripes');
});

test("noise in flat sky never becomes an edge: the local mean step is held above a share of the picture's", () => {
  const lab = picture();
  const beta = localContrastBeta(lab, W, H, { radius: 6, floor: 0.25 });
  for (let p = 0; p < W * H; p++) assert.ok(beta[p] <= 4 * globalBeta(lab) + 1e-9);
});

test('over a photograph with a subject of its own, the centred start finds a pale object on the face only with local contrast', async () => {
  const S = 96;
  const body =
    '<ellipse cx="200" cy="200" rx="40" ry="55" fill="#e8e8e8"/><rect x="120" y="190" width="160" height="14" fill="#e8e8e8"/>';
  const jpeg = await photograph('astronaut-a', body);
  const { data } = await sharp(jpeg).resize(S, S).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const lab = rgbaToLab(new Uint8Array(data), S * S);
  const truth = await truthMask(body, 384, S);
  // The centred start as candidates.ts makes it: saliency times a narrow centre prior.
  const prior = centredWeight(saliency(lab, S, S, seededRandom(1)), S, S, 0.1);
  let max = 0;
  for (const v of prior) if (v > max) max = v;
  for (let p = 0; p < prior.length; p++) prior[p] /= max;
  const threshold = Math.min(0.7, Math.max(0.2, otsu(prior)));
  const cut = (localContrast?: number) =>
    iou(
      grabCut({ colours: lab, width: S, height: S, prior, threshold }, seededRandom(5), { localContrast }).mask,
      truth,
    );
  assert.ok(cut() < 0.3, `picture-wide contrast: ${cut()}`);
  assert.ok(cut(10) > 0.8, `local contrast: ${cut(10)}`);
  // And the start in the candidate pool does the same.
  const { candidates } = await photoCandidates(lab, S, S, 1);
  assert.ok(iou(candidates[2].mask, truth) > 0.8, `centred start in the pool: ${iou(candidates[2].mask, truth)}`);
});
