import { randomBytes } from 'node:crypto';
import { REDIS_SKIP_MESSAGE, TEST_REDIS_URL, redisReachable } from '../support/external-services.ts';
import { BullQueue } from '../../src/queue/bullmq-queue.ts';
import { queueConformance } from './conformance.ts';

const REDIS_URL = TEST_REDIS_URL;

queueConformance(
  'BullMQ on Redis',
  async ({ maxAttempts }) => {
    const queue = await BullQueue.connect(REDIS_URL, {
      name: `kiln-test-${randomBytes(6).toString('hex')}`,
      maxAttempts,
    });
    return {
      queue,
      async cleanup() {
        await queue.obliterate();
        await queue.close();
      },
    };
  },
  async () => ((await redisReachable()) ? false : REDIS_SKIP_MESSAGE),
);
