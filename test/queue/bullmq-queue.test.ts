import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { BullQueue } from '../../src/queue/bullmq-queue.ts';
import { queueConformance } from './conformance.ts';

const REDIS_URL = process.env.KILN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let reachable: Promise<boolean> | undefined;

function redisReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_500, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  })();
  return reachable;
}

queueConformance(
  'BullMQ on Redis',
  async ({ maxAttempts }) => {
    const queue = await BullQueue.connect(REDIS_URL, { name: `kiln-test-${randomBytes(6).toString('hex')}`, maxAttempts });
    return {
      queue,
      async cleanup() {
        await queue.obliterate();
        await queue.close();
      },
    };
  },
  async () => ((await redisReachable()) ? false : `Redis not reachable at ${REDIS_URL} (CI provides it; set KILN_TEST_REDIS_URL to run these here)`),
);
