/**
 * Task events over Redis pub/sub: one channel per deployment (named after the queue, so deployments
 * sharing a Redis stay apart), one subscriber connection per process whatever the number of streams.
 */
import { Redis } from 'ioredis';
import { silentLogger, type Logger } from '../../logger.ts';
import { DependencyUnavailableError } from '../../store/unavailable.ts';
import { decodeEvent, fanOut, type TaskEventListener, type TaskEventPublisher } from './publisher.ts';

export interface RedisPublisherOptions {
  /** Channel name; default `kiln-task-events`. */
  channel?: string;
  logger?: Logger;
}

/** Connects and subscribes before resolving, so no event published afterwards is missed. */
export async function createRedisPublisher(
  url: string,
  options: RedisPublisherOptions = {},
): Promise<TaskEventPublisher> {
  const logger = options.logger ?? silentLogger;
  const channel = options.channel ?? 'kiln-task-events';
  const connection = { connectTimeout: 2_000, maxRetriesPerRequest: 2 };
  const publisher = new Redis(url, connection);
  const subscriber = new Redis(url, connection);
  for (const client of [publisher, subscriber])
    client.on('error', (error) => logger.warn({ err: error }, 'task events: redis error'));
  const listeners = new Set<TaskEventListener>();
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const event = decodeEvent(text);
    if (event) fanOut(listeners, event, logger);
  });
  try {
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new DependencyUnavailableError(
      'queue',
      `Task events: cannot subscribe to Redis at REDIS_URL (${(error as Error).message}).`,
      { cause: error },
    );
  }
  return {
    kind: 'redis',
    async publish(event) {
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (error) {
        logger.warn({ err: error, taskId: event.taskId }, 'task event not published to redis');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.all([publisher, subscriber].map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}
