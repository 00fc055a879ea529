/** The task feed on the real worker loop: queue positions, a failed task's code and message, stale events dropped. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TaskEvent } from '../../../src/tasks/events/index.ts';
import { harness, textSpec } from '../harness.ts';

function collect(h: Awaited<ReturnType<typeof harness>>, taskId: string, afterId = 0) {
  const events: Array<{ id: number; event: TaskEvent }> = [];
  const controller = new AbortController();
  const done = h.services.feed.follow(taskId, {
    afterId,
    signal: controller.signal,
    onEvent: (id, event) => events.push({ id, event }),
  });
  return { events, done, stop: () => controller.abort() };
}

test('waiting tasks see their queue position move up; a refused task ends its stream with failed (code and message)', async () => {
  const h = await harness();
  try {
    const principal = await h.key(10);
    const first = await h.services.tasks.submit({ ...principal, spec: textSpec('sleep=300'), price: 0.5, inputs: [] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await h.services.tasks.submit({ ...principal, spec: textSpec('refuse'), price: 0.5, inputs: [] });
    const watching = collect(h, second.uuid);
    const deadline = Date.now() + 5_000;
    while (watching.events.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(watching.events[0]!.event.type, 'waiting');
    assert.equal(watching.events[0]!.event.position, 2, 'one task ahead');
    h.services.startWorkers({ count: 1 });
    await watching.done;
    const types = watching.events.map((item) => item.event.type);
    assert.equal(types.at(-1), 'failed');
    assert.deepEqual(watching.events.at(-1)!.event.error, {
      code: 'API_OBJECT_NOT_FOUND_ON_IMAGE',
      message: 'No object found on the image.',
    });
    const ids = watching.events.map((item) => item.id);
    assert.deepEqual(
      [...ids].sort((a, b) => a - b),
      ids,
    );
    const firstStream = collect(h, first.uuid);
    await firstStream.done;
    assert.deepEqual(
      firstStream.events.map((item) => item.event.type),
      ['done'],
      'a finished task streams only its final event',
    );
  } finally {
    await h.cleanup();
  }
});

test('events published with ids at or below the last one shown are dropped (a retry restarting at zero)', async () => {
  const h = await harness();
  try {
    const principal = await h.key(10);
    const task = await h.services.tasks.submit({ ...principal, spec: textSpec(''), price: 0.5, inputs: [] });
    const watching = collect(h, task.uuid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const publish = (event: Omit<TaskEvent, 'taskId' | 'at'>) =>
      h.services.events.publish({ ...event, taskId: task.uuid, at: Date.now() });
    await publish({ type: 'progress', progress: 40, stage: 'shape' });
    await publish({ type: 'started', attempt: 2, stage: 'starting' });
    await publish({ type: 'progress', progress: 10, stage: 'prepare' });
    await publish({ type: 'progress', progress: 41, stage: 'shape' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    watching.stop();
    await watching.done;
    assert.deepEqual(
      watching.events.map((item) => [item.event.type, item.event.progress ?? item.event.position]),
      [
        ['waiting', 1],
        ['progress', 40],
        ['progress', 41],
      ],
    );
  } finally {
    await h.cleanup();
  }
});
