/**
 * Task events: one publisher (embedded, Redis or PostgreSQL, chosen from the configuration) that the
 * job state machine publishes through, and the readers built on it (the event stream's feed).
 */
import type { Config } from '../../config.ts';
import { silentLogger, type Logger } from '../../logger.ts';
import { createEmbeddedPublisher } from './embedded-publisher.ts';
import { createPostgresPublisher } from './postgres-publisher.ts';
import type { TaskEventPublisher } from './publisher.ts';
import { createRedisPublisher } from './redis-publisher.ts';

export type { TaskEvent, TaskEventType } from './types.ts';
export { eventId, isFinal, parseEventId } from './types.ts';
export type { TaskEventPublisher, TaskEventListener } from './publisher.ts';
export { createEmbeddedPublisher, createRedisPublisher, createPostgresPublisher };

/** Redis when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when DATABASE_URL is postgres://, else in process. */
export async function createTaskEventPublisher(
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'queueName'>,
  options: { logger?: Logger } = {},
): Promise<TaskEventPublisher> {
  const logger = options.logger ?? silentLogger;
  if (config.redisUrl)
    return createRedisPublisher(config.redisUrl, { channel: `${config.queueName}:task-events`, logger });
  if (config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl))
    return createPostgresPublisher(config.databaseUrl, { logger });
  return createEmbeddedPublisher(logger);
}
export { createTaskFeed, type TaskFeed, type FollowOptions } from './feed.ts';
export { taskSnapshot } from './snapshot.ts';
