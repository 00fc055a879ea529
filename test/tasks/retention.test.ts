import assert from 'node:assert/strict';
import { it } from 'node:test';
import { harness, textSpec, waitFor } from './harness.ts';

/** A harness with one hour of retention, its workers, and one text task run to Done. */
async function finishedTaskWithRetention() {
  const h = await harness({ KILN_RETENTION_HOURS: '1' });
  const pool = h.services.startWorkers();
  try {
    const principal = await h.key(5);
    const task = await h.services.tasks.submit({
      ...principal,
      spec: textSpec(),
      price: 0.5,
      inputs: [{ field: 'images', filename: 'a', bytes: new Uint8Array([1]) }],
    });
    await waitFor(
      async () => (await h.services.tasks.get(principal.accountId, task.uuid)).status === 'Done',
      60_000,
      'Done',
    );
    return { h, pool, principal, task };
  } catch (error) {
    await pool.stop();
    await h.cleanup();
    throw error;
  }
}

it('retention removes output files after the configured time and the record says they expired', async () => {
  const { h, pool, principal, task } = await finishedTaskWithRetention();
  try {
    const done = await h.services.tasks.get(principal.accountId, task.uuid);
    const expiresAt = Date.parse(done.filesExpireAt!);
    assert.ok(Math.abs(expiresAt - Date.parse(done.finishedAt!) - 3_600_000) < 1000, 'expiry = finish + retention');

    assert.equal(
      await h.services.tasks.sweepExpired(new Date(expiresAt - 1000)),
      0,
      'nothing before the retention ends',
    );
    assert.equal((await h.services.tasks.files(principal.accountId, task.uuid)).length, 2);

    assert.equal(await h.services.tasks.sweepExpired(new Date(expiresAt + 1000)), 1);
    const expired = await h.services.tasks.get(principal.accountId, task.uuid);
    assert.equal(expired.status, 'Done');
    assert.equal(expired.filesExpired, true);
    assert.deepEqual(expired.files, []);
    assert.deepEqual(await h.services.tasks.files(principal.accountId, task.uuid), []);
    assert.equal(await h.services.tasks.openFile(task.uuid, 'base_basic_pbr.glb'), null);
    assert.deepEqual(await h.services.blobs.list(`outputs/${task.uuid}/`), [], 'bytes removed from disk');
    assert.deepEqual(await h.services.blobs.list(`inputs/${task.uuid}/`), []);
    assert.equal(await h.services.tasks.sweepExpired(new Date(expiresAt + 5000)), 0, 'each task expires once');
  } finally {
    await pool.stop();
    await h.cleanup();
  }
});

it('retention also removes the settled webhook events of an expired task and their attempts; one still retried stays until it settles', async () => {
  const { h, pool, principal, task } = await finishedTaskWithRetention();
  try {
    const { kysely } = h.services.db;
    const event = (id: string, state: 'pending' | 'delivered' | 'failed') => ({
      // The pending one's retry is due in an hour, so the running dispatcher leaves it alone.
      id,
      task_id: task.uuid,
      url: 'https://hooks.example/kiln',
      type: 'task.done',
      state,
      attempts: 1,
      created_at: Date.now(),
      next_attempt_at: Date.now() + 3_600_000,
    });
    await kysely
      .insertInto('webhook_outbox')
      .values([event('evt_delivered', 'delivered'), event('evt_failed', 'failed'), event('evt_pending', 'pending')])
      .execute();
    const attempt = (outbox_id: string) => ({
      outbox_id,
      attempt: 1,
      at: Date.now(),
      status_code: 500,
      error: null,
      duration_ms: 3,
    });
    await kysely
      .insertInto('webhook_deliveries')
      .values(['evt_delivered', 'evt_failed', 'evt_pending'].map(attempt))
      .execute();

    const expiresAt = Date.parse((await h.services.tasks.get(principal.accountId, task.uuid)).filesExpireAt!);
    await h.services.tasks.sweepExpired(new Date(expiresAt - 1000));
    assert.equal(
      (await kysely.selectFrom('webhook_outbox').select('id').execute()).length,
      3,
      'nothing pruned before the retention ends',
    );

    assert.equal(await h.services.tasks.sweepExpired(new Date(expiresAt + 1000)), 1);
    assert.deepEqual(
      (await kysely.selectFrom('webhook_outbox').select('id').execute()).map((row) => row.id),
      ['evt_pending'],
    );
    assert.deepEqual(
      (await kysely.selectFrom('webhook_deliveries').select('outbox_id').execute()).map((row) => row.outbox_id),
      ['evt_pending'],
    );

    // The retried event settles after its task expired: the next sweep removes it too.
    await kysely.updateTable('webhook_outbox').set({ state: 'failed' }).where('id', '=', 'evt_pending').execute();
    assert.equal(await h.services.tasks.sweepExpired(new Date(expiresAt + 2000)), 0, 'no task expires twice');
    assert.deepEqual(await kysely.selectFrom('webhook_outbox').select('id').execute(), []);
    assert.deepEqual(await kysely.selectFrom('webhook_deliveries').select('outbox_id').execute(), []);
  } finally {
    await pool.stop();
    await h.cleanup();
  }
});
