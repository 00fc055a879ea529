/** Fast linear blend skinning for the clip stage. */
import { jointPoses, type Rig, type RigClip } from '../../geometry/rig.ts';

/**
 * The skinned positions at one key into `out`, as posePositions (geometry/rig.ts) computes them by
 * linear blend skinning, with each joint's transform turned into a matrix once per key and no
 * allocation per vertex: the clip stage poses every key of every clip (the ground pass, the stretch
 * measurement), and on a 150k-face mesh this is its cost.
 */
export function poseInto(out: Float32Array, positions: Float32Array, rig: Rig, clip: RigClip, key: number): void {
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
