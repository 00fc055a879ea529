/**
 * Wires the infrastructure together from a Config: database (SQLite or PostgreSQL), blob store,
 * job queue, engine registry (built-ins registered), accounts and tasks. The HTTP layer, the CLI and
 * `kiln worker` all start here.
 */
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { silentLogger } from './logger.ts';
import { createDb, type Db } from './store/index.ts';
import { openBlobStore, type BlobStore } from './store/index.ts';
import { createQueue, type JobQueue } from './queue/index.ts';
import { EngineRegistry } from './engines/registry.ts';
import { BUILTIN_ENGINES } from './engines/builtin.ts';
import { registerRemoteEngines, type EngineStat } from './engines/remote/index.ts';
import { PromptDescriber } from './engines/runner/describer.ts';
import { createAccountService, type AccountService } from './accounts/index.ts';
import { createTaskService, type TaskService } from './tasks/index.ts';
import { startWorkerPool, type WorkerPool } from './tasks/worker-loop.ts';
import { startRetentionSweep } from './tasks/retention.ts';
import {
  createTaskEventPublisher,
  createTaskFeed,
  type TaskEventPublisher,
  type TaskFeed,
} from './tasks/events/index.ts';
import {
  createWebhookService,
  startWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookService,
} from './tasks/webhooks/index.ts';
import { backoffDelay, sleep } from './store/backoff.ts';
import { DEPENDENCY_NAMES, DependencyUnavailableError, withoutCredentials } from './store/unavailable.ts';
import { checkReadiness, type Readiness } from './tasks/readiness.ts';
import { REQUEUE_SWEEP_DEFAULTS, startRequeueSweep } from './tasks/requeue-sweep.ts';

export interface Services {
  config: Config;
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  /** Engine kinds known to this process; `engines.register(kind, moduleUrl)` adds one. */
  engines: EngineRegistry;
  accounts: AccountService;
  tasks: TaskService;
  /** Runs engines' describePrompt for submissions in a worker thread; `warm(moduleUrl)` imports an engine there ahead of time. */
  describer: PromptDescriber;
  /** Task events out of this process and into it (embedded, Redis or PostgreSQL). */
  events: TaskEventPublisher;
  /** Follows one task's events (the SSE stream reads it). */
  feed: TaskFeed;
  /** Webhook targets, per-key settings and delivery logs. */
  webhooks: WebhookService;
  /** Runs per remote-chain engine since start (KILN_ENGINE_*, KILN_ENGINES_FILE), for /metrics. */
  engineStats(): EngineStat[];
  /**
   * Starts `count` (default config.workers) queue consumers running engines in worker threads, plus the
   * lease reaper and the retention sweep. `kiln serve` calls it; `kiln worker` calls it and waits.
   * Returns a handle whose `stop()` waits for running jobs to be released.
   */
  startWorkers(options?: { count?: number }): WorkerPool;
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  /** Readiness for /readyz: which dependency (database, queue, storage) answers and which does not. */
  readiness(): Promise<Readiness>;
  /** Stops workers and sweeps, closes the queue and the database. Idempotent. */
  close(): Promise<void>;
}

export interface CreateServicesOptions {
  logger?: Logger;
  /** The engine registry this instance uses; default a new one (with the built-ins unless `builtins` is false). */
  engines?: EngineRegistry;
  /**
   * Register the built-in engines of src/engines/builtin.ts (default true). Kinds already registered
   * keep their module: an explicit registration always wins over a built-in.
   */
  builtins?: boolean;
  /** Told what the process waits for while a dependency is unreachable at start (default: a logged warning). */
  onWait?: (message: string) => void;
}

/**
 * Opens one dependency, waiting with back-off while it is unreachable (a DependencyUnavailableError)
 * until `config.startupWaitMs` has passed; any other error (a configuration error) is thrown at once.
 */
async function whenReachable<T>(
  open: () => Promise<T>,
  config: Pick<Config, 'startupWaitMs'>,
  logger: Logger,
  onWait?: (message: string) => void,
): Promise<T> {
  const deadline = Date.now() + config.startupWaitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!(error instanceof DependencyUnavailableError) || Date.now() >= deadline) throw error;
      const delayMs = Math.min(backoffDelay(attempt, STARTUP_BACKOFF), Math.max(0, deadline - Date.now()));
      const message = withoutCredentials(
        `waiting for ${DEPENDENCY_NAMES[error.dependency]}: ${error.message} (next try in ${Math.ceil(delayMs / 1000)} s; KILN_STARTUP_WAIT_SECONDS=${Math.round(config.startupWaitMs / 1000)})`,
      );
      if (onWait) onWait(message);
      else logger.warn({ dependency: error.dependency, attempt }, message);
      await sleep(delayMs);
    }
  }
}

/** Back-off between tries while a dependency is unreachable at start. */
const STARTUP_BACKOFF = { initialMs: 500, maxMs: 10_000 } as const;

export async function createServices(config: Config, options: CreateServicesOptions = {}): Promise<Services> {
  const logger = options.logger ?? silentLogger;
  const reachable = <T>(open: () => Promise<T>) => whenReachable(open, config, logger, options.onWait);
  const db = await reachable(() => createDb(config, { logger }));
  const closeOnError = (close: () => Promise<unknown>) => async (error: unknown) => {
    await close().catch(() => undefined);
    throw error;
  };
  const blobs = await reachable(() => openBlobStore(config)).catch(closeOnError(() => db.close()));
  const queue = await reachable(() => createQueue(config, db, { logger })).catch(
    closeOnError(async () => {
      await blobs.close?.();
      await db.close();
    }),
  );
  const engines = options.engines ?? new EngineRegistry();
  // KILN_ENGINE_<KIND> delegates a kind to remote model servers; it goes before the built-ins so it wins.
  const remotes = registerRemoteEngines(engines, config, BUILTIN_ENGINES);
  if (options.builtins ?? true) {
    for (const [kind, moduleUrl] of BUILTIN_ENGINES) if (!engines.has(kind)) engines.register(kind, moduleUrl);
  }
  const accounts = createAccountService(db);
  const describer = new PromptDescriber();
  const events = await reachable(() => createTaskEventPublisher(config, { logger })).catch(
    closeOnError(async () => {
      await queue.close();
      await blobs.close?.();
      await db.close();
    }),
  );
  const tasks = createTaskService({ db, blobs, queue, engines, describer, config, logger, events });
  const feed = createTaskFeed({ db, publisher: events, config, logger });
  const webhooks = createWebhookService(db, config);
  let dispatcher: WebhookDispatcher | undefined;

  const pools: WorkerPool[] = [];
  let stopSweep: (() => void) | undefined;
  let stopRequeue: (() => void) | undefined;
  let closed = false;

  return {
    config,
    db,
    blobs,
    queue,
    engines,
    accounts,
    tasks,
    describer,
    events,
    feed,
    webhooks,
    engineStats: () => remotes.stats(),
    startWorkers(workerOptions = {}) {
      const pool = startWorkerPool({
        db,
        blobs,
        queue,
        engines,
        config,
        logger,
        count: workerOptions.count ?? config.workers,
        events,
      });
      dispatcher ??= startWebhookDispatcher({ db, config, logger, events });
      pools.push(pool);
      stopSweep ??= startRetentionSweep(tasks, config, logger);
      stopRequeue ??= startRequeueSweep(db, queue, logger, {
        // A short lease (fast failover) asks for a sweep as prompt; a job's heartbeat row is stale after two leases.
        intervalMs: Math.min(REQUEUE_SWEEP_DEFAULTS.intervalMs, config.leaseMs),
        staleMs: 2 * config.leaseMs,
        maxAttempts: config.maxAttempts,
        retentionMs: config.retentionMs,
        events,
      });
      return pool;
    },
    async ping() {
      await db.ping();
    },
    readiness: () => checkReadiness({ db, queue, blobs }),
    async close() {
      if (closed) return;
      closed = true;
      stopSweep?.();
      stopRequeue?.();
      await Promise.all(pools.map((pool) => pool.stop()));
      await describer.close();
      await dispatcher?.stop();
      feed.close();
      await events.close();
      remotes.close();
      await queue.close();
      await db.close();
      await blobs.close?.();
    },
  };
}

export type { Config } from './config.ts';
