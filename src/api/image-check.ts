/**
 * Every uploaded image must decode before a task is accepted: a file that only looks like a PNG by its
 * first bytes would otherwise fail later in a worker, after the caller was charged.
 */
import sharp from 'sharp';
import { invalidRequest } from '../errors.ts';
import type { EngineInputFile } from '../engines/engine.ts';

const IMAGE_FIELDS = new Set(['images', 'image']);

export async function assertImagesDecode(inputs: EngineInputFile[]): Promise<void> {
  const counters = new Map<string, number>();
  for (const input of inputs) {
    if (!IMAGE_FIELDS.has(input.field)) continue;
    const index = (counters.get(input.field) ?? 0) + 1;
    counters.set(input.field, index);
    const label = `${input.field === 'images' ? `images #${index}` : 'image'} ("${input.filename || 'unnamed'}")`;
    let ok = false;
    try {
      const meta = await sharp(input.bytes, { failOn: 'error' }).metadata();
      // Metadata reads only the header; decoding a small thumbnail proves the pixel data is intact.
      ok = Boolean(meta.width && meta.height) && (await sharp(input.bytes, { failOn: 'error' }).resize(8, 8, { fit: 'inside' }).raw().toBuffer()).length > 0;
    } catch {
      ok = false;
    }
    if (!ok) {
      throw invalidRequest(input.field, `${label} could not be decoded as an image; send an intact PNG, JPEG or WebP file.`);
    }
  }
}
