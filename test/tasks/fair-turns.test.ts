/**
 * Issue 17: one key's backlog must not starve the others. Key A queues five tasks, then key B one:
 * with a single worker B's task runs second, not sixth.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harness, textSpec } from './harness.ts';

test('tasks of a key that queued later run in turn with the busy key, not behind its whole backlog', async () => {
  const h = await harness({ KILN_MAX_IN_FLIGHT: '50' });
  try {
    const a = await h.key(100);
    const b = await h.key(100);
    const submit = (key: { accountId: string; keyId: string }) =>
      h.services.tasks.submit({
        accountId: key.accountId,
        keyId: key.keyId,
        spec: textSpec(''),
        price: 0.5,
        inputs: [],
      });
    const aTasks = [];
    for (let i = 0; i < 5; i++) aTasks.push((await submit(a)).uuid);
    const bTask = (await submit(b)).uuid;
    const order: string[] = [];
    for (let job = await h.services.queue.lease(10_000); job; job = await h.services.queue.lease(10_000)) {
      order.push((JSON.parse(job.payload) as { taskId: string }).taskId);
    }
    assert.deepEqual(order, [aTasks[0], bTask, ...aTasks.slice(1)]);
  } finally {
    await h.cleanup();
  }
});
