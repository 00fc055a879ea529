/** Picks the queue implementation from config: BullMQ when REDIS_URL is set, else the SQL queue in the database. */
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Db } from '../store/db.ts';
import type { JobQueue } from './job-queue.ts';
import { SqlQueue } from './sql-queue.ts';

export async function createQueue(config: Config, db: Db, options: { logger?: Logger } = {}): Promise<JobQueue> {
  if (config.redisUrl) {
    const { BullQueue } = await import('./bullmq-queue.ts');
    return BullQueue.connect(config.redisUrl, {
      name: config.queueName,
      maxAttempts: config.maxAttempts,
      logger: options.logger,
    });
  }
  return new SqlQueue(db, { maxAttempts: config.maxAttempts });
}
