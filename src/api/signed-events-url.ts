/**
 * The events URL of a task record: browsers' EventSource cannot send an Authorization header, so the
 * URL carries a short-lived HMAC over (task, expiry) instead, like the download links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignatureCheck } from './signed-url.ts';

export const eventsPath = (taskId: string) => `/api/v2/tasks/${encodeURIComponent(taskId)}/events`;

function signature(secret: string, taskId: string, expires: number): string {
  return createHmac('sha256', secret).update(`events\n${taskId}\n${expires}`).digest('base64url');
}

export function signedEventsUrl(
  taskId: string,
  options: { secret: string; baseUrl: string; ttlSeconds: number; now?: number },
): string {
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + Math.max(1, Math.floor(options.ttlSeconds));
  return `${options.baseUrl.replace(/\/+$/, '')}${eventsPath(taskId)}?expires=${expires}&sig=${signature(options.secret, taskId, expires)}`;
}

const FRESH = 'fetch the task record again (GET /api/v2/tasks/{uuid}) for a fresh events_url';

export function verifyEventsSignature(
  taskId: string,
  query: { expires?: unknown; sig?: unknown },
  secret: string,
  now = Date.now(),
): SignatureCheck {
  const expires = Number(query.expires);
  if (typeof query.sig !== 'string' || query.sig === '' || !Number.isInteger(expires)) {
    return {
      ok: false,
      reason: `Send Authorization: Bearer <key>, or use the signed events_url of the task record; ${FRESH}.`,
    };
  }
  const expected = Buffer.from(signature(secret, taskId, expires));
  const given = Buffer.from(query.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: `This events URL has an invalid signature; ${FRESH}.` };
  if (expires * 1000 < now) return { ok: false, reason: `This events URL has expired; ${FRESH}.` };
  return { ok: true };
}
