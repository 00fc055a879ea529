/**
 * Whether the local PostgreSQL and Redis answer. Outside CI, tests that need them skip with the message
 * below when they do not; under CI (CI=true, where .ci/run starts both) an absent service is a failure,
 * so a broken CI machine can never pass by skipping the distributed backends.
 */
import pg from 'pg';
import { Redis } from 'ioredis';

export const TEST_POSTGRES_URL = process.env.KILN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.KILN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const PG_SKIP_MESSAGE = `PostgreSQL not reachable at ${TEST_POSTGRES_URL} (CI provides it; set KILN_TEST_DATABASE_URL to run these here)`;
export const REDIS_SKIP_MESSAGE = `Redis not reachable at ${TEST_REDIS_URL} (CI provides it; set KILN_TEST_REDIS_URL to run these here)`;

function requiredInCi(service: string, up: boolean): boolean {
  if (!up && process.env.CI === 'true') {
    throw new Error(`${service} must be reachable in CI (.ci/run starts it); tests that need it may not skip there.`);
  }
  return up;
}

let postgres: Promise<boolean> | undefined;
let redis: Promise<boolean> | undefined;

export function postgresReachable(): Promise<boolean> {
  postgres ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgres.then((up) => requiredInCi('PostgreSQL', up));
}

export function redisReachable(): Promise<boolean> {
  redis ??= (async () => {
    const client = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 1_500,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  })();
  return redis.then((up) => requiredInCi('Redis', up));
}
