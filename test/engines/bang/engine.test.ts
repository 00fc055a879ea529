import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import bang from '../../../src/engines/bang/index.ts';
import type { BangSpec, OutputFormat } from '../../../src/domain/task-spec.ts';
import type { EngineInputFile } from '../../../src/engines/engine.ts';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { importModel } from '../../../src/geometry/import/index.ts';
import { createMesh, sceneFromMesh, type Scene } from '../../../src/geometry/mesh.ts';
import { flattenScene, isWatertight, meshVolume } from '../../../src/geometry/ops/index.ts';
import { limbedSolid, meshOf } from './fixtures.ts';
import { loadManifold } from '../../../src/engines/bang/solid.ts';
import { createNode } from '../../../src/geometry/mesh.ts';

const creature = await limbedSolid();
const creatureGlb = await writeGlb(sceneFromMesh(creature));

function spec(overrides: Partial<BangSpec> = {}): BangSpec {
  return {
    kind: 'bang',
    mode: 'custom',
    strength: 3,
    pieceTarget: 4,
    material: 'None',
    geometryFileFormat: 'glb',
    modelFormat: 'glb',
    hasReferenceImage: false,
    seed: 0,
    ...overrides,
  };
}

async function run(s: BangSpec, inputs: EngineInputFile[]) {
  const stages: string[] = [];
  const result = await bang.run({
    taskId: 't',
    spec: s,
    inputs,
    progress: (stage) => stages.push(stage),
    signal: new AbortController().signal,
  });
  return { ...result, stages };
}

function rootsOf(scene: Scene) {
  return scene.roots.flatMap((r) => (r.mesh ? [r] : r.children.length ? r.children : [r]));
}

test('custom mode, glb: one closed part_NN node per piece, preview.webp, progress by stage', async () => {
  const out = await run(spec(), [{ field: 'model', filename: 'creature.glb', bytes: creatureGlb }]);
  const model = out.files.find((f) => f.name.endsWith('.glb'))!;
  assert.ok(model, `files: ${out.files.map((f) => f.name)}`);
  const scene = await importModel(model.bytes, { filename: model.name });
  const names = rootsOf(scene)
    .map((n) => n.name)
    .sort();
  assert.deepEqual(names, ['part_01', 'part_02', 'part_03', 'part_04']);
  for (const node of rootsOf(scene)) assert.ok(isWatertight(node.mesh!, { byPosition: true }), `${node.name} is open`);
  assert.ok(Math.abs(meshVolume(flattenScene(scene)) / meshVolume(creature) - 1) < 1e-4);
  const preview = out.files.find((f) => f.name === 'preview.webp')!;
  assert.equal((await sharp(preview.bytes).metadata()).format, 'webp');
  for (const stage of ['import', 'repair', 'segment', 'cut', 'texture', 'export', 'preview'])
    assert.ok(out.stages.includes(stage), stage);
  assert.equal(out.notes?.pieces, 4);
  const timings = out.notes?.timings as Record<string, number>;
  for (const stage of ['import', 'repair', 'split', 'texture', 'export', 'preview'])
    assert.ok(Number.isFinite(timings?.[stage]), `timings.${stage} in ${JSON.stringify(timings)}`);
});

test('all five output formats are written', async () => {
  const expected: Record<OutputFormat, RegExp> = {
    glb: /\.glb$/,
    usdz: /\.usdz$/,
    fbx: /\.fbx$/,
    obj: /\.obj$/,
    stl: /\.stl$/,
  };
  for (const format of ['usdz', 'fbx', 'obj', 'stl'] as OutputFormat[]) {
    const out = await run(spec({ geometryFileFormat: format, pieceTarget: 2, strength: 1 }), [
      { field: 'model', filename: 'c.glb', bytes: creatureGlb },
    ]);
    const model = out.files.find((f) => expected[format].test(f.name));
    assert.ok(model && model.bytes.length > 0, `${format}: ${out.files.map((f) => f.name)}`);
    if (format !== 'stl') {
      // Formats nest nodes differently (usdz under a Root prim); the part nodes must be there.
      const scene = await importModel(model.bytes, { filename: model.name });
      const names: string[] = [];
      const walk = (node: Scene['roots'][number]): void => {
        names.push(node.name);
        node.children.forEach(walk);
      };
      scene.roots.forEach(walk);
      assert.ok(
        names.includes('part_01') && names.includes('part_02') && !names.includes('part_03'),
        `${format}: ${names}`,
      );
    }
  }
});

test('a model with a hole is repaired to a solid first and the repair is recorded', async () => {
  // Drop two triangles: the surface is open.
  const open = createMesh(creature.positions, creature.indices.slice(6));
  assert.equal(isWatertight(open), false);
  const out = await run(spec({ pieceTarget: 3, strength: 2 }), [
    { field: 'model', filename: 'open.glb', bytes: await writeGlb(sceneFromMesh(open)) },
  ]);
  assert.ok(
    Array.isArray(out.notes?.repaired) && (out.notes!.repaired as string[]).length > 0,
    JSON.stringify(out.notes),
  );
  assert.equal(out.notes?.pieces, 3);
});

test('materials: original surfaces keep theirs, cut faces get the interior material; the picture is projected', async () => {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 220, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  const out = await run(
    spec({
      material: 'PBR',
      pieceTarget: 3,
      strength: 2,
      hasReferenceImage: true,
      resolution: 256,
      prompt: 'a red creature',
    }),
    [
      { field: 'model', filename: 'c.glb', bytes: creatureGlb },
      { field: 'image', filename: 'red.png', bytes: new Uint8Array(picture) },
    ],
  );
  const model = out.files.find((f) => f.name.endsWith('.glb'))!;
  const scene = await importModel(model.bytes, { filename: model.name });
  const names = scene.materials.map((m) => m.name);
  assert.ok(names.includes('interior'), names.join());
  const textured = scene.materials.find((m) => m.baseColorTexture);
  assert.ok(textured, 'the projected picture is missing');
  assert.equal(out.notes?.projectedImage, true);
  assert.equal(out.notes?.prompt, 'a red creature');
});

test('separate input nodes stay separate pieces when the strength allows', async () => {
  const wasm = await loadManifold();
  const box = wasm.Manifold.cube([1, 1, 1], true);
  const cube = meshOf(box);
  box.delete();
  const crate = createNode('crate', cube);
  crate.translation = [6, 0, 0];
  const glb = await writeGlb({
    materials: sceneFromMesh(creature).materials,
    roots: [createNode('creature', creature), crate],
  });
  const out = await run(spec({ pieceTarget: 2, strength: 1 }), [{ field: 'model', filename: 'two.glb', bytes: glb }]);
  const model = out.files.find((f) => f.name.endsWith('.glb'))!;
  const volumes = rootsOf(await importModel(model.bytes, { filename: model.name }))
    .map((n) => meshVolume(n.mesh!))
    .sort((a, b) => a - b);
  assert.equal(volumes.length, 2);
  assert.ok(Math.abs(volumes[0] - 1) < 1e-4, `the crate piece has volume ${volumes[0]}`);
  assert.ok(Math.abs(volumes[1] / meshVolume(creature) - 1) < 1e-4, `the creature piece has volume ${volumes[1]}`);
});
