/**
 * The rig engine on real meshes: a Princeton human fitted under auto (validator-clean GLB, one skin,
 * the humanoid joint names, one animation per clip, weights, determinism), a GLB carrying its
 * generator's skeleton in scenes[0].extras (rigged with that skeleton, not a fitted one), and a shape
 * that is no body (refused with INVALID_REQUEST saying what to send).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NodeIO } from '@gltf-transform/core';
import type { RigSpec } from '../../../src/domain/task-spec.ts';
import { EngineError } from '../../../src/engines/engine.ts';
import { runRig } from '../../../src/engines/rig/index.ts';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { parseOff } from '../../../src/geometry/import/index.ts';
import { createMesh, sceneFromMesh, type Mesh } from '../../../src/geometry/mesh.ts';
import {
  HUMANOID_JOINTS,
  QUADRUPED_JOINTS,
  SKELETON_EXTRAS_KEY,
  type BodySkeleton,
} from '../../../src/geometry/skeleton.ts';
import { assertValidGlb } from '../generate/glb-checks.ts';
import { box } from '../../geometry/ops/fixtures.ts';

const psb = ['../../../../shared/data/psb-dev/off', '../../../../../shared/data/psb-dev/off']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((path) => existsSync(path));
const skipPsb = psb ? false : 'shared/data/psb-dev not found beside the checkout';

function spec(extra: Partial<RigSpec> = {}): RigSpec {
  return {
    kind: 'rig',
    mode: 'custom',
    modelFormat: 'glb',
    rigType: 'auto',
    animations: ['idle', 'walk'],
    geometryFileFormat: 'glb',
    seed: 0,
    ...extra,
  };
}

const rig = (bytes: Uint8Array, s: RigSpec, field = 'model') =>
  runRig({
    taskId: 't',
    spec: s,
    inputs: [{ field, filename: 'model.glb', bytes }],
    progress: () => {},
    signal: new AbortController().signal,
  });

function skinOf(doc: Awaited<ReturnType<NodeIO['readBinary']>>) {
  const skins = doc.getRoot().listSkins();
  assert.equal(skins.length, 1, 'one skin');
  const primitive = doc.getRoot().listMeshes()[0].listPrimitives()[0];
  const weights = primitive.getAttribute('WEIGHTS_0')!.getArray() as Float32Array;
  for (let v = 0; v < weights.length / 4; v++) {
    const sum = weights[4 * v] + weights[4 * v + 1] + weights[4 * v + 2] + weights[4 * v + 3];
    assert.ok(Math.abs(sum - 1) < 1e-3, `vertex ${v} weights sum to 1 (${sum})`);
  }
  return skins[0].listJoints().map((j) => j.getName());
}

test('a Princeton human rigs as a humanoid with one skin and one animation per clip', { skip: skipPsb }, async () => {
  const bytes = await writeGlb(sceneFromMesh(parseOff(readFileSync(`${psb}/12.off`))));
  const s = spec({ animations: ['idle', 'walk', 'run', 'jump', 'wave'], heightMeters: 1.8 });
  const result = await rig(bytes, s);
  const names = result.files.map((f) => f.name);
  assert.deepEqual(names, ['base_basic_rigged.glb', 'preview.webp']);
  const glb = result.files[0].bytes;
  await assertValidGlb(glb);
  const doc = await new NodeIO().readBinary(glb);
  const joints = skinOf(doc);
  for (const name of HUMANOID_JOINTS) assert.ok(joints.includes(name), `joint ${name}`);
  assert.deepEqual(
    doc
      .getRoot()
      .listAnimations()
      .map((a) => a.getName()),
    ['idle', 'walk', 'run', 'jump', 'wave'],
  );
  const notes = result.notes as { rig: { type: string; joints: number; clips: string[]; heightMeters: number } };
  assert.equal(notes.rig.type, 'humanoid');
  assert.equal(notes.rig.joints, joints.length);
  assert.ok(Math.abs(notes.rig.heightMeters - 1.8) < 1e-6);
  // Upright and scaled: the mesh spans 1.8 m in y from the ground.
  const positions = doc.getRoot().listMeshes()[0].listPrimitives()[0].getAttribute('POSITION')!;
  assert.ok(Math.abs(positions.getMin([0, 0, 0])[1]) < 1e-4);
  assert.ok(Math.abs(positions.getMax([0, 0, 0])[1] - 1.8) < 1e-3);
  // Deterministic: the same input gives the same file.
  const again = await rig(bytes, s);
  assert.deepEqual(again.files[0].bytes, glb);
});

/** A blocky dog made of separate boxes (as a text body plan builds it) and its skeleton. */
function blockDog(): { mesh: Mesh; skeleton: BodySkeleton } {
  const parts: [[number, number, number], [number, number, number]][] = [
    [
      [-0.15, 0.35, -0.4],
      [0.15, 0.65, 0.4],
    ],
    [
      [-0.08, 0.55, 0.35],
      [0.08, 0.95, 0.55],
    ],
    [
      [-0.1, 0.85, 0.45],
      [0.1, 1.05, 0.75],
    ],
  ];
  for (const x of [-0.1, 0.1])
    for (const z of [-0.3, 0.3])
      parts.push([
        [x - 0.05, 0, z - 0.05],
        [x + 0.05, 0.4, z + 0.05],
      ]);
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [min, max] of parts) {
    const offset = positions.length / 3;
    const piece = box(min, max);
    positions.push(...piece.positions);
    indices.push(...Array.from(piece.indices, (v) => v + offset));
  }
  const head: Record<string, [number, number, number]> = {
    hips: [0, 0.5, -0.3],
    spine: [0, 0.5, 0],
    chest: [0, 0.5, 0.3],
    neck: [0, 0.65, 0.42],
    head: [0, 0.92, 0.5],
  };
  for (const side of ['left', 'right']) {
    const x = side === 'left' ? 0.1 : -0.1;
    for (const [end, z] of [
      ['Front', 0.3],
      ['Back', -0.3],
    ] as const) {
      head[`${side}${end}UpperLeg`] = [x, 0.4, z];
      head[`${side}${end}LowerLeg`] = [x, 0.2, z];
      head[`${side}${end}Foot`] = [x, 0.04, z];
    }
  }
  const parentOf = (name: string): string | null => {
    if (name === 'hips') return null;
    const chain: Record<string, string> = { spine: 'hips', chest: 'spine', neck: 'chest', head: 'neck' };
    if (chain[name]) return chain[name];
    const [, side, end, part] = /^(left|right)(Front|Back)(UpperLeg|LowerLeg|Foot)$/.exec(name)!;
    if (part === 'UpperLeg') return end === 'Front' ? 'chest' : 'hips';
    return `${side}${end}${part === 'Foot' ? 'LowerLeg' : 'UpperLeg'}`;
  };
  return {
    mesh: createMesh(Float32Array.from(positions), Uint32Array.from(indices)),
    skeleton: {
      rigType: 'quadruped',
      source: 'quadruped plan',
      joints: QUADRUPED_JOINTS.map((name) => ({ name, parent: parentOf(name), head: head[name] })),
    },
  };
}

test("a GLB carrying its generator's skeleton is rigged with that skeleton", async () => {
  const { mesh, skeleton } = blockDog();
  const doc = await new NodeIO().readBinary(await writeGlb(sceneFromMesh(mesh)));
  doc
    .getRoot()
    .listScenes()[0]
    .setExtras({ [SKELETON_EXTRAS_KEY]: skeleton });
  const asset = await new NodeIO().writeBinary(doc);
  const result = await rig(
    asset,
    spec({ mode: 'asset', assetId: 'x', modelFormat: undefined, animations: ['walk', 'trot'] }),
    'asset',
  );
  const notes = result.notes as { rig: { type: string; skeleton: string; jointNames: string[] } };
  assert.equal(notes.rig.type, 'quadruped');
  assert.equal(notes.rig.skeleton, 'generator (quadruped plan)');
  assert.deepEqual(notes.rig.jointNames, [...QUADRUPED_JOINTS]);
  await assertValidGlb(result.files[0].bytes);
  const out = await new NodeIO().readBinary(result.files[0].bytes);
  assert.deepEqual(skinOf(out), [...QUADRUPED_JOINTS]);
  // The joints are the generator's, placed with the model (feet on the ground, hips over the origin).
  const chest = out
    .getRoot()
    .listNodes()
    .find((n) => n.getName() === 'chest')!;
  assert.deepEqual(
    chest.getTranslation().map((v) => Math.round(v * 1000) / 1000),
    [0, 0, 0.3],
  );
  // The same GLB without the extras is fitted instead (and refused: boxes are no continuous body).
  await assert.rejects(rig(await writeGlb(sceneFromMesh(mesh)), spec()), (error: unknown) => {
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'INVALID_REQUEST');
    return true;
  });
});

test('a shape that is no body is refused with what to send', { skip: skipPsb }, async () => {
  const chair = await writeGlb(sceneFromMesh(parseOff(readFileSync(`${psb}/101.off`))));
  await assert.rejects(rig(chair, spec()), (error: unknown) => {
    assert.ok(error instanceof EngineError);
    assert.equal(error.code, 'INVALID_REQUEST');
    assert.match(error.message, /cannot be rigged as a humanoid or a quadruped: .*send/);
    return true;
  });
});
