/**
 * Configuration of task events and webhooks (part of Config, read from the same environment; every
 * variable is listed in .env.example with its default).
 */

export interface EventsConfig {
  /** KILN_EVENTS_HEARTBEAT_MS, default 15000: a comment line on idle event streams, so proxies keep them open. */
  heartbeatMs: number;
  /**
   * KILN_EVENTS_RESYNC_MS, default 5000: how often an open stream re-reads its task from the database,
   * covering events the publisher could not deliver (a Redis blip, a worker on another SQLite process).
   * While a task waits, its queue position is re-read at most every 2 s.
   */
  resyncMs: number;
  /** KILN_EVENTS_URL_TTL_SECONDS, default 900: lifetime of the signed events URL of a task record. */
  urlTtlSeconds: number;
  /**
   * KILN_EVENTS_MAX_STREAMS_PER_KEY, default 200: open streams one API key may hold on one server (a
   * signed events URL counts against its task, at most a tenth of that); more are refused with RATE_LIMITED.
   */
  maxStreamsPerKey: number;
}

export interface WebhookConfig {
  /** KILN_WEBHOOK_SECRET: signing secret for keys without their own; unset, a key gets one at its first webhook. */
  defaultSecret?: string;
  /** KILN_WEBHOOK_ALLOW_PRIVATE, default false: allow loopback, private and link-local targets. */
  allowPrivate: boolean;
  /** KILN_WEBHOOK_BACKOFF_MS, default 10000: the first retry delay; each later one doubles (capped at 1 h). */
  backoffMs: number;
  /** KILN_WEBHOOK_RETRY_HOURS, default 24: how long an undelivered event keeps being retried. */
  retryMs: number;
  /** KILN_WEBHOOK_TIMEOUT_MS, default 10000: how long a receiver may take to answer. */
  timeoutMs: number;
}

type IntVar = (env: NodeJS.ProcessEnv, name: string, fallback: number, min?: number) => number;

export function loadEventsConfig(env: NodeJS.ProcessEnv, intVar: IntVar): EventsConfig {
  return {
    heartbeatMs: intVar(env, 'KILN_EVENTS_HEARTBEAT_MS', 15_000, 100),
    resyncMs: intVar(env, 'KILN_EVENTS_RESYNC_MS', 5_000, 100),
    urlTtlSeconds: intVar(env, 'KILN_EVENTS_URL_TTL_SECONDS', 900, 1),
    maxStreamsPerKey: intVar(env, 'KILN_EVENTS_MAX_STREAMS_PER_KEY', 200, 1),
  };
}

export function loadWebhookConfig(env: NodeJS.ProcessEnv, intVar: IntVar): WebhookConfig {
  const allow = (env.KILN_WEBHOOK_ALLOW_PRIVATE ?? '').trim().toLowerCase();
  if (allow !== '' && !['true', 'false', '1', '0'].includes(allow)) {
    throw new Error(`KILN_WEBHOOK_ALLOW_PRIVATE must be true or false; got "${env.KILN_WEBHOOK_ALLOW_PRIVATE}".`);
  }
  const secret = env.KILN_WEBHOOK_SECRET?.trim();
  return {
    defaultSecret: secret ? secret : undefined,
    allowPrivate: allow === 'true' || allow === '1',
    backoffMs: intVar(env, 'KILN_WEBHOOK_BACKOFF_MS', 10_000, 1),
    retryMs: intVar(env, 'KILN_WEBHOOK_RETRY_HOURS', 24, 1) * 3_600_000,
    timeoutMs: intVar(env, 'KILN_WEBHOOK_TIMEOUT_MS', 10_000, 100),
  };
}
