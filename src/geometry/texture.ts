/** Converts textures between decoded pixels and encoded image bytes (sharp underneath). */
import sharp from 'sharp';
import type { ImageMimeType, RasterImage, Texture } from './mesh.ts';

// Large bakes (12K) are memory-bound; two threads keep a 2-core machine responsive.
sharp.concurrency(2);
// 12K × 12K is 151M pixels, past sharp's default guard of 268M only for 16K; keep a generous explicit cap.
const LIMIT_INPUT_PIXELS = 16384 * 16384;

export async function decodeImage(bytes: Uint8Array): Promise<RasterImage> {
  return rasterFromSharp(sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }));
}

/** Runs a sharp pipeline to raw pixels, viewed (not copied) as a RasterImage. */
export async function rasterFromSharp(pipeline: sharp.Sharp): Promise<RasterImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: info.channels as RasterImage['channels'],
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

export async function encodeImage(image: RasterImage, mimeType: ImageMimeType = 'image/png'): Promise<Uint8Array> {
  const pipeline = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
    limitInputPixels: LIMIT_INPUT_PIXELS,
  });
  const encoded =
    mimeType === 'image/png'
      ? pipeline.png({ compressionLevel: 6 })
      : mimeType === 'image/jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : pipeline.webp({ quality: 85 });
  const buffer = await encoded.toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The texture's pixels, decoding (and caching) the encoded bytes when needed. */
export async function textureImage(texture: Texture): Promise<RasterImage> {
  if (!texture.image) {
    if (!texture.encoded) throw new Error(`Texture ${texture.name ?? ''} has neither pixels nor bytes.`);
    texture.image = await decodeImage(texture.encoded.bytes);
  }
  return texture.image;
}

/** The texture's encoded bytes, encoding (and caching) the pixels when needed. */
export async function textureBytes(
  texture: Texture,
  mimeType: ImageMimeType = 'image/png',
): Promise<{ bytes: Uint8Array; mimeType: ImageMimeType }> {
  if (!texture.encoded) {
    if (!texture.image) throw new Error(`Texture ${texture.name ?? ''} has neither pixels nor bytes.`);
    texture.encoded = { bytes: await encodeImage(texture.image, mimeType), mimeType };
  }
  return texture.encoded;
}
