import assert from 'node:assert/strict';
import { it } from 'node:test';
import { EngineRegistry, importEngine } from '../../src/engines/registry.ts';
import { PromptDescriber } from '../../src/engines/runner/describer.ts';
import { BUILTIN_ENGINES } from '../../src/engines/builtin.ts';

const SCRIPTED = new URL('../fixtures/engines/scripted.ts', import.meta.url).href;

it('engine registry: register by module URL, look up, refuse modules that are no engine', async () => {
  const registry = new EngineRegistry();
  assert.equal(registry.has('bang'), false);
  assert.equal(registry.moduleUrl('bang'), undefined);
  registry.register('bang', SCRIPTED);
  assert.equal(registry.has('bang'), true);
  assert.equal(registry.moduleUrl('bang'), SCRIPTED);
  assert.equal(typeof (await importEngine(SCRIPTED)).run, 'function');
  registry.register('generate-text', new URL('../tasks/harness.ts', import.meta.url));
  await assert.rejects(
    importEngine(registry.moduleUrl('generate-text')!),
    /must default-export an object with a run\(\) method/,
  );
  assert.deepEqual(registry.kinds().sort(), ['bang', 'generate-text']);

  assert.equal(new EngineRegistry().has('bang'), false, 'registries are independent: nothing is process-wide');
});

it('every built-in engine module loads and default-exports an engine of its kind', async () => {
  for (const [kind, url] of BUILTIN_ENGINES) {
    const engine = await importEngine(url);
    assert.equal(engine.kind, kind, `${url} serves ${kind}`);
  }
});

it("describePrompt runs in the describer's thread, not in the caller's", async () => {
  const describer = new PromptDescriber();
  try {
    const spec = { kind: 'generate', prompt: 'a vase' } as never;
    assert.equal(await describer.describe(SCRIPTED, spec, []), 'scripted: a vase');
    const probe = new URL('../fixtures/engines/thread-probe.ts', import.meta.url).href;
    await describer.warm(probe);
    assert.match(String(await describer.describe(probe, spec, [])), /^described in a worker thread/);
    assert.equal(
      await describer.describe(new URL('../fixtures/engines/no-describe.ts', import.meta.url).href, spec, []),
      null,
      'null when the engine has no describePrompt',
    );
  } finally {
    await describer.close();
  }
});
