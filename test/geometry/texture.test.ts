import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeImage, encodeImage, encodeUniformPng, textureBytes, textureImage } from '../../src/geometry/texture.ts';

test('a texture survives encode and decode with its pixels intact', async () => {
  const width = 8;
  const height = 4;
  const data = new Uint8Array(width * height * 4).map((_, i) => (i * 37) % 256);
  const png = await encodeImage({ width, height, channels: 4, data });
  const back = await decodeImage(png);
  assert.equal(back.width, width);
  assert.equal(back.height, height);
  assert.deepEqual(Array.from(back.data), Array.from(data));
});

test('textureBytes and textureImage fill the missing side', async () => {
  const texture = { image: { width: 2, height: 2, channels: 3 as const, data: new Uint8Array(12).fill(200) } };
  const encoded = await textureBytes(texture);
  assert.equal(encoded.mimeType, 'image/png');
  const image = await textureImage({ encoded });
  assert.equal(image.data[0], 200);
});

test('encodeUniformPng is byte for byte the PNG of the uniform pixels it never holds', async () => {
  for (const size of [1, 7, 300]) {
    for (const rgb of [
      [255, 153, 0],
      [255, 115, 26],
      [0, 0, 0],
      [12, 200, 255],
    ] as const) {
      const data = new Uint8Array(size * size * 3);
      for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
      const fromPixels = await encodeImage({ width: size, height: size, channels: 3, data });
      const direct = await encodeUniformPng(size, rgb);
      assert.deepEqual(direct, fromPixels, `${size}² of ${rgb.join(',')}`);
    }
  }
});
