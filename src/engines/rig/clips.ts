/**
 * Procedural clips for the two rig types, in place (no root travel). Joints rest unrotated in the
 * model's frame (+X the body's left, +Y up, +Z its front), so a swing of a leg is a turn about X:
 * negative brings a hanging limb forward. Each clip is one cycle sampled at KEYS_PER_SECOND; the last
 * key repeats the first exactly, so every clip loops. The hips ride up and down so the lowest foot
 * stays at its rest height (the feet stay on the ground); given the skinned mesh, so that its lowest
 * point does (a sole or toe that dips below the ankle's arc, a heel that lifts); a jump adds its
 * flight on top.
 */
import type { RigClip as ClipName } from '../../domain/rig-request.ts';
import { jointPoses, quatMultiply, type Quat, type Rig, type RigClip } from '../../geometry/rig.ts';
import type { BodySkeleton, Vec3 } from '../../geometry/skeleton.ts';
import { poseInto } from '../../geometry/rig.ts';

export const KEYS_PER_SECOND = 30;

/** Seconds per cycle. */
export const CLIP_SECONDS: Record<ClipName, number> = {
  idle: 3,
  walk: 1.1,
  run: 0.66,
  jump: 1.3,
  wave: 1.6,
  trot: 0.8,
};

const DEG = Math.PI / 180;
const axisAngle = (axis: Vec3, degrees: number): Quat => {
  const h = (degrees * DEG) / 2;
  const s = Math.sin(h);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(h)];
};
const rotX = (d: number) => axisAngle([1, 0, 0], d);
const rotY = (d: number) => axisAngle([0, 1, 0], d);
const rotZ = (d: number) => axisAngle([0, 0, 1], d);
const pos = (x: number) => Math.max(0, x);

/** The smallest rotation taking direction a to direction b. */
function rotationBetween(a: Vec3, b: Vec3): Quat {
  const la = Math.hypot(...a) || 1,
    lb = Math.hypot(...b) || 1;
  const u: Vec3 = [a[0] / la, a[1] / la, a[2] / la];
  const v: Vec3 = [b[0] / lb, b[1] / lb, b[2] / lb];
  const c: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const w = 1 + u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  if (w < 1e-6) return [0, 0, 1, 0];
  const l = Math.hypot(c[0], c[1], c[2], w);
  return [c[0] / l, c[1] / l, c[2] / l, w / l];
}

/** Joint rotations at phase p (0–1) of a cycle, plus extra root height (flight). */
type Pose = { rotations: Record<string, Quat>; lift?: number };
type PoseAt = (p: number) => Pose;

/** Jump phases: crouch, push, flight, landing; 0 outside each. */
function jumpCurves(p: number) {
  const bump = (a: number, b: number) => (p > a && p < b ? Math.sin((Math.PI * (p - a)) / (b - a)) : 0);
  return { crouch: bump(0, 0.38) + 0.7 * bump(0.68, 0.92), flight: bump(0.38, 0.68) };
}

function humanoidPose(clip: ClipName, skeleton: BodySkeleton, legLength: number): PoseAt {
  const head = (n: string) => skeleton.joints.find((j) => j.name === n)!.head;
  const dir = (a: string, b: string): Vec3 => {
    const [x, y] = [head(a), head(b)];
    return [y[0] - x[0], y[1] - x[1], y[2] - x[2]];
  };
  switch (clip) {
    case 'walk':
    case 'run': {
      const run = clip === 'run';
      const [thigh, knee, arm, elbow, lean] = run ? [38, 75, 32, -75, 8] : [24, 40, 16, -12, 0];
      return (p) => {
        const f = 2 * Math.PI * p;
        const s = Math.sin(f),
          c = Math.cos(f);
        return {
          rotations: {
            spine: quatMultiply(rotX(lean), rotY(4 * s)),
            chest: rotY(-6 * s),
            leftUpperLeg: rotX(-thigh * s),
            rightUpperLeg: rotX(thigh * s),
            leftLowerLeg: rotX(6 + knee * pos(c)),
            rightLowerLeg: rotX(6 + knee * pos(-c)),
            leftFoot: rotX(-8 * pos(c)),
            rightFoot: rotX(-8 * pos(-c)),
            leftUpperArm: rotX(arm * s),
            rightUpperArm: rotX(-arm * s),
            leftLowerArm: rotX(elbow),
            rightLowerArm: rotX(elbow),
          },
        };
      };
    }
    case 'jump':
      return (p) => {
        const { crouch, flight } = jumpCurves(p);
        return {
          rotations: {
            spine: rotX(18 * crouch),
            leftUpperLeg: rotX(-55 * crouch - 10 * flight),
            rightUpperLeg: rotX(-55 * crouch - 10 * flight),
            leftLowerLeg: rotX(95 * crouch + 25 * flight),
            rightLowerLeg: rotX(95 * crouch + 25 * flight),
            leftFoot: rotX(-40 * crouch + 20 * flight),
            rightFoot: rotX(-40 * crouch + 20 * flight),
            leftUpperArm: rotX(35 * crouch - 60 * flight),
            rightUpperArm: rotX(35 * crouch - 60 * flight),
            leftLowerArm: rotX(-20 * crouch),
            rightLowerArm: rotX(-20 * crouch),
          },
          lift: 0.3 * legLength * flight,
        };
      };
    case 'wave': {
      const raise = rotationBetween(dir('rightUpperArm', 'rightLowerArm'), [-0.5, 0.8, 0.3]);
      return (p) => {
        const s = Math.sin(2 * Math.PI * 2 * p);
        return {
          rotations: {
            rightUpperArm: raise,
            rightLowerArm: rotZ(25 * s),
            rightHand: rotZ(10 * s),
            neck: rotZ(-3),
            head: rotY(-6),
          },
        };
      };
    }
    default:
      return (p) => {
        const s = Math.sin(2 * Math.PI * p);
        return {
          rotations: {
            chest: rotX(2 * s),
            neck: rotX(-1.5 * s),
            head: rotY(6 * Math.sin(2 * Math.PI * p + 1)),
            leftUpperArm: rotZ(2 * s),
            rightUpperArm: rotZ(-2 * s),
          },
        };
      };
  }
}

function quadrupedPose(clip: ClipName, skeleton: BodySkeleton, legLength: number): PoseAt {
  const hasTail = skeleton.joints.some((j) => j.name === 'tail1');
  const tail = (s: number, amount: number): Record<string, Quat> =>
    hasTail ? { tail1: rotY(amount * s), tail2: rotY(amount * 0.8 * s), tail3: rotY(amount * 0.6 * s) } : {};
  const legs = (phase: Record<string, number>, swing: number, bend: number, p: number) => {
    const out: Record<string, Quat> = {};
    for (const [leg, offset] of Object.entries(phase)) {
      const f = 2 * Math.PI * (p - offset);
      out[`${leg}UpperLeg`] = rotX(-swing * Math.sin(f));
      out[`${leg}LowerLeg`] = rotX(bend * pos(Math.cos(f)));
    }
    return out;
  };
  switch (clip) {
    case 'walk':
      return (p) => ({
        rotations: {
          ...legs({ leftBack: 0, leftFront: 0.25, rightBack: 0.5, rightFront: 0.75 }, 18, 30, p),
          neck: rotX(3 * Math.sin(4 * Math.PI * p)),
          ...tail(Math.sin(2 * Math.PI * p), 10),
        },
      });
    case 'trot':
      return (p) => ({
        rotations: {
          ...legs({ leftFront: 0, rightBack: 0, rightFront: 0.5, leftBack: 0.5 }, 24, 40, p),
          neck: rotX(4 * Math.sin(4 * Math.PI * p)),
          ...tail(Math.sin(2 * Math.PI * p), 12),
        },
      });
    case 'run':
      return (p) => {
        const s = Math.sin(2 * Math.PI * p);
        return {
          rotations: {
            ...legs({ leftFront: 0, rightFront: 0.1, leftBack: 0.5, rightBack: 0.6 }, 32, 50, p),
            spine: rotX(6 * s),
            chest: rotX(-5 * s),
            neck: rotX(-5 * s),
            ...tail(s, 8),
          },
        };
      };
    case 'jump':
      return (p) => {
        const { crouch, flight } = jumpCurves(p);
        const rotations: Record<string, Quat> = {
          neck: rotX(-10 * flight),
          ...tail(flight, 0),
        };
        for (const side of ['left', 'right']) {
          rotations[`${side}FrontUpperLeg`] = rotX(-30 * crouch - 45 * flight);
          rotations[`${side}FrontLowerLeg`] = rotX(40 * crouch + 30 * flight);
          rotations[`${side}BackUpperLeg`] = rotX(-40 * crouch + 40 * flight);
          rotations[`${side}BackLowerLeg`] = rotX(50 * crouch);
        }
        return { rotations, lift: 0.35 * legLength * flight };
      };
    default:
      return (p) => {
        const s = Math.sin(2 * Math.PI * p);
        return {
          rotations: {
            chest: rotX(1.5 * s),
            neck: rotY(8 * Math.sin(2 * Math.PI * p + 1)),
            head: rotX(3 * s),
            ...tail(s, 12),
          },
        };
      };
  }
}

/** Height of the leg from the hips joint to the lowest foot at rest. */
function legLengthOf(skeleton: BodySkeleton, feet: string[]): number {
  const hips = skeleton.joints.find((j) => j.parent === null)!.head;
  const low = Math.min(...skeleton.joints.filter((j) => feet.includes(j.name)).map((j) => j.head[1]));
  return Math.max(hips[1] - low, 1e-6);
}

/** The same turn `share` of the way from rest (0 = no turn, 1 = the whole turn), about the same axis. */
export function scaleRotation(q: Quat, share: number): Quat {
  const w = Math.min(1, Math.max(-1, q[3]));
  const half = Math.acos(Math.abs(w));
  const s = Math.sin(half);
  if (s < 1e-9) return [0, 0, 0, 1];
  const sign = w < 0 ? -1 : 1;
  const k = (sign * Math.sin(share * half)) / s;
  return [q[0] * k, q[1] * k, q[2] * k, Math.cos(share * half)];
}

/**
 * One clip. With `restPositions` (and the rig's joints and weights) the ground is the skinned mesh's
 * lowest point, else the lowest foot joint. `amplitude` scales the turns of the joints it names (1 =
 * the clip as designed; clip-amplitude.ts tones down the joints whose swing would tear the mesh).
 */
export function makeClip(
  rig: Pick<Rig, 'skeleton'> & Partial<Pick<Rig, 'joints' | 'weights'>>,
  name: ClipName,
  restPositions?: Float32Array,
  amplitude?: ReadonlyMap<string, number>,
): RigClip {
  const { skeleton } = rig;
  const feetNames = skeleton.joints
    .filter((j) => /Foot$/.test(j.name) && !skeleton.joints.some((c) => c.parent === j.name && /Foot/.test(c.name)))
    .map((j) => j.name);
  const legLength = legLengthOf(skeleton, feetNames);
  const poseAt =
    skeleton.rigType === 'humanoid'
      ? humanoidPose(name, skeleton, legLength)
      : quadrupedPose(name, skeleton, legLength);
  const frames = Math.max(2, Math.round(CLIP_SECONDS[name] * KEYS_PER_SECOND));
  const times = new Float32Array(frames + 1);
  const rotations = new Map<string, Float32Array>();
  const known = new Set(skeleton.joints.map((j) => j.name));
  const scaled = (pose: Pose): Pose =>
    amplitude
      ? {
          ...pose,
          rotations: Object.fromEntries(
            Object.entries(pose.rotations).map(([joint, q]) => [joint, scaleRotation(q, amplitude.get(joint) ?? 1)]),
          ),
        }
      : pose;
  const poses = Array.from({ length: frames }, (_, k) => scaled(poseAt(k / frames)));
  for (const pose of poses)
    for (const joint of Object.keys(pose.rotations))
      if (known.has(joint)) rotations.set(joint, new Float32Array(4 * (frames + 1)));
  const root = skeleton.joints.find((j) => j.parent === null)!;
  const rootTranslation = new Float32Array(3 * (frames + 1));
  const footIndex = feetNames.map((n) => skeleton.joints.findIndex((j) => j.name === n));
  const restLow = Math.min(...footIndex.map((i) => skeleton.joints[i].head[1]));
  for (let k = 0; k <= frames; k++) {
    const pose = poses[k % frames];
    times[k] = k / KEYS_PER_SECOND;
    for (const [joint, keys] of rotations) keys.set(pose.rotations[joint] ?? [0, 0, 0, 1], 4 * k);
    rootTranslation.set(root.head, 3 * k);
  }
  const clip: RigClip = { name, times, rotations, rootTranslation };
  // Feet on the ground: lower or raise the root so the lowest foot joint keeps its rest height.
  for (let k = 0; k <= frames; k++) {
    const { position } = jointPoses(
      { skeleton, joints: new Uint16Array(), weights: new Float32Array(), clips: [] },
      clip,
      k,
    );
    const low = Math.min(...footIndex.map((i) => position[i][1]));
    rootTranslation[3 * k + 1] += restLow - low + (poses[k % frames].lift ?? 0);
  }
  if (restPositions && rig.joints && rig.weights && rig.weights.length > 0) {
    const skinned: Rig = { skeleton, joints: rig.joints, weights: rig.weights, clips: [] };
    const lowest = (q: Float32Array) => {
      let low = Infinity;
      for (let i = 1; i < q.length; i += 3) if (q[i] < low) low = q[i];
      return low;
    };
    const restMeshLow = lowest(restPositions);
    const posed = new Float32Array(restPositions.length);
    // The root's translation moves every vertex alike, so one shift per key puts the lowest point back.
    for (let k = 0; k <= frames; k++) {
      poseInto(posed, restPositions, skinned, clip, k);
      const low = lowest(posed);
      rootTranslation[3 * k + 1] += restMeshLow + (poses[k % frames].lift ?? 0) - low;
    }
  }
  return clip;
}
