/**
 * Clip toning (clip-amplitude.ts) on a hand-made rig: a hanging right arm fused to the hips, its weights
 * jumping from the arm to the hips across one edge (a coarse mesh's seam), so the jump's arm swing tears
 * that edge as designed. The fitted clip must hold both bars, measured here independently over every
 * key and every edge, must tone the arm (between the seam's two sides) and leave the left leg, which no
 * stretched edge crosses, at its full swing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLIP_AMPLITUDE_DEFAULTS, fittedClip } from '../../../src/engines/rig/clip-amplitude.ts';
import { makeClip } from '../../../src/engines/rig/clips.ts';
import { posePositions, type Rig, type RigClip } from '../../../src/geometry/rig.ts';
import type { BodySkeleton, Vec3 } from '../../../src/geometry/skeleton.ts';

const HEADS: [string, string | null, Vec3][] = [
  ['hips', null, [0, 1, 0]],
  ['spine', 'hips', [0, 1.15, 0]],
  ['chest', 'spine', [0, 1.3, 0]],
  ['neck', 'chest', [0, 1.5, 0]],
  ['head', 'neck', [0, 1.6, 0]],
  ['leftUpperArm', 'chest', [0.2, 1.45, 0]],
  ['leftLowerArm', 'leftUpperArm', [0.45, 1.45, 0]],
  ['leftHand', 'leftLowerArm', [0.7, 1.45, 0]],
  ['rightUpperArm', 'chest', [-0.2, 1.45, 0]],
  ['rightLowerArm', 'rightUpperArm', [-0.2, 1.2, 0]],
  ['rightHand', 'rightLowerArm', [-0.2, 0.95, 0]],
  ['leftUpperLeg', 'hips', [0.1, 0.95, 0]],
  ['leftLowerLeg', 'leftUpperLeg', [0.1, 0.5, 0]],
  ['leftFoot', 'leftLowerLeg', [0.1, 0.08, 0]],
  ['rightUpperLeg', 'hips', [-0.1, 0.95, 0]],
  ['rightLowerLeg', 'rightUpperLeg', [-0.1, 0.5, 0]],
  ['rightFoot', 'rightLowerLeg', [-0.1, 0.08, 0]],
];

/** A strip of quads down the right arm from the shoulder to the hips, plus one along the left thigh. */
function seamRig(): { rig: Rig; positions: Float32Array; indices: Uint32Array } {
  const skeleton: BodySkeleton = {
    rigType: 'humanoid',
    source: 'test',
    joints: HEADS.map(([name, parent, head]) => ({ name, parent, head })),
  };
  const index = new Map(HEADS.map(([name], i) => [name, i]));
  const positions: number[] = [];
  const owner: number[] = [];
  const indices: number[] = [];
  const strip = (points: Vec3[], across: Vec3, ownerOf: (k: number) => number) => {
    const base = positions.length / 3;
    points.forEach((p, k) => {
      positions.push(...p, p[0] + across[0], p[1] + across[1], p[2] + across[2]);
      owner.push(ownerOf(k), ownerOf(k));
    });
    for (let k = 0; k + 1 < points.length; k++) {
      const a = base + 2 * k;
      indices.push(a, a + 2, a + 1, a + 1, a + 2, a + 3);
    }
  };
  // Shoulder down to the hips: y from 1.4 to 0.8; the weights jump from rightUpperArm to hips between 1.1 and 1.0.
  const arm = Array.from({ length: 7 }, (_, k): Vec3 => [-0.2, 1.4 - 0.1 * k, 0.05]);
  strip(arm, [-0.05, 0, 0], (k) => index.get(k <= 3 ? 'rightUpperArm' : 'hips')!);
  // Left thigh down to the shin, weighted smoothly enough that no clip tears it.
  const leg = Array.from({ length: 6 }, (_, k): Vec3 => [0.1, 0.95 - 0.09 * k, 0.05]);
  strip(leg, [0.05, 0, 0], () => index.get('leftUpperLeg')!);
  const n = positions.length / 3;
  const joints = new Uint16Array(4 * n);
  const weights = new Float32Array(4 * n);
  for (let v = 0; v < n; v++) {
    joints[4 * v] = owner[v];
    weights[4 * v] = 1;
  }
  return {
    rig: { skeleton, joints, weights, clips: [] },
    positions: Float32Array.from(positions),
    indices: Uint32Array.from(indices),
  };
}

/** p99 and max of edge stretch over every key, measured without the engine's own measure. */
function stretchOf(rig: Rig, clip: RigClip, positions: Float32Array, indices: Uint32Array) {
  const ratios: number[] = [];
  const length = (q: Float32Array, a: number, b: number) =>
    Math.hypot(q[3 * a] - q[3 * b], q[3 * a + 1] - q[3 * b + 1], q[3 * a + 2] - q[3 * b + 2]);
  for (let key = 0; key < clip.times.length; key++) {
    const posed = posePositions(positions, rig, clip, key);
    for (let t = 0; t < indices.length; t += 3)
      for (let k = 0; k < 3; k++) {
        const a = indices[t + k],
          b = indices[t + ((k + 1) % 3)];
        ratios.push(length(posed, a, b) / length(positions, a, b));
      }
  }
  ratios.sort((x, y) => x - y);
  return { p99: ratios[Math.floor(0.99 * (ratios.length - 1))], max: ratios[ratios.length - 1] };
}

test('a clip that tears a seam as designed is toned down under both bars, at the joint across the seam', () => {
  const { rig, positions, indices } = seamRig();
  const designed = stretchOf(rig, makeClip(rig, 'jump', positions), positions, indices);
  assert.ok(designed.max > 3, `the designed jump tears the seam (max ${designed.max.toFixed(2)})`);
  const fitted = fittedClip(rig, 'jump', positions, indices);
  const measured = stretchOf(rig, fitted.clip, positions, indices);
  assert.ok(measured.max <= CLIP_AMPLITUDE_DEFAULTS.maxStretch, `max ${measured.max.toFixed(3)}`);
  assert.ok(measured.p99 <= CLIP_AMPLITUDE_DEFAULTS.p99Stretch, `p99 ${measured.p99.toFixed(3)}`);
  assert.ok((fitted.amplitude.get('rightUpperArm') ?? 1) < 1, 'the right upper arm is toned down');
  assert.equal(fitted.amplitude.get('leftUpperLeg'), undefined);
  assert.ok(fitted.clip.rotations.has('leftUpperLeg'));
});

test('when the rounds end over a bar, one common factor brings every swing under it', () => {
  const { rig, positions, indices } = seamRig();
  // No rounds of blame: the common factor alone must hold the bars.
  const fitted = fittedClip(rig, 'jump', positions, indices, { ...CLIP_AMPLITUDE_DEFAULTS, rounds: 0 });
  const measured = stretchOf(rig, fitted.clip, positions, indices);
  assert.ok(measured.max <= CLIP_AMPLITUDE_DEFAULTS.maxStretch, `max ${measured.max.toFixed(3)}`);
  assert.ok(measured.p99 <= CLIP_AMPLITUDE_DEFAULTS.p99Stretch, `p99 ${measured.p99.toFixed(3)}`);
  const factors = [...fitted.amplitude.values()];
  assert.ok(factors.length > 0 && factors.every((f) => f === factors[0] && f > 0 && f < 1), `${factors}`);
});
