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
import { startRequeueSweep } from './tasks/requeue-sweep.ts';

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
  /** Health probe for /healthz: resolves when the database answers. */
  ping(): Promise<void>;
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
}

export async function createServices(config: Config, options: CreateServicesOptions = {}): Promise<Services> {
  const logger = options.logger ?? silentLogger;
  const db = await createDb(config, { logger });
  const blobs = await openBlobStore(config).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  const queue = await createQueue(config, db, { logger });
  const engines = options.engines ?? new EngineRegistry();
  // KILN_ENGINE_<KIND> delegates a kind to remote model servers; it goes before the built-ins so it wins.
  const remotes = registerRemoteEngines(engines, config, BUILTIN_ENGINES);
  if (options.builtins ?? true) {
    for (const [kind, moduleUrl] of BUILTIN_ENGINES) if (!engines.has(kind)) engines.register(kind, moduleUrl);
  }
  const accounts = createAccountService(db);
  const describer = new PromptDescriber();
  const events = await createTaskEventPublisher(config, { logger });
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
      stopRequeue ??= startRequeueSweep(db, queue, logger);
      return pool;
    },
    async ping() {
      await db.ping();
    },
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
