/**
 * Issue 17, engine threads: a stage that never yields is stopped by terminating its thread, a run
 * that allocates without bound hits the thread's heap limit, a thread that dies is replaced; in every
 * case the next run on the same pool succeeds.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { EngineRunner, StageTimeoutError, WorkerMemoryError } from '../../src/engines/runner/index.ts';
import { SCRIPTED_ENGINE, textSpec } from '../tasks/harness.ts';

describe('engine thread guards', () => {
  const runner = new EngineRunner({ threads: 1, stageTimeoutMs: 400, threadMemoryMb: 96 });
  after(() => runner.close());
  const run = (prompt: string) =>
    runner.run({ moduleUrl: SCRIPTED_ENGINE, taskId: prompt, spec: textSpec(prompt), inputs: [] });

  it('a synchronous busy loop is stopped at the stage timeout, and the pool keeps working', async () => {
    const started = Date.now();
    await assert.rejects(
      run('spin'),
      (error: unknown) => error instanceof StageTimeoutError && error.stage === 'stuck',
    );
    assert.ok(Date.now() - started < 30_000);
    assert.equal((await run('')).files.length, 2);
  });

  it('unbounded allocation ends the thread at its heap limit (WorkerMemoryError), not the process', async () => {
    const roomy = new EngineRunner({ threads: 1, stageTimeoutMs: 60_000, threadMemoryMb: 96 });
    try {
      const hog = roomy.run({ moduleUrl: SCRIPTED_ENGINE, taskId: 'hog', spec: textSpec('hog'), inputs: [] });
      await assert.rejects(hog, (error: unknown) => error instanceof WorkerMemoryError && error.limitMb === 96);
      assert.equal(
        (await roomy.run({ moduleUrl: SCRIPTED_ENGINE, taskId: 'after', spec: textSpec(''), inputs: [] })).files.length,
        2,
      );
    } finally {
      await roomy.close();
    }
  });

  it('a thread that dies is replaced for the next run', async () => {
    await assert.rejects(run('die'));
    assert.equal((await run('')).files.length, 2);
  });
});
