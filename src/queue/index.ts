/** The durable job queue: the JobQueue seam (./job-queue.ts), its SQL and BullMQ implementations, and the factory. */
export type { EnqueueOptions, JobQueue, LeasedJob, QueueStats } from './job-queue.ts';
export { createQueue } from './create-queue.ts';
export { SqlQueue } from './sql-queue.ts';
/** The name before the rename (it was never SQLite-only); kept so older branches still compile. */
export { SqlQueue as SqliteQueue } from './sql-queue.ts';
