import assert from 'node:assert/strict';
import { join } from 'node:path';
import { it } from 'node:test';
import { SqlQueue } from '../../src/queue/index.ts';
import { openSqlite } from '../../src/store/db.ts';
import { PG_SKIP_MESSAGE, postgresReachable, postgresTestDb, sqliteTestDb, tempDir } from '../store/databases.ts';
import { queueConformance } from './conformance.ts';

queueConformance('embedded queue on SQLite', async ({ maxAttempts }) => {
  const { db, drop } = await sqliteTestDb();
  return { queue: new SqlQueue(db, { maxAttempts }), cleanup: drop };
});

queueConformance(
  'embedded queue on PostgreSQL',
  async ({ maxAttempts }) => {
    const { db, drop } = await postgresTestDb();
    return { queue: new SqlQueue(db, { maxAttempts }), cleanup: drop };
  },
  async () => ((await postgresReachable()) ? false : PG_SKIP_MESSAGE),
);

it('embedded queue: queued and leased jobs survive closing and reopening the database', async () => {
  const temp = tempDir();
  try {
    const file = join(temp.dir, 'queue.db');
    const first = await openSqlite(file);
    const queue = new SqlQueue(first, { maxAttempts: 3 });
    await queue.enqueue('kept', 'payload');
    await queue.enqueue('running', 'payload-2');
    const running = await queue.lease(100);
    assert.equal(running?.id, 'kept');
    await first.close();

    const second = await openSqlite(file);
    const reopened = new SqlQueue(second, { maxAttempts: 3 });
    assert.equal((await reopened.lease(5_000))?.id, 'running');
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.equal(await reopened.reap(), 1);
    const again = await reopened.lease(5_000);
    assert.equal(again?.id, 'kept');
    assert.equal(again?.attempt, 2);
    await second.close();
  } finally {
    temp.remove();
  }
});

it('embedded queue: a consumer waiting on an empty queue wakes when this process makes a job ready', async () => {
  const { db, drop } = await sqliteTestDb();
  try {
    const queue = new SqlQueue(db, { maxAttempts: 3 });
    // Nothing ready: the wait lasts its full time.
    let started = performance.now();
    await queue.untilReady(60);
    assert.ok(performance.now() - started >= 55, 'waited out the poll');
    // Two consumers wait a minute each; an enqueue and its signal wake both at once, and the job leases.
    started = performance.now();
    const waits = [queue.untilReady(60_000), queue.untilReady(60_000)];
    await queue.enqueue('job', 'payload');
    queue.jobsReady();
    await Promise.all(waits);
    assert.ok(performance.now() - started < 5_000, 'woken, not timed out');
    assert.equal((await queue.lease(1_000))?.id, 'job');
    // A signal with nobody waiting is harmless, and a later wait is not woken by it.
    queue.jobsReady();
    started = performance.now();
    await queue.untilReady(40);
    assert.ok(performance.now() - started >= 35);
  } finally {
    await drop();
  }
});
