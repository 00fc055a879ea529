/**
 * Telling an outage of a dependency (PostgreSQL, Redis, the S3 bucket) from every other failure. An
 * outage is worth waiting out: the API answers 503 with Retry-After, a job retries its step with
 * back-off, a process starting up waits. Anything else (a refused credential, a missing bucket, a bug)
 * is reported at once.
 */

export type Dependency = 'database' | 'queue' | 'storage';

export const DEPENDENCY_NAMES: Record<Dependency, string> = {
  database: 'the database (PostgreSQL)',
  queue: 'the job queue (Redis)',
  storage: 'the file storage (S3 bucket)',
};

/** A dependency did not answer; trying again later may succeed. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DependencyUnavailableError';
  }
}

/** Socket-level failures: the peer is down, restarting or unreachable for now. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTCONN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function networkCode(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * node-postgres errors that mean the server went away or is not accepting connections yet: SQLSTATE
 * classes 08 (connection exception) and 57P (operator intervention: shutdown, restart, terminated
 * backend), 53300 (too many connections), and the driver's own messages for a dropped socket.
 */
export function isDatabaseOutage(error: unknown): boolean {
  if (error instanceof DependencyUnavailableError) return error.dependency === 'database';
  const e = error as { code?: unknown; message?: unknown } | undefined;
  if (typeof e?.code === 'string' && /^(08|57P)/.test(e.code)) return true;
  if (e?.code === '53300') return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  if (
    /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|terminating connection/i.test(
      message,
    )
  )
    return true;
  return networkCode(error);
}

/**
 * S3 answers worth retrying: the network (refused, reset, timed out), 5xx and 429 statuses, the
 * SDK's throttling and timeout errors. 403 (credentials) and 404 (no such bucket) are not.
 */
export function isStorageOutage(error: unknown): boolean {
  if (error instanceof DependencyUnavailableError) return error.dependency === 'storage';
  const e = error as {
    name?: unknown;
    message?: unknown;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
  };
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === 'number') return status >= 500 || status === 429;
  if (e?.$retryable) return true;
  if (e?.name === 'TimeoutError' || e?.name === 'RequestTimeout' || e?.name === 'SlowDown') return true;
  if (typeof e?.message === 'string' && /socket hang up|connect ECONNREFUSED|other side closed/i.test(e.message))
    return true;
  return networkCode(error);
}

/** Which dependency `error` says is down, or null when it is not an outage. */
export function outageOf(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  if (isDatabaseOutage(error)) return 'database';
  return null;
}

/** `user:password@` removed from every URL in `text`, so connection errors can be logged and shown. */
export function withoutCredentials(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1');
}
