/** Converts textures between decoded pixels and encoded image bytes (sharp underneath). */
import sharp from 'sharp';
import type { ImageMimeType, RasterImage, Texture } from './mesh.ts';

// Large bakes (12K) are memory-bound; two threads keep a 2-core machine responsive.
sharp.concurrency(2);
// 12K × 12K is 151M pixels, past sharp's default guard of 268M only for 16K; keep a generous explicit cap.
const LIMIT_INPUT_PIXELS = 16384 * 16384;
/** Every PNG Kiln writes (encodeImage, encodeUniformPng): one setting, so their bytes agree. */
const PNG_OPTIONS = { compressionLevel: 6 } as const;

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
      ? pipeline.png(PNG_OPTIONS)
      : mimeType === 'image/jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : pipeline.webp({ quality: 85 });
  const buffer = await encoded.toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * The PNG of a size × size RGB image of one colour (bytes 0..255), made by the encoder itself:
 * byte for byte `encodeImage` of those pixels (the same encoder on the same pixels; test), without
 * holding them — at 12K that is 453 MB and ~0.4 s of filling on the calling thread that a uniform
 * metallic-roughness map no longer costs. The encoder runs on sharp's threads.
 */
export async function encodeUniformPng(size: number, rgb: readonly [number, number, number]): Promise<Uint8Array> {
  const [r, g, b] = rgb;
  const pipeline = sharp({
    create: { width: size, height: size, channels: 3, background: { r, g, b } },
    limitInputPixels: LIMIT_INPUT_PIXELS,
  });
  const buffer = await pipeline.png(PNG_OPTIONS).toBuffer();
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
