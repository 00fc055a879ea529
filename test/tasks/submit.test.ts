import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KilnError } from '../../src/errors.ts';
import { PG_SKIP_MESSAGE, postgresReachable, postgresTestSchema } from '../store/databases.ts';
import { harness, imageSpec, textSpec } from './harness.ts';

const code = (expected: string) => (error: unknown) => error instanceof KilnError && error.code === expected;

describe('TaskService.submit (no workers running)', () => {
  it('reserves the price with the task and reports it Waiting with a stored spec', async () => {
    const h = await harness();
    try {
      const { accountId, keyId } = await h.key(3);
      const inputs = [
        { field: 'images', filename: '0000.png', bytes: new Uint8Array([1, 2, 3]) },
        { field: 'images', filename: 'images', bytes: new Uint8Array([4, 5]) },
      ];
      const task = await h.services.tasks.submit({ accountId, keyId, spec: imageSpec(2), price: 0.5, inputs });
      assert.equal(task.replayed, false);
      assert.equal(task.status, 'Waiting');
      assert.equal(task.price, 0.5);
      assert.equal(task.prompt, 'scripted: ', 'prompt comes from the engine when the caller gives none');
      assert.equal(task.jobs.length, 1);
      assert.deepEqual(
        task.jobs.map((job) => [job.status, job.progress]),
        [['Waiting', 0]],
      );
      assert.deepEqual(task.params, JSON.parse(JSON.stringify(imageSpec(2))));
      assert.ok(!Number.isNaN(Date.parse(task.submitTime)));
      assert.equal(await h.services.accounts.balance(accountId), 2.5);
      const ledger = await h.services.accounts.ledger(accountId);
      assert.deepEqual(
        ledger.map((entry) => [entry.kind, entry.amount, entry.taskId]),
        [
          ['credit', 3, null],
          ['reserve', -0.5, task.uuid],
        ],
      );
      assert.equal((await h.services.blobs.list(`inputs/${task.uuid}/`)).length, 2, 'inputs stored');
      assert.equal((await h.services.queue.stats()).queued, 1, 'enqueued');
      const status = await h.services.tasks.statusBySubscriptionKey(accountId, task.subscriptionKey);
      assert.deepEqual(
        status.map((job) => [job.uuid, job.status]),
        [[task.jobs[0]!.uuid, 'Waiting']],
      );
      assert.deepEqual(await h.services.tasks.files(accountId, task.uuid), [], 'no files before Done');
    } finally {
      await h.cleanup();
    }
  });

  it('signals a waiting consumer once the submission is committed and queued, so it need not wait for a poll', async () => {
    const h = await harness();
    try {
      const { accountId, keyId } = await h.key(3);
      const queue = h.services.queue;
      assert.ok(queue.untilReady, 'the embedded queue offers the wake-up');
      let queuedWhenWoken = -1;
      // A consumer waits a minute on the empty queue; the submission wakes it with its job ready to lease.
      const waiting = queue.untilReady(60_000).then(async () => {
        queuedWhenWoken = (await queue.stats()).queued;
      });
      await h.services.tasks.submit({ accountId, keyId, spec: textSpec('a cup'), price: 0.5, inputs: [] });
      await waiting;
      assert.equal(queuedWhenWoken, 1);
    } finally {
      await h.cleanup();
    }
  });

  it('uses the caller prompt as given, and does not wait long for a slow describePrompt', async () => {
    const h = await harness();
    try {
      const principal = await h.key(5);
      const given = await h.services.tasks.submit({
        ...principal,
        spec: textSpec('slowdescribe'),
        price: 0.5,
        inputs: [],
        prompt: 'as sent',
      });
      assert.equal(given.prompt, 'as sent');
      const started = Date.now();
      const slow = await h.services.tasks.submit({
        ...principal,
        spec: textSpec('a slowdescribe vase'),
        price: 0.5,
        inputs: [],
      });
      assert.ok(Date.now() - started < 8_000, 'bounded by the describe timeout, not the 10 s engine');
      assert.equal(slow.prompt, 'a slowdescribe vase', 'falls back to the request prompt');
    } finally {
      await h.cleanup();
    }
  });

  it('refuses a short balance with INSUFFICIENT_FUND and stores nothing', async () => {
    const h = await harness();
    try {
      const { accountId, keyId } = await h.key(0.5);
      await assert.rejects(
        h.services.tasks.submit({
          accountId,
          keyId,
          spec: textSpec(),
          price: 3,
          inputs: [{ field: 'images', filename: 'x', bytes: new Uint8Array(4) }],
        }),
        code('INSUFFICIENT_FUND'),
      );
      assert.equal(await h.services.accounts.balance(accountId), 0.5);
      assert.equal((await h.services.db.kysely.selectFrom('tasks').selectAll().execute()).length, 0);
      assert.deepEqual(await h.services.blobs.list('inputs/'), [], 'input blobs removed again');
      assert.equal((await h.services.queue.stats()).queued, 0);
    } finally {
      await h.cleanup();
    }
  });

  it('caps the tasks in flight per key (API_PARALLELISM_LIMIT_REACHED) without charging', async () => {
    const h = await harness({ KILN_MAX_IN_FLIGHT: '2' });
    try {
      const { accountId, keyId } = await h.key(10);
      for (let i = 0; i < 2; i++)
        await h.services.tasks.submit({ accountId, keyId, spec: textSpec(), price: 0.5, inputs: [] });
      await assert.rejects(
        h.services.tasks.submit({ accountId, keyId, spec: textSpec(), price: 0.5, inputs: [] }),
        code('API_PARALLELISM_LIMIT_REACHED'),
      );
      assert.equal(await h.services.accounts.balance(accountId), 9);
      const other = await h.services.accounts.createKey({ accountId });
      await h.services.tasks.submit({ accountId, keyId: other.record.id, spec: textSpec(), price: 0.5, inputs: [] });
    } finally {
      await h.cleanup();
    }
  });

  it('replays an Idempotency-Key with the same body and refuses it with another', async () => {
    const h = await harness();
    try {
      const { accountId, keyId } = await h.key(5);
      const request = {
        accountId,
        keyId,
        spec: textSpec('a chair'),
        price: 0.5,
        inputs: [],
        idempotencyKey: 'retry-1',
        requestHash: 'h1',
      };
      const first = await h.services.tasks.submit(request);
      const [again, concurrent] = await Promise.all([
        h.services.tasks.submit(request),
        h.services.tasks.submit(request),
      ]);
      assert.equal(again.uuid, first.uuid);
      assert.equal(concurrent.uuid, first.uuid);
      assert.equal(again.replayed, true);
      assert.equal(again.price, 0.5, 'the first response again, consumed included');
      assert.equal(await h.services.accounts.balance(accountId), 4.5, 'charged once');
      await assert.rejects(h.services.tasks.submit({ ...request, requestHash: 'h2' }), code('IDEMPOTENCY_KEY_REUSED'));
      const otherAccount = await h.key(5);
      const separate = await h.services.tasks.submit({ ...request, ...otherAccount });
      assert.notEqual(separate.uuid, first.uuid, 'keys are scoped to their account');
    } finally {
      await h.cleanup();
    }
  });

  it('refuses a kind without an engine with ENGINE_UNAVAILABLE, charging nothing', async () => {
    const h = await harness({}, false);
    try {
      const { accountId, keyId } = await h.key(5);
      await assert.rejects(
        h.services.tasks.submit({ accountId, keyId, spec: textSpec(), price: 0.5, inputs: [] }),
        (error: unknown) => {
          assert.ok(error instanceof KilnError && error.code === 'ENGINE_UNAVAILABLE');
          assert.match(error.message, /generate-text/);
          return true;
        },
      );
      assert.equal(await h.services.accounts.balance(accountId), 5);
    } finally {
      await h.cleanup();
    }
  });

  it('finds tasks by task or job uuid, only for their own account', async () => {
    const h = await harness();
    try {
      const owner = await h.key(5);
      const stranger = await h.key(5);
      const task = await h.services.tasks.submit({ ...owner, spec: textSpec(), price: 0.5, inputs: [] });
      assert.equal((await h.services.tasks.get(owner.accountId, task.jobs[0]!.uuid)).uuid, task.uuid);
      await assert.rejects(h.services.tasks.get(stranger.accountId, task.uuid), code('NO_SUCH_TASK'));
      await assert.rejects(h.services.tasks.files(stranger.accountId, task.uuid), code('NO_SUCH_TASK'));
      await assert.rejects(
        h.services.tasks.statusBySubscriptionKey(stranger.accountId, task.subscriptionKey),
        code('NO_SUCH_TASK'),
      );
      await assert.rejects(
        h.services.tasks.statusBySubscriptionKey(owner.accountId, 'no-such-key'),
        code('NO_SUCH_TASK'),
      );
      await assert.rejects(
        h.services.tasks.get(owner.accountId, '00000000-0000-0000-0000-000000000000'),
        code('NO_SUCH_TASK'),
      );
    } finally {
      await h.cleanup();
    }
  });
});

async function concurrentSubmissions(env: Record<string, string>) {
  const h = await harness({ KILN_MAX_IN_FLIGHT: '1000', ...env });
  try {
    const { accountId, keyId } = await h.key(50); // 100 × 0.5
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        h.services.tasks.submit({ accountId, keyId, spec: textSpec(), price: 0.5, inputs: [] }),
      ),
    );
    const accepted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    assert.equal(accepted.length, 100);
    assert.ok(
      refused.every((result) => code('INSUFFICIENT_FUND')((result as PromiseRejectedResult).reason)),
      'every refusal is INSUFFICIENT_FUND',
    );
    assert.equal(await h.services.accounts.balance(accountId), 0);
    const ledger = await h.services.accounts.ledger(accountId);
    assert.equal(
      ledger.reduce((sum, entry) => sum + entry.amount, 0),
      0,
      'balance == sum(ledger)',
    );
    assert.equal((await h.services.db.kysely.selectFrom('tasks').select('id').execute()).length, 100);
    assert.equal((await h.services.queue.stats()).queued, 100);
  } finally {
    await h.cleanup();
  }
}

describe('200 concurrent submissions with credits for 100', () => {
  it('accept exactly 100 and leave a zero balance (SQLite)', () => concurrentSubmissions({}));
  it('accept exactly 100 and leave a zero balance (PostgreSQL)', async (t) => {
    if (!(await postgresReachable())) return t.skip(PG_SKIP_MESSAGE);
    const schema = await postgresTestSchema();
    try {
      await concurrentSubmissions({ DATABASE_URL: schema.url });
    } finally {
      await schema.drop();
    }
  });
});
