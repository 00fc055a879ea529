/**
 * The digest that tells an Idempotency-Key replay (same body) from a reuse (another body): every field
 * with its values in order, sorted by name, and every file's field and content hash in upload order.
 * File names are left out: clients send meaningless ones that may differ between retries.
 */
import { createHash } from 'node:crypto';
import type { RawRequest } from '../domain/raw-request.ts';
import { invalidRequest } from '../errors.ts';

export function requestDigest(route: string, raw: RawRequest): string {
  const fields = Object.keys(raw.fields)
    .sort()
    .map((name) => [name, raw.fields[name]]);
  const files = raw.files.map((file) => [file.field, createHash('sha256').update(file.bytes).digest('hex')]);
  return createHash('sha256').update(JSON.stringify({ route, fields, files })).digest('hex');
}

/** Longest Idempotency-Key accepted; a longer one is refused rather than cut (two keys would collide). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** The Idempotency-Key header, if sent; refused when longer than MAX_IDEMPOTENCY_KEY_LENGTH. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const trimmed = value?.trim();
  if (trimmed && trimmed.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalidRequest(
      'Idempotency-Key',
      `The Idempotency-Key header is ${trimmed.length} characters long; the limit is ${MAX_IDEMPOTENCY_KEY_LENGTH}. Use a shorter key (a UUID is enough).`,
    );
  }
  return trimmed || undefined;
}
