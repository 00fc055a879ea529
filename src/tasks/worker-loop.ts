/**
 * Queue consumers: each leases a job, runs its engine in a worker thread (renewing the lease by
 * heartbeat), stores the outputs and records the outcome. Crash safety comes from the order of writes:
 * outputs are stored before the Done transaction, which is guarded by the task state, so a job that
 * runs again after a crash finishes once and is charged once.
 */
import type { Config } from '../config.ts';
import type { TaskSpec } from '../domain/task-spec.ts';
import { EngineError, type EngineFile, type EngineInputFile } from '../engines/engine.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import { EngineRunner, RunAbortedError, StageTimeoutError, WorkerMemoryError } from '../engines/runner/index.ts';
import { withoutServerPaths } from './public-message.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue, LeasedJob } from '../queue/index.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { jobPayload, type JobPayload } from './task-service.ts';
import { completeTask, failTask, outputKey, recordProgress, startAttempt } from './transitions.ts';

export interface WorkerPool {
  /**
   * Stops leasing and shuts the threads down. By default running jobs are stopped and handed back to
   * the queue (attempt not spent) so another worker, or this one after a restart, runs them at once;
   * with `drain` the running jobs are allowed to finish first.
   */
  stop(options?: { drain?: boolean }): Promise<void>;
  /** Resolves once no job is queued, leased or running (tests). */
  idle(): Promise<void>;
}

export interface WorkerPoolOptions {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  engines: EngineRegistry;
  config: Pick<Config, 'leaseMs' | 'heartbeatMs' | 'maxAttempts' | 'stageTimeoutMs' | 'retentionMs'> & Partial<Pick<Config, 'workerMemoryMb'>>;
  logger: Logger;
  /** Concurrent consumers (and engine threads). 0 runs only the reaper. */
  count: number;
  /** Pause between polls of an empty queue, ms (default 250). */
  pollMs?: number;
}

/** Progress rows are written at most this often per job (and on every stage change). */
const PROGRESS_WRITE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const attempts = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`;

/** Output names become URL path segments and blob keys; a bad one is an engine bug, not worth a retry. */
function checkFiles(files: EngineFile[]): void {
  const names = new Set<string>();
  for (const file of files) {
    if (!file.name || file.name.includes('/') || file.name.includes('\\') || file.name === '.' || file.name === '..') {
      throw new EngineError('UNKNOWN', `The engine returned an invalid file name "${file.name}".`);
    }
    if (names.has(file.name)) throw new EngineError('UNKNOWN', `The engine returned two files named "${file.name}".`);
    names.add(file.name);
  }
}

export function startWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { db, blobs, queue, engines, config, logger } = options;
  const runner = new EngineRunner({ threads: Math.max(1, options.count), stageTimeoutMs: config.stageTimeoutMs, threadMemoryMb: config.workerMemoryMb, logger });
  const pollMs = options.pollMs ?? 250;
  let stopping = false;
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();

  async function finalFailure(job: LeasedJob, payload: JobPayload, code: string, message: string) {
    await failTask(db, payload.taskId, payload.jobId, { code, message: withoutServerPaths(message) }, config.retentionMs);
    await queue.fail(job.id, job.owner, message, { retry: false });
  }

  async function handle(job: LeasedJob): Promise<void> {
    const payload = JSON.parse(job.payload) as JobPayload;
    const log = logger.child({ taskId: payload.taskId, jobId: payload.jobId, attempt: job.attempt });
    if (job.exhausted) {
      log.warn({ lastError: job.lastError }, 'job out of attempts');
      return finalFailure(job, payload, 'UNKNOWN', `The task failed after ${attempts(job.maxAttempts)}: ${job.lastError ?? 'unknown error'}. Credits were refunded.`);
    }
    const context = await startAttempt(db, payload.taskId, payload.jobId, job.attempt);
    if (!context) {
      await queue.complete(job.id, job.owner); // already Done or Failed: a duplicate delivery
      return;
    }
    const lease = new AbortController();
    const heartbeat = setInterval(async () => {
      try {
        if (!(await queue.heartbeat(job.id, job.owner, config.leaseMs))) lease.abort('the job lease was lost to another worker');
      } catch (error) {
        log.warn({ err: error }, 'heartbeat failed');
      }
    }, config.heartbeatMs);

    let lastWrite = 0;
    let lastStage = '';
    let pending: Promise<void> = Promise.resolve();
    const onProgress = (stage: string, percent: number) => {
      const now = Date.now();
      if (stage === lastStage && now - lastWrite < PROGRESS_WRITE_MS) return;
      lastStage = stage;
      lastWrite = now;
      pending = pending.then(() => recordProgress(db, payload.jobId, stage, percent)).catch((error) => log.warn({ err: error }, 'progress write failed'));
    };

    try {
      const kind = context.kind as Parameters<EngineRegistry['moduleUrl']>[0];
      const moduleUrl = engines.moduleUrl(kind);
      if (!moduleUrl) throw new EngineError('UNKNOWN', `No engine for ${kind} tasks is registered on this worker.`);
      const inputs: EngineInputFile[] = [];
      for (const input of context.inputs) {
        const bytes = await blobs.get(input.blobKey);
        if (!bytes) throw new EngineError('UNKNOWN', `An uploaded file of this task (${input.filename}) is missing from storage; please submit again.`);
        inputs.push({ field: input.field, filename: input.filename, bytes });
      }
      const result = await runner.run({
        moduleUrl,
        taskId: payload.taskId,
        spec: JSON.parse(context.spec) as TaskSpec,
        inputs,
        onProgress,
        signal: AbortSignal.any([lease.signal, shutdown.signal]),
      });
      checkFiles(result.files);
      await pending;
      // Large outputs (12K maps, a 10M-face mesh) take a moment to store; say so rather than sit at 99 %.
      await recordProgress(db, payload.jobId, 'storing outputs', 99);
      await Promise.all(result.files.map((file) => blobs.put(outputKey(payload.taskId, file.name), file.bytes)));
      const files = result.files.map((file) => ({ name: file.name, contentType: file.contentType, size: file.bytes.byteLength }));
      await completeTask(db, payload.taskId, payload.jobId, files, result.notes, config.retentionMs);
      await queue.complete(job.id, job.owner);
      log.info({ files: files.length }, 'task done');
    } catch (error) {
      await pending;
      if (error instanceof RunAbortedError && shutdown.signal.aborted && !lease.signal.aborted) {
        log.info('worker stopping: job handed back to the queue');
        await queue.release(job.id, job.owner);
      } else if (error instanceof RunAbortedError) {
        log.warn({ reason: error.message }, 'run abandoned'); // another worker owns the job now
      } else if (error instanceof EngineError) {
        log.info({ code: error.code, message: error.message }, 'engine refused the task');
        await finalFailure(job, payload, error.code, error.message);
      } else if (error instanceof WorkerMemoryError) {
        // The same input would exhaust the next thread too: fail now rather than retry.
        log.warn({ limitMb: error.limitMb }, 'engine thread out of memory');
        await finalFailure(job, payload, 'UNKNOWN', `${error.message} Send a smaller model or picture. Credits were refunded.`);
      } else if (error instanceof StageTimeoutError) {
        log.warn({ stage: error.stage }, 'stage timeout');
        await finalFailure(job, payload, 'UNKNOWN', `${error.message} Credits were refunded.`);
      } else {
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error }, 'engine run failed');
        if (job.attempt < job.maxAttempts) {
          await queue.fail(job.id, job.owner, message, { delayMs: 1_000 * job.attempt });
        } else {
          await finalFailure(job, payload, 'UNKNOWN', `The task failed after ${attempts(job.attempt)}: ${message}. Credits were refunded.`);
        }
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function consume(): Promise<void> {
    while (!stopping) {
      let job: LeasedJob | null = null;
      try {
        job = await queue.lease(config.leaseMs);
      } catch (error) {
        logger.error({ err: error }, 'lease failed');
      }
      if (!job) {
        await sleep(pollMs);
        continue;
      }
      const work = handle(job).catch((error) => logger.error({ err: error, jobId: job!.id }, 'job bookkeeping failed; the lease will expire and the job retry'));
      running.add(work);
      await work;
      running.delete(work);
    }
  }

  const reaper = setInterval(() => {
    queue.reap().then(
      (count) => count > 0 && logger.warn({ count }, 're-queued jobs whose worker stopped responding'),
      (error) => logger.error({ err: error }, 'reap failed'),
    );
  }, Math.max(50, Math.floor(config.leaseMs / 2)));
  reaper.unref();

  // A queue outside the database is fed after each commit; a crash in between leaves a Waiting task
  // without a queue entry. Enqueue them all again at start: ids dedupe, so this is harmless otherwise.
  const recovered = queue.transactional
    ? Promise.resolve()
    : db.kysely
        .selectFrom('jobs')
        .select(['id', 'task_id'])
        .where('state', '=', 'Waiting')
        .execute()
        .then(async (waiting) => {
          for (const job of waiting) await queue.enqueue(job.id, jobPayload(job.task_id, job.id));
          if (waiting.length > 0) logger.info({ jobs: waiting.length }, 'waiting jobs re-enqueued');
        })
        .catch((error) => logger.error({ err: error }, 'could not re-enqueue waiting jobs'));

  const consumers = Array.from({ length: options.count }, () => recovered.then(consume));

  return {
    async stop(stopOptions = {}) {
      if (stopping) return;
      stopping = true;
      clearInterval(reaper);
      if (!stopOptions.drain) shutdown.abort('the worker is shutting down');
      await Promise.all(consumers);
      await runner.close();
    },
    async idle() {
      for (;;) {
        const stats = await queue.stats();
        if (stats.queued === 0 && stats.leased === 0 && running.size === 0) return;
        await sleep(50);
      }
    },
  };
}
