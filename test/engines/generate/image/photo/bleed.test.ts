/** The colour bleed beyond the object: only background pixels change, and exactly as a round-by-round scan would. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bleedObjectColours } from '../../../../../src/engines/generate/image/photo/bleed.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';
import type { RasterImage } from '../../../../../src/geometry/mesh.ts';

/** The plain definition: every round, each unknown pixel of the whole picture with known 4-neighbours takes their mean. */
function scanEveryRound(image: RasterImage, mask: Uint8Array, mw: number, mh: number, band = 6): Uint8Array {
  const { width: W, height: H } = image;
  const data = Uint8Array.from(image.data);
  const known = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      known[y * W + x] =
        mask[
          Math.min(mh - 1, Math.floor(((y + 0.5) * mh) / H)) * mw + Math.min(mw - 1, Math.floor(((x + 0.5) * mw) / W))
        ];
  const edge = Uint8Array.from(known);
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      const p = y * W + x;
      if (known[p] && (!known[p - 1] || !known[p + 1] || !known[p - W] || !known[p + W])) edge[p] = 0;
    }
  known.set(edge);
  const rounds = band * Math.max(1, Math.round(W / mw));
  for (let round = 0; round < rounds; round++) {
    const filled: number[] = [];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if (known[p]) continue;
        const sum = [0, 0, 0];
        let n = 0;
        for (const [q, ok] of [
          [p - 1, x > 0],
          [p + 1, x < W - 1],
          [p - W, y > 0],
          [p + W, y < H - 1],
        ] as const)
          if (ok && known[q]) {
            for (let c = 0; c < 3; c++) sum[c] += data[q * 4 + c];
            n++;
          }
        if (!n) continue;
        for (let c = 0; c < 3; c++) data[p * 4 + c] = Math.round(sum[c] / n);
        filled.push(p);
      }
    for (const p of filled) known[p] = 1;
  }
  return data;
}

test('bleeding fills the band beyond the object exactly as scanning every pixel every round does', () => {
  const random = seededRandom(11);
  for (let trial = 0; trial < 12; trial++) {
    const W = 40 + Math.floor(random() * 60),
      H = 40 + Math.floor(random() * 60);
    const mw = Math.max(8, Math.round(W / (1 + Math.floor(random() * 3)))),
      mh = Math.max(8, Math.round((H * mw) / W));
    const data = new Uint8Array(W * H * 4);
    for (let i = 0; i < data.length; i++) data[i] = Math.floor(random() * 256);
    // A blob or two somewhere in the mask, one of them sometimes touching the border.
    const mask = new Uint8Array(mw * mh);
    for (let blob = 0; blob < 1 + (trial % 2); blob++) {
      const cx = random() * mw,
        cy = random() * mh,
        r = 2 + random() * mw * 0.3;
      for (let y = 0; y < mh; y++)
        for (let x = 0; x < mw; x++) if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) mask[y * mw + x] = 1;
    }
    const image: RasterImage = { width: W, height: H, channels: 4, data };
    const bled = bleedObjectColours(image, mask, mw, mh, 1 + (trial % 4));
    assert.deepEqual(bled.data, scanEveryRound(image, mask, mw, mh, 1 + (trial % 4)), `trial ${trial}`);
    assert.notDeepEqual(bled.data, data, 'something was filled');
  }
});
