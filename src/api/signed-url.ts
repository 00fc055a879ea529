/**
 * Download links that carry their own authorization: clients fetch them with a plain GET and no
 * Authorization header (docs/spec/compat.md), so each URL holds an expiry time and an HMAC over
 * (task, file name, expiry). The path ends with the file name because one client looks for `.glb`
 * in the URL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedFileRef {
  taskId: string;
  name: string;
}

/** `/files/<task>/<name>` — the route that serves signed downloads. */
export function filePath(ref: SignedFileRef): string {
  return `/files/${encodeURIComponent(ref.taskId)}/${encodeURIComponent(ref.name)}`;
}

function signature(secret: string, ref: SignedFileRef, expires: number): string {
  return createHmac('sha256', secret).update(`${ref.taskId}\n${ref.name}\n${expires}`).digest('base64url');
}

export interface SignOptions {
  secret: string;
  /** Origin without trailing slash, e.g. `https://kiln.example.com`. */
  baseUrl: string;
  ttlSeconds: number;
  /** Clock for tests; milliseconds since the epoch. */
  now?: number;
}

export function signedFileUrl(ref: SignedFileRef, options: SignOptions): string {
  const now = options.now ?? Date.now();
  const expires = Math.floor(now / 1000) + Math.max(1, Math.floor(options.ttlSeconds));
  const sig = signature(options.secret, ref, expires);
  return `${options.baseUrl.replace(/\/+$/, '')}${filePath(ref)}?expires=${expires}&sig=${sig}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifyFileSignature(
  ref: SignedFileRef,
  query: { expires?: unknown; sig?: unknown },
  secret: string,
  now: number = Date.now(),
): SignatureCheck {
  const expires = Number(query.expires);
  if (typeof query.sig !== 'string' || query.sig === '' || !Number.isInteger(expires)) {
    return {
      ok: false,
      reason: 'This download link is missing its signature; request a fresh link from POST /api/v2/download.',
    };
  }
  const expected = Buffer.from(signature(secret, ref, expires));
  const given = Buffer.from(query.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return {
      ok: false,
      reason: 'This download link has an invalid signature; request a fresh link from POST /api/v2/download.',
    };
  }
  if (expires * 1000 < now) {
    return { ok: false, reason: 'This download link has expired; request a fresh link from POST /api/v2/download.' };
  }
  return { ok: true };
}
