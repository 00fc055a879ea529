/**
 * Recovery of jobs from PostgreSQL alone, for a queue outside the database (BullMQ on Redis), whatever
 * the queue remembers:
 * - Waiting jobs with no queue entry (an API server killed between commit and enqueue, a submission
 *   accepted while Redis was down, Redis restarted empty) are enqueued again. Enqueueing an id already
 *   queued is a no-op, so this never runs a job twice.
 * - Generating jobs whose worker stopped heart-beating (jobs.updated_at, touched by every heartbeat, is
 *   older than `staleMs`) and that the queue neither holds nor has queued (Redis lost them, or lost them
 *   while their worker was killed) run again, carrying the attempts they used; when those are used up
 *   the task fails and is refunded, once (failTask is guarded by the task's state).
 * A pass runs every `intervalMs`, and at once when the queue reports it lost its data (probed every
 * `probeMs`), so a Redis that comes back empty is refilled within seconds.
 */
import type { Logger } from '../logger.ts';
import type { JobQueue } from '../queue/index.ts';
import type { Db } from '../store/db.ts';
import { jobPayload } from './task-service.ts';
import { failTask, type TransitionEvents } from './transitions.ts';

export interface RequeueSweepOptions {
  /** How often to look, and how old (since its last update) a Waiting job must be; default 30 s. */
  intervalMs?: number;
  /** A Generating job whose row was not touched for this long has lost its worker; default 60 s (2 leases). */
  staleMs?: number;
  /** How often to ask the queue whether it lost its data; default 2 s. */
  probeMs?: number;
  /** Attempts a job has in all (KILN_MAX_ATTEMPTS); default 3. */
  maxAttempts?: number;
  /** Files retention for a task failed here (its refund is what matters); default 24 h. */
  retentionMs?: number;
  /** Jobs handled per pass at most (default 1000). */
  batch?: number;
  events?: TransitionEvents;
}

export const REQUEUE_SWEEP_DEFAULTS = {
  intervalMs: 30_000,
  staleMs: 60_000,
  probeMs: 2_000,
  maxAttempts: 3,
  retentionMs: 24 * 3_600_000,
  batch: 1000,
} as const;

export interface RequeueSweep {
  /** One pass now (`full`: every Waiting job, however fresh); resolves with what it did. */
  pass(full?: boolean): Promise<{ requeued: number; rerun: number; failed: number }>;
  stop(): void;
}

/** Starts the sweep (nothing for a transactional queue); returns a stop function. */
export function startRequeueSweep(
  db: Db,
  queue: JobQueue,
  logger: Logger,
  options: RequeueSweepOptions = {},
): () => void {
  if (queue.transactional) return () => undefined;
  const sweep = requeueSweep(db, queue, logger, options);
  const { intervalMs, probeMs } = { ...REQUEUE_SWEEP_DEFAULTS, ...options };
  const timer = setInterval(() => void sweep.pass(), intervalMs);
  timer.unref();
  const probe = setInterval(async () => {
    try {
      if (!(await queue.lostEntries?.())) return;
      logger.warn('the queue lost its data (Redis restarted empty or was flushed); re-queueing from the database');
      await sweep.pass(true);
    } catch {
      // The queue is down: nothing to probe until it answers (the consumers log the outage).
    }
  }, probeMs);
  probe.unref();
  return () => {
    clearInterval(timer);
    clearInterval(probe);
    sweep.stop();
  };
}

/** The sweep's passes, without timers (tests drive them). */
export function requeueSweep(db: Db, queue: JobQueue, logger: Logger, options: RequeueSweepOptions = {}): RequeueSweep {
  const settings = { ...REQUEUE_SWEEP_DEFAULTS, ...options };
  let running: Promise<{ requeued: number; rerun: number; failed: number }> | null = null;
  let stopped = false;

  async function once(full: boolean) {
    const done = { requeued: 0, rerun: 0, failed: 0 };
    const now = Date.now();
    const waiting = await staleWaitingJobs(db, full ? now + 1 : now - settings.intervalMs, settings.batch).execute();
    for (const job of waiting) {
      if (stopped) return done;
      await queue.enqueue(job.id, jobPayload(job.task_id, job.id, job.attempts), {
        maxAttempts: Math.max(1, settings.maxAttempts - job.attempts),
      });
      done.requeued++;
    }
    for (const job of await lapsedGeneratingJobs(db, now - settings.staleMs, settings.batch).execute()) {
      if (stopped) return done;
      const entry = await queue.state(job.id);
      // Queued, or leased (a lapsed lease is the queue's own reaper's to return): the queue has it.
      if (entry && (entry.state === 'queued' || entry.state === 'leased')) continue;
      const attempts = Number(job.attempts);
      if (!entry && attempts < settings.maxAttempts) {
        await queue.enqueue(job.id, jobPayload(job.task_id, job.id, attempts), {
          maxAttempts: settings.maxAttempts - attempts,
        });
        logger.warn(
          { jobId: job.id, taskId: job.task_id, attempts },
          'job lost with its worker and queue entry; runs again',
        );
        done.rerun++;
        continue;
      }
      const message = entry
        ? 'The task was interrupted and its queue entry ended without it. Credits were refunded.'
        : `The task failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: the worker running it stopped responding. Credits were refunded.`;
      if (
        await failTask(db, job.task_id, job.id, { code: 'UNKNOWN', message }, settings.retentionMs, settings.events)
      ) {
        logger.warn({ jobId: job.id, taskId: job.task_id, attempts }, 'lost job out of attempts: failed and refunded');
        done.failed++;
      }
    }
    if (done.requeued + done.rerun + done.failed > 0 && full) logger.info(done, 'recovery pass');
    return done;
  }

  return {
    async pass(full = false) {
      if (running) return running;
      running = once(full)
        .catch((error) => {
          logger.warn({ err: error }, 're-enqueue sweep failed; will retry');
          return { requeued: 0, rerun: 0, failed: 0 };
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    stop() {
      stopped = true;
    },
  };
}

/** Waiting jobs last updated before `updatedBefore`, oldest first (read through the jobs_state index). */
export function staleWaitingJobs(db: Db, updatedBefore: number, limit: number) {
  return jobsIn(db, 'Waiting', updatedBefore, limit);
}

/** Generating jobs whose row (progress, heartbeat) was last touched before `updatedBefore`. */
export function lapsedGeneratingJobs(db: Db, updatedBefore: number, limit: number) {
  return jobsIn(db, 'Generating', updatedBefore, limit);
}

function jobsIn(db: Db, state: 'Waiting' | 'Generating', updatedBefore: number, limit: number) {
  return db.kysely
    .selectFrom('jobs')
    .select(['id', 'task_id', 'attempts'])
    .where('state', '=', state)
    .where('updated_at', '<', updatedBefore)
    .orderBy('updated_at')
    .limit(limit);
}
