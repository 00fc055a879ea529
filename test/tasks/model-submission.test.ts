import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rawRequest } from '../../src/domain/index.ts';
import { KilnError } from '../../src/errors.ts';
import { resolveBangSubmission } from '../../src/tasks/model-submission.ts';
import { completeTask, outputKey } from '../../src/tasks/transitions.ts';
import { SCRIPTED_ENGINE, harness, textSpec } from './harness.ts';

test("Bang asset mode points the new task at the generation's stored files instead of copying them", async () => {
  const h = await harness();
  try {
    h.services.engines.register('bang', SCRIPTED_ENGINE);
    const principal = await h.key(5);
    const generation = await h.services.tasks.submit({
      ...principal,
      spec: { ...textSpec('a pot'), geometryFileFormat: 'obj' },
      price: 0.5,
      inputs: [],
    });
    const outputs = [
      { name: 'base_basic_pbr.obj', contentType: 'model/obj', bytes: new TextEncoder().encode('v 0 0 0\n') },
      { name: 'base_basic_pbr.mtl', contentType: 'model/mtl', bytes: new TextEncoder().encode('newmtl m\n') },
      { name: 'texture_diffuse.png', contentType: 'image/png', bytes: new Uint8Array([1, 2, 3]) },
      { name: 'preview.webp', contentType: 'image/webp', bytes: new Uint8Array([4]) },
    ];
    for (const file of outputs) await h.services.blobs.put(outputKey(generation.uuid, file.name), file.bytes);
    await completeTask(
      h.services.db,
      generation.uuid,
      generation.jobs[0]!.uuid,
      outputs.map((f) => ({ name: f.name, contentType: f.contentType, size: f.bytes.length })),
      undefined,
      60_000,
    );

    const raw = rawRequest({ asset_id: generation.uuid, strength: 2 });
    const { resolved, assetInputs } = await resolveBangSubmission(h.services.tasks, principal.accountId, raw);
    assert.equal(resolved.spec.mode, 'asset');
    assert.equal(resolved.spec.geometryFileFormat, 'obj', "the asset's format is the starting point");
    assert.deepEqual(
      assetInputs.map((input) => [input.field, input.filename, input.blobKey]),
      [
        ['asset', 'base_basic_pbr.obj', outputKey(generation.uuid, 'base_basic_pbr.obj')],
        ['asset-file', 'base_basic_pbr.mtl', outputKey(generation.uuid, 'base_basic_pbr.mtl')],
        ['asset-file', 'texture_diffuse.png', outputKey(generation.uuid, 'texture_diffuse.png')],
      ],
    );

    const bang = await h.services.tasks.submit({
      ...principal,
      spec: resolved.spec,
      price: resolved.price,
      inputs: [...resolved.inputs, ...assetInputs],
    });
    const rows = await h.services.db.kysely
      .selectFrom('task_inputs')
      .select(['field', 'blob_key', 'size'])
      .where('task_id', '=', bang.uuid)
      .orderBy('position')
      .execute();
    assert.deepEqual(
      rows.map((row) => [row.field, row.blob_key, Number(row.size)]),
      [
        ['asset', outputKey(generation.uuid, 'base_basic_pbr.obj'), 8],
        ['asset-file', outputKey(generation.uuid, 'base_basic_pbr.mtl'), 9],
        ['asset-file', outputKey(generation.uuid, 'texture_diffuse.png'), 3],
      ],
    );
    assert.deepEqual(await h.services.blobs.list(`inputs/${bang.uuid}/`), [], 'no bytes were copied');

    await assert.rejects(
      resolveBangSubmission(h.services.tasks, principal.accountId, rawRequest({ asset_id: bang.uuid })),
      (error: unknown) =>
        error instanceof KilnError &&
        error.details.field === 'asset_id' &&
        /Bang task, not a generation/.test(error.message),
    );
  } finally {
    await h.cleanup();
  }
});
