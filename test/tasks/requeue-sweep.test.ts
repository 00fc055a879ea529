/** A task committed but never enqueued (API server killed in between) is enqueued again by the workers' sweep. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JobQueue } from '../../src/queue/index.ts';
import { silentLogger } from '../../src/logger.ts';
import { staleWaitingJobs, startRequeueSweep } from '../../src/tasks/requeue-sweep.ts';
import { CompiledQuery } from 'kysely';
import { sqliteTestDb } from '../store/databases.ts';
import { multipart, startHarness } from '../api/harness.ts';
import { png } from '../api/images.ts';

test('Waiting jobs older than the interval are re-enqueued with their payload; fresh and finished ones are not', async () => {
  const h = await startHarness();
  try {
    const submitOne = async () => {
      const body = multipart([{ name: 'images', data: await png(), filename: '0000.png' }]);
      return (
        await h.app.inject({
          method: 'POST',
          url: '/api/v2/generate',
          headers: { ...h.auth, ...body.headers },
          payload: body.payload,
        })
      ).json();
    };
    const stale = await submitOne();
    const fresh = await submitOne();
    const done = await submitOne();
    const { kysely } = h.services.db;
    await kysely
      .updateTable('jobs')
      .set({ updated_at: Date.now() - 60_000 })
      .where('task_id', 'in', [stale.uuid, done.uuid])
      .execute();
    await kysely.updateTable('jobs').set({ state: 'Done' }).where('task_id', '=', done.uuid).execute();
    // "Fresh": updated later than any pass of this short test looks back.
    await kysely
      .updateTable('jobs')
      .set({ updated_at: Date.now() + 60_000 })
      .where('task_id', '=', fresh.uuid)
      .execute();

    const enqueued: Array<[string, string]> = [];
    const lossy = {
      transactional: false,
      enqueue: async (id: string, payload: string) => void enqueued.push([id, payload]),
    } as unknown as JobQueue;
    const stop = startRequeueSweep(h.services.db, lossy, silentLogger, { intervalMs: 40 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    stop();
    const ids = new Set(enqueued.map(([id]) => id));
    assert.deepEqual([...ids], [stale.jobs.uuids[0]]);
    assert.deepEqual(JSON.parse(enqueued[0][1]), { taskId: stale.uuid, jobId: stale.jobs.uuids[0] });

    const transactional = {
      transactional: true,
      enqueue: async () => assert.fail('a transactional queue needs no sweep'),
    } as unknown as JobQueue;
    startRequeueSweep(h.services.db, transactional, silentLogger, { intervalMs: 20 })();
  } finally {
    await h.close();
  }
});

test('the sweep reads Waiting jobs through an index, not by scanning every job', async () => {
  const { db, drop } = await sqliteTestDb();
  try {
    const query = staleWaitingJobs(db, Date.now(), 1000).compile();
    const plan = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const details = plan.rows.map((row) => row.detail).join('; ');
    assert.match(details, /USING INDEX jobs_state/, details);
  } finally {
    await drop();
  }
});
