/**
 * Issue 17, one decoder policy for pictures: the submission check refuses what the workers could not
 * decode (declared pixel size over MAX_IMAGE_PIXELS), before anything is charged, and Bang's reference
 * picture is decoded under the same limit at a bounded size.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../src/domain/image-policy.ts';
import { checkUploadedImage, decodeUploadedImage } from '../../src/engines/image-input.ts';
import { multipart, startHarness, type Harness } from './harness.ts';
import { png } from './images.ts';
import { cubeGlb } from './fixture-engine.ts';
import { pngDeclaring, webpDeclaring } from '../support/hostile-images.ts';

let h: Harness;
before(async () => {
  h = await startHarness({ env: { KILN_MAX_IN_FLIGHT: '1000' } });
});
after(() => h.close());

const balance = async () =>
  (await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth })).json().balance as number;

test('pictures declaring more pixels than the limit are refused by the check, naming the size', async () => {
  const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
  for (const bytes of [
    pngDeclaring(16383, 16383),
    webpDeclaring(16383, 16383),
    pngDeclaring(side, side),
    webpDeclaring(16000, 5000),
  ]) {
    const result = await checkUploadedImage(bytes);
    assert.equal(result.ok, false);
    assert.match((result as { reason: string }).reason, /MP/);
  }
  assert.deepEqual(await checkUploadedImage(await png(64, 64)), { ok: true });
});

test('decompression-bomb images are refused at submission on /generate and as Bang’s reference image, uncharged', async () => {
  const start = await balance();
  const bombs = [webpDeclaring(16383, 16383), pngDeclaring(16383, 16383)];
  for (const bomb of bombs) {
    const generate = multipart([1, 2, 3, 4, 5].map((i) => ({ name: 'images', data: bomb, filename: `${i}.webp` })));
    const g = await h.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: { ...h.auth, ...generate.headers },
      payload: generate.payload,
    });
    assert.equal(g.statusCode, 400, g.body);
    assert.equal(g.json().error, 'INVALID_REQUEST');
    assert.match(g.json().message, /images #1 .*16383 × 16383/);
    const bang = multipart([
      { name: 'model', data: await cubeGlb(), filename: 'cube.glb' },
      { name: 'image', data: bomb, filename: 'ref.webp' },
    ]);
    const b = await h.app.inject({
      method: 'POST',
      url: '/api/v2/bang',
      headers: { ...h.auth, ...bang.headers },
      payload: bang.payload,
    });
    assert.equal(b.statusCode, 400, b.body);
    assert.match(b.json().message, /^image /);
  }
  assert.equal(await balance(), start);
});

test('Bang’s reference picture decodes under the same limit and at most 4096 px on its long side', async () => {
  const wide = new Uint8Array(
    await sharp({ create: { width: 5000, height: 100, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  );
  const picture = await decodeUploadedImage(wide, 4096);
  assert.equal(picture.width, 4096);
  await assert.rejects(decodeUploadedImage(webpDeclaring(16383, 16383), 4096), /16383 × 16383/);
});
