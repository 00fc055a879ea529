import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeImage, encodeImage, textureBytes, textureImage } from '../../src/geometry/texture.ts';

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
