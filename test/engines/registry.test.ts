import assert from 'node:assert/strict';
import { it } from 'node:test';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { BUILTIN_ENGINES } from '../../src/engines/builtin.ts';

const SCRIPTED = new URL('../fixtures/engines/scripted.ts', import.meta.url).href;

it('engine registry: register by module URL, look up, load once, refuse unknown kinds', async () => {
  const registry = new EngineRegistry();
  assert.equal(registry.has('bang'), false);
  await assert.rejects(registry.load('bang'), /No engine is registered for "bang"/);
  registry.register('bang', SCRIPTED);
  assert.equal(registry.has('bang'), true);
  assert.equal(registry.moduleUrl('bang'), SCRIPTED);
  const engine = await registry.load('bang');
  assert.equal(typeof engine.run, 'function');
  assert.equal(await registry.load('bang'), engine, 'loaded once');
  registry.register('generate-text', new URL('../tasks/harness.ts', import.meta.url));
  await assert.rejects(registry.load('generate-text'), /must default-export an object with a run\(\) method/);
  assert.deepEqual(registry.kinds().sort(), ['bang', 'generate-text']);

  assert.equal(new EngineRegistry().has('bang'), false, 'registries are independent: nothing is process-wide');
});

it('every built-in engine module loads and default-exports an engine of its kind', async () => {
  for (const [kind, url] of BUILTIN_ENGINES) {
    const registry = new EngineRegistry();
    registry.register(kind, url);
    const engine = await registry.load(kind);
    assert.equal(engine.kind, kind, `${url} serves ${kind}`);
  }
});
