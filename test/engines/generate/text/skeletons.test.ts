/**
 * Body plans with legs carry their own skeleton into the GLB (scenes[0].extras[SKELETON_EXTRAS_KEY]), in
 * the final file's frame: every joint inside the solid, at the place its name says.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveGenerateRequest, type GenerateSpec } from '../../../../src/domain/index.ts';
import engine from '../../../../src/engines/generate/text/index.ts';
import { buildAsset } from '../../../../src/engines/generate/text/generators/build.ts';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';
import type { Mesh } from '../../../../src/geometry/mesh.ts';
import {
  HUMANOID_JOINTS,
  QUADRUPED_JOINTS,
  SKELETON_EXTRAS_KEY,
  type BodySkeleton,
  type Vec3,
} from '../../../../src/geometry/skeleton.ts';
import { assertValidGlb, readGlb } from '../glb-checks.ts';

/** Inside a closed mesh: an odd number of crossings along a ray in a direction no edge lines up with. */
function inside(mesh: Pick<Mesh, 'positions' | 'indices'>, p: Vec3): boolean {
  const d: Vec3 = [0.5773, 0.5774, 0.5775];
  const { positions: v, indices } = mesh;
  let crossings = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t] * 3, indices[t + 1] * 3, indices[t + 2] * 3];
    const e1 = [v[b] - v[a], v[b + 1] - v[a + 1], v[b + 2] - v[a + 2]];
    const e2 = [v[c] - v[a], v[c + 1] - v[a + 1], v[c + 2] - v[a + 2]];
    const h = [d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]];
    const det = e1[0] * h[0] + e1[1] * h[1] + e1[2] * h[2];
    if (Math.abs(det) < 1e-12) continue;
    const s = [p[0] - v[a], p[1] - v[a + 1], p[2] - v[a + 2]];
    const u = (s[0] * h[0] + s[1] * h[1] + s[2] * h[2]) / det;
    if (u < 0 || u > 1) continue;
    const q = [s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]];
    const w = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) / det;
    if (w < 0 || u + w > 1) continue;
    if ((e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det > 0) crossings++;
  }
  return crossings % 2 === 1;
}

function at(skeleton: BodySkeleton, name: string): Vec3 {
  const joint = skeleton.joints.find((j) => j.name === name);
  assert.ok(joint, `${skeleton.source} has ${name}`);
  return joint.head;
}

function checkShape(label: string, skeleton: BodySkeleton | undefined, mesh: Pick<Mesh, 'positions' | 'indices'>) {
  assert.ok(skeleton, `${label} carries a skeleton`);
  assert.equal(skeleton.joints[0].name, 'hips');
  assert.equal(skeleton.joints[0].parent, null);
  const seen = new Set<string>();
  for (const j of skeleton.joints) {
    if (j.parent !== null) assert.ok(seen.has(j.parent), `${label}: ${j.name}'s parent ${j.parent} comes first`);
    assert.ok(!seen.has(j.name), `${label}: ${j.name} once`);
    seen.add(j.name);
    assert.ok(inside(mesh, j.head), `${label}: ${j.name} at ${j.head.map((x) => x.toFixed(3))} lies inside the solid`);
  }
  const required = skeleton.rigType === 'humanoid' ? HUMANOID_JOINTS : QUADRUPED_JOINTS;
  for (const name of required) assert.ok(seen.has(name), `${label} has ${name}`);
  return skeleton;
}

function checkQuadruped(label: string, skeleton: BodySkeleton) {
  assert.equal(skeleton.rigType, 'quadruped', label);
  // It faces +X: head before chest before hips; its left side is -Z; feet on the ground, hips above them.
  assert.ok(at(skeleton, 'head')[0] > at(skeleton, 'chest')[0], `${label}: head in front of the chest`);
  assert.ok(at(skeleton, 'chest')[0] > at(skeleton, 'hips')[0], `${label}: chest in front of the hips`);
  for (const side of ['left', 'right'])
    for (const end of ['Front', 'Back']) {
      const foot = at(skeleton, `${side}${end}Foot`);
      const upper = at(skeleton, `${side}${end}UpperLeg`);
      assert.ok(foot[1] < 0.08, `${label}: ${side}${end}Foot on the ground`);
      assert.ok(upper[1] > foot[1] + 0.05, `${label}: ${side}${end}UpperLeg above its foot`);
      assert.ok(side === 'left' ? foot[2] < 0 : foot[2] > 0, `${label}: ${side} feet on the ${side} side`);
    }
  assert.ok(at(skeleton, 'leftFrontFoot')[0] > at(skeleton, 'leftBackFoot')[0], `${label}: front feet forward`);
}

function checkHumanoid(label: string, skeleton: BodySkeleton, onGround = true) {
  assert.equal(skeleton.rigType, 'humanoid', label);
  // It faces +Z, so its left side is +X; standing: head over chest over hips, feet on the ground.
  const y = (name: string) => at(skeleton, name)[1];
  assert.ok(
    y('head') > y('neck') && y('neck') > y('chest') && y('chest') > y('spine') && y('spine') > y('hips'),
    label,
  );
  for (const side of ['left', 'right']) {
    const sign = side === 'left' ? 1 : -1;
    if (onGround) assert.ok(y(`${side}Foot`) < 0.06, `${label}: ${side} foot on the ground`);
    assert.ok(y(`${side}UpperLeg`) > y(`${side}LowerLeg`) && y(`${side}LowerLeg`) > y(`${side}Foot`), label);
    assert.ok(y(`${side}UpperArm`) > y(`${side}Hand`), `${label}: ${side} hand hangs below the shoulder`);
    for (const part of ['UpperArm', 'Hand', 'UpperLeg', 'Foot'])
      assert.ok(at(skeleton, `${side}${part}`)[0] * sign > 0, `${label}: ${side}${part} on the ${side} side`);
  }
}

/** A bird walks on the humanoid rig with its wings as arms; it faces +X, so its left is -Z. */
function checkBird(label: string, skeleton: BodySkeleton) {
  assert.equal(skeleton.rigType, 'humanoid', label);
  const p = (name: string) => at(skeleton, name);
  assert.ok(p('head')[1] > p('hips')[1] && p('head')[0] > p('hips')[0], `${label}: head up and forward`);
  for (const side of ['left', 'right']) {
    const sign = side === 'left' ? -1 : 1;
    assert.ok(p(`${side}Foot`)[1] < 0.06, `${label}: ${side} foot on the ground`);
    assert.ok(p(`${side}Hand`)[2] * sign > 0 && p(`${side}UpperLeg`)[2] * sign > 0, `${label}: ${side} side`);
    assert.ok(p(`${side}Hand`)[0] < p(`${side}UpperArm`)[0], `${label}: the wing's tip lies back`);
  }
}

/** Six or eight legs on the quadruped rig: its Front/Back pairs plus Middle ones, left on -Z. */
function checkArthropod(label: string, skeleton: BodySkeleton) {
  checkQuadruped(label, skeleton);
  for (const side of ['left', 'right']) assert.ok(at(skeleton, `${side}MiddleFoot`), label);
}

for (const [prompt, check] of [
  ['a horse', checkQuadruped],
  ['a cat', checkQuadruped],
  ['a robot', checkHumanoid],
  ['an eagle', checkBird],
  ['a penguin', checkBird],
  ['an ant', checkArthropod],
  ['a spider', checkArthropod],
  ['a crab', checkArthropod],
  ['a frog', checkQuadruped],
  ['a lizard', checkQuadruped],
  ['a monkey', checkHumanoid],
  // A teddy bear sits: its feet rest forward on its seat, not under it.
  ['a teddy bear', (label: string, skeleton: BodySkeleton) => checkHumanoid(label, skeleton, false)],
] as const) {
  test(`${prompt}: the plan's skeleton lies inside the built solid, at its named places`, async () => {
    const asset = await buildAsset(interpretPrompt(prompt), { seed: 3, maxFaces: 20_000 });
    check(prompt, checkShape(prompt, asset.skeleton, asset.mesh));
  });
}

test('a knight standing on a horse keeps the knight skeleton, moved with the knight onto its back', async () => {
  const knight = await buildAsset(interpretPrompt('a knight on a horse'), { seed: 3, maxFaces: 20_000 });
  checkHumanoid('knight on a horse', checkShape('knight on a horse', knight.skeleton, knight.mesh), false);
  assert.ok(at(knight.skeleton!, 'leftFoot')[1] > 0.3, 'the feet stand on the horse, not the ground');
});

test('the GLB of "a knight" carries the skeleton in its own frame, and a body without its rig carries none', async () => {
  const specOf = (prompt: string) =>
    resolveGenerateRequest({
      fields: { prompt: [prompt], tier: ['Gen-2.5-Extreme-Low'], quality: ['extra-low'], seed: ['4'] },
      files: [],
    }).spec as GenerateSpec;
  const run = (spec: GenerateSpec) =>
    engine.run({ taskId: 't', spec, inputs: [], progress: () => {}, signal: new AbortController().signal });
  const result = await run(specOf('a knight'));
  const glb = result.files.find((f) => f.name.endsWith('.glb'))!.bytes;
  await assertValidGlb(glb);
  const { doc } = await readGlb(glb);
  const skeleton = doc.getRoot().getDefaultScene()!.getExtras()[SKELETON_EXTRAS_KEY] as BodySkeleton;
  assert.equal(skeleton.source, 'figure plan');
  // The file's own triangles: the joints were moved with every step the mesh took.
  const prim = doc.getRoot().listMeshes()[0].listPrimitives();
  const positions = prim[0].getAttribute('POSITION')!.getArray() as Float32Array;
  const indices = Uint32Array.from(prim.flatMap((p) => [...p.getIndices()!.getArray()!]));
  checkHumanoid('knight GLB', checkShape('knight GLB', skeleton, { positions, indices }));

  const tripod = await buildAsset(interpretPrompt('a dog with three legs'), { seed: 3, maxFaces: 20_000 });
  assert.equal(tripod.skeleton, undefined, 'three legs are not the quadruped rig');
});
