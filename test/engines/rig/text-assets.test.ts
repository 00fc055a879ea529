/**
 * Every body-plan family with legs rigs with the generator's own skeleton: one prompt per family is
 * built small (the text generator's plan at a low face budget, written as the GLB a text task
 * stores, skeleton in scenes[0].extras), rigged in asset mode under `auto` with one clip, and the file
 * read back: the generator's skeleton and rig type, every joint inside the surface, four weights per
 * vertex summing to 1. One quadruped and one biped also get the run clip (the widest swings) and
 * their edge stretch is held to the bars; every family's stretch is measured by
 * bench/rig-psb.ts --text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clipStretch, jointsInside, readRiggedGlb, weightCheck } from '../../../bench/rig-psb/checks.ts';
import { runRig } from '../../../src/engines/rig/index.ts';
import { buildAsset } from '../../../src/engines/generate/text/generators/build.ts';
import { interpretPrompt } from '../../../src/engines/generate/text/understand/index.ts';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { sceneFromMesh } from '../../../src/geometry/mesh.ts';
import { SKELETON_EXTRAS_KEY } from '../../../src/geometry/skeleton.ts';

/** One prompt per legged family: [prompt, rig type, the plan that made the skeleton]. */
const FAMILIES: [string, 'humanoid' | 'quadruped', string][] = [
  ['a horse', 'quadruped', 'quadruped plan'],
  ['a dragon', 'quadruped', 'quadruped plan'],
  ['a knight', 'humanoid', 'figure plan'],
  ['a robot', 'humanoid', 'figure plan'],
  ['a teddy bear', 'humanoid', 'figure plan'],
  ['a monkey', 'humanoid', 'primate plan'],
  ['an eagle', 'humanoid', 'bird plan'],
  ['an ant', 'quadruped', 'insect plan'],
  ['a spider', 'quadruped', 'arachnid plan'],
  ['a crab', 'quadruped', 'crustacean plan'],
  ['a frog', 'quadruped', 'frog plan'],
  ['a lizard', 'quadruped', 'lizard plan'],
  ['a turtle', 'quadruped', 'turtle plan'],
  ['a griffin', 'quadruped', 'griffin plan'],
  ['a centaur', 'quadruped', 'centaur plan'],
  ['a minotaur', 'humanoid', 'mythical biped plan'],
  ['a golem', 'humanoid', 'golem plan'],
];

/** The families whose stretch is checked here: a quadruped and a biped whose hands rest by its hips. */
const STRETCH_CHECKED = new Set(['a horse', 'a knight']);

for (const [prompt, rigType, plan] of FAMILIES) {
  const stretch = STRETCH_CHECKED.has(prompt);
  test(`${prompt} rigs with its ${plan} skeleton: joints inside, weights${stretch ? ', stretch' : ''}`, async () => {
    const asset = await buildAsset(interpretPrompt(prompt), { seed: 3, maxFaces: 1500 });
    assert.ok(asset.skeleton, `${prompt} carries a skeleton`);
    const glb = await writeGlb({ ...sceneFromMesh(asset.mesh), extras: { [SKELETON_EXTRAS_KEY]: asset.skeleton } });
    const result = await runRig({
      taskId: 't',
      spec: {
        kind: 'rig',
        mode: 'asset',
        assetId: 'x',
        rigType: 'auto',
        animations: stretch ? ['walk', 'run'] : ['walk'],
        geometryFileFormat: 'glb',
        seed: 0,
      },
      inputs: [{ field: 'asset', filename: 'asset.glb', bytes: glb }],
      progress: () => {},
      signal: new AbortController().signal,
    });
    const notes = (result.notes as { rig: { type: string; skeleton: string } }).rig;
    assert.equal(notes.type, rigType);
    assert.equal(notes.skeleton, `generator (${plan})`);
    const file = await readRiggedGlb(result.files[0].bytes);
    const inside = jointsInside(file);
    assert.deepEqual(inside.outside, [], `${prompt}: joints outside the surface`);
    const weights = weightCheck(file);
    assert.ok(weights.ok, `${prompt}: ${weights.problem}`);
    assert.equal(file.rig.clips.length, stretch ? 2 : 1);
    if (!stretch) return;
    for (const clip of file.rig.clips) {
      const { p99, max } = clipStretch(file, clip);
      assert.ok(p99 <= 1.5 && max <= 3, `${prompt} ${clip.name}: stretch p99 ${p99.toFixed(2)}, max ${max.toFixed(2)}`);
    }
  });
}
