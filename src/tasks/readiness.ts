/**
 * Readiness: whether each dependency this process uses answers now (PostgreSQL or SQLite, the Redis
 * queue, the S3 bucket), each probe bounded in time so a dependency that hangs reads as down rather
 * than hanging the probe. Liveness is not this: a process whose database is down is alive and
 * recovers by itself, so restarting it would only add a cold start to the outage.
 */
import type { JobQueue } from '../queue/index.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { type Dependency, withoutCredentials } from '../store/unavailable.ts';

export interface DependencyStatus {
  ok: boolean;
  /** Why it is down (no credentials: URLs lose their user and password). */
  error?: string;
  /** How long the probe took, ms. */
  ms: number;
}

export interface Readiness {
  ready: boolean;
  /** Dependencies that do not answer, in a fixed order. */
  down: Dependency[];
  dependencies: Partial<Record<Dependency, DependencyStatus>>;
}

export const READINESS_DEFAULTS = { timeoutMs: 2_000 } as const;

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<DependencyStatus> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    const message = error instanceof Error ? error.message || error.name : String(error);
    return { ok: false, error: withoutCredentials(message), ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Probes the database, the queue's server (when it has one) and the blob store (when it can be probed), together. */
export async function checkReadiness(
  services: { db: Pick<Db, 'ping'>; queue: Pick<JobQueue, 'ping'>; blobs: Pick<BlobStore, 'ping'> },
  options: { timeoutMs?: number } = {},
): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? READINESS_DEFAULTS.timeoutMs;
  const checks: Array<[Dependency, (() => Promise<unknown>) | undefined]> = [
    ['database', () => services.db.ping()],
    ['queue', services.queue.ping && (() => services.queue.ping!())],
    ['storage', services.blobs.ping && (() => services.blobs.ping!())],
  ];
  const dependencies: Readiness['dependencies'] = {};
  await Promise.all(
    checks.map(async ([name, check]) => {
      if (check) dependencies[name] = await probe(check, timeoutMs);
    }),
  );
  const down = checks.map(([name]) => name).filter((name) => dependencies[name]?.ok === false);
  return { ready: down.length === 0, down, dependencies };
}
