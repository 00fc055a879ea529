/**
 * Texture files for formats that keep maps beside the model (FBX, OBJ). Those formats have no colour
 * factors worth trusting across importers, so each map is the final value: the base colour factor is
 * multiplied into the colour map, the packed glTF metal/rough map is split into two grey maps scaled by
 * their factors, and a material without a map gets a small solid one, so every material always ships
 * the four maps clients expect.
 */
import type { ImageMimeType, Material, RasterImage, Texture } from '../mesh.ts';
import sharp from 'sharp';
import { encodeImage, textureImage } from '../texture.ts';
import type { TextureChannel } from '../formats.ts';

const SOLID_SIZE = 4;

const SRGB_TO_LINEAR = Float64Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

export function linearToSrgbByte(linear: number): number {
  const c = Math.min(1, Math.max(0, linear));
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

function clampByte(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}

function solid(channels: RasterImage['channels'], values: number[]): RasterImage {
  const data = new Uint8Array(SOLID_SIZE * SOLID_SIZE * channels);
  for (let i = 0; i < data.length; i++) data[i] = values[i % channels];
  return { width: SOLID_SIZE, height: SOLID_SIZE, channels, data };
}

function isWhite(color: readonly number[]): boolean {
  return color.every((c) => Math.abs(c - 1) < 1e-6);
}

/**
 * Encoded bytes a glTF or USDZ can embed (PNG or JPEG). Other encodings (WebP) and bare pixels are
 * re-encoded as PNG.
 */
export async function portableTextureBytes(texture: Texture): Promise<{ bytes: Uint8Array; mimeType: ImageMimeType }> {
  if (texture.encoded && texture.encoded.mimeType !== 'image/webp') return texture.encoded;
  if (!texture.encoded) {
    // Baked pixels: encode once and cache on the texture (as texture.ts does), so every format reuses it.
    texture.encoded = {
      bytes: await encodeImage(texture.image ?? (await textureImage(texture)), 'image/png'),
      mimeType: 'image/png',
    };
    return texture.encoded;
  }
  return { bytes: await encodeImage(await textureImage(texture), 'image/png'), mimeType: 'image/png' };
}

/**
 * The maps a glTF or USDZ of these materials embeds (an unlit material only its colour), encoded all at
 * once and cached on the textures: sharp runs each encode on a thread of its own, so on two cores the
 * maps of a model take about half the time they took encoded one after another. Same bytes either way.
 */
export async function encodePortableTextures(materials: readonly Material[]): Promise<void> {
  const textures = new Set<Texture>();
  for (const material of materials) {
    const maps = material.unlit
      ? [material.baseColorTexture]
      : [material.baseColorTexture, material.metallicRoughnessTexture, material.normalTexture];
    // Only pixels are encoded and cached; bytes already held (a WebP to re-encode) are left to the writer.
    for (const texture of maps) if (texture && !texture.encoded) textures.add(texture);
  }
  await Promise.all([...textures].map((texture) => portableTextureBytes(texture)));
}

async function pngOf(texture: Texture): Promise<Uint8Array> {
  if (texture.encoded?.mimeType === 'image/png') return texture.encoded.bytes;
  // Not textureBytes: it returns whatever encoding is cached (a JPEG would land in a .png file).
  if (!texture.encoded) return (await portableTextureBytes(texture)).bytes;
  return encodeImage(texture.image ?? (await textureImage(texture)), 'image/png');
}

/** Final base colour: texture × factor in linear space, or the factor alone as a solid map. */
export async function diffusePng(material: Material): Promise<Uint8Array> {
  const factor = material.baseColor;
  if (!material.baseColorTexture) {
    const rgb = [0, 1, 2].map((k) => linearToSrgbByte(factor[k]));
    const image = factor[3] < 1 ? solid(4, [...rgb, clampByte(factor[3] * 255)]) : solid(3, rgb);
    return encodeImage(image);
  }
  if (isWhite(factor)) return pngOf(material.baseColorTexture);
  const source = await textureImage(material.baseColorTexture);
  const channels = source.channels;
  const out = new Uint8Array(source.data.length);
  const colour = channels >= 3 ? 3 : 1;
  for (let i = 0; i < source.data.length; i += channels) {
    for (let k = 0; k < colour; k++) out[i + k] = linearToSrgbByte(SRGB_TO_LINEAR[source.data[i + k]] * factor[k]);
    if (channels === 2 || channels === 4) out[i + channels - 1] = clampByte(source.data[i + channels - 1] * factor[3]);
  }
  return encodeImage({ ...source, data: out });
}

export async function normalPng(material: Material): Promise<Uint8Array> {
  if (material.normalTexture) return pngOf(material.normalTexture);
  return encodeImage(solid(3, [128, 128, 255]));
}

/** A one-channel PNG (colour type 0): a third the data of the RGB PNG a plain encode would give. */
async function greyPng(width: number, height: number, data: Uint8Array): Promise<Uint8Array> {
  const buffer = await sharp(data, { raw: { width, height, channels: 1 }, limitInputPixels: 16384 * 16384 })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** One grey map from the packed glTF texture (G = roughness, B = metallic) times its factor. */
async function splitChannel(material: Material, which: 'metallic' | 'roughness'): Promise<Uint8Array> {
  const factor = which === 'metallic' ? material.metallic : material.roughness;
  if (!material.metallicRoughnessTexture) {
    return greyPng(SOLID_SIZE, SOLID_SIZE, solid(1, [clampByte(factor * 255)]).data);
  }
  const source = await textureImage(material.metallicRoughnessTexture);
  const channels = source.channels;
  // A grey packed map carries the same value in every channel.
  const offset = channels >= 3 ? (which === 'metallic' ? 2 : 1) : 0;
  const pixels = source.width * source.height;
  const out = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) out[p] = clampByte(source.data[p * channels + offset] * factor);
  return greyPng(source.width, source.height, out);
}

export const PBR_CHANNELS: TextureChannel[] = ['diffuse', 'normal', 'metallic', 'roughness'];

/** The channels a material ships beside an FBX/OBJ: all four for PBR, only the colour for unlit. */
export function channelsOf(material: Material): TextureChannel[] {
  return material.unlit ? ['diffuse'] : PBR_CHANNELS;
}

export function channelPng(material: Material, channel: TextureChannel): Promise<Uint8Array> {
  switch (channel) {
    case 'diffuse':
      return diffusePng(material);
    case 'normal':
      return normalPng(material);
    case 'metallic':
    case 'roughness':
      return splitChannel(material, channel);
  }
}
