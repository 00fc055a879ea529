/**
 * A raw result over the Kiln engine protocol (a wrapper around another model server) is finished by
 * Kiln's pipeline: the requested format, Quad mode and budget. And with KILN_REMOTE_FALLBACK on, a
 * dead endpoint leaves the task to the built-in engine instead of failing it.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { png } from '../../api/images.ts';
import { downloadList, fetchAll, submit, waitDone, type Server } from '../../e2e/engines/server.ts';
import { importModel } from '../../../src/geometry/import/index.ts';
import { flattenScene } from '../../../src/geometry/ops/index.ts';
import { startRawWrapper } from './raw-wrapper.ts';
import { FAST_REMOTE_ENV, startKiln } from './kiln.ts';

const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers) await close();
});

describe('remote engine: Kiln protocol wrappers and fallback', () => {
  it('finishes a raw model.glb from a protocol wrapper as an FBX in Quad mode at the budget', async () => {
    const wrapper = await startRawWrapper(80);
    closers.push(wrapper.close);
    const kiln: Server = await startKiln({ ...FAST_REMOTE_ENV, KILN_ENGINE_GENERATE_IMAGE: `kiln:${wrapper.url}` });
    closers.push(() => kiln.close());
    const picture = await png(64, 64, [200, 200, 30]);
    const accepted = await submit(
      kiln,
      '/api/v2/rodin',
      {
        tier: 'Gen-2.5-Low',
        quality: 'extra-low',
        material: 'None',
        geometry_file_format: 'fbx',
        mesh_mode: 'Quad',
        preview_render: 'false',
      },
      [{ field: 'images', bytes: picture, filename: 'a.png' }],
    );
    await waitDone(kiln, accepted);
    const files = await fetchAll(await downloadList(kiln, accepted.uuid));
    const fbxName = [...files.keys()].find((name) => name.endsWith('.fbx'));
    assert.ok(fbxName, `an fbx among ${[...files.keys()].join(', ')}`);
    const mesh = flattenScene(await importModel(files.get(fbxName)!, { filename: fbxName }));
    const faces = mesh.indices.length / 3;
    assert.ok(Math.abs(faces - 2000) <= 20, `2000 faces ±1 %, got ${faces}`);
  });

  it('with KILN_REMOTE_FALLBACK=true a dead endpoint falls back to the built-in text engine', async () => {
    const kiln: Server = await startKiln({
      ...FAST_REMOTE_ENV,
      KILN_ENGINE_GENERATE_TEXT: 'hunyuan3d:http://127.0.0.1:9',
      KILN_REMOTE_FALLBACK: 'true',
    });
    closers.push(() => kiln.close());
    const accepted = await submit(kiln, '/api/v2/rodin', {
      prompt: 'a small wooden stool',
      tier: 'Gen-2.5-Extreme-Low',
      quality: 'extra-low',
      material: 'None',
    });
    await waitDone(kiln, accepted);
    const files = await fetchAll(await downloadList(kiln, accepted.uuid));
    assert.ok([...files.keys()].some((name) => name.endsWith('.glb')));
  });
});
