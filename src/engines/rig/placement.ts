/**
 * Places the rigged model the way animation tools expect: the body's left on +X, up on +Y, front on
 * +Z, the lowest point on y = 0 and the hips over the origin; then scaled to `height_meters` if asked.
 */
import type { BodySkeleton, Vec3 } from '../../geometry/skeleton.ts';

export interface Frame {
  left: Vec3;
  up: Vec3;
  front: Vec3;
}

export const MODEL_FRAME: Frame = { left: [1, 0, 0], up: [0, 1, 0], front: [0, 0, 1] };

/**
 * The frame a ready-made skeleton stands in, read from its own joints: up is +Y (body plans stand on
 * the ground), left is where its `left…` joints lie against their `right…` twins (level), front is
 * left × up. Body plans face either way (figures +Z, animals and birds +X), and the clips swing legs
 * about the body's own left axis, so the model must be turned to face +Z first.
 */
export function skeletonFrame(skeleton: BodySkeleton): Frame {
  const heads = new Map(skeleton.joints.map((j) => [j.name, j.head]));
  let x = 0,
    z = 0;
  for (const [name, head] of heads) {
    if (!name.startsWith('left')) continue;
    const twin = heads.get(`right${name.slice(4)}`);
    if (!twin) continue;
    x += head[0] - twin[0];
    z += head[2] - twin[2];
  }
  const length = Math.hypot(x, z);
  if (!(length > 1e-9)) return MODEL_FRAME;
  const left: Vec3 = [x / length, 0, z / length];
  // left × up with up = +Y.
  return { left, up: [0, 1, 0], front: [-left[2], 0, left[0]] };
}

export function placeRig(
  positions: Float32Array,
  skeleton: BodySkeleton,
  frame: Frame,
  heightMeters: number | undefined,
): { positions: Float32Array; skeleton: BodySkeleton; height: number } {
  const rotate = (x: number, y: number, z: number): Vec3 => [
    x * frame.left[0] + y * frame.left[1] + z * frame.left[2],
    x * frame.up[0] + y * frame.up[1] + z * frame.up[2],
    x * frame.front[0] + y * frame.front[1] + z * frame.front[2],
  ];
  const out = new Float32Array(positions.length);
  let low = Infinity,
    high = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const r = rotate(positions[i], positions[i + 1], positions[i + 2]);
    out.set(r, i);
    low = Math.min(low, r[1]);
    high = Math.max(high, r[1]);
  }
  const hips = rotate(...skeleton.joints[0].head);
  const height = high - low;
  const scale = heightMeters !== undefined && height > 0 ? heightMeters / height : 1;
  const shift: Vec3 = [-hips[0], -low, -hips[2]];
  const place = (p: Vec3): Vec3 => [(p[0] + shift[0]) * scale, (p[1] + shift[1]) * scale, (p[2] + shift[2]) * scale];
  for (let i = 0; i < out.length; i += 3) out.set(place([out[i], out[i + 1], out[i + 2]]), i);
  return {
    positions: out,
    skeleton: { ...skeleton, joints: skeleton.joints.map((j) => ({ ...j, head: place(rotate(...j.head)) })) },
    height: height * scale,
  };
}
