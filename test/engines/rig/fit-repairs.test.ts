/**
 * The fitter's repairs on small made-up shapes: joints that fall outside the surface are moved inside
 * along their bone (inside.ts), and clips keep the skinned mesh's lowest point on the ground (clips.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { posePositions, type Rig } from '../../../src/geometry/rig.ts';
import { QUADRUPED_JOINTS, type SkeletonJoint, type Vec3 } from '../../../src/geometry/skeleton.ts';
import { makeClip } from '../../../src/engines/rig/clips.ts';
import { isInside, isWellInside, moveJointsInside, moveToChordMiddle } from '../../../src/engines/rig/inside.ts';
import { buildVertexGraph } from '../../../src/engines/rig/surface.ts';
import { box as closedBox } from '../../geometry/ops/fixtures.ts';

/** A closed torus round the Y axis: ring radius R, tube radius r. */
function torus(R: number, r: number, around = 32, tube = 12) {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i < around; i++) {
    const a = (2 * Math.PI * i) / around;
    for (let j = 0; j < tube; j++) {
      const b = (2 * Math.PI * j) / tube;
      positions.push((R + r * Math.cos(b)) * Math.cos(a), r * Math.sin(b), (R + r * Math.cos(b)) * Math.sin(a));
    }
  }
  const at = (i: number, j: number) => (i % around) * tube + (j % tube);
  for (let i = 0; i < around; i++) {
    for (let j = 0; j < tube; j++) {
      indices.push(at(i, j), at(i, j + 1), at(i + 1, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1));
    }
  }
  return buildVertexGraph(Float32Array.from(positions), Uint32Array.from(indices));
}

/** Closed axis-aligned boxes from their two corners (the operation tests' fixture) as one vertex graph. */
function box(low: Vec3, high: Vec3, ...more: [Vec3, Vec3][]) {
  const meshes = [closedBox(low, high), ...more.map(([l, h]) => closedBox(l, h))];
  const positions = meshes.flatMap((m) => Array.from(m.positions));
  const indices = meshes.flatMap((m, i) => Array.from(m.indices, (v) => v + 8 * i));
  return buildVertexGraph(Float32Array.from(positions), Uint32Array.from(indices));
}

test('a point is inside a torus in its tube, outside in its hole and beyond it', () => {
  const ring = torus(1, 0.3);
  assert.equal(isInside(ring, [1, 0, 0]), true);
  assert.equal(isInside(ring, [0, 0, -1.05]), true);
  assert.equal(isInside(ring, [0, 0, 0]), false);
  assert.equal(isInside(ring, [2, 0.1, 0]), false);
});

test('a joint outside the surface moves along its bone to a place well inside; inside joints stay', () => {
  // An L of two boxes seen as a wrist bent past the palm: the hand's ring centroid lands outside.
  const body = box([-0.2, 0, -0.2], [0.2, 2, 0.2]);
  const joints: SkeletonJoint[] = [
    { name: 'hips', parent: null, head: [0, 0.5, 0] },
    { name: 'hand', parent: 'hips', head: [0, 2.4, 0.3] },
  ];
  const { joints: moved, moved: names, outside } = moveJointsInside(body, joints);
  assert.deepEqual(names, ['hand']);
  assert.deepEqual(outside, []);
  assert.deepEqual(moved[0].head, [0, 0.5, 0], 'the parent inside is left alone');
  assert.equal(isInside(body, moved[1].head), true);
  // It moved towards the parent and no farther than the bone's first stretch inside allows.
  assert.ok(moved[1].head[1] < 2 && moved[1].head[1] > 0.5, `hand at ${moved[1].head}`);
  // A joint whose bone never enters the body is reported, not moved.
  const away = moveJointsInside(body, [{ name: 'hips', parent: null, head: [3, 3, 3] }]);
  assert.deepEqual(away.outside, ['hips']);
});

test('a place three rays call inside an open box is not well inside when most rays leave through the opening', () => {
  const closed = box([-1, -1, -1], [1, 1, 1]);
  // The same box without its two +x triangles (fixture order: -z, +z, -y, +y, -x, +x).
  const open = buildVertexGraph(closed.positions, closed.faces.slice(0, 30));
  assert.equal(isWellInside(closed, [0.9, 0, 0]), true);
  assert.equal(isInside(open, [0.9, 0, 0]), true, 'two of the three skew rays miss the opening');
  assert.equal(isWellInside(open, [0.9, 0, 0]), false);
  assert.equal(isWellInside(open, [-0.9, 0, 0]), true, 'far from the opening, few rays find it');
});

test('a joint beside a limb thinner than the step along its bone ends in the middle of that limb', () => {
  // A leg (tall box) and, apart from it, a flat foot one tenth as thick; the ankle's ring centroid sits
  // above the foot, and its bone to the knee runs through the air above the foot.
  const body = box(
    [-0.2, 0, -0.2],
    [0.2, 2, 0.2],
    [
      [0.3, 0, -0.05],
      [1.2, 0.1, 0.05],
    ],
  );
  const joints: SkeletonJoint[] = [
    { name: 'knee', parent: null, head: [0, 1.5, 0] },
    { name: 'ankle', parent: 'knee', head: [1, 0.3, 0] },
  ];
  const first = moveJointsInside(body, joints);
  assert.deepEqual(first.outside, ['ankle'], 'no place along the bone is inside');
  assert.equal(moveToChordMiddle(body, first.joints, 'ankle'), true);
  const ankle = first.joints[1].head;
  assert.equal(isWellInside(body, ankle), true);
  assert.ok(ankle[0] > 0.6 && ankle[1] > 0 && ankle[1] < 0.1, `ankle at ${ankle}: in the foot beside it`);
  // A joint with no bone and no body within reach stays put.
  const alone: SkeletonJoint[] = [{ name: 'hips', parent: null, head: [3, 3, 3] }];
  assert.equal(moveToChordMiddle(body, alone, 'hips'), false);
});

test("a walk keeps the skinned mesh's lowest point on the ground, not only the foot joints", () => {
  // A stick quadruped: every foot carries a toe vertex ahead of and below its joint, which a leg
  // swing dips below the ground when only the joints are kept up.
  const head: Record<string, Vec3> = {
    hips: [0, 0.5, -0.3],
    spine: [0, 0.5, 0],
    chest: [0, 0.5, 0.3],
    neck: [0, 0.6, 0.45],
    head: [0, 0.7, 0.55],
  };
  for (const [side, x] of [
    ['left', 0.15],
    ['right', -0.15],
  ] as const) {
    for (const [end, z] of [
      ['Front', 0.3],
      ['Back', -0.3],
    ] as const) {
      head[`${side}${end}UpperLeg`] = [x, 0.45, z];
      head[`${side}${end}LowerLeg`] = [x, 0.25, z];
      head[`${side}${end}Foot`] = [x, 0.06, z];
    }
  }
  const parentOf = (name: string): string | null => {
    const chain: Record<string, string | null> = {
      hips: null,
      spine: 'hips',
      chest: 'spine',
      neck: 'chest',
      head: 'neck',
    };
    if (name in chain) return chain[name];
    const [, side, end, part] = /^(left|right)(Front|Back)(UpperLeg|LowerLeg|Foot)$/.exec(name)!;
    if (part === 'UpperLeg') return end === 'Front' ? 'chest' : 'hips';
    return `${side}${end}${part === 'Foot' ? 'LowerLeg' : 'UpperLeg'}`;
  };
  const joints = QUADRUPED_JOINTS.map((name) => ({ name, parent: parentOf(name), head: head[name] }));
  const positions: number[] = [];
  const jointOf: number[] = [];
  joints.forEach((joint, j) => {
    positions.push(...joint.head);
    jointOf.push(j);
    if (joint.name.endsWith('Foot')) {
      positions.push(joint.head[0], 0, joint.head[2] + 0.08);
      jointOf.push(j);
    }
  });
  const rest = Float32Array.from(positions);
  const rig: Rig = {
    skeleton: { rigType: 'quadruped', source: 'test', joints },
    joints: Uint16Array.from(jointOf.flatMap((j) => [j, 0, 0, 0])),
    weights: Float32Array.from(jointOf.flatMap(() => [1, 0, 0, 0])),
    clips: [],
  };
  const lowest = (q: Float32Array) => Math.min(...Array.from({ length: q.length / 3 }, (_, v) => q[3 * v + 1]));
  const worstGap = (clip: ReturnType<typeof makeClip>) =>
    Math.max(
      ...Array.from(clip.times, (_, k) => Math.abs(lowest(posePositions(rest, { ...rig }, clip, k)) - lowest(rest))),
    );
  const byMesh = makeClip(rig, 'walk', rest);
  const byJoints = makeClip(rig, 'walk');
  assert.ok(worstGap(byMesh) < 1e-5, `mesh-grounded walk: lowest point off the ground by ${worstGap(byMesh)}`);
  assert.ok(worstGap(byJoints) > 1e-3, 'the toes leave the ground when only the foot joints are kept on it');
});
