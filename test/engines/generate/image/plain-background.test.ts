/**
 * Pictures on a plain background are separated by colour alone (plain-background.ts), and only those:
 * a shadow, a gradient backdrop or an object running off the picture go to the photo segmentation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { extractForeground } from '../../../../src/engines/generate/image/foreground.ts';
import { plainBackgroundMask } from '../../../../src/engines/generate/image/plain-background.ts';
import type { RasterImage } from '../../../../src/geometry/mesh.ts';
import { iou, truthMask } from './photo/pictures.ts';
import { svgPicture } from './pictures.ts';

const SIZE = 320;

async function raster(bytes: Uint8Array): Promise<RasterImage> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 4, data: new Uint8Array(data) };
}

const asTruth = (body: string) => body.replace(/fill="#[0-9a-f]+"/g, 'fill="#fff"');

test('a drawn figure on a flat light background: the plain-background mask, close to the drawing', async () => {
  const body =
    '<ellipse cx="160" cy="190" rx="80" ry="100" fill="#c83c28"/><circle cx="160" cy="80" r="48" fill="#e0b040"/>' +
    '<rect x="130" y="160" width="60" height="40" fill="#2850c8"/>';
  const fg = await extractForeground(await svgPicture(body, SIZE, '#efeee8'), { workingSize: SIZE });
  assert.equal(fg.method, 'plain-background');
  const score = iou(fg.mask, await truthMask(asTruth(body), SIZE, fg.maskWidth));
  assert.ok(score >= 0.98, `IoU ${score.toFixed(3)}`);
  assert.ok((fg.confidence ?? 0) >= 0.95, `confidence ${fg.confidence}`);
});

test('saved as JPEG, the same picture is still a plain background', async () => {
  const body = '<rect x="90" y="60" width="140" height="200" rx="30" fill="#3a7a30"/>';
  const jpeg = new Uint8Array(
    await sharp(await svgPicture(body, SIZE, '#ffffff'))
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
  const plain = plainBackgroundMask(await raster(jpeg));
  assert.ok(plain, 'taken as a plain background');
  const score = iou(plain.mask, await truthMask(asTruth(body), SIZE, SIZE));
  assert.ok(score >= 0.98, `IoU ${score.toFixed(3)}`);
});

test('a hole through the object that shows the background stays a hole; an enclosed object colour is filled', async () => {
  const ring = '<circle cx="160" cy="160" r="110" fill="#204080"/><circle cx="160" cy="160" r="50" fill="#f4f4f0"/>';
  const plain = plainBackgroundMask(await raster(await svgPicture(ring, SIZE)));
  assert.ok(plain);
  assert.equal(plain.mask[160 * SIZE + 160], 0, 'the hole shows the background');
  assert.equal(plain.mask[160 * SIZE + 80], 1, 'the ring is object');
  const spot = '<circle cx="160" cy="160" r="110" fill="#204080"/><circle cx="160" cy="160" r="30" fill="#a0a0a0"/>';
  const filled = plainBackgroundMask(await raster(await svgPicture(spot, SIZE)));
  assert.ok(filled);
  assert.equal(filled.mask[160 * SIZE + 160], 1, 'a grey spot on the object is object');
});

test('a contact shadow, a gradient backdrop or an object running off the picture is not a plain background', async () => {
  const object = '<rect x="110" y="80" width="100" height="160" fill="#2a58c0"/>';
  const shadow = '<ellipse cx="170" cy="245" rx="120" ry="26" fill="#000" fill-opacity="0.4"/>';
  const blurredShadow = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect width="100%" height="100%" fill="#f4f4f0"/>${shadow}</svg>`,
    ),
  )
    .blur(6)
    .png()
    .toBuffer();
  const withShadow = await sharp(blurredShadow)
    .composite([
      {
        input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${object}</svg>`),
      },
    ])
    .png()
    .toBuffer();
  assert.equal(plainBackgroundMask(await raster(new Uint8Array(withShadow))), undefined, 'shadow');
  const gradient =
    '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/>' +
    '<stop offset="1" stop-color="#a0a0a0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>';
  assert.equal(plainBackgroundMask(await raster(await svgPicture(gradient + object, SIZE, 'none'))), undefined);
  const offThePicture = '<rect x="-10" y="100" width="340" height="120" fill="#c0702a"/>';
  assert.equal(plainBackgroundMask(await raster(await svgPicture(offThePicture, SIZE))), undefined);
});
