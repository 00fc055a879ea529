import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveGenerateRequest } from '../../../src/domain/generate-request.ts';
import type { GenerateSpec } from '../../../src/domain/task-spec.ts';
import textEngine from '../../../src/engines/generate/text/index.ts';
import { splitMesh } from '../../../src/engines/bang/split-mesh.ts';
import { importModel } from '../../../src/geometry/import/index.ts';
import { flattenScene, isWatertight, meshVolume } from '../../../src/geometry/ops/index.ts';

/** Kiln's own text asset for a prompt, as the contact sheet makes it (scripts/bang-contact-sheet.ts). */
async function textAsset(prompt: string) {
  const submission = resolveGenerateRequest({
    fields: { prompt: [prompt], tier: ['Gen-2.5-Medium'], quality_override: ['20000'], seed: ['11'] },
    files: [],
  });
  const result = await textEngine.run({
    taskId: 'bang-text-asset',
    spec: submission.spec as GenerateSpec,
    inputs: submission.inputs,
    progress: () => {},
    signal: new AbortController().signal,
  });
  const glb = result.files.find((f) => f.name.endsWith('.glb'))!.bytes;
  return flattenScene(await importModel(glb, { filename: 'car.glb' }));
}

test('a text asset car at 7 pieces gives its four wheels as pieces, not slabs of its flanks', async () => {
  const car = await textAsset('a red sports car');
  const result = await splitMesh(car, { count: 7 });
  assert.equal(result.pieces.length, 7);
  // A wheel: a small piece (0.5–3 % of the volume). Plane cuts fitted to a wheel's boundary (an arc
  // on the flank and a chord under the body) took slivers or slabs of the flank instead (one wheel-sized
  // piece of seven), and the count was made up by slicing the body.
  const wheels = result.pieces.filter((piece) => {
    const share = meshVolume(piece) / result.inputVolume;
    return share > 0.005 && share < 0.03;
  });
  assert.ok(wheels.length >= 4, `${wheels.length} wheel-sized pieces`);
  for (const piece of result.pieces) assert.ok(isWatertight(piece, { byPosition: true }), 'a piece is not closed');
  const sum = result.volumes.reduce((s, v) => s + v, 0);
  assert.ok(Math.abs(sum / result.inputVolume - 1) < 1e-6, `volumes sum to ${sum}, input ${result.inputVolume}`);
});
