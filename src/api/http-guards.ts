/**
 * Connection-level guards of the HTTP server: slow or idle senders are cut off, and the operator
 * endpoints (/metrics, /docs) can be closed to the public with a token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { errorBody } from './error-handler.ts';
import { bearerToken } from './auth.ts';

export type HttpGuardConfig = Pick<Config, 'requestTimeoutMs' | 'idleTimeoutMs'>;

/**
 * Node enforces `requestTimeout`/`headersTimeout` only when it sweeps its connection list, every
 * `connectionsCheckingInterval` (30 s by default): a slowloris sender got up to 30 s extra. The sweep
 * here runs every second (cheap: one pass over open connections).
 */
export function serverTimeoutOptions(config: HttpGuardConfig): Partial<FastifyServerOptions> {
  const requestTimeout = config.requestTimeoutMs;
  return {
    requestTimeout,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: Math.min(5_000, config.idleTimeoutMs),
    http: {
      headersTimeout: Math.min(requestTimeout, 30_000),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
  } as Partial<FastifyServerOptions>;
}

const OPS_PATHS = /^\/(metrics|docs)(\/|\?|$)/;

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** With a token configured, /metrics and /docs (and its assets) answer 401 without it. */
export function protectOpsEndpoints(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!OPS_PATHS.test(request.url)) return;
    if (sameToken(bearerToken(request.headers.authorization), token)) return;
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .send(
        errorBody('UNAUTHORIZED', '/metrics and /docs need `Authorization: Bearer <KILN_OPS_TOKEN>` on this server.'),
      );
  });
}

const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The Host header as an origin part, only when it is a plain host name or address with an optional port. */
export function isPlainHost(host: string | undefined): host is string {
  return typeof host === 'string' && host.length <= 260 && HOST_PATTERN.test(host);
}
