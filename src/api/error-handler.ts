/**
 * The one place errors become HTTP responses: KilnError → {"error": code, "message"} with the
 * catalogue's status; Fastify's own refusals (schema validation, bad JSON, oversize bodies) → the
 * catalogue's codes; anything else → 500 UNKNOWN with a generic message (details go to the log only).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOGUE, KilnError, type ErrorCode } from '../errors.ts';
import { DEPENDENCY_NAMES, outageOf } from '../store/unavailable.ts';

/** Retry-After for a 429 that does not say how long to wait (API_PARALLELISM_LIMIT_REACHED). */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;
/** Retry-After of a 503 SERVICE_UNAVAILABLE: dependencies reconnect with back-off capped near this. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export interface ErrorBody {
  error: ErrorCode;
  message: string;
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: code, message };
}

interface ValidationItem {
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** "subscription_key is required." rather than Ajv's "body must have required property …". */
export function describeValidation(items: ValidationItem[], context?: string): { field?: string; message: string } {
  const item = items[0] ?? {};
  const missing = item.params?.missingProperty;
  const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = typeof missing === 'string' ? (path ? `${path}.${missing}` : missing) : path || undefined;
  if (typeof missing === 'string') return { field, message: `${field} is required.` };
  const where = field ?? (context === 'body' ? 'The request body' : (context ?? 'The request'));
  return { field, message: `${where} ${item.message ?? 'is not valid'}.` };
}

/** Maps any thrown value onto the catalogue. */
export function toKilnError(error: unknown): KilnError | null {
  if (error instanceof KilnError) return error;
  const fastifyError = error as FastifyError & { validation?: ValidationItem[]; validationContext?: string };
  if (fastifyError?.validation) {
    const { field, message } = describeValidation(fastifyError.validation, fastifyError.validationContext);
    return new KilnError('INVALID_REQUEST', message, field ? { field } : {});
  }
  switch (fastifyError?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new KilnError(
        'PAYLOAD_TOO_LARGE',
        'The request body is larger than the server accepts; send a smaller body.',
        { limit: 'bodyLimit' },
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new KilnError(
        'INVALID_REQUEST',
        'Unsupported Content-Type; send multipart/form-data, application/x-www-form-urlencoded or application/json.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new KilnError('INVALID_REQUEST', `The request body could not be parsed: ${fastifyError.message}`);
    default:
      break;
  }
  // A dependency's outage is temporary: 503 with Retry-After, naming what is down, never a 500.
  const outage = outageOf(error);
  if (outage) {
    const what = DEPENDENCY_NAMES[outage];
    return new KilnError(
      'SERVICE_UNAVAILABLE',
      `${what[0].toUpperCase()}${what.slice(1)} is unreachable right now; nothing was charged. Retry in ${OUTAGE_RETRY_AFTER_SECONDS} s.`,
      { retryAfter: OUTAGE_RETRY_AFTER_SECONDS, dependency: outage },
    );
  }
  // Plain 4xx errors thrown by plugins (e.g. malformed multipart) are the caller's to fix.
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
    return new KilnError('INVALID_REQUEST', fastifyError.message || 'The request could not be read.');
  }
  return null;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const kiln = toKilnError(error);
    if (kiln) {
      // Every 429 carries Retry-After (docs/spec/compat.md); a cap on tasks in flight has no known end, so clients
      // are asked to come back after a short, fixed delay.
      const retryAfter =
        typeof kiln.details.retryAfter === 'number'
          ? kiln.details.retryAfter
          : kiln.status === 429
            ? DEFAULT_RETRY_AFTER_SECONDS
            : undefined;
      if (retryAfter !== undefined && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
      }
      if (kiln.status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: kiln.code, msg: kiln.message }, 'request refused');
      return reply.code(kiln.status).send(errorBody(kiln.code, kiln.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(ERROR_CATALOGUE.UNKNOWN.status)
      .send(
        errorBody(
          'UNKNOWN',
          'An unexpected error occurred on the server; nothing was charged. Retry later or contact the operator.',
        ),
      );
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    reply
      .code(404)
      .send(
        errorBody(
          'INVALID_REQUEST',
          `No endpoint ${request.method} ${request.url.split('?')[0]}; see /docs for the list.`,
        ),
      );
  });
}
