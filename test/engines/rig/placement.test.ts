/** A ready-made skeleton is turned to face +Z from the way its own left/right joints say it stands. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODEL_FRAME, placeRig, skeletonFrame } from '../../../src/engines/rig/placement.ts';
import type { BodySkeleton, Vec3 } from '../../../src/geometry/skeleton.ts';

function skeleton(joints: [string, string | null, Vec3][]): BodySkeleton {
  return {
    rigType: 'quadruped',
    source: 'test',
    joints: joints.map(([name, parent, head]) => ({ name, parent, head })),
  };
}

test('an animal facing +X (its left on -Z) is turned to face +Z with its left on +X', () => {
  const animal = skeleton([
    ['hips', null, [-0.3, 0.5, 0]],
    ['head', 'hips', [0.4, 0.7, 0]],
    ['leftBackFoot', 'hips', [-0.3, 0, -0.1]],
    ['rightBackFoot', 'hips', [-0.3, 0, 0.1]],
  ]);
  const frame = skeletonFrame(animal);
  assert.deepEqual(
    frame.left.map((v) => v + 0),
    [0, 0, -1],
  );
  assert.deepEqual(
    frame.front.map((v) => v + 0),
    [1, 0, 0],
  );
  const placed = placeRig(new Float32Array([0.4, 0.7, 0, -0.3, 0, -0.1]), animal, frame, undefined);
  const head = placed.skeleton.joints[1].head;
  assert.ok(head[2] > 0.6 && Math.abs(head[0]) < 1e-6, `the head ends up in front (+Z): ${head}`);
  const foot = placed.skeleton.joints[2].head;
  assert.ok(foot[0] > 0.09, `the left foot ends up on +X: ${foot}`);
});

test('a figure already facing +Z keeps its frame; a skeleton without left/right twins too', () => {
  const figure = skeleton([
    ['hips', null, [0, 1, 0]],
    ['leftUpperLeg', 'hips', [0.1, 0.9, 0]],
    ['rightUpperLeg', 'hips', [-0.1, 0.9, 0]],
  ]);
  assert.deepEqual(
    skeletonFrame(figure).front.map((v) => v + 0),
    [0, 0, 1],
  );
  assert.deepEqual(skeletonFrame(skeleton([['hips', null, [0, 1, 0]]])), MODEL_FRAME);
});
