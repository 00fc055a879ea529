/**
 * Service configuration: environment variables with documented defaults (all listed in .env.example).
 * With nothing set Kiln runs embedded: SQLite file and blob directory under ./data, in-process workers.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadEventsConfig, loadWebhookConfig, type EventsConfig, type WebhookConfig } from './events-config.ts';
import { s3SettingsFrom, type S3Settings } from './config-s3.ts';

export interface Config {
  /** PORT, default 8080. */
  port: number;
  /** HOST, default 127.0.0.1 (set 0.0.0.0 to listen on every interface). */
  host: string;
  /** KILN_DATA_DIR, default ./data (resolved to an absolute path): SQLite file, blobs, signing secret. */
  dataDir: string;
  /** DATABASE_URL: `postgres://…` selects PostgreSQL; unset (default) uses SQLite at <dataDir>/kiln.db. */
  databaseUrl?: string;
  /** REDIS_URL: `redis://…` selects the BullMQ queue; unset (default) uses the embedded SQLite queue. */
  redisUrl?: string;
  /** KILN_QUEUE_NAME, default `kiln-jobs`: the BullMQ queue name (deployments sharing one Redis need distinct names). */
  queueName: string;
  /** KILN_S3_BUCKET and the other KILN_S3_* variables (src/config-s3.ts): blobs in S3; unset keeps them in <dataDir>/blobs. */
  s3?: S3Settings;
  /** KILN_WORKERS, default 1: in-process queue consumers (and engine worker threads) started by `startWorkers()`. */
  workers: number;
  /** KILN_LEASE_MS, default 30000: how long a worker holds a job without renewing; then the job is re-queued. */
  leaseMs: number;
  /** KILN_HEARTBEAT_MS, default 5000: how often a running job's lease is renewed (must be < leaseMs). */
  heartbeatMs: number;
  /** KILN_MAX_ATTEMPTS, default 3: runs of one job (crashes and retryable errors included) before it fails. */
  maxAttempts: number;
  /**
   * KILN_STARTUP_WAIT_SECONDS, default 300: how long a starting process waits, with back-off, for PostgreSQL,
   * Redis or the bucket to answer (saying what it waits for) before it exits; 0 exits at once. Configuration
   * errors (refused credentials, no such bucket or database) never wait.
   */
  startupWaitMs: number;
  /** KILN_STAGE_TIMEOUT_MS, default 600000 (10 min): longest time an engine may spend in one progress stage. */
  stageTimeoutMs: number;
  /**
   * KILN_HELPER_THREADS, default 1: helper threads one engine run may add (the texture bake's tiles)
   * while a core of the machine is free of other runs; 0 never (several worker processes per machine).
   */
  helperThreads: number;
  /** KILN_RETENTION_HOURS, default 168 (7 days): output files older than this are removed. */
  retentionMs: number;
  /** KILN_SWEEP_INTERVAL_MS, default 600000 (10 min): how often the retention sweep runs. */
  sweepIntervalMs: number;
  /** KILN_MAX_FILES, default 6: uploaded files per request. */
  maxFiles: number;
  /** KILN_MAX_FILE_BYTES, default 26214400 (25 MiB): size of one uploaded file. */
  maxFileBytes: number;
  /** KILN_MAX_TOTAL_BYTES, default 104857600 (100 MiB): all uploaded files of one request together. */
  maxTotalBytes: number;
  /** KILN_RATE_LIMIT_PER_MINUTE, default 600: requests per minute per API key (0 disables). */
  rateLimitPerMinute: number;
  /** KILN_MAX_IN_FLIGHT, default 10: tasks of one key in Waiting or Generating at once. */
  maxInFlightPerKey: number;
  /** KILN_DOWNLOAD_TTL_SECONDS, default 3600: lifetime of a signed download URL. */
  downloadTtlSeconds: number;
  /** KILN_PUBLIC_BASE_URL: absolute base of download URLs; unset, the HTTP layer derives it from the request. */
  publicBaseUrl?: string;
  /**
   * KILN_SIGNING_SECRET: key for download URL signatures. When unset, a random secret is generated once
   * and kept in <dataDir>/signing-secret, so links survive restarts and all processes sharing the data
   * directory agree.
   */
  signingSecret: string;
  /** Task event streams (KILN_EVENTS_*; see src/events-config.ts). */
  events: EventsConfig;
  /** Webhooks (KILN_WEBHOOK_*; see src/events-config.ts). */
  webhooks: WebhookConfig;
  /** KILN_REQUEST_TIMEOUT_MS, default 120000: headers and body of one request must arrive within this (slow senders are cut off). */
  requestTimeoutMs: number;
  /** KILN_IDLE_TIMEOUT_MS, default 60000: a connection with no traffic either way for this long is closed (long-lived streams need a heartbeat more often). */
  idleTimeoutMs: number;
  /** KILN_UPLOAD_MEMORY_MB, default 1024: upload bytes all requests together may hold in memory while being read. */
  uploadMemoryMb: number;
  /** KILN_WORKER_MEMORY_MB, default 4096: heap limit of each engine thread; a task past it fails alone. */
  workerMemoryMb: number;
  /** KILN_WORKER_RECYCLE_RUNS, default 100 (0: never): engine threads are replaced after this many runs, before native memory they cannot return piles up. */
  workerRecycleRuns: number;
  /** KILN_OPS_TOKEN: when set, /metrics and /docs need `Authorization: Bearer <token>`; unset, they are public. */
  opsToken?: string;
  /**
   * KILN_ENGINE_GENERATE_IMAGE, KILN_ENGINE_GENERATE_TEXT, KILN_ENGINE_BANG: `adapter:url[,url…]` delegates
   * that kind to remote model servers (adapters `hunyuan3d`, `kiln`; docs/remote-engines.md). Unset: the
   * built-in CPU engine. Validated by src/engines/remote/config.ts when services start.
   */
  engineOverrides: Partial<Record<'generate-image' | 'generate-text' | 'bang', string>>;
  /** KILN_ENGINES_FILE: a YAML or JSON routing file (docs/engines.md), read and validated when services start. */
  enginesFile?: string;
  /** KILN_REMOTE_*: how remote engines behave (docs/remote-engines.md lists each with its default). */
  remote: RemoteSettings;
}

export interface RemoteSettings {
  /** KILN_REMOTE_CONCURRENCY, default 1: jobs one endpoint runs at once (per Kiln process). */
  concurrency: number;
  /** KILN_REMOTE_STAGE_TIMEOUT_MS, default 600000: longest a remote job may stay in one stage (e.g. texturing). */
  stageTimeoutMs: number;
  /** KILN_REMOTE_REQUEST_TIMEOUT_MS, default 30000: longest one HTTP request to a model server may take. */
  requestTimeoutMs: number;
  /** KILN_REMOTE_POLL_MS, default 1000: how often a running remote job's status is asked for. */
  pollMs: number;
  /** KILN_REMOTE_RETRIES, default 2: further endpoints tried after a crash or unreachable server. */
  retries: number;
  /** KILN_REMOTE_UNHEALTHY_MS, default 30000: how long a failed endpoint is skipped before a health check retries it. */
  unhealthyMs: number;
  /** KILN_REMOTE_FALLBACK, default false: when every endpoint fails, run the built-in CPU engine instead of failing. */
  fallback: boolean;
  /** KILN_REMOTE_REPAIR, default true: repair a remote model that is not a closed solid before the output pipeline. */
  repair: boolean;
  /** KILN_REMOTE_RATE_LIMIT_RETRIES, default 3: times a provider's 429 is waited out before the next engine of the chain runs. */
  rateLimitRetries: number;
  /** KILN_REMOTE_BACKOFF_MS, default 2000: first wait after a 429 without Retry-After; doubles each time. */
  backoffMs: number;
  /** KILN_ENGINE_TOKEN, default unset: the bearer token sent to `kiln engine-server` endpoints (never to other adapters). */
  engineToken?: string;
}

function boolVar(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`Environment variable ${name} must be true or false; got "${env[name]}".`);
}

function remoteSettings(env: NodeJS.ProcessEnv): RemoteSettings {
  return {
    concurrency: intVar(env, 'KILN_REMOTE_CONCURRENCY', 1, 1),
    stageTimeoutMs: intVar(env, 'KILN_REMOTE_STAGE_TIMEOUT_MS', 600_000, 10),
    requestTimeoutMs: intVar(env, 'KILN_REMOTE_REQUEST_TIMEOUT_MS', 30_000, 10),
    pollMs: intVar(env, 'KILN_REMOTE_POLL_MS', 1_000, 5),
    retries: intVar(env, 'KILN_REMOTE_RETRIES', 2, 0),
    unhealthyMs: intVar(env, 'KILN_REMOTE_UNHEALTHY_MS', 30_000, 0),
    fallback: boolVar(env, 'KILN_REMOTE_FALLBACK', false),
    repair: boolVar(env, 'KILN_REMOTE_REPAIR', true),
    rateLimitRetries: intVar(env, 'KILN_REMOTE_RATE_LIMIT_RETRIES', 3, 0),
    backoffMs: intVar(env, 'KILN_REMOTE_BACKOFF_MS', 2_000, 1),
    engineToken: env.KILN_ENGINE_TOKEN?.trim() || undefined,
  };
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`Environment variable ${name} must be an integer ≥ ${min}; got "${raw}".`);
  }
  return value;
}

function stringVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** Reads (or creates once, race-safely) the persisted signing secret of a data directory. */
export function persistentSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'signing-secret');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    // `wx` fails if another process created it first; then its value wins.
    writeFileSync(path, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}

/**
 * Builds the configuration from environment variables. Throws an Error naming the variable when a value
 * is malformed. Side effect: may create the data directory and its signing-secret file.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(stringVar(env, 'KILN_DATA_DIR') ?? './data');
  const leaseMs = intVar(env, 'KILN_LEASE_MS', 30_000, 100);
  const heartbeatMs = intVar(env, 'KILN_HEARTBEAT_MS', Math.min(5_000, Math.floor(leaseMs / 3)), 10);
  if (heartbeatMs >= leaseMs) {
    throw new Error(`KILN_HEARTBEAT_MS (${heartbeatMs}) must be smaller than KILN_LEASE_MS (${leaseMs}).`);
  }
  const publicBaseUrl = stringVar(env, 'KILN_PUBLIC_BASE_URL');
  if (publicBaseUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicBaseUrl)) {
    throw new Error(`KILN_PUBLIC_BASE_URL must be an absolute http(s) URL; got "${publicBaseUrl}".`);
  }
  return {
    port: intVar(env, 'PORT', 8080, 0),
    host: stringVar(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: stringVar(env, 'DATABASE_URL'),
    redisUrl: stringVar(env, 'REDIS_URL'),
    queueName: stringVar(env, 'KILN_QUEUE_NAME') ?? 'kiln-jobs',
    s3: s3SettingsFrom(env),
    workers: intVar(env, 'KILN_WORKERS', 1, 0),
    leaseMs,
    heartbeatMs,
    maxAttempts: intVar(env, 'KILN_MAX_ATTEMPTS', 3, 1),
    startupWaitMs: intVar(env, 'KILN_STARTUP_WAIT_SECONDS', 300, 0) * 1000,
    stageTimeoutMs: intVar(env, 'KILN_STAGE_TIMEOUT_MS', 600_000, 10),
    helperThreads: intVar(env, 'KILN_HELPER_THREADS', 1, 0),
    retentionMs: intVar(env, 'KILN_RETENTION_HOURS', 168, 1) * 3_600_000,
    sweepIntervalMs: intVar(env, 'KILN_SWEEP_INTERVAL_MS', 600_000, 10),
    maxFiles: intVar(env, 'KILN_MAX_FILES', 6, 1),
    maxFileBytes: intVar(env, 'KILN_MAX_FILE_BYTES', 25 * 1024 * 1024, 1),
    maxTotalBytes: intVar(env, 'KILN_MAX_TOTAL_BYTES', 100 * 1024 * 1024, 1),
    rateLimitPerMinute: intVar(env, 'KILN_RATE_LIMIT_PER_MINUTE', 600, 0),
    maxInFlightPerKey: intVar(env, 'KILN_MAX_IN_FLIGHT', 10, 1),
    downloadTtlSeconds: intVar(env, 'KILN_DOWNLOAD_TTL_SECONDS', 3600, 1),
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, ''),
    signingSecret: stringVar(env, 'KILN_SIGNING_SECRET') ?? persistentSecret(dataDir),
    events: loadEventsConfig(env, intVar),
    webhooks: loadWebhookConfig(env, intVar),
    requestTimeoutMs: intVar(env, 'KILN_REQUEST_TIMEOUT_MS', 120_000, 100),
    idleTimeoutMs: intVar(env, 'KILN_IDLE_TIMEOUT_MS', 60_000, 100),
    uploadMemoryMb: intVar(env, 'KILN_UPLOAD_MEMORY_MB', 1024, 1),
    workerMemoryMb: intVar(env, 'KILN_WORKER_MEMORY_MB', 4096, 64),
    workerRecycleRuns: intVar(env, 'KILN_WORKER_RECYCLE_RUNS', 100, 0),
    opsToken: stringVar(env, 'KILN_OPS_TOKEN'),
    engineOverrides: {
      'generate-image': stringVar(env, 'KILN_ENGINE_GENERATE_IMAGE'),
      'generate-text': stringVar(env, 'KILN_ENGINE_GENERATE_TEXT'),
      bang: stringVar(env, 'KILN_ENGINE_BANG'),
    },
    enginesFile: stringVar(env, 'KILN_ENGINES_FILE'),
    remote: remoteSettings(env),
  };
}
