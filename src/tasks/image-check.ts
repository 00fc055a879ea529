/**
 * Every uploaded image must decode before a task is accepted: a file that only looks like a PNG by its
 * first bytes would otherwise fail later in a worker, after the caller was charged. Reading the header
 * (sharp metadata) is not enough for truncated files, so each image is decoded into a tiny thumbnail
 * (libvips shrinks JPEG and WebP while decoding, so this stays cheap for large pictures). The declared
 * pixel size is checked first against the one limit every later decode uses (domain/image-policy.ts).
 */
import { invalidRequest } from '../errors.ts';
import type { InputFile } from '../domain/index.ts';
import { checkUploadedImage, type ImageProblem } from '../engines/image-input.ts';

const IMAGE_FIELDS = new Set(['images', 'image']);

export async function assertImagesDecode(inputs: InputFile[]): Promise<void> {
  const counters = new Map<string, number>();
  const images = inputs
    .filter((input) => IMAGE_FIELDS.has(input.field))
    .map((input) => {
      const index = (counters.get(input.field) ?? 0) + 1;
      counters.set(input.field, index);
      return {
        input,
        label: `${input.field === 'images' ? `images #${index}` : 'image'} ("${input.filename || 'unnamed'}")`,
      };
    });
  // One at a time: a request may carry several pictures near the pixel limit.
  for (const { input, label } of images) {
    const result: ImageProblem = await checkUploadedImage(input.bytes);
    if (!result.ok) {
      const advice = result.reason.startsWith('could not') ? '; send an intact PNG, JPEG or WebP file.' : '.';
      throw invalidRequest(input.field, `${label} ${result.reason}${advice}`);
    }
  }
}
