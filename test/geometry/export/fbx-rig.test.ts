/**
 * A rigged FBX (skin deformer, clusters, bind pose, one animation stack per clip) read back by three's
 * FBXLoader (an independent reader) and by the test's own record reader.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Quaternion, type AnimationClip, type QuaternionKeyframeTrack, type SkinnedMesh } from 'three';
import { writeFbx } from '../../../src/geometry/export/index.ts';
import { continuousEulerDegrees } from '../../../src/geometry/export/fbx/animation.ts';
import { createNode, defaultMaterial, type Scene } from '../../../src/geometry/mesh.ts';
import type { Rig } from '../../../src/geometry/rig.ts';
import { cubeMesh, findRecords, loadFbx, readFbxRecords } from './fixtures.ts';

const KEYS = 31;

/** A spine swinging about X from −60° to +60° and back, and a chest turning a full circle about Y. */
function rotationKeys(angleOf: (k: number) => number, axis: 0 | 1 | 2): Float32Array {
  const out = new Float32Array(4 * KEYS);
  for (let k = 0; k < KEYS; k++) {
    const half = (angleOf(k) * Math.PI) / 360;
    out[4 * k + axis] = Math.sin(half);
    out[4 * k + 3] = Math.cos(half);
  }
  return out;
}

function riggedCube(): { scene: Scene; rig: Rig } {
  const mesh = cubeMesh();
  const vertices = mesh.positions.length / 3;
  const joints = new Uint16Array(4 * vertices);
  const weights = new Float32Array(4 * vertices);
  for (let v = 0; v < vertices; v++) {
    const y = mesh.positions[3 * v + 1];
    // Bottom corners on the hips and the spine, top corners on the spine and the chest.
    joints.set(y < 0 ? [0, 1, 0, 0] : [1, 2, 0, 0], 4 * v);
    weights.set([0.25, 0.75, 0, 0], 4 * v);
  }
  const times = Float32Array.from({ length: KEYS }, (_, k) => k / 30);
  const rig: Rig = {
    skeleton: {
      rigType: 'humanoid',
      source: 'test',
      joints: [
        { name: 'hips', parent: null, head: [0, -0.5, 0] },
        { name: 'spine', parent: 'hips', head: [0, 0, 0] },
        { name: 'chest', parent: 'spine', head: [0, 0.5, 0] },
      ],
    },
    joints,
    weights,
    clips: [
      {
        name: 'bend',
        times,
        rotations: new Map([
          ['spine', rotationKeys((k) => 60 * Math.sin((2 * Math.PI * k) / (KEYS - 1)), 0)],
          ['chest', rotationKeys((k) => (360 * k) / (KEYS - 1), 1)],
        ]),
        rootTranslation: Float32Array.from({ length: 3 * KEYS }, (_, i) => (i % 3 === 1 ? -0.5 + 0.01 * i : 0)),
      },
      {
        name: 'rest',
        times: times.subarray(0, 2),
        rotations: new Map(),
        rootTranslation: Float32Array.from([0, -0.5, 0, 0, -0.5, 0]),
      },
    ],
  };
  return { scene: { materials: [defaultMaterial()], roots: [createNode('model', mesh)] }, rig };
}

test('three reads the rigged FBX: a skinned mesh on the joints, one clip per stack, the same rotations', async () => {
  const { scene, rig } = riggedCube();
  const [model] = await writeFbx(scene, { stem: 'cube_rigged', rig });
  assert.equal(model.name, 'cube_rigged.fbx');
  const group = loadFbx(model.bytes);
  let skinned: SkinnedMesh | undefined;
  group.traverse((o) => {
    if ((o as SkinnedMesh).isSkinnedMesh) skinned = o as SkinnedMesh;
  });
  assert.ok(skinned, 'a skinned mesh');
  assert.deepEqual(
    skinned.skeleton.bones.map((b) => b.name),
    ['hips', 'spine', 'chest'],
  );
  const clips = (group as unknown as { animations: AnimationClip[] }).animations;
  assert.deepEqual(
    clips.map((c) => c.name),
    ['bend', 'rest'],
  );
  const bend = clips[0];
  assert.ok(Math.abs(bend.duration - 1) < 1e-3, `duration ${bend.duration}`);
  for (const joint of ['spine', 'chest']) {
    const track = bend.tracks.find((t) => t.name === `${joint}.quaternion`) as QuaternionKeyframeTrack;
    assert.ok(track, `${joint} rotation track in ${bend.tracks.map((t) => t.name)}`);
    assert.equal(track.times.length, KEYS);
    const expected = rig.clips[0].rotations.get(joint)!;
    for (let k = 0; k < KEYS; k++) {
      const read = new Quaternion().fromArray(track.values, 4 * k);
      const want = new Quaternion().fromArray(expected, 4 * k);
      assert.ok(Math.abs(read.dot(want)) > 1 - 1e-6, `${joint} key ${k}: ${read.toArray()} vs ${want.toArray()}`);
    }
  }
  const position = bend.tracks.find((t) => t.name === 'hips.position')!;
  assert.ok(Math.abs(position.values[3 * 5 + 1] - rig.clips[0].rootTranslation[3 * 5 + 1]) < 1e-6);
});

test('each control point is weighted by its clusters as in the rig; bind matrices at the joint heads', async () => {
  const { scene, rig } = riggedCube();
  const [model] = await writeFbx(scene, { rig });
  const { records } = readFbxRecords(model.bytes);
  const deformers = findRecords(records, 'Deformer');
  assert.equal(deformers.filter((d) => d.props[2] === 'Skin').length, 1);
  const clusters = deformers.filter((d) => d.props[2] === 'Cluster');
  assert.equal(clusters.length, 3);
  const sums = new Float64Array(rig.weights.length / 4);
  clusters.forEach((cluster, j) => {
    const field = (name: string) => findRecords(cluster.children, name)[0]?.props[0];
    const indexes = field('Indexes') as Int32Array;
    const weights = field('Weights') as Float64Array;
    indexes.forEach((v, i) => {
      sums[v] += weights[i];
    });
    const head = rig.skeleton.joints[j].head;
    assert.deepEqual([...(field('TransformLink') as Float64Array).subarray(12, 15)], head);
    assert.deepEqual(
      // `+ 0` turns −0 into 0.
      [...(field('Transform') as Float64Array).subarray(12, 15)].map((t) => t + 0),
      head.map((h) => -h + 0),
    );
  });
  for (const sum of sums) assert.ok(Math.abs(sum - 1) < 1e-6, `weights sum to ${sum}`);
  const pose = findRecords(records, 'Pose')[0];
  assert.equal(pose.props[2], 'BindPose');
  assert.equal(findRecords(pose.children, 'PoseNode').length, 2 + rig.skeleton.joints.length);
  assert.deepEqual(
    findRecords(records, 'AnimationStack').map((s) => String(s.props[1]).split('\u0000')[0]),
    ['bend', 'rest'],
  );
  const setting = (name: string) =>
    findRecords(findRecords(records, 'GlobalSettings'), 'P').find((p) => p.props[0] === name)?.props[4];
  assert.equal(setting('TimeMode'), 6, '30 keys per second: FBX frame rate 30');
  const limbs = findRecords(records, 'Model').filter((m) => m.props[2] === 'LimbNode');
  assert.equal(limbs.length, 3);
});

test('Euler keys never jump the long way round between keys', () => {
  const spin = rotationKeys((k) => (720 * k) / (KEYS - 1), 2);
  const angles = continuousEulerDegrees(spin);
  for (let k = 1; k < KEYS; k++) {
    for (let axis = 0; axis < 3; axis++) {
      assert.ok(Math.abs(angles[3 * k + axis] - angles[3 * k - 3 + axis]) < 30, `key ${k} axis ${axis}`);
    }
  }
  assert.ok(Math.abs(angles[3 * (KEYS - 1) + 2] - angles[2] - 720) < 1e-6, 'two full turns about Z');
});
