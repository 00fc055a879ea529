/**
 * The TaskEventPublisher conformance suite: every implementation must pass it. The factory returns two
 * publishers of one deployment (for the distributed ones, two separate connections, as two processes
 * would have) and a cleanup.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskEvent, TaskEventPublisher } from '../../../src/tasks/events/index.ts';

export interface PublisherFactory {
  (): Promise<{ first: TaskEventPublisher; second: TaskEventPublisher; cleanup(): Promise<void> }>;
}

function collector(publisher: TaskEventPublisher) {
  const events: TaskEvent[] = [];
  const unsubscribe = publisher.subscribe((event) => events.push(event));
  return {
    events,
    unsubscribe,
    async until(count: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} events, got ${events.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return events;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function publisherConformance(
  label: string,
  factory: PublisherFactory,
  skip: () => Promise<string | false> = async () => false,
): void {
  describe(`TaskEventPublisher conformance: ${label}`, () => {
    async function withPublishers(
      body: (first: TaskEventPublisher, second: TaskEventPublisher) => Promise<void>,
      t: { skip(msg: string): void },
    ) {
      const reason = await skip();
      if (reason) return t.skip(reason);
      const { first, second, cleanup } = await factory();
      try {
        await body(first, second);
      } finally {
        await cleanup();
      }
    }

    it('delivers every event, in order and intact, to subscribers of the publishing and of another publisher', (t) =>
      withPublishers(async (first, second) => {
        const own = collector(first);
        const other = collector(second);
        const sent: TaskEvent[] = [
          { type: 'started', taskId: 't1', jobId: 'j1', attempt: 1, stage: 'starting', at: 1 },
          ...Array.from({ length: 20 }, (_, i) => ({
            type: 'progress' as const,
            taskId: 't1',
            jobId: 'j1',
            stage: 'shape',
            progress: i * 4,
            at: 2 + i,
          })),
          { type: 'done', taskId: 't1', jobId: 'j1', files: ['base_basic_pbr.glb', 'preview.webp'], at: 30 },
        ];
        for (const event of sent) await first.publish(event);
        assert.deepEqual(await other.until(sent.length), sent);
        assert.deepEqual(await own.until(sent.length), sent);
      }, t));

    it('stops delivering after unsubscribe, and a throwing listener does not starve the others', (t) =>
      withPublishers(async (first, second) => {
        second.subscribe(() => {
          throw new Error('a broken reader');
        });
        const kept = collector(second);
        const dropped = collector(second);
        await first.publish({ type: 'waiting', taskId: 't2', position: 2, at: 1 });
        await kept.until(1);
        await dropped.until(1);
        dropped.unsubscribe();
        await first.publish({ type: 'failed', taskId: 't2', error: { code: 'UNKNOWN', message: 'x' }, at: 2 });
        await kept.until(2);
        await sleep(100);
        assert.equal(dropped.events.length, 1);
        assert.deepEqual(kept.events[1]!.error, { code: 'UNKNOWN', message: 'x' });
      }, t));

    it('publish after close of the other side does not throw', (t) =>
      withPublishers(async (first, second) => {
        await second.close();
        await first.publish({ type: 'progress', taskId: 't3', progress: 5, at: 1 });
      }, t));
  });
}
