import { randomBytes } from 'node:crypto';
import {
  createEmbeddedPublisher,
  createPostgresPublisher,
  createRedisPublisher,
} from '../../../src/tasks/events/index.ts';
import {
  PG_SKIP_MESSAGE,
  REDIS_SKIP_MESSAGE,
  TEST_REDIS_URL,
  postgresReachable,
  redisReachable,
} from '../../support/external-services.ts';
import { postgresTestSchema } from '../../store/databases.ts';
import { publisherConformance } from './conformance.ts';

publisherConformance('embedded (in process)', async () => {
  const publisher = createEmbeddedPublisher();
  return { first: publisher, second: publisher, cleanup: () => publisher.close() };
});

publisherConformance(
  'Redis pub/sub',
  async () => {
    const channel = `kiln-test-events-${randomBytes(6).toString('hex')}`;
    const first = await createRedisPublisher(TEST_REDIS_URL, { channel });
    const second = await createRedisPublisher(TEST_REDIS_URL, { channel });
    return { first, second, cleanup: async () => void (await Promise.all([first.close(), second.close()])) };
  },
  async () => ((await redisReachable()) ? false : REDIS_SKIP_MESSAGE),
);

publisherConformance(
  'PostgreSQL LISTEN/NOTIFY',
  async () => {
    const schema = await postgresTestSchema();
    const first = await createPostgresPublisher(schema.url);
    const second = await createPostgresPublisher(schema.url);
    return {
      first,
      second,
      async cleanup() {
        await Promise.all([first.close(), second.close()]);
        await schema.drop();
      },
    };
  },
  async () => ((await postgresReachable()) ? false : PG_SKIP_MESSAGE),
);
