import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { after, describe, it } from 'node:test';
import { EngineError } from '../../src/engines/engine.ts';
import { EngineRunner, RunAbortedError, StageTimeoutError } from '../../src/engines/runner/index.ts';
import { SCRIPTED_ENGINE, textSpec } from '../tasks/harness.ts';

describe('EngineRunner (piscina worker threads)', () => {
  const runner = new EngineRunner({ threads: 1, stageTimeoutMs: 500 });
  after(() => runner.close());

  it('runs a .ts engine module in a thread, streams progress, moves bytes both ways', async () => {
    const input = new TextEncoder().encode('bytes in');
    const updates: Array<[string, number]> = [];
    const result = await runner.run({
      moduleUrl: SCRIPTED_ENGINE,
      taskId: 't1',
      spec: textSpec('sleep=200'),
      inputs: [{ field: 'images', filename: 'x.png', bytes: input }],
      onProgress: (stage, percent) => updates.push([stage, percent]),
    });
    assert.equal(new TextDecoder().decode(result.files[0]!.bytes), 'bytes in');
    assert.equal(input.byteLength, 0, 'the input buffer was transferred, not copied');
    assert.deepEqual([...new Set(updates.map(([stage]) => stage))], ['prepare', 'shape', 'export']);
    assert.ok(result.files[0]!.bytes instanceof Uint8Array);
    assert.deepEqual(result.notes, { inputs: 1, commands: ['sleep=200'] });
  });

  it('keeps EngineError codes across the thread boundary', async () => {
    await assert.rejects(
      runner.run({ moduleUrl: SCRIPTED_ENGINE, taskId: 't2', spec: textSpec('refuse'), inputs: [] }),
      (error: unknown) => error instanceof EngineError && error.code === 'API_OBJECT_NOT_FOUND_ON_IMAGE',
    );
    await assert.rejects(
      runner.run({ moduleUrl: SCRIPTED_ENGINE, taskId: 't3', spec: textSpec('error'), inputs: [] }),
      /scripted failure/,
    );
  });

  it('stops a stage that overruns, and a run its caller aborts', async () => {
    await assert.rejects(
      runner.run({ moduleUrl: SCRIPTED_ENGINE, taskId: 't4', spec: textSpec('hang'), inputs: [] }),
      (error: unknown) => error instanceof StageTimeoutError && error.stage === 'stuck',
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort('lease lost'), 300);
    await assert.rejects(
      runner.run({
        moduleUrl: SCRIPTED_ENGINE,
        taskId: 't5',
        spec: textSpec('sleep=5000'),
        inputs: [],
        signal: controller.signal,
      }),
      (error: unknown) => error instanceof RunAbortedError && /lease lost/.test(error.message),
    );
  });

  it('fails clearly for a module that is not an engine', async () => {
    await assert.rejects(
      runner.run({
        moduleUrl: new URL('../tasks/harness.ts', import.meta.url).href,
        taskId: 't6',
        spec: textSpec(),
        inputs: [],
      }),
      /must default-export an object with a run\(\) method/,
    );
  });
});

describe('EngineRunner core count', () => {
  const probe = new URL('../fixtures/engines/thread-probe.ts', import.meta.url).href;
  it('counts a run as a busy core while it lasts and grants helpers only as set', async () => {
    const never = new EngineRunner({ threads: 1, helperThreads: 0 });
    const allowed = new EngineRunner({ threads: 1, helperThreads: 1 });
    try {
      const seen = (await never.run({ moduleUrl: probe, taskId: 'c1', spec: textSpec(), inputs: [] })).notes;
      assert.deepEqual({ busy: seen?.busy, helpers: seen?.helpers }, { busy: 1, helpers: 0 });
      const granted = (await allowed.run({ moduleUrl: probe, taskId: 'c2', spec: textSpec(), inputs: [] })).notes;
      assert.equal(granted?.busy, 1);
      assert.equal(granted?.helpers, availableParallelism() > 1 ? 1 : 0);
    } finally {
      await Promise.all([never.close(), allowed.close()]);
    }
  });
});

describe('EngineRunner thread recycling', () => {
  const probe = new URL('../fixtures/engines/thread-probe.ts', import.meta.url).href;
  const threadOf = async (runner: EngineRunner, taskId: string) =>
    ((await runner.run({ moduleUrl: probe, taskId, spec: textSpec(), inputs: [] })).notes as { threadId: number })
      .threadId;

  it('hands runs to fresh threads after recycleAfterRuns, and ends the retired ones', async () => {
    const runner = new EngineRunner({ threads: 1, recycleAfterRuns: 2 });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await threadOf(runner, `r${i}`));
      assert.equal(ids[0], ids[1]);
      assert.equal(ids[2], ids[3]);
      assert.notEqual(ids[1], ids[2]);
      assert.notEqual(ids[3], ids[4]);
      assert.equal(new Set(ids).size, 3);
      assert.ok(runner.threads <= 1, `only the current pool's thread is alive (${runner.threads})`);
    } finally {
      await runner.close();
    }
  });

  it('a run in flight when its pool retires still finishes there', async () => {
    const runner = new EngineRunner({ threads: 2, recycleAfterRuns: 1 });
    try {
      const results = await Promise.all(
        [0, 1, 2].map((i) =>
          runner.run({ moduleUrl: SCRIPTED_ENGINE, taskId: `f${i}`, spec: textSpec('sleep=300'), inputs: [] }),
        ),
      );
      assert.equal(results.length, 3);
      for (const result of results) assert.deepEqual(result.notes, { inputs: 0, commands: ['sleep=300'] });
    } finally {
      await runner.close();
    }
  });

  it('recycleAfterRuns 0 keeps one pool for good', async () => {
    const runner = new EngineRunner({ threads: 1, recycleAfterRuns: 0 });
    try {
      const ids = [await threadOf(runner, 'k0'), await threadOf(runner, 'k1'), await threadOf(runner, 'k2')];
      assert.equal(new Set(ids).size, 1);
    } finally {
      await runner.close();
    }
  });
});
