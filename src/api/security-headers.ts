/**
 * Security headers of the JSON API. @fastify/helmet rebuilds its whole middleware chain on every
 * request (about a third of a bare route's cost in bench/out measurements), which matters on the
 * polled /status path; JSON responses need only a fixed set, so /api/v2 routes skip helmet and get
 * these constant headers (the OWASP REST set). HTML and file routes keep helmet.
 */
import type { FastifyInstance } from 'fastify';

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  // Status and balances change; no cache may keep them.
  'cache-control': 'no-store',
});

/** Call inside the /api/v2 plugin before its routes are added. */
export function useApiSecurityHeaders(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), helmet: { skipRoute: true } } as typeof route.config;
  });
  api.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS);
    done();
  });
}
