/**
 * One job's run: lease heartbeat, throttled progress rows, the engine in a worker thread, outputs
 * stored before the Done transaction (so a run repeated after a crash finishes once and is charged
 * once), and on failure the choice between handing back, retrying and failing with a refund.
 */
import type { Config } from '../config.ts';
import type { TaskSpec } from '../domain/task-spec.ts';
import { EngineError, type EngineFile, type EngineInputFile } from '../engines/engine.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import { RunAbortedError, StageTimeoutError, WorkerMemoryError, type EngineRunner } from '../engines/runner/index.ts';
import { withoutServerPaths } from './public-message.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue, LeasedJob } from '../queue/index.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { backoffDelay, retryWithBackoff, type RetryOptions } from '../store/backoff.ts';
import { DEPENDENCY_NAMES, isDatabaseOutage, isStorageOutage, outageOf } from '../store/unavailable.ts';
import type { JobPayload } from './submit-task.ts';
import {
  completeTask,
  failTask,
  outputKey,
  recordProgress,
  startAttempt,
  type TransitionEvents,
} from './transitions.ts';

/** What a worker needs from the services. */
export interface WorkerDeps {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  engines: EngineRegistry;
  config: Pick<Config, 'leaseMs' | 'heartbeatMs' | 'maxAttempts' | 'stageTimeoutMs' | 'retentionMs'> &
    Partial<Pick<Config, 'workerMemoryMb' | 'workerRecycleRuns' | 'helperThreads'>>;
  logger: Logger;
  /** The task event publisher: started, progress, done and failed are announced through it. */
  events?: TransitionEvents;
}

export interface JobDeps extends WorkerDeps {
  runner: EngineRunner;
  /** Aborted when the worker pool stops without draining. */
  shutdown: AbortSignal;
}

/**
 * How a job rides out a dependency's outage inside one attempt: storage reads and writes (uploads are
 * idempotent by key) and the final database transitions are tried again with back-off, about 20 s in
 * all, before the attempt is given up and the job retried as a whole (JOB_OUTAGE_RETRY_DELAY).
 */
export const JOB_OUTAGE_RETRY_DEFAULTS = { attempts: 7, initialMs: 500, maxMs: 5_000 } as const;
/** Delay before the whole job runs again after an outage outlasted the in-attempt retries. */
export const JOB_OUTAGE_RETRY_DELAY = { initialMs: 5_000, maxMs: 30_000 } as const;

function outageRetry(log: Logger, what: string, retryable: (error: unknown) => boolean): RetryOptions {
  return {
    ...JOB_OUTAGE_RETRY_DEFAULTS,
    retryable,
    onRetry: (error, attempt, delayMs) =>
      log.warn({ err: error, attempt, delayMs }, `${what}: dependency unavailable; retrying`),
  };
}

/** Progress rows are written at most this often per job (and on every stage change). */
const PROGRESS_WRITE_MS = 500;

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

async function finalFailure(
  { db, queue, config, events }: JobDeps,
  job: LeasedJob,
  payload: JobPayload,
  code: string,
  message: string,
) {
  await retryWithBackoff(
    () =>
      failTask(
        db,
        payload.taskId,
        payload.jobId,
        { code, message: withoutServerPaths(message) },
        config.retentionMs,
        events,
      ),
    { ...JOB_OUTAGE_RETRY_DEFAULTS, retryable: isDatabaseOutage },
  );
  await queue.fail(job.id, job.owner, message, { retry: false });
}

/**
 * Renews the job's lease while it runs; aborts `lease` when another worker took the job over. The job's
 * row is touched too (jobs.updated_at): that is the heartbeat PostgreSQL keeps, which the recovery sweep
 * reads when the queue has lost the lease (./requeue-sweep.ts).
 */
function startHeartbeat(
  { db, queue, config }: JobDeps,
  job: LeasedJob,
  jobId: string,
  lease: AbortController,
  log: Logger,
): NodeJS.Timeout {
  return setInterval(async () => {
    try {
      if (!(await queue.heartbeat(job.id, job.owner, config.leaseMs))) {
        lease.abort('the job lease was lost to another worker');
        return;
      }
    } catch (error) {
      log.warn({ err: error }, 'heartbeat failed');
    }
    await touchJob(db, jobId).catch((error) => log.warn({ err: error }, 'heartbeat not recorded in the database'));
  }, config.heartbeatMs);
}

async function touchJob(db: Db, jobId: string): Promise<void> {
  await db.kysely
    .updateTable('jobs')
    .set({ updated_at: Date.now() })
    .where('id', '=', jobId)
    .where('state', '=', 'Generating')
    .execute();
}

/**
 * Progress rows in order, at most one per PROGRESS_WRITE_MS within a stage; `written()` waits for them.
 * A write that finds the job no longer Generating (its owner cancelled it) aborts `ended`.
 */
function progressWriter(
  db: Db,
  jobId: string,
  log: Logger,
  events: TransitionEvents | undefined,
  ended: AbortController,
) {
  let lastWrite = 0;
  let lastStage = '';
  let pending: Promise<void> = Promise.resolve();
  return {
    report(stage: string, percent: number): void {
      const now = Date.now();
      if (stage === lastStage && now - lastWrite < PROGRESS_WRITE_MS) return;
      if (stage !== lastStage) log.info({ stage, progress: Math.floor(percent) }, 'task progress');
      lastStage = stage;
      lastWrite = now;
      pending = pending
        .then(async () => {
          if (!(await recordProgress(db, jobId, stage, percent, events))) ended.abort('the task was cancelled');
        })
        .catch((error) => log.warn({ err: error }, 'progress write failed'));
    },
    written: (): Promise<void> => pending,
  };
}

/** Runs one leased job to its outcome: Done with its files stored, handed back, retried or Failed. */
export async function runJob(deps: JobDeps, leased: LeasedJob): Promise<void> {
  const { db, blobs, queue, engines, config, logger, runner, shutdown, events } = deps;
  const payload = JSON.parse(leased.payload) as JobPayload;
  // A job re-queued from the database after the queue lost it carries the attempts it had used.
  const prior = payload.priorAttempts ?? 0;
  const job = { ...leased, attempt: leased.attempt + prior, maxAttempts: leased.maxAttempts + prior };
  const log = logger.child({ taskId: payload.taskId, jobId: payload.jobId, attempt: job.attempt });
  if (job.exhausted) {
    log.warn({ lastError: job.lastError }, 'job out of attempts');
    return finalFailure(
      deps,
      job,
      payload,
      'UNKNOWN',
      `The task failed after ${attempts(job.maxAttempts)}: ${job.lastError ?? 'unknown error'}. Credits were refunded.`,
    );
  }
  let context: Awaited<ReturnType<typeof startAttempt>>;
  try {
    context = await startAttempt(db, payload.taskId, payload.jobId, job.attempt, events);
  } catch (error) {
    // The database is down: hand the job back without spending the attempt; the consumer waits.
    if (isDatabaseOutage(error)) await queue.release(job.id, job.owner).catch(() => undefined);
    throw error;
  }
  if (!context) {
    await queue.complete(job.id, job.owner); // already Done or Failed: a duplicate delivery
    return;
  }
  const lease = new AbortController();
  const ended = new AbortController();
  const heartbeat = startHeartbeat(deps, job, payload.jobId, lease, log);
  const progress = progressWriter(db, payload.jobId, log, events, ended);
  const onProgress = progress.report;

  try {
    const kind = context.kind as Parameters<EngineRegistry['moduleUrl']>[0];
    const moduleUrl = engines.moduleUrl(kind);
    if (!moduleUrl) throw new EngineError('UNKNOWN', `No engine for ${kind} tasks is registered on this worker.`);
    const inputs: EngineInputFile[] = [];
    for (const input of context.inputs) {
      const bytes = await retryWithBackoff(
        () => blobs.get(input.blobKey),
        outageRetry(log, 'reading an input', isStorageOutage),
      );
      if (!bytes)
        throw new EngineError(
          'UNKNOWN',
          `An uploaded file of this task (${input.filename}) is missing from storage; please submit again.`,
        );
      inputs.push({ field: input.field, filename: input.filename, bytes });
    }
    const result = await runner.run({
      moduleUrl,
      taskId: payload.taskId,
      spec: JSON.parse(context.spec) as TaskSpec,
      inputs,
      onProgress,
      signal: AbortSignal.any([lease.signal, shutdown, ended.signal]),
    });
    checkFiles(result.files);
    await progress.written();
    // Large outputs (12K maps, a 10M-face mesh) take a moment to store; say so rather than sit at 99 %.
    // Only a progress row: losing it to a dropped connection must not cost the run (it counts as still running).
    const stillRunning = await recordProgress(db, payload.jobId, 'storing outputs', 99, events).catch((error) => {
      log.warn({ err: error }, 'progress write failed');
      return true;
    });
    if (ended.signal.aborted || !stillRunning) return await endedElsewhere(deps, job, log);
    // Each output is retried on its own: a put of the same key writes the same bytes again.
    await Promise.all(
      result.files.map((file) =>
        retryWithBackoff(
          () => blobs.put(outputKey(payload.taskId, file.name), file.bytes),
          outageRetry(log, 'storing an output', isStorageOutage),
        ),
      ),
    );
    const files = result.files.map((file) => ({
      name: file.name,
      contentType: file.contentType,
      size: file.bytes.byteLength,
    }));
    // Done is guarded by the task's state, so trying it again after a dropped connection never settles twice;
    // a task found ended by then was cancelled (its outputs go only if it is Failed, never a Done one's).
    const completed = await retryWithBackoff(
      () => completeTask(db, payload.taskId, payload.jobId, files, result.notes, config.retentionMs, events),
      outageRetry(log, 'recording Done', isDatabaseOutage),
    );
    if (!completed) {
      await removeOutputsOfFailedTask(deps, payload.taskId);
      return await endedElsewhere(deps, job, log);
    }
    log.info({ files: files.length }, 'task done');
    // The task is Done in the database: a queue that cannot be told now hands the job out again later,
    // and that delivery finds the task finished.
    await queue
      .complete(job.id, job.owner)
      .catch((error) => log.warn({ err: error }, 'queue not told the job is done; it will be skipped later'));
    return;
  } catch (error) {
    await progress.written();
    if (ended.signal.aborted && !lease.signal.aborted && !shutdown.aborted) return await endedElsewhere(deps, job, log);
    await recordFailure(deps, job, payload, log, error, lease.signal);
  } finally {
    clearInterval(heartbeat);
  }
}

/** The task ended while this run worked (cancelled by its owner): the run's queue entry is finished, nothing charged. */
async function endedElsewhere({ queue }: JobDeps, job: LeasedJob, log: Logger): Promise<void> {
  log.info('task ended while running (cancelled): run stopped');
  await queue.complete(job.id, job.owner);
}

/**
 * Outputs stored just before a cancel won the race would stay in storage forever: a Failed task has none.
 * A duplicate run of a Done task must keep them, so only a Failed task's are removed.
 */
async function removeOutputsOfFailedTask({ db, blobs }: JobDeps, taskId: string): Promise<void> {
  const task = await db.kysely.selectFrom('tasks').select('state').where('id', '=', taskId).executeTakeFirst();
  if (task?.state === 'Failed') await blobs.deletePrefix(outputKey(taskId, ''));
}

/** How a run that did not finish ends: handed back, abandoned, refused, retried or failed for good. */
async function recordFailure(
  deps: JobDeps,
  job: LeasedJob,
  payload: JobPayload,
  log: Logger,
  error: unknown,
  lease: AbortSignal,
): Promise<void> {
  const { queue, shutdown } = deps;
  if (error instanceof RunAbortedError && shutdown.aborted && !lease.aborted) {
    log.info('worker stopping: job handed back to the queue');
    await queue.release(job.id, job.owner);
  } else if (error instanceof RunAbortedError) {
    log.warn({ reason: error.message }, 'run abandoned'); // another worker owns the job now
  } else if (error instanceof EngineError) {
    log.info({ code: error.code, message: error.message }, 'engine refused the task');
    await finalFailure(deps, job, payload, error.code, error.message);
  } else if (error instanceof WorkerMemoryError) {
    // The same input would exhaust the next thread too: fail now rather than retry.
    log.warn({ limitMb: error.limitMb }, 'engine thread out of memory');
    await finalFailure(
      deps,
      job,
      payload,
      'UNKNOWN',
      `${error.message} Send a smaller model or picture. Credits were refunded.`,
    );
  } else if (error instanceof StageTimeoutError) {
    log.warn({ stage: error.stage }, 'stage timeout');
    await finalFailure(deps, job, payload, 'UNKNOWN', `${error.message} Credits were refunded.`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    const outage = outageOf(error) ?? (isStorageOutage(error) ? 'storage' : null);
    log.error({ err: error, outage }, outage ? 'job stopped by an outage' : 'engine run failed');
    if (job.attempt < job.maxAttempts) {
      // An outage that outlasted the retries inside the attempt: give the dependency time to come back.
      const delayMs = outage ? backoffDelay(job.attempt, JOB_OUTAGE_RETRY_DELAY) : 1_000 * job.attempt;
      await queue.fail(job.id, job.owner, message, { delayMs });
    } else {
      const why = outage ? `${DEPENDENCY_NAMES[outage]} was unavailable` : message;
      await finalFailure(
        deps,
        job,
        payload,
        'UNKNOWN',
        `The task failed after ${attempts(job.attempt)}: ${why}. Credits were refunded.`,
      );
    }
  }
}
