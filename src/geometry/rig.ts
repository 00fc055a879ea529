/**
 * A rigged mesh in memory: a skeleton (geometry/skeleton.ts) whose joints rest with no rotation (so
 * a joint's rotation keys are in the model's own axes), four joint/weight pairs per vertex, and clips
 * sampled as keys. `posePositions` applies a key by linear blend skinning, for previews and checks;
 * the writers (export/rig-gltf.ts, export/fbx) put the same data in files.
 */
import type { BodySkeleton, Vec3 } from './skeleton.ts';

export type Quat = [number, number, number, number];

export interface RigClip {
  name: string;
  /** Key times in seconds, from 0. */
  times: Float32Array;
  /** Per joint name: xyzw quaternions, four per key (joints not listed stay at rest). */
  rotations: Map<string, Float32Array>;
  /** The root joint's translation (in its parent's frame: the model's), three per key. */
  rootTranslation: Float32Array;
}

export interface Rig {
  skeleton: BodySkeleton;
  /** Four joint indices (into skeleton.joints) per vertex of the rigged mesh. */
  joints: Uint16Array;
  /** Four weights per vertex, summing to 1. */
  weights: Float32Array;
  clips: RigClip[];
}

export function quatMultiply(a: Quat, b: Quat): Quat {
  return [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}

export function quatRotate(q: Quat, v: Vec3): Vec3 {
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]),
    ty = 2 * (z * v[0] - x * v[2]),
    tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

/** World rotation and position of every joint at one key of a clip (rest when `clip` is undefined). */
export function jointPoses(rig: Rig, clip: RigClip | undefined, key: number): { rotation: Quat[]; position: Vec3[] } {
  const joints = rig.skeleton.joints;
  const index = new Map(joints.map((j, i) => [j.name, i]));
  const rotation: Quat[] = [];
  const position: Vec3[] = [];
  for (const joint of joints) {
    const keys = clip?.rotations.get(joint.name);
    const local: Quat = keys ? [keys[4 * key], keys[4 * key + 1], keys[4 * key + 2], keys[4 * key + 3]] : [0, 0, 0, 1];
    if (joint.parent === null) {
      rotation.push(local);
      position.push(
        clip
          ? [clip.rootTranslation[3 * key], clip.rootTranslation[3 * key + 1], clip.rootTranslation[3 * key + 2]]
          : [...joint.head],
      );
      continue;
    }
    const p = index.get(joint.parent)!;
    const parent = joints[p];
    const offset = quatRotate(rotation[p], [
      joint.head[0] - parent.head[0],
      joint.head[1] - parent.head[1],
      joint.head[2] - parent.head[2],
    ]);
    rotation.push(quatMultiply(rotation[p], local));
    position.push([position[p][0] + offset[0], position[p][1] + offset[1], position[p][2] + offset[2]]);
  }
  return { rotation, position };
}

/** The rigged mesh's vertex positions at one key of a clip (linear blend skinning). */
export function posePositions(positions: Float32Array, rig: Rig, clip: RigClip | undefined, key: number): Float32Array {
  const out = new Float32Array(positions.length);
  poseInto(out, positions, rig, clip, key);
  return out;
}

/**
 * posePositions into `out`: each joint's transform turned into a matrix once per key and no allocation
 * per vertex, since the rig's clip stage poses every key of every clip (the ground pass, the stretch
 * measurement), which on a 150k-face mesh is its cost.
 */
export function poseInto(
  out: Float32Array,
  positions: Float32Array,
  rig: Rig,
  clip: RigClip | undefined,
  key: number,
): void {
  const { rotation, position } = jointPoses(rig, clip, key);
  const J = rig.skeleton.joints.length;
  const m = new Float64Array(12 * J);
  rig.skeleton.joints.forEach((joint, j) => {
    const [x, y, z, w] = rotation[j];
    const r = [
      1 - 2 * (y * y + z * z),
      2 * (x * y - z * w),
      2 * (x * z + y * w),
      2 * (x * y + z * w),
      1 - 2 * (x * x + z * z),
      2 * (y * z - x * w),
      2 * (x * z - y * w),
      2 * (y * z + x * w),
      1 - 2 * (x * x + y * y),
    ];
    const h = joint.head;
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 3; col++) m[12 * j + 4 * row + col] = r[3 * row + col];
      m[12 * j + 4 * row + 3] = position[j][row] - (r[3 * row] * h[0] + r[3 * row + 1] * h[1] + r[3 * row + 2] * h[2]);
    }
  });
  const { joints, weights } = rig;
  for (let v = 0; v < positions.length / 3; v++) {
    const px = positions[3 * v],
      py = positions[3 * v + 1],
      pz = positions[3 * v + 2];
    let x = 0,
      y = 0,
      z = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[4 * v + k];
      if (w === 0) continue;
      const o = 12 * joints[4 * v + k];
      x += w * (m[o] * px + m[o + 1] * py + m[o + 2] * pz + m[o + 3]);
      y += w * (m[o + 4] * px + m[o + 5] * py + m[o + 6] * pz + m[o + 7]);
      z += w * (m[o + 8] * px + m[o + 9] * py + m[o + 10] * pz + m[o + 11]);
    }
    out[3 * v] = x;
    out[3 * v + 1] = y;
    out[3 * v + 2] = z;
  }
}
