/**
 * Uploaded models are read at submission: small ones in the API thread, large ones in a worker thread
 * that leaves the event loop free. Both paths refuse what the engines' importer refuses, naming `model`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KilnError } from '../../src/errors.ts';
import { writeGlb } from '../../src/geometry/export/index.ts';
import { createMesh, sceneFromMesh } from '../../src/geometry/mesh.ts';
import { subdivideToCount } from '../../src/geometry/ops/index.ts';
import { IN_THREAD_MAX_BYTES, assertModelsImport } from '../../src/tasks/model-check.ts';

const tetrahedron = createMesh(
  new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
  new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]),
);

function refusedAsModel(error: unknown): boolean {
  return (
    error instanceof KilnError &&
    error.code === 'INVALID_REQUEST' &&
    error.details.field === 'model' &&
    /cannot be read/.test(error.message)
  );
}

test('a small model is read in this thread: a good one passes, a truncated one and a dangling OBJ face are refused', async () => {
  const glb = await writeGlb(sceneFromMesh(tetrahedron));
  await assertModelsImport([{ field: 'model', filename: 't.glb', bytes: glb }]);
  await assert.rejects(
    assertModelsImport([{ field: 'model', filename: 't.glb', bytes: glb.slice(0, glb.length - 8) }]),
    refusedAsModel,
  );
  const obj = new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n');
  await assert.rejects(assertModelsImport([{ field: 'model', filename: 'x.obj', bytes: obj }]), refusedAsModel);
  // Only uploads are checked: an asset's stored model was written by Kiln.
  await assertModelsImport([{ field: 'asset', filename: 'x.obj', bytes: obj }]);
});

test('a large model is read in a worker thread while the event loop keeps running', { timeout: 120_000 }, async () => {
  const big = await writeGlb(sceneFromMesh(subdivideToCount(tetrahedron, 200_000)));
  assert.ok(big.length > IN_THREAD_MAX_BYTES, `${big.length} bytes takes the worker path`);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    await assertModelsImport([{ field: 'model', filename: 'big.glb', bytes: big }]);
    assert.ok(ticks > 0, 'timers ran during the check');
    await assert.rejects(
      assertModelsImport([{ field: 'model', filename: 'big.glb', bytes: big.slice(0, big.length - 4096) }]),
      refusedAsModel,
    );
  } finally {
    clearInterval(timer);
  }
});
