/**
 * Task management on the service, on SQLite and PostgreSQL: the history list (filters, cursor pages),
 * cancel (Waiting and Generating, refunded once), delete (files gone, record hidden, ledger kept), and
 * concurrent cancels racing completions with the ledger checked task by task.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { KilnError } from '../../src/errors.ts';
import { PG_SKIP_MESSAGE, postgresReachable, postgresTestSchema } from '../store/databases.ts';
import { harness, textSpec, waitFor, type Harness } from './harness.ts';

type Backend = { name: string; env(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> };

const backends: Backend[] = [
  { name: 'SQLite', env: async () => ({ env: {}, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    env: async () => {
      const schema = await postgresTestSchema();
      return { env: { DATABASE_URL: schema.url }, drop: schema.drop };
    },
  },
];

const rejectsWith = (promise: Promise<unknown>, code: string) =>
  assert.rejects(promise, (error: unknown) => error instanceof KilnError && error.code === code);

/** One service stack per backend, shared by the tests in order (the first runs without workers). */
function sharedHarness(backend: Backend) {
  let h: Harness | undefined;
  let drop: (() => Promise<void>) | undefined;
  let workers = false;
  return {
    async get(options: { workers?: boolean } = {}): Promise<Harness> {
      if (!h) {
        const database = await backend.env();
        drop = database.drop;
        h = await harness({ ...database.env, KILN_MAX_IN_FLIGHT: '50' });
      }
      if (options.workers && !workers) {
        h.services.startWorkers({ count: 2 });
        workers = true;
      }
      return h;
    },
    async close() {
      await h?.cleanup();
      await drop?.();
    },
  };
}

const ended = (h: Harness, accountId: string, uuid: string) =>
  waitFor(
    async () => {
      const record = await h.services.tasks.get(accountId, uuid);
      return record.status === 'Done' || record.status === 'Failed' ? record : null;
    },
    120_000,
    `task ${uuid} to end`,
  );

for (const backend of backends) {
  describe(`task management (${backend.name})`, async () => {
    const skip = backend.name === 'PostgreSQL' && !(await postgresReachable()) ? PG_SKIP_MESSAGE : false;
    const shared = sharedHarness(backend);
    after(() => shared.close());

    it('lists the account’s own tasks newest first, filtered by state and kind, in cursor pages', {
      skip,
    }, async () => {
      const h = await shared.get();
      const mine = await h.key(10);
      const other = await h.key(10);
      const submitted: string[] = [];
      for (let i = 0; i < 5; i++) {
        const task = await h.services.tasks.submit({ ...mine, spec: textSpec(`n${i}`), price: 0.5, inputs: [] });
        submitted.push(task.uuid);
      }
      await h.services.tasks.submit({ ...other, spec: textSpec('other'), price: 0.5, inputs: [] });
      await h.services.tasks.cancel(mine.accountId, submitted[1]!);

      const all = await h.services.tasks.list(mine.accountId);
      assert.deepEqual(
        all.tasks.map((task) => task.uuid),
        [...submitted].reverse(),
      );
      assert.equal(all.nextCursor, null);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await h.services.tasks.list(mine.accountId, { limit: 2, cursor });
        assert.ok(page.tasks.length <= 2);
        seen.push(...page.tasks.map((task) => task.uuid));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      assert.deepEqual(seen, [...submitted].reverse(), 'pages neither skip nor repeat');

      const failed = await h.services.tasks.list(mine.accountId, { states: ['Failed'] });
      assert.deepEqual(
        failed.tasks.map((task) => task.uuid),
        [submitted[1]],
      );
      assert.equal((await h.services.tasks.list(mine.accountId, { kinds: ['bang'] })).tasks.length, 0);
      assert.equal((await h.services.tasks.list(mine.accountId, { kinds: ['generate', 'bang'] })).tasks.length, 5);
      await rejectsWith(h.services.tasks.list(mine.accountId, { cursor: 'not-a-cursor' }), 'INVALID_REQUEST');
    });

    it('cancels a Waiting task at once and a Generating one at its next stage, refunding each once', {
      skip,
    }, async () => {
      const h = await shared.get();
      const principal = await h.key(2);
      const waiting = await h.services.tasks.submit({ ...principal, spec: textSpec(''), price: 0.5, inputs: [] });
      const record = await h.services.tasks.cancel(principal.accountId, waiting.uuid);
      assert.equal(record.status, 'Failed');
      assert.equal(record.error?.code, 'CANCELLED');
      assert.match(record.error?.message ?? '', /refunded/);
      assert.equal(await h.services.accounts.balance(principal.accountId), 2);
      await rejectsWith(h.services.tasks.cancel(principal.accountId, waiting.uuid), 'TASK_ALREADY_ENDED');

      await shared.get({ workers: true });
      const running = await h.services.tasks.submit({
        ...principal,
        spec: textSpec('sleep=20000'),
        price: 0.5,
        inputs: [],
      });
      await waitFor(
        async () => (await h.services.tasks.get(principal.accountId, running.uuid)).jobs[0]?.stage === 'shape',
        120_000, // the first run starts an engine thread: slow on a busy machine
        'the run to reach stage "shape"',
      );
      const started = Date.now();
      const cancelled = await h.services.tasks.cancel(principal.accountId, running.uuid);
      assert.equal(cancelled.status, 'Failed');
      assert.equal(cancelled.error?.code, 'CANCELLED');
      await waitFor(async () => (await h.services.queue.stats()).leased === 0, 10_000, 'the cancelled run to stop');
      assert.ok(Date.now() - started < 10_000, 'the 20 s run stopped long before its end');
      assert.equal(await h.services.accounts.balance(principal.accountId), 2);
      assert.ok(!existsSync(join(h.dataDir, 'blobs', 'outputs', running.uuid)), 'no outputs stored');
      const ledger = await h.services.accounts.ledger(principal.accountId);
      assert.deepEqual(
        ledger.filter((entry) => entry.taskId === running.uuid).map((entry) => entry.kind),
        ['reserve', 'refund'],
      );
    });

    it('refuses to cancel a Done task and to delete a running one; delete removes files, keeps the ledger', {
      skip,
    }, async () => {
      const h = await shared.get({ workers: true });
      const principal = await h.key(2);
      const other = await h.key(2);
      const done = await h.services.tasks.submit({ ...principal, spec: textSpec(''), price: 0.5, inputs: [] });
      assert.equal((await ended(h, principal.accountId, done.uuid)).status, 'Done');
      await rejectsWith(h.services.tasks.cancel(principal.accountId, done.uuid), 'TASK_ALREADY_ENDED');
      await rejectsWith(h.services.tasks.cancel(other.accountId, done.uuid), 'NO_SUCH_TASK');
      await rejectsWith(h.services.tasks.remove(other.accountId, done.uuid), 'NO_SUCH_TASK');

      const running = await h.services.tasks.submit({
        ...principal,
        spec: textSpec('sleep=20000'),
        price: 0.5,
        inputs: [],
      });
      await rejectsWith(h.services.tasks.remove(principal.accountId, running.uuid), 'TASK_STILL_RUNNING');
      await h.services.tasks.cancel(principal.accountId, running.uuid);

      const outputs = join(h.dataDir, 'blobs', 'outputs', done.uuid);
      assert.ok(existsSync(outputs));
      const before = await h.services.accounts.ledger(principal.accountId);
      await h.services.tasks.remove(principal.accountId, done.uuid);
      await h.services.tasks.remove(principal.accountId, running.uuid);
      assert.ok(!existsSync(outputs), 'output files removed');
      await rejectsWith(h.services.tasks.get(principal.accountId, done.uuid), 'NO_SUCH_TASK');
      await rejectsWith(
        h.services.tasks.statusBySubscriptionKey(principal.accountId, done.subscriptionKey),
        'NO_SUCH_TASK',
      );
      assert.equal(await h.services.tasks.readFile(done.uuid, 'base_basic_pbr.glb'), null);
      await rejectsWith(h.services.tasks.remove(principal.accountId, done.uuid), 'NO_SUCH_TASK');
      assert.equal((await h.services.tasks.list(principal.accountId)).tasks.length, 0);
      assert.deepEqual(await h.services.accounts.ledger(principal.accountId), before, 'the ledger is untouched');
      assert.equal(await h.services.accounts.balance(principal.accountId), 1.5);
    });

    it('keeps the ledger exact when cancels race completions (no double refund, no charge of a cancelled task)', {
      skip,
    }, async () => {
      const h = await shared.get({ workers: true });
      const principal = await h.key(20);
      // Each task's two cancels follow one of four timings, watched on the record, so the race is real
      // whatever the machine's speed: 0 both at once right after submission, 1 as soon as it runs,
      // 2 both at once when it reaches 90 % (racing the output store and the Done write), 3 after Done.
      const count = 16;
      const sleeps = [300, 600, 200, 0];
      const tasks = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          h.services.tasks.submit({ ...principal, spec: textSpec(`sleep=${sleeps[i % 4]}`), price: 0.5, inputs: [] }),
        ),
      );
      const cancel = (uuid: string) =>
        h.services.tasks.cancel(principal.accountId, uuid).then(
          () => 'cancelled',
          (error: KilnError) => error.code,
        );
      const when = async (uuid: string, ready: (record: Awaited<ReturnType<typeof ended>>) => boolean) => {
        await waitFor(async () => {
          const record = await h.services.tasks.get(principal.accountId, uuid);
          return ready(record) || record.status === 'Done' || record.status === 'Failed';
        }, 120_000);
      };
      const outcomes = (
        await Promise.all(
          tasks.map(async (task, i) => {
            const policy = i % 4;
            if (policy === 1) await when(task.uuid, (record) => record.status === 'Generating');
            if (policy === 2) await when(task.uuid, (record) => (record.jobs[0]?.progress ?? 0) >= 90);
            if (policy === 3) await ended(h, principal.accountId, task.uuid);
            return { policy, results: await Promise.all([cancel(task.uuid), cancel(task.uuid)]) };
          }),
        )
      ).flatMap(({ policy, results }) => results.map((result) => ({ policy, result })));
      assert.ok(
        outcomes.every(({ result }) => result === 'cancelled' || result === 'TASK_ALREADY_ENDED'),
        JSON.stringify(outcomes),
      );
      const records = await Promise.all(tasks.map((task) => ended(h, principal.accountId, task.uuid)));
      const ledger = await h.services.accounts.ledger(principal.accountId);
      let done = 0;
      for (const record of records) {
        const kinds = ledger.filter((entry) => entry.taskId === record.uuid).map((entry) => entry.kind);
        if (record.status === 'Done') {
          done++;
          assert.deepEqual(kinds, ['reserve', 'settle'], `${record.uuid} Done: charged once`);
        } else {
          assert.equal(record.error?.code, 'CANCELLED');
          assert.deepEqual(kinds, ['reserve', 'refund'], `${record.uuid} cancelled: refunded once, never settled`);
          // The worker that lost the race removes what it stored once its Done write is refused: soon after the
          // cancel, not necessarily before it answered.
          await waitFor(
            async () => !existsSync(join(h.dataDir, 'blobs', 'outputs', record.uuid)),
            10_000,
            `cancelled task ${record.uuid} to keep no outputs`,
          );
        }
      }
      const cancelled = outcomes.filter(({ result }) => result === 'cancelled').length;
      assert.equal(cancelled, count - done, 'exactly one cancel succeeded per cancelled task');
      for (const [i, record] of records.entries()) {
        if (i % 4 === 0 || i % 4 === 1) assert.equal(record.status, 'Failed', `task ${i} cancelled before its end`);
        if (i % 4 === 3) assert.equal(record.status, 'Done', `task ${i} cancelled only after Done`);
      }
      assert.equal(await h.services.accounts.balance(principal.accountId), 20 - 0.5 * done);
    });
  });
}
