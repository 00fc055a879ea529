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
