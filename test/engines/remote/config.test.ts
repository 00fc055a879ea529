/** KILN_ENGINE_<KIND> values: accepted shapes, and refusals that name the variable and what to change. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config.ts';
import { parseEngineTarget, registerRemoteEngines } from '../../../src/engines/remote/index.ts';
import { configFromModuleUrl } from '../../../src/engines/remote/config.ts';
import { EngineRegistry } from '../../../src/engines/registry.ts';
import { BUILTIN_ENGINES } from '../../../src/engines/builtin.ts';
import { hunyuanRequest } from '../../../src/engines/remote/hunyuan3d.ts';
import type { GenerateSpec } from '../../../src/domain/task-spec.ts';

describe('remote engine configuration', () => {
  it('parses adapter and endpoints, trimming slashes', () => {
    assert.deepEqual(parseEngineTarget('generate-image', 'hunyuan3d:http://gpu-1:8081/, http://gpu-2:8081'), {
      adapter: 'hunyuan3d',
      endpoints: ['http://gpu-1:8081', 'http://gpu-2:8081'],
    });
  });

  it('refuses unknown adapters, bad URLs, duplicates and kinds the adapter cannot serve', () => {
    assert.throws(
      () => parseEngineTarget('generate-image', 'trellis:http://x:1'),
      /KILN_ENGINE_GENERATE_IMAGE must list engines like/,
    );
    assert.throws(() => parseEngineTarget('generate-image', 'hunyuan3d:gpu-1:8081'), /not an http\(s\) URL/);
    assert.throws(
      () => parseEngineTarget('generate-text', 'kiln:http://a:1,http://a:1'),
      /KILN_ENGINE_GENERATE_TEXT lists the same endpoint twice/,
    );
    assert.throws(
      () => parseEngineTarget('bang', 'hunyuan3d:http://gpu:8081'),
      /KILN_ENGINE_BANG: the hunyuan3d adapter cannot serve bang/,
    );
    assert.throws(() => parseEngineTarget('bang', 'kiln:'), /name at least one endpoint/);
  });

  it('loadConfig reads the variables and settings; bad settings name the variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-remote-config-'));
    const config = loadConfig({
      KILN_DATA_DIR: dir,
      KILN_ENGINE_BANG: 'kiln:http://cpu:8090',
      KILN_REMOTE_CONCURRENCY: '2',
      KILN_REMOTE_FALLBACK: 'yes',
    });
    assert.equal(config.engineOverrides.bang, 'kiln:http://cpu:8090');
    assert.equal(config.remote.concurrency, 2);
    assert.equal(config.remote.fallback, true);
    assert.equal(config.remote.stageTimeoutMs, 600_000);
    assert.throws(
      () => loadConfig({ KILN_DATA_DIR: dir, KILN_REMOTE_FALLBACK: 'maybe' }),
      /KILN_REMOTE_FALLBACK must be true or false/,
    );
    assert.throws(() => loadConfig({ KILN_DATA_DIR: dir, KILN_REMOTE_CONCURRENCY: '0' }), /KILN_REMOTE_CONCURRENCY/);
  });

  it('registers a remote engine over the built-in, but never over an explicit registration', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-remote-config-'));
    const config = loadConfig({
      KILN_DATA_DIR: dir,
      KILN_ENGINE_GENERATE_IMAGE: 'hunyuan3d:http://gpu:8081',
      KILN_ENGINE_BANG: 'kiln:http://cpu:8090',
    });
    const registry = new EngineRegistry();
    registry.register('bang', 'file:///explicit.ts');
    const registration = registerRemoteEngines(registry, config, BUILTIN_ENGINES);
    try {
      assert.equal(registry.moduleUrl('bang'), 'file:///explicit.ts');
      const remote = configFromModuleUrl(registry.moduleUrl('generate-image')!);
      assert.deepEqual(remote.chain, [{ name: 'hunyuan3d', adapter: 'hunyuan3d', endpoints: ['http://gpu:8081'] }]);
      assert.ok(remote.broker, 'slots are brokered across worker threads');
      assert.ok(remote.builtinModuleUrl?.includes('generate/image'));
    } finally {
      registration.close();
    }
  });

  it('maps views to the multi-view fields and the front picture to image', () => {
    const spec = {
      kind: 'generate',
      mode: 'image',
      tier: 'Gen-2.5-High',
      seed: 9,
      faceBudget: 50_000,
      material: 'PBR',
      fastMode: false,
      creative: false,
      imageLabels: ['B', 'F', 'L'],
    } as unknown as GenerateSpec;
    const inputs = ['back', 'front', 'left'].map((name) => ({
      field: 'images',
      filename: `${name}.png`,
      bytes: new TextEncoder().encode(name),
    }));
    const body = hunyuanRequest({ taskId: 't', spec, inputs });
    assert.equal(body.image, Buffer.from('front').toString('base64'));
    assert.equal(body.mv_image_back, Buffer.from('back').toString('base64'));
    assert.equal(body.mv_image_left, Buffer.from('left').toString('base64'));
    assert.equal(body.mv_image_right, undefined);
    assert.equal(body.octree_resolution, 384);
    assert.equal(body.face_count, 50_000);
  });
});
