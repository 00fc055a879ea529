/** Only truly empty pictures are called empty: a flat colour, noise; never a photograph. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { emptyPictureReasonOf } from '../../../../../src/engines/generate/image/photo/emptiness.ts';
import { photoCrop } from './pictures.ts';

test('flat colour → uniform, independent noise → noise, real photographs and gentle gradients → not empty', async () => {
  const flat = new Uint8Array(
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7a8b9c' } })
      .jpeg()
      .toBuffer(),
  );
  assert.equal(await emptyPictureReasonOf(flat), 'uniform');
  const noisy = Buffer.alloc(256 * 256 * 3);
  let s = 7;
  for (let i = 0; i < noisy.length; i++) {
    s = (s * 1664525 + 1013904223) >>> 0;
    noisy[i] = s >>> 24;
  }
  assert.equal(
    await emptyPictureReasonOf(
      new Uint8Array(
        await sharp(noisy, { raw: { width: 256, height: 256, channels: 3 } })
          .jpeg({ quality: 90 })
          .toBuffer(),
      ),
    ),
    'noise',
  );
  for (const name of ['gravel', 'grass', 'hubble', 'coffee-a']) {
    assert.equal(await emptyPictureReasonOf(new Uint8Array(await sharp(photoCrop(name)).toBuffer())), null, name);
  }
  const transparent = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer(),
  );
  assert.equal(await emptyPictureReasonOf(transparent), null, 'a real alpha channel decides on its own');
});
