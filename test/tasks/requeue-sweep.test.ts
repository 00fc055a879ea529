/** A task committed but never enqueued (API server killed in between) is enqueued again by the workers' sweep. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JobQueue } from '../../src/queue/index.ts';
import { silentLogger } from '../../src/logger.ts';
import { requeueSweep, staleWaitingJobs, startRequeueSweep } from '../../src/tasks/requeue-sweep.ts';
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

test('a Generating job whose heartbeat lapsed and that the queue lost runs again with its attempts; out of attempts it fails and is refunded once', async () => {
  const h = await startHarness();
  try {
    const submitText = async () =>
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/v2/rodin',
          headers: { ...h.auth, 'content-type': 'application/json' },
          payload: { prompt: 'a chair' },
        })
      ).json() as { uuid: string; jobs: { uuids: string[] } };
    const [lost, spent, held] = [await submitText(), await submitText(), await submitText()];
    const { kysely } = h.services.db;
    const lapsed = Date.now() - 120_000;
    for (const [task, attempts] of [
      [lost, 1],
      [spent, 3],
      [held, 1],
    ] as const) {
      await kysely.updateTable('tasks').set({ state: 'Generating' }).where('id', '=', task.uuid).execute();
      await kysely
        .updateTable('jobs')
        .set({ state: 'Generating', attempts, updated_at: lapsed })
        .where('task_id', '=', task.uuid)
        .execute();
    }
    const enqueued: Array<{ id: string; payload: unknown; maxAttempts?: number }> = [];
    const queue = {
      transactional: false,
      enqueue: async (id: string, payload: string, options: { maxAttempts?: number } = {}) =>
        void enqueued.push({ id, payload: JSON.parse(payload), maxAttempts: options.maxAttempts }),
      // The queue still holds one job (a lease its own reaper returns); it lost the other two.
      state: async (id: string) =>
        id === held.jobs.uuids[0] ? { state: 'leased' as const, attempts: 1, lastError: null } : null,
    } as unknown as JobQueue;
    const sweep = requeueSweep(h.services.db, queue, silentLogger, { staleMs: 60_000, maxAttempts: 3 });
    const balance = async () =>
      Number((await kysely.selectFrom('accounts').select('balance_milli').executeTakeFirstOrThrow()).balance_milli);
    const balanceBefore = await balance();
    assert.deepEqual(await sweep.pass(), { requeued: 0, rerun: 1, failed: 1 });
    assert.deepEqual(enqueued, [
      {
        id: lost.jobs.uuids[0],
        payload: { taskId: lost.uuid, jobId: lost.jobs.uuids[0], priorAttempts: 1 },
        maxAttempts: 2,
      },
    ]);
    const failed = await kysely.selectFrom('tasks').selectAll().where('id', '=', spent.uuid).executeTakeFirstOrThrow();
    assert.equal(failed.state, 'Failed');
    assert.match(failed.error_message ?? '', /stopped responding\. Credits were refunded/);
    assert.ok((await balance()) > balanceBefore, 'the failed task was refunded');
    // A second pass (another worker's sweep) refunds nothing more.
    const after = await balance();
    await sweep.pass();
    assert.equal(await balance(), after);
  } finally {
    await h.close();
  }
});
