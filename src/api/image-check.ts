/**
 * Every uploaded image must decode before a task is accepted: a file that only looks like a PNG by its
 * first bytes would otherwise fail later in a worker, after the caller was charged. Reading the header
 * (sharp metadata) is not enough for truncated files, so each image is decoded into a tiny thumbnail
 * (libvips shrinks JPEG and WebP while decoding, so this stays cheap for large pictures).
 */
import sharp from 'sharp';
import { invalidRequest } from '../errors.ts';
import type { EngineInputFile } from '../engines/engine.ts';

const IMAGE_FIELDS = new Set(['images', 'image']);

async function decodes(bytes: Uint8Array): Promise<boolean> {
  try {
    const { info } = await sharp(bytes, { failOn: 'error' }).resize(8, 8, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
    return info.width > 0 && info.height > 0;
  } catch {
    return false;
  }
}

export async function assertImagesDecode(inputs: EngineInputFile[]): Promise<void> {
  const counters = new Map<string, number>();
  const images = inputs
    .filter((input) => IMAGE_FIELDS.has(input.field))
    .map((input) => {
      const index = (counters.get(input.field) ?? 0) + 1;
      counters.set(input.field, index);
      return { input, label: `${input.field === 'images' ? `images #${index}` : 'image'} ("${input.filename || 'unnamed'}")` };
    });
  const results = await Promise.all(images.map(({ input }) => decodes(input.bytes)));
  const failed = images.find((_, i) => !results[i]);
  if (failed) {
    throw invalidRequest(failed.input.field, `${failed.label} could not be decoded as an image; send an intact PNG, JPEG or WebP file.`);
  }
}
