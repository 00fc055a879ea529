/**
 * Queue consumers: each leases a job and runs it (./run-job.ts) with its engine in a worker thread,
 * renewing the lease by heartbeat; a reaper re-queues jobs whose worker stopped responding. Crash
 * safety comes from the order of writes in run-job.ts.
 */
import { EngineRunner } from '../engines/runner/index.ts';
import type { LeasedJob } from '../queue/index.ts';
import { runJob, type JobDeps, type WorkerDeps } from './run-job.ts';
import { jobPayload } from './submit-task.ts';
import { backoffDelay, sleep } from '../store/backoff.ts';
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

export interface WorkerPoolOptions extends WorkerDeps {
  /** Concurrent consumers (and engine threads). 0 runs only the reaper. */
  count: number;
  /** Pause between polls of an empty queue, ms (default 250). */
  pollMs?: number;
}

export function startWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { db, queue, config, logger } = options;
  const runner = new EngineRunner({
    threads: Math.max(1, options.count),
    stageTimeoutMs: config.stageTimeoutMs,
    threadMemoryMb: config.workerMemoryMb,
    recycleAfterRuns: config.workerRecycleRuns,
    helperThreads: config.helperThreads,
    logger,
  });
  const pollMs = options.pollMs ?? 250;
  let stopping = false;
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();
  const jobDeps: JobDeps = { ...options, runner, shutdown: shutdown.signal };

  async function consume(): Promise<void> {
    // Consecutive failures to reach the queue or the database: each waits longer (back-off), and only
    // the first is logged as an error, so an outage is one line per consumer, not four a second.
    let failures = 0;
    const failed = (error: unknown, message: string, jobId?: string) => {
      failures++;
      if (failures === 1) logger.error({ err: error, jobId }, message);
      return sleep(backoffDelay(failures), shutdown.signal);
    };
    while (!stopping) {
      let job: LeasedJob | null = null;
      try {
        job = await queue.lease(config.leaseMs);
      } catch (error) {
        await failed(error, 'lease failed; retrying with back-off until the queue answers');
        continue;
      }
      if (failures > 0) logger.info({ failures }, 'queue and database answer again; consuming');
      failures = 0;
      if (!job) {
        // Woken early when this process submits a job (an embedded queue), else at the next poll.
        await (queue.untilReady ? queue.untilReady(pollMs) : sleep(pollMs));
        continue;
      }
      const leased = job;
      let trouble: unknown;
      const work = runJob(jobDeps, leased).catch((error) => {
        trouble = error;
      });
      running.add(work);
      await work;
      running.delete(work);
      if (trouble !== undefined)
        await failed(trouble, 'job bookkeeping failed; the lease will expire and the job retry', leased.id);
    }
  }

  const reaper = setInterval(
    () => {
      queue.reap().then(
        (count) => count > 0 && logger.warn({ count }, 're-queued jobs whose worker stopped responding'),
        (error) => logger.error({ err: error }, 'reap failed'),
      );
    },
    Math.max(50, Math.floor(config.leaseMs / 2)),
  );
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
