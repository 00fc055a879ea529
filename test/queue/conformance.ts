/**
 * The JobQueue conformance suite: every implementation must pass it. Call `queueConformance(label,
 * factory)` from a test file; the factory returns a fresh, empty queue and a cleanup.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JobQueue } from '../../src/queue/index.ts';

export interface QueueFactory {
  (options: { maxAttempts: number }): Promise<{ queue: JobQueue; cleanup(): Promise<void> }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function queueConformance(
  label: string,
  factory: QueueFactory,
  skip: () => Promise<string | false> = async () => false,
): void {
  describe(`JobQueue conformance: ${label}`, () => {
    async function withQueue(
      maxAttempts: number,
      body: (queue: JobQueue) => Promise<void>,
      t: { skip(msg: string): void },
    ) {
      const reason = await skip();
      if (reason) return t.skip(reason);
      const { queue, cleanup } = await factory({ maxAttempts });
      try {
        await body(queue);
      } finally {
        await cleanup();
      }
    }

    it('hands out jobs oldest first, each to one worker, and completes them', (t) =>
      withQueue(
        3,
        async (queue) => {
          await queue.enqueue('a', 'payload-a');
          await sleep(2);
          await queue.enqueue('b', 'payload-b');
          await queue.enqueue('a', 'duplicate ignored');
          const first = await queue.lease(5_000);
          const second = await queue.lease(5_000);
          assert.equal(first?.id, 'a');
          assert.equal(first?.payload, 'payload-a');
          assert.equal(first?.attempt, 1);
          assert.equal(first?.exhausted, false);
          assert.equal(second?.id, 'b');
          assert.equal(await queue.lease(5_000), null, 'nothing left while both are leased');
          assert.equal(await queue.complete('a', first!.owner), true);
          assert.equal((await queue.state('a'))?.state, 'done');
          assert.equal(await queue.complete('a', first!.owner), false, 'completing twice reports the lost lease');
          assert.deepEqual(await queue.stats(), { queued: 0, leased: 1, done: 1, failed: 0 });
        },
        t,
      ));

    it('hands out lower priorities first, oldest first among equals (fair turns between keys)', (t) =>
      withQueue(
        3,
        async (queue) => {
          await queue.enqueue('a1', 'x', { priority: 0 });
          await sleep(2);
          await queue.enqueue('a2', 'x', { priority: 1 });
          await sleep(2);
          await queue.enqueue('a3', 'x', { priority: 2 });
          await sleep(2);
          await queue.enqueue('b1', 'x', { priority: 0 });
          await sleep(2);
          await queue.enqueue('plain', 'x');
          const order: string[] = [];
          for (let job = await queue.lease(5_000); job; job = await queue.lease(5_000)) order.push(job.id);
          assert.deepEqual(order, ['a1', 'b1', 'plain', 'a2', 'a3']);
        },
        t,
      ));

    it('gives concurrent lessees distinct jobs', (t) =>
      withQueue(
        3,
        async (queue) => {
          for (let i = 0; i < 20; i++) await queue.enqueue(`job-${i}`, String(i));
          const leases = await Promise.all(Array.from({ length: 30 }, () => queue.lease(5_000)));
          const ids = leases.filter((lease) => lease !== null).map((lease) => lease!.id);
          assert.equal(new Set(ids).size, ids.length, 'no job leased twice');
          assert.equal(ids.length, 20);
        },
        t,
      ));

    it('re-queues a job whose lease expired, and heartbeats keep a lease alive', (t) =>
      withQueue(
        3,
        async (queue) => {
          await queue.enqueue('dies', 'x');
          await queue.enqueue('lives', 'y');
          // Generous margins: a loaded CI machine may pause this loop for a few hundred ms.
          const dying = await queue.lease(400);
          const living = await queue.lease(400);
          for (let i = 0; i < 6; i++) {
            await sleep(100);
            assert.equal(await queue.heartbeat(living!.id, living!.owner, 400), true);
          }
          assert.equal(await queue.reap(), 1, 'only the job without heartbeats is re-queued');
          assert.equal(await queue.heartbeat(dying!.id, dying!.owner, 400), false, 'the dead worker lost its lease');
          const again = await queue.lease(5_000);
          assert.equal(again?.id, 'dies');
          assert.equal(again?.attempt, 2);
          assert.match(again?.lastError ?? '', /lease expired/);
          assert.equal(await queue.complete(dying!.id, dying!.owner), false, 'a stale owner cannot complete');
          assert.equal(await queue.complete(again!.id, again!.owner), true);
        },
        t,
      ));

    it('retries failed attempts up to maxAttempts, then fails with the message', (t) =>
      withQueue(
        2,
        async (queue) => {
          await queue.enqueue('flaky', 'z');
          const one = await queue.lease(5_000);
          assert.equal(await queue.fail(one!.id, one!.owner, 'first error'), 'queued');
          const two = await queue.lease(5_000);
          assert.equal(two?.attempt, 2);
          assert.equal(two?.lastError, 'first error');
          assert.equal(await queue.fail(two!.id, two!.owner, 'second error'), 'failed');
          assert.equal(await queue.lease(5_000), null);
          assert.deepEqual(await queue.state('flaky'), { state: 'failed', attempts: 2, lastError: 'second error' });
        },
        t,
      ));

    it('fails at once without retry, and delays retries', (t) =>
      withQueue(
        3,
        async (queue) => {
          await queue.enqueue('refused', '1');
          await queue.enqueue('later', '2');
          const refused = await queue.lease(5_000);
          assert.equal(await queue.fail(refused!.id, refused!.owner, 'bad input', { retry: false }), 'failed');
          const later = await queue.lease(5_000);
          assert.equal(await queue.fail(later!.id, later!.owner, 'busy', { delayMs: 800 }), 'queued');
          assert.equal(await queue.lease(5_000), null, 'not before the delay');
          await sleep(850);
          assert.equal((await queue.lease(5_000))?.id, 'later');
        },
        t,
      ));

    it('hands a job lost on its last attempt out once more, marked exhausted', (t) =>
      withQueue(
        1,
        async (queue) => {
          await queue.enqueue('crashy', 'c');
          await queue.lease(100);
          await sleep(150);
          await queue.reap();
          const last = await queue.lease(5_000);
          assert.equal(last?.exhausted, true, 'the owner must record the failure');
          assert.match(last?.lastError ?? '', /lease expired/);
          assert.equal(await queue.fail(last!.id, last!.owner, 'gave up', { retry: false }), 'failed');
          assert.equal((await queue.state('crashy'))?.state, 'failed');
        },
        t,
      ));

    it('takes a released job back without spending its attempt', (t) =>
      withQueue(
        2,
        async (queue) => {
          await queue.enqueue('handed-back', 'r');
          const first = await queue.lease(5_000);
          assert.equal(await queue.release(first!.id, first!.owner), true);
          assert.equal(await queue.release(first!.id, first!.owner), false, 'the lease ended with the release');
          const second = await queue.lease(5_000);
          assert.equal(second?.id, 'handed-back');
          assert.equal(second?.attempt, 1);
        },
        t,
      ));

    it('reports the state of queued and unknown jobs', (t) =>
      withQueue(
        3,
        async (queue) => {
          await queue.enqueue('durable', 'p');
          assert.equal((await queue.state('durable'))?.state, 'queued');
          assert.equal(await queue.state('unknown'), null);
        },
        t,
      ));
  });
}
