/** Request objects to multipart form fields: files read from paths, lists as repeated fields, booleans as words. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FileInput } from './types.js';

function isFileInput(value: unknown): value is FileInput {
  return (
    value instanceof Blob || (typeof value === 'object' && value !== null && 'data' in value && 'filename' in value)
  );
}

/** Fields that carry files: a string there is a path to read, not a value to send. */
const FILE_FIELDS = new Set(['images', 'image', 'model']);

async function toBlob(field: string, value: FileInput): Promise<{ blob: Blob; filename: string }> {
  if (typeof value === 'string') {
    const bytes = await readFile(value).catch((error: NodeJS.ErrnoException) => {
      throw new TypeError(`${field}: cannot read ${value} (${error.code ?? error.message}).`);
    });
    return { blob: new Blob([new Uint8Array(bytes)]), filename: basename(value) };
  }
  if (value instanceof Blob) return { blob: value, filename: (value as File).name || field };
  return { blob: new Blob([new Uint8Array(value.data)], { type: value.contentType ?? '' }), filename: value.filename };
}

export async function appendFields(form: FormData, request: Record<string, unknown>): Promise<void> {
  for (const [field, raw] of Object.entries(request)) {
    if (raw === undefined || raw === null) continue;
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (FILE_FIELDS.has(field) && (typeof value === 'string' || isFileInput(value))) {
        const { blob, filename } = await toBlob(field, value as FileInput);
        form.append(field, blob, filename);
      } else {
        form.append(field, String(value));
      }
    }
  }
}
