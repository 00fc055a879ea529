/**
 * Closes the gap of a queue outside the database (BullMQ): the API server commits a task, then
 * enqueues it; killed in between, the task would sit in Waiting with no queue entry. Workers re-enqueue
 * every Waiting job at start, and this sweep does so periodically while they run, so such a task
 * starts within about a minute even when no worker restarts. Enqueueing an id already queued (or
 * finished) is a no-op, so the sweep never runs a job twice.
 */
import type { Logger } from '../logger.ts';
import type { JobQueue } from '../queue/index.ts';
import type { Db } from '../store/db.ts';
import { jobPayload } from './task-service.ts';

export interface RequeueSweepOptions {
  /** How often to look, and how old (since its last update) a Waiting job must be; default 30 s. */
  intervalMs?: number;
  /** Jobs re-enqueued per pass at most (default 1000). */
  batch?: number;
}

/** Starts the sweep (nothing for a transactional queue); returns a stop function. */
export function startRequeueSweep(
  db: Db,
  queue: JobQueue,
  logger: Logger,
  options: RequeueSweepOptions = {},
): () => void {
  if (queue.transactional) return () => undefined;
  const intervalMs = options.intervalMs ?? 30_000;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const stale = await staleWaitingJobs(db, Date.now() - intervalMs, options.batch ?? 1000).execute();
      for (const job of stale) await queue.enqueue(job.id, jobPayload(job.task_id, job.id));
    } catch (error) {
      logger.warn({ err: error }, 're-enqueue sweep failed; will retry');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Waiting jobs last updated before `updatedBefore`, oldest first (read through the jobs_state index). */
export function staleWaitingJobs(db: Db, updatedBefore: number, limit: number) {
  return db.kysely
    .selectFrom('jobs')
    .select(['id', 'task_id'])
    .where('state', '=', 'Waiting')
    .where('updated_at', '<', updatedBefore)
    .orderBy('updated_at')
    .limit(limit);
}
