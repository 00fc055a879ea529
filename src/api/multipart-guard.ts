/**
 * Checks on a multipart body that the multipart reader does not make: the boundary must be declared,
 * and the body must end with its closing delimiter. @fastify/multipart ends its part iterator quietly
 * when the body stops early (a request cut inside a part's headers looked like a complete form without
 * that part, so a truncated image upload became a text-to-3D task and was charged).
 */
import type { IncomingMessage } from 'node:http';
import { KilnError } from '../errors.ts';

/** RFC 2046: 1–70 characters. */
const MAX_BOUNDARY_LENGTH = 70;

/** The boundary parameter of a multipart Content-Type, or a refusal saying what is wrong. */
export function multipartBoundary(contentType: string | undefined): string {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  if (boundary === '') {
    throw new KilnError(
      'INVALID_REQUEST',
      'The multipart/form-data Content-Type has no boundary parameter (e.g. `multipart/form-data; boundary=XyZ`); let your HTTP client build the multipart body and its header.',
    );
  }
  if (boundary.length > MAX_BOUNDARY_LENGTH) {
    throw new KilnError(
      'INVALID_REQUEST',
      `The multipart boundary is longer than ${MAX_BOUNDARY_LENGTH} characters; use a shorter one.`,
    );
  }
  return boundary;
}

/**
 * Watches the raw body for the closing delimiter `--boundary--` (searched across chunk borders while
 * keeping only a few bytes). `complete()` tells whether it arrived.
 */
export function watchClosingDelimiter(raw: IncomingMessage, boundary: string): { complete(): boolean } {
  const needle = Buffer.from(`--${boundary}--`);
  let tail = Buffer.alloc(0);
  let seen = false;
  const onData = (chunk: Buffer | string) => {
    if (seen) return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const joined = Buffer.concat([tail, bytes.subarray(0, needle.length)]);
    if (joined.includes(needle) || bytes.includes(needle)) {
      seen = true;
      raw.off('data', onData);
      return;
    }
    const recent = bytes.length >= needle.length ? bytes : Buffer.concat([tail, bytes]);
    tail = Buffer.from(recent.subarray(Math.max(0, recent.length - needle.length + 1)));
  };
  raw.on('data', onData);
  return { complete: () => seen };
}

export function truncatedMultipart(): KilnError {
  return new KilnError(
    'INVALID_REQUEST',
    'The multipart body ended before its closing boundary (the upload was cut short or is malformed); nothing was charged. Send the request again.',
  );
}
