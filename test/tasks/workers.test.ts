import assert from 'node:assert/strict';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import { PG_SKIP_MESSAGE, postgresReachable, postgresTestSchema } from '../store/databases.ts';
import { REDIS_SKIP_MESSAGE, TEST_REDIS_URL, redisReachable } from '../support/external-services.ts';
import { harness, textSpec, waitFor, type Harness } from './harness.ts';

async function runOne(
  h: Harness,
  prompt: string,
  inputs: Array<{ field: string; filename: string; bytes: Uint8Array }> = [],
) {
  const principal = await h.key(5);
  const task = await h.services.tasks.submit({ ...principal, spec: textSpec(prompt), price: 0.5, inputs });
  const record = await waitFor(
    async () => {
      const current = await h.services.tasks.get(principal.accountId, task.uuid);
      return current.status === 'Done' || current.status === 'Failed' ? current : null;
    },
    60_000,
    `task "${prompt}" to end`,
  );
  return { principal, task, record };
}

describe('workers run engines in threads and record outcomes', () => {
  it('runs a task to Done: progress by stage, files stored, reservation settled', async () => {
    const h = await harness();
    const pool = h.services.startWorkers();
    try {
      const inputs = [
        { field: 'images', filename: 'a.png', bytes: new TextEncoder().encode('hello ') },
        { field: 'images', filename: 'b.png', bytes: new TextEncoder().encode('world') },
      ];
      const principal = await h.key(5);
      const task = await h.services.tasks.submit({ ...principal, spec: textSpec('sleep=600'), price: 0.5, inputs });
      const seen = new Set<string>();
      const progress: number[] = [];
      const stagesWhileGenerating: Array<string | null | undefined> = [];
      let record;
      for (;;) {
        const jobs = await h.services.tasks.statusBySubscriptionKey(principal.accountId, task.subscriptionKey);
        seen.add(jobs[0]!.status);
        if (jobs[0]!.status === 'Generating') stagesWhileGenerating.push(jobs[0]!.stage);
        progress.push(jobs[0]!.progress);
        if (jobs[0]!.status === 'Done') {
          record = await h.services.tasks.get(principal.accountId, task.uuid);
          break;
        }
        assert.notEqual(jobs[0]!.status, 'Failed');
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      assert.ok(seen.has('Generating'), 'Generating was observable');
      assert.ok(
        stagesWhileGenerating.every((stage) => typeof stage === 'string' && stage.length > 0),
        `a running job always names its stage (seen: ${JSON.stringify(stagesWhileGenerating)})`,
      );
      assert.ok(
        progress.some((value) => value > 0 && value < 100),
        'intermediate progress was persisted',
      );
      assert.deepEqual(
        progress,
        [...progress].sort((a, b) => a - b),
        'progress never goes backwards',
      );
      assert.equal(record.jobs[0]!.progress, 100);
      assert.deepEqual(
        record.files.map((file) => [file.name, file.size, file.contentType]),
        [
          ['base_basic_pbr.glb', 11, 'model/gltf-binary'],
          ['preview.webp', 7, 'image/webp'],
        ],
      );
      assert.deepEqual(record.notes, { inputs: 2, commands: ['sleep=600'] });
      assert.ok(record.startedAt && record.finishedAt && record.filesExpireAt);
      const opened = await h.services.tasks.openFile(task.uuid, 'base_basic_pbr.glb');
      assert.equal(opened?.contentType, 'model/gltf-binary');
      assert.equal(await text(opened!.stream), 'hello world', 'the engine received the inputs in order');
      assert.equal(new TextDecoder().decode((await h.services.tasks.readFile(task.uuid, 'preview.webp'))!), 'preview');
      assert.equal(await h.services.tasks.openFile(task.uuid, 'missing.glb'), null);
      assert.equal(await h.services.accounts.balance(principal.accountId), 4.5);
      const kinds = (await h.services.accounts.ledger(principal.accountId)).map((entry) => entry.kind);
      assert.deepEqual(kinds, ['credit', 'reserve', 'settle']);
      const listing = (await h.services.accounts.listKeys()).find((key) => key.id === principal.keyId);
      assert.equal(listing?.inFlight, 0, 'the in-flight slot is released');
    } finally {
      await pool.stop();
      await h.cleanup();
    }
  });

  it('an engine refusal (or unusable output) fails the task with its code and refunds, without retry', async () => {
    const h = await harness();
    const pool = h.services.startWorkers();
    try {
      const { principal, record } = await runOne(h, 'refuse');
      assert.equal(record.status, 'Failed');
      assert.deepEqual(record.error, {
        code: 'API_OBJECT_NOT_FOUND_ON_IMAGE',
        message: 'No object found on the image.',
      });
      assert.equal(record.jobs[0]!.status, 'Failed');
      assert.deepEqual(record.files, []);
      assert.equal(record.jobs[0]!.attempts, 1, 'refusals are not retried');
      assert.equal(await h.services.accounts.balance(principal.accountId), 5);
      assert.deepEqual(
        (await h.services.accounts.ledger(principal.accountId)).map((entry) => [entry.kind, entry.amount]),
        [
          ['credit', 5],
          ['reserve', -0.5],
          ['refund', 0.5],
        ],
      );
      const bad = await runOne(h, 'badname');
      assert.equal(bad.record.status, 'Failed');
      assert.match(bad.record.error!.message, /invalid file name "a\/b.glb"/);
      assert.equal(bad.record.jobs[0]!.attempts, 1, 'an engine bug is not retried');
      assert.equal(await h.services.accounts.balance(bad.principal.accountId), 5);
    } finally {
      await pool.stop();
      await h.cleanup();
    }
  });

  it('retries a failing run, then succeeds; gives up after max attempts with a message', async () => {
    const h = await harness({ KILN_MAX_ATTEMPTS: '2' });
    const pool = h.services.startWorkers();
    try {
      const marker = join(h.dataDir, 'failed-once');
      const flaky = await runOne(h, `once=${marker}`);
      assert.equal(flaky.record.status, 'Done');
      assert.equal(flaky.record.jobs[0]!.attempts, 2);
      const broken = await runOne(h, 'error');
      assert.equal(broken.record.status, 'Failed');
      assert.equal(broken.record.error?.code, 'UNKNOWN');
      assert.match(broken.record.error!.message, /after 2 attempts: scripted failure/);
      assert.equal(await h.services.accounts.balance(broken.principal.accountId), 5, 'refunded');
    } finally {
      await pool.stop();
      await h.cleanup();
    }
  });

  it('a stage that overruns its timeout fails the task with a clear message', async () => {
    const h = await harness({ KILN_STAGE_TIMEOUT_MS: '400' });
    const pool = h.services.startWorkers();
    try {
      const { principal, record } = await runOne(h, 'hang');
      assert.equal(record.status, 'Failed');
      assert.match(record.error!.message, /stage "stuck"/);
      assert.equal(await h.services.accounts.balance(principal.accountId), 5);
      const after = await runOne(h, '');
      assert.equal(after.record.status, 'Done', 'the pool keeps working after a thread was stopped');
    } finally {
      await pool.stop();
      await h.cleanup();
    }
  });

  it('stopping a pool hands the running job back; the next pool runs it without spending an attempt', async () => {
    const h = await harness();
    let pool = h.services.startWorkers();
    try {
      const principal = await h.key(5);
      const task = await h.services.tasks.submit({
        ...principal,
        spec: textSpec('sleep=3000'),
        price: 0.5,
        inputs: [],
      });
      await waitFor(
        async () => (await h.services.tasks.get(principal.accountId, task.uuid)).status === 'Generating',
        60_000,
        'Generating',
      );
      await pool.stop();
      // Had stop waited for the run, the entry would be done; it is back in the queue instead.
      assert.equal((await h.services.queue.state(task.jobs[0]!.uuid))?.state, 'queued');
      assert.equal((await h.services.tasks.get(principal.accountId, task.uuid)).status, 'Generating');
      pool = h.services.startWorkers();
      const done = await waitFor(
        async () => {
          const record = await h.services.tasks.get(principal.accountId, task.uuid);
          return record.status === 'Done' ? record : null;
        },
        60_000,
        'Done after restart',
      );
      assert.equal(done.jobs[0]!.attempts, 1);
      assert.equal(await h.services.accounts.balance(principal.accountId), 4.5);
    } finally {
      await pool.stop();
      await h.cleanup();
    }
  });

  it('a job whose worker died on its last attempt is failed and refunded, not lost', async () => {
    const h = await harness({ KILN_MAX_ATTEMPTS: '1', KILN_LEASE_MS: '300', KILN_HEARTBEAT_MS: '100' });
    try {
      const principal = await h.key(5);
      const task = await h.services.tasks.submit({ ...principal, spec: textSpec(), price: 0.5, inputs: [] });
      // A worker that leases the job and dies without a word.
      const lost = await h.services.queue.lease(300);
      assert.equal(lost?.attempt, 1);
      const pool = h.services.startWorkers();
      try {
        const record = await waitFor(
          async () => {
            const current = await h.services.tasks.get(principal.accountId, task.uuid);
            return current.status === 'Failed' ? current : null;
          },
          60_000,
          'Failed',
        );
        assert.match(record.error!.message, /after 1 attempt: lease expired/);
        assert.equal(await h.services.accounts.balance(principal.accountId), 5);
        assert.equal((await h.services.queue.state(task.jobs[0]!.uuid))?.state, 'failed');
      } finally {
        await pool.stop();
      }
    } finally {
      await h.cleanup();
    }
  });
});

it('on PostgreSQL: a task runs to Done and settles; a refusal refunds', async (t) => {
  if (!(await postgresReachable())) return t.skip(PG_SKIP_MESSAGE);
  const schema = await postgresTestSchema();
  const h = await harness({ DATABASE_URL: schema.url });
  const pool = h.services.startWorkers();
  try {
    const ok = await runOne(h, '');
    assert.equal(ok.record.status, 'Done');
    assert.equal(ok.record.files.length, 2);
    assert.equal(await h.services.accounts.balance(ok.principal.accountId), 4.5);
    const refused = await runOne(h, 'refuse');
    assert.equal(refused.record.error?.code, 'API_OBJECT_NOT_FOUND_ON_IMAGE');
    assert.equal(await h.services.accounts.balance(refused.principal.accountId), 5);
  } finally {
    await pool.stop();
    await h.cleanup();
    await schema.drop();
  }
});

it('with REDIS_URL (BullMQ queue): a task runs to Done and settles; a refusal refunds', async (t) => {
  if (!(await redisReachable())) return t.skip(REDIS_SKIP_MESSAGE);
  const url = TEST_REDIS_URL;
  const queueName = `kiln-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const h = await harness({ REDIS_URL: url, KILN_QUEUE_NAME: queueName });
  const pool = h.services.startWorkers();
  try {
    assert.equal(h.services.queue.transactional, false);
    const ok = await runOne(h, '');
    assert.equal(ok.record.status, 'Done');
    assert.equal(await h.services.accounts.balance(ok.principal.accountId), 4.5);
    const refused = await runOne(h, 'refuse');
    assert.equal(refused.record.error?.code, 'API_OBJECT_NOT_FOUND_ON_IMAGE');
    assert.equal(await h.services.accounts.balance(refused.principal.accountId), 5);
  } finally {
    await pool.stop();
    await (h.services.queue as import('../../src/queue/bullmq-queue.ts').BullQueue).obliterate();
    await h.cleanup();
  }
});
