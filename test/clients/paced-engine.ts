/**
 * A test engine for the client tests (never built in): the fixture engine's real cube GLB and preview,
 * reached through five stages a quarter of a second apart, so a client sees several progress events, can
 * time out while the task is still running and finds it in flight when it submits again. A prompt
 * containing "[fail]" fails the task with INVALID_REQUEST, as an engine refusing its input does.
 */
import type { Engine, EngineRun } from '../../src/engines/engine.ts';
import { EngineError } from '../../src/engines/engine.ts';
import fixture from '../api/fixture-engine.ts';

export const PACED_STAGE_MS = 250;
const STAGES = ['prepare', 'mesh', 'texture', 'export', 'preview'] as const;

const engine: Engine = {
  ...fixture,
  async run(run: EngineRun) {
    for (const [index, stage] of STAGES.entries()) {
      if (run.signal.aborted) break;
      run.progress(stage, Math.round((index * 100) / STAGES.length));
      await new Promise((resolve) => setTimeout(resolve, PACED_STAGE_MS));
    }
    if ('prompt' in run.spec && run.spec.prompt?.includes('[fail]')) {
      throw new EngineError('INVALID_REQUEST', 'The paced test engine refuses prompts containing "[fail]".');
    }
    return fixture.run(run);
  },
};

export default engine;
