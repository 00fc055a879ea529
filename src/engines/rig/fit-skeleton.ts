/**
 * Fits a skeleton to a body plan: every joint is the centroid of a geodesic ring (rings.ts) at a set
 * share of its branch's length, so joints sit inside the body at the knees, elbows, hips and neck
 * whatever the pose. The same shares cut the surface into the chains the skin weights blend along
 * (skin-weights.ts). Left and right come from the body's own frame: a quadruped faces its head, a
 * humanoid the way its toes point.
 */
import type { BodySkeleton, SkeletonJoint, Vec3 } from '../../geometry/skeleton.ts';
import type { BodyPlan, Branch } from './body-plan.ts';
import type { DistanceField } from './geodesic.ts';
import {
  firstStretchInside,
  INSIDE_DEFAULTS,
  moveJointsInside,
  moveToChordMiddle,
  type InsideOptions,
} from './inside.ts';
import { ringAt } from './rings.ts';
import type { VertexGraph } from './surface.ts';

/** Shares of a branch's length (from its tip) where each joint sits; the rows an animator would expect. */
export const JOINT_SHARES = {
  humanoid: {
    arm: { hand: 0.16, lowerArm: 0.46, upperArm: 0.8 },
    leg: { foot: 0.16, lowerLeg: 0.5, upperLeg: 0.88 },
    /** Head branch shares, then trunk shares beyond the head's hub. */
    head: { head: 0.45, neck: 0.7 },
    trunk: { chest: 0.15, spine: 0.5, hips: 0.85 },
  },
  quadruped: {
    front: { foot: 0.12, lowerLeg: 0.42, upperLeg: 0.78 },
    back: { foot: 0.12, lowerLeg: 0.42, upperLeg: 0.78 },
    head: { head: 0.4, neck: 0.8 },
    trunk: { chest: 0.12, spine: 0.5, hips: 0.88 },
    tail: { tail3: 0.3, tail2: 0.6, tail1: 0.92 },
  },
} as const;

/** Joints along one distance field, tip first: segment k (distances c[k−1] … c[k]) moves joint k. */
export interface Chain {
  field: DistanceField;
  joints: string[];
  cuts: number[];
  /** Limbs and tails hand over to `trunk` past their last cut; the trunk chain's last joint keeps the rest. */
  limb: boolean;
}

export interface FittedSkeleton {
  skeleton: BodySkeleton;
  chains: Chain[];
  /** Unit axes of the body's own frame: its left, up and front. */
  frame: { left: Vec3; up: Vec3; front: Vec3 };
  /** Joints whose ring centroid fell outside the surface and were moved inside along their bone (inside.ts). */
  movedInside: string[];
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
const mid = (a: Vec3, b: Vec3): Vec3 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
const without = (a: Vec3, axis: Vec3): Vec3 => {
  const k = dot(a, axis);
  return [a[0] - k * axis[0], a[1] - k * axis[1], a[2] - k * axis[2]];
};

/**
 * A ring of a handful of vertices is a patch of the surface, not a loop around the body, and its
 * centroid lies on the surface: on a coarse part whose long edges step over the band (SuperTuxKart's
 * silvian-girl, fresh4: the head ring held 5 vertices at the back of the skull, 0.03 across), the band is
 * widened, doubling up to `widenings` times, until the ring holds `minVertices`.
 */
export const JOINT_RING_DEFAULTS = { minVertices: 8, widenings: 3 };

export function loopAt(graph: VertexGraph, field: DistanceField, towards: number, t: number, band: number) {
  let ring = ringAt(graph, field, towards, t, band);
  for (let k = 0; k < JOINT_RING_DEFAULTS.widenings && ring.vertexCount < JOINT_RING_DEFAULTS.minVertices; k++) {
    ring = ringAt(graph, field, towards, t, band * 2 ** (k + 1));
  }
  return ring;
}

/**
 * A joint its bone to the parent cannot bring inside (a neck ring across a lowered head and its horns)
 * is looked for towards its children instead, and towards the middle of its parent and child: the
 * middle of the first stretch inside along the way. Moves the joint and says whether it found a place.
 */
function moveTowardsChildren(
  graph: VertexGraph,
  joints: SkeletonJoint[],
  name: string,
  options: InsideOptions,
): boolean {
  const joint = joints.find((j) => j.name === name)!;
  const parent = joints.find((j) => j.name === joint.parent);
  const targets = joints
    .filter((j) => j.parent === name)
    .flatMap((child) => [child.head, ...(parent ? [mid(parent.head, child.head)] : [])]);
  for (const to of targets) {
    const run = firstStretchInside(graph, joint.head, to, options);
    if (run.length > 0) {
      joint.head = run[Math.floor(run.length / 2)];
      return true;
    }
  }
  return false;
}

export function fitSkeleton(
  graph: VertexGraph,
  fields: DistanceField[],
  plan: BodyPlan,
  band: number,
  inside: InsideOptions = INSIDE_DEFAULTS,
): FittedSkeleton {
  const position = new Map<string, Vec3>();
  const chains: Chain[] = [];
  const tipVertex = (b: Branch) => fields[b.tip].source;
  // Rings along a branch follow the path towards a tip on the far side of the body.
  const along = (b: Branch, towards: Branch, shares: Record<string, number>, names: string[], limb: boolean) => {
    const entries = Object.entries(shares);
    const cuts = entries.map(([, share]) => share * b.length);
    entries.forEach(([, share], i) => {
      position.set(names[i], loopAt(graph, fields[b.tip], tipVertex(towards), share * b.length, band).centroid);
    });
    chains.push({ field: fields[b.tip], joints: names, cuts, limb });
  };

  const humanoid = plan.rigType === 'humanoid';
  const shares = JOINT_SHARES[plan.rigType];
  const [front0, front1] = plan.frontPair;
  const [back0, back1] = plan.backPair;
  const frontShares = humanoid ? JOINT_SHARES.humanoid.arm : JOINT_SHARES.quadruped.front;
  const backShares = humanoid ? JOINT_SHARES.humanoid.leg : JOINT_SHARES.quadruped.back;
  // Provisional names (side a / side b); left and right are settled once the frame is known.
  const limbNames = (side: string, kind: 'front' | 'back') =>
    humanoid
      ? kind === 'front'
        ? [`${side}Hand`, `${side}LowerArm`, `${side}UpperArm`]
        : [`${side}Foot`, `${side}LowerLeg`, `${side}UpperLeg`]
      : kind === 'front'
        ? [`${side}FrontFoot`, `${side}FrontLowerLeg`, `${side}FrontUpperLeg`]
        : [`${side}BackFoot`, `${side}BackLowerLeg`, `${side}BackUpperLeg`];
  along(front0, front1, frontShares, limbNames('a', 'front'), true);
  along(front1, front0, frontShares, limbNames('b', 'front'), true);
  along(back0, back1, backShares, limbNames('a', 'back'), true);
  along(back1, back0, backShares, limbNames('b', 'back'), true);
  // The trunk chain runs from the head tip through the head's hub down the trunk.
  const headField = fields[plan.head.tip];
  const trunkShares = [
    ...Object.values(shares.head).map((s) => s * plan.head.length),
    ...Object.values(shares.trunk).map((s) => plan.head.length + s * plan.trunk),
  ];
  const trunkNames = ['head', 'neck', 'chest', 'spine', 'hips'];
  trunkShares.forEach((t, i) => {
    position.set(trunkNames[i], loopAt(graph, headField, tipVertex(back0), t, band).centroid);
  });
  chains.push({ field: headField, joints: trunkNames, cuts: trunkShares, limb: false });
  if (plan.tail) {
    const tailShares = JOINT_SHARES.quadruped.tail;
    along(plan.tail, back0, tailShares, ['tail3', 'tail2', 'tail1'], true);
  }

  // The body's frame.
  const hips = position.get('hips')!;
  const chest = position.get('chest')!;
  let up: Vec3, front: Vec3, left: Vec3;
  if (humanoid) {
    up = unit(sub(position.get('neck')!, hips));
    const side = unit(without(sub(position.get('aUpperLeg')!, position.get('bUpperLeg')!), up));
    const toes = [back0, back1].reduce<Vec3>(
      (sum, b, i) => {
        const ankle = position.get(i === 0 ? 'aFoot' : 'bFoot')!;
        const toe = Array.from(graph.positions.subarray(3 * tipVertex(b), 3 * tipVertex(b) + 3)) as Vec3;
        const d = without(sub(toe, ankle), up);
        return [sum[0] + d[0], sum[1] + d[1], sum[2] + d[2]];
      },
      [0, 0, 0],
    );
    // Side a is the left when its front (left × up) is where the toes point.
    front = unit(cross(side, up));
    if (dot(front, toes) < 0) front = [-front[0], -front[1], -front[2]];
    left = unit(cross(up, front));
  } else {
    front = unit(sub(chest, hips));
    const feet = ['aFrontFoot', 'bFrontFoot', 'aBackFoot', 'bBackFoot'].map((n) => position.get(n)!);
    const footMid = feet.reduce<Vec3>((s, f) => [s[0] + f[0] / 4, s[1] + f[1] / 4, s[2] + f[2] / 4], [0, 0, 0]);
    up = unit(without(sub(mid(hips, chest), footMid), front));
    left = unit(cross(up, front));
  }
  // Name each pair by the side it is on.
  const rename = new Map<string, string>();
  const pairs: [string, string][] = humanoid
    ? [
        ['aUpperArm', 'bUpperArm'],
        ['aUpperLeg', 'bUpperLeg'],
      ]
    : [
        ['aFrontUpperLeg', 'bFrontUpperLeg'],
        ['aBackUpperLeg', 'bBackUpperLeg'],
      ];
  for (const [a, b] of pairs) {
    const aIsLeft = dot(sub(position.get(a)!, position.get(b)!), left) >= 0;
    const kinds = humanoid
      ? a.includes('Arm')
        ? ['Hand', 'LowerArm', 'UpperArm']
        : ['Foot', 'LowerLeg', 'UpperLeg']
      : a.includes('Front')
        ? ['FrontFoot', 'FrontLowerLeg', 'FrontUpperLeg']
        : ['BackFoot', 'BackLowerLeg', 'BackUpperLeg'];
    for (const kind of kinds) {
      rename.set(`a${kind}`, `${aIsLeft ? 'left' : 'right'}${kind}`);
      rename.set(`b${kind}`, `${aIsLeft ? 'right' : 'left'}${kind}`);
    }
  }
  const named = (n: string) => rename.get(n) ?? n;
  for (const chain of chains) chain.joints = chain.joints.map(named);

  const parentOf: Record<string, string | null> = humanoid
    ? {
        hips: null,
        spine: 'hips',
        chest: 'spine',
        neck: 'chest',
        head: 'neck',
        leftUpperArm: 'chest',
        leftLowerArm: 'leftUpperArm',
        leftHand: 'leftLowerArm',
        rightUpperArm: 'chest',
        rightLowerArm: 'rightUpperArm',
        rightHand: 'rightLowerArm',
        leftUpperLeg: 'hips',
        leftLowerLeg: 'leftUpperLeg',
        leftFoot: 'leftLowerLeg',
        rightUpperLeg: 'hips',
        rightLowerLeg: 'rightUpperLeg',
        rightFoot: 'rightLowerLeg',
      }
    : {
        hips: null,
        spine: 'hips',
        chest: 'spine',
        neck: 'chest',
        head: 'neck',
        leftFrontUpperLeg: 'chest',
        leftFrontLowerLeg: 'leftFrontUpperLeg',
        leftFrontFoot: 'leftFrontLowerLeg',
        rightFrontUpperLeg: 'chest',
        rightFrontLowerLeg: 'rightFrontUpperLeg',
        rightFrontFoot: 'rightFrontLowerLeg',
        leftBackUpperLeg: 'hips',
        leftBackLowerLeg: 'leftBackUpperLeg',
        leftBackFoot: 'leftBackLowerLeg',
        rightBackUpperLeg: 'hips',
        rightBackLowerLeg: 'rightBackUpperLeg',
        rightBackFoot: 'rightBackLowerLeg',
        ...(plan.tail ? { tail1: 'hips', tail2: 'tail1', tail3: 'tail2' } : {}),
      };
  const centroids: SkeletonJoint[] = Object.entries(parentOf).map(([name, parent]) => {
    const source = [...position.entries()].find(([n]) => named(n) === name);
    if (!source) throw new Error(`fitSkeleton: no position for ${name}`);
    return { name, parent, head: source[1] };
  });
  // The frame above is read from the ring centroids as found; only the joints themselves move inside.
  const { joints, moved, outside } = moveJointsInside(graph, centroids, inside);
  // Then towards the children, then to the nearest middle of a chord through the body (inside.ts).
  for (const name of outside) {
    if (moveTowardsChildren(graph, joints, name, inside) || moveToChordMiddle(graph, joints, name, inside))
      moved.push(name);
  }
  return {
    skeleton: { rigType: plan.rigType, source: 'fitted', joints },
    chains,
    frame: { left, up, front },
    movedInside: moved,
  };
}
