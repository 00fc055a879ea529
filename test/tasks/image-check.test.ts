/** The pre-submission decode check: intact images pass, truncated or garbage ones are named. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { assertImagesDecode } from '../../src/tasks/image-check.ts';
import type { KilnError } from '../../src/errors.ts';
import { brokenPng, png } from '../api/images.ts';

test('intact PNG, JPEG and WebP pass; a truncated JPEG and a PNG header with garbage are refused by name', async () => {
  const jpeg = new Uint8Array(
    await sharp(await png(64, 64))
      .jpeg()
      .toBuffer(),
  );
  const webp = new Uint8Array(
    await sharp(await png(64, 64))
      .webp()
      .toBuffer(),
  );
  await assertImagesDecode([
    { field: 'images', filename: 'a.png', bytes: await png() },
    { field: 'images', filename: 'b.jpg', bytes: jpeg },
    { field: 'image', filename: 'c.webp', bytes: webp },
    { field: 'model', filename: 'not-an-image.glb', bytes: new Uint8Array([1, 2, 3]) },
  ]);
  const cases: Array<[Uint8Array, string]> = [
    [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'half.jpg'],
    [brokenPng(), 'garbage.png'],
  ];
  for (const [bytes, name] of cases) {
    await assert.rejects(
      assertImagesDecode([
        { field: 'images', filename: 'ok.png', bytes: await png() },
        { field: 'images', filename: name, bytes },
      ]),
      (error: KilnError) =>
        error.code === 'INVALID_REQUEST' &&
        error.details.field === 'images' &&
        error.message.includes(`images #2 ("${name}")`),
    );
  }
});
