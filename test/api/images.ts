/** Small real images for uploads. */
import sharp from 'sharp';

export async function png(width = 32, height = 32, rgb: [number, number, number] = [200, 60, 40]): Promise<Uint8Array> {
  const bytes = await sharp({
    create: { width, height, channels: 4, background: { r: rgb[0], g: rgb[1], b: rgb[2], alpha: 1 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}

/** A PNG signature followed by garbage: sniffs as PNG, does not decode. */
export function brokenPng(): Uint8Array {
  const bytes = new Uint8Array(200);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < bytes.length; i += 1) bytes[i] = (i * 37) & 0xff;
  return bytes;
}
