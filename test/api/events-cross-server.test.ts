/**
 * An API server that did not run the job still streams it: server A takes the submission and serves
 * the stream, server B's worker runs the job. A re-reads the database only once a minute here, so the
 * live events can only have come through the publisher (Redis, or PostgreSQL NOTIFY without Redis).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  PG_SKIP_MESSAGE,
  REDIS_SKIP_MESSAGE,
  TEST_REDIS_URL,
  postgresReachable,
  redisReachable,
} from '../support/external-services.ts';
import { postgresTestSchema } from '../store/databases.ts';
import { startHarness } from './harness.ts';
import { openStream } from './events-client.ts';

async function crossServer(shared: Record<string, string>, expectedKind: string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-events-x-'));
  const env = { ...shared, KILN_DATA_DIR: dataDir, KILN_EVENTS_RESYNC_MS: '60000' };
  const a = await startHarness({ env });
  const b = await startHarness({ env });
  try {
    assert.equal(a.services.events.kind, expectedKind);
    const base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/api/v2/generate`, {
      method: 'POST',
      headers: { ...a.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a stool' }),
    });
    assert.equal(response.status, 201);
    const task = await response.json();
    const stream = await openStream(`${base}/api/v2/tasks/${task.uuid}/events`, a.auth);
    await stream.until(1);
    assert.equal(stream.events[0]!.event, 'waiting');
    const started = Date.now();
    b.services.startWorkers({ count: 1 });
    await stream.ended;
    assert.ok(Date.now() - started < 30_000, 'live, not from the minute-long re-read');
    const kinds = stream.events.map((event) => event.event);
    assert.deepEqual([kinds[0], kinds.at(-1)], ['waiting', 'done']);
    assert.ok(kinds.includes('started') && kinds.includes('progress'), kinds.join());
    const glb = stream.events.at(-1)!.data.list.find((item: { name: string }) => item.name.endsWith('.glb'));
    assert.equal((await fetch(glb.url)).status, 200, 'A serves the files B stored');
  } finally {
    await b.close();
    await a.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

test('with Redis configured, a stream on server A follows a job run by server B', async (t) => {
  if (!(await redisReachable())) return t.skip(REDIS_SKIP_MESSAGE);
  await crossServer(
    { REDIS_URL: TEST_REDIS_URL, KILN_QUEUE_NAME: `kiln-test-${randomBytes(6).toString('hex')}` },
    'redis',
  );
});

test("with PostgreSQL alone, the stream follows the other server's job through LISTEN/NOTIFY", async (t) => {
  if (!(await postgresReachable())) return t.skip(PG_SKIP_MESSAGE);
  const schema = await postgresTestSchema();
  try {
    await crossServer({ DATABASE_URL: schema.url }, 'postgres');
  } finally {
    await schema.drop();
  }
});
