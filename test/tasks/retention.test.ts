import assert from 'node:assert/strict';
import { it } from 'node:test';
import { harness, textSpec, waitFor } from './harness.ts';

it('retention removes output files after the configured time and the record says they expired', async () => {
  const h = await harness({ KILN_RETENTION_HOURS: '1' });
  const pool = h.services.startWorkers();
  try {
    const principal = await h.key(5);
    const task = await h.services.tasks.submit({ ...principal, spec: textSpec(), price: 0.5, inputs: [{ field: 'images', filename: 'a', bytes: new Uint8Array([1]) }] });
    await waitFor(async () => (await h.services.tasks.get(principal.accountId, task.uuid)).status === 'Done', 60_000, 'Done');
    const done = await h.services.tasks.get(principal.accountId, task.uuid);
    const expiresAt = Date.parse(done.filesExpireAt!);
    assert.ok(Math.abs(expiresAt - Date.parse(done.finishedAt!) - 3_600_000) < 1000, 'expiry = finish + retention');

    assert.equal(await h.services.tasks.sweepExpired(new Date(expiresAt - 1000)), 0, 'nothing before the retention ends');
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
