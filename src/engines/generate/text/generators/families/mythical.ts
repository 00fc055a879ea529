/**
 * Creatures of myth and legend, each the body plan it is told as. Those that are a fixed list of parts
 * are part-list rows with their skeletons (../parts/mythical.json: pegasus, minotaur, griffin, sea
 * serpent, golem, alien, centaur, mermaid); here are the ones that count or colour by the prompt (how
 * many heads or tails, a yeti's white fur): a dog or a serpent with many heads
 * (cerberus, hydra), a fox with many tails (kitsune), a fiery bird (phoenix), a hairy giant (bigfoot,
 * yeti) and a giant octopus (kraken). Built from a few shared parts (a four-legged body, a
 * torso with arms, a pair of wings), facing +x. The legged ones carry their skeleton (../joints.ts):
 * four-legged bodies the quadruped rig (the centaur's torso as its neck), two-legged ones the humanoid
 * rig; facing +x, their left side is -z.
 */
import type { Vec3 } from 'manifold-3d';
import { around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import type { MaterialKind } from '../../understand/index.ts';
import { partLists } from '../part-list.ts';
import { along, JointList } from '../joints.ts';
import { legJoints, trunkJoints } from './quadruped.ts';

interface FourLegs {
  len: number;
  girth: number;
  leg: number;
  colour: RGB;
  material?: MaterialKind;
  tail?: number;
}

/** The left side of a body facing +x. */
const LEFT_Z = -1;

/** A four-legged body (long ellipsoid, legs, tail) whose front top is returned, where a neck or torso joins. */
function fourLegs(ctx: GenContext, o: FourLegs): Vec3 {
  const m = o.material ?? 'organic';
  const y = o.leg + o.girth * 0.6;
  ctx.add(ctx.ellipsoid([o.len, o.girth, o.girth * 0.8], [0, y, 0]), m, { part: 'body', colour: o.colour });
  for (const x of [-o.len * 0.65, o.len * 0.65])
    for (const z of [-1, 1])
      ctx.add(
        ctx.capsule(
          [x, y - o.girth * 0.3, z * o.girth * 0.45],
          [x, o.girth * 0.12, z * o.girth * 0.45],
          o.girth * 0.2,
          o.girth * 0.13,
        ),
        m,
        { part: 'leg', colour: o.colour },
      );
  if (o.tail !== 0)
    ctx.add(
      ctx.capsule(
        [-o.len * 0.95, y + o.girth * 0.2, 0],
        [-o.len - (o.tail ?? 0.4), y - o.girth * 0.6, 0],
        o.girth * 0.14,
        o.girth * 0.06,
      ),
      m,
      { part: 'tail', colour: o.colour },
    );
  return [o.len * 0.8, y + o.girth * 0.5, 0];
}

/**
 * The quadruped skeleton of a fourLegs body: the trunk along the body's axis, a leg down each leg
 * capsule (hip at its top, foot at its bottom), and the neck and head where the generator put them.
 */
function fourLegSkeleton(ctx: GenContext, o: FourLegs, source: string, neck: Vec3, head: Vec3): void {
  const y = o.leg + o.girth * 0.6;
  const joints = trunkJoints(
    new JointList('quadruped', source),
    [-o.len * 0.5, y, 0],
    [0, y, 0],
    [o.len * 0.5, y, 0],
    neck,
    head,
  );
  for (const [place, x] of [
    ['Back', -o.len * 0.65],
    ['Front', o.len * 0.65],
  ] as const)
    for (const side of ['left', 'right'] as const) {
      const z = (side === 'left' ? LEFT_Z : -LEFT_Z) * o.girth * 0.45;
      const hip: Vec3 = [x, y - o.girth * 0.3, z];
      const foot: Vec3 = [x, o.girth * 0.12, z];
      legJoints(joints, side, place, hip, along(hip, foot, 0.5), foot);
    }
  ctx.skeleton = joints.finish();
}

/** A pair of wings raised up and out from a point on the back: each a thin hull, root to tip. */
function wings(ctx: GenContext, at: Vec3, span: number, colour: RGB): void {
  const t = span * 0.02;
  for (const side of [-1, 1]) {
    const outline: Vec3[] = [
      [at[0] + span * 0.15, at[1], side * 0.05],
      [at[0] - span * 0.25, at[1], side * 0.05],
      [at[0] - span * 0.05, at[1] + span * 0.55, side * span * 0.8],
      [at[0] - span * 0.45, at[1] + span * 0.25, side * span * 0.65],
    ];
    ctx.add(
      ctx.hull(
        outline.flatMap(([x, y, z]): Vec3[] => [
          [x, y - t, z],
          [x, y + t, z],
        ]),
      ),
      'organic',
      { part: 'wing', primary: false, colour },
    );
  }
}

/** Where a torso's joints go: neck, head centre, and per side the arm's shoulder and wrist. */
interface TorsoJoints {
  neck: Vec3;
  head: Vec3;
  shoulder: (side: number) => Vec3;
  wrist: (side: number) => Vec3;
}

/**
 * A human torso with head and arms standing on `base`, height h; returns the top of the head and
 * where its joints sit. A `headOverride` draws its own head and returns the head's centre.
 */
function torso(
  ctx: GenContext,
  base: Vec3,
  h: number,
  skin: RGB,
  headOverride?: (neck: Vec3, r: number) => Vec3,
): { top: Vec3; joints: TorsoJoints } {
  const [x, y, z] = base;
  const w = h * 0.22;
  ctx.add(ctx.roundBox([w * 0.9, h * 0.55, w * 1.7], w * 0.3, [x, y + h * 0.27, z]), 'organic', {
    part: 'torso',
    colour: skin,
  });
  const neck: Vec3 = [x, y + h * 0.6, z];
  const r = h * 0.12;
  let head: Vec3 = [x, neck[1] + r * 0.9, z];
  if (headOverride) head = headOverride(neck, r);
  else ctx.add(ctx.sphere(r, head), 'organic', { part: 'head', colour: skin });
  const shoulder = (side: number): Vec3 => [x, y + h * 0.5, z + side * w * 0.85];
  const wrist = (side: number): Vec3 => [x + h * 0.2, y + h * 0.15, z + side * w * 1.1];
  for (const side of [-1, 1])
    ctx.add(ctx.capsule(shoulder(side), wrist(side), w * 0.22, w * 0.18), 'organic', { part: 'arm', colour: skin });
  // The neck joint stays inside the torso's box (its top is at 0.545 h), below the head.
  return { top: [x, neck[1] + r * 1.9, z], joints: { neck: [x, y + h * 0.52, z], head, shoulder, wrist } };
}

/** Arm and leg joints of one side of a two-legged body facing +x. */
function sideJoints(
  joints: JointList,
  side: 'left' | 'right',
  arm: [Vec3, Vec3],
  leg: [Vec3, Vec3],
  knee = along(leg[0], leg[1], 0.5),
): void {
  joints
    .add(`${side}UpperArm`, 'chest', arm[0])
    .add(`${side}LowerArm`, `${side}UpperArm`, along(arm[0], arm[1], 0.5))
    .add(`${side}Hand`, `${side}LowerArm`, arm[1])
    .add(`${side}UpperLeg`, 'hips', leg[0])
    .add(`${side}LowerLeg`, `${side}UpperLeg`, knee)
    .add(`${side}Foot`, `${side}LowerLeg`, leg[1]);
}

/** A two-legged figure of height H (legs and torso) on the humanoid rig, the head left to `head`. */
function biped(
  ctx: GenContext,
  H: number,
  colour: RGB,
  material: MaterialKind,
  head?: (neck: Vec3, r: number) => Vec3,
): void {
  const hip = H * 0.45;
  const legTop = (side: number): Vec3 => [0, hip, side * H * 0.08];
  const ankle = (side: number): Vec3 => [0.02, H * 0.04, side * H * 0.09];
  for (const side of [-1, 1])
    ctx.add(ctx.capsule(legTop(side), ankle(side), H * 0.06, H * 0.05), material, { part: 'leg', colour });
  const base = hip - H * 0.03;
  const h = H * 0.55;
  const { joints: at } = torso(ctx, [0, base, 0], h, colour, head);
  const joints = new JointList('humanoid', 'mythical biped plan')
    .add('hips', null, [0, hip, 0])
    .add('spine', 'hips', [0, base + h * 0.2, 0])
    .add('chest', 'spine', [0, base + h * 0.38, 0])
    .add('neck', 'chest', at.neck)
    .add('head', 'neck', at.head);
  for (const side of [LEFT_Z, -LEFT_Z])
    sideJoints(
      joints,
      side === LEFT_Z ? 'left' : 'right',
      [at.shoulder(side), at.wrist(side)],
      [legTop(side), ankle(side)],
    );
  ctx.skeleton = joints.finish();
}

export const MYTHICAL: Record<string, Generator> = {
  ...partLists('mythical'),
  cerberus: (ctx) => {
    const fur: RGB = [0.15, 0.13, 0.12];
    const body: FourLegs = { len: 0.6, girth: 0.32, leg: 0.45, colour: fur, tail: 0.45 };
    const front = fourLegs(ctx, body);
    const heads = ctx.count('head', 3, 1, 7);
    for (let k = 0; k < heads; k++) {
      const z = (k - (heads - 1) / 2) * 0.26;
      const head: Vec3 = [front[0] + 0.25, front[1] + 0.3, z * 1.3];
      // The rig's neck and head run up the middle neck (the left one of the middle two).
      if (k === Math.floor((heads - 1) / 2))
        fourLegSkeleton(ctx, body, 'cerberus plan', along([front[0] - 0.1, front[1] - 0.1, z * 0.5], head, 0.4), head);
      ctx.add(ctx.capsule([front[0] - 0.1, front[1] - 0.1, z * 0.5], head, 0.14, 0.11), 'organic', {
        part: 'neck',
        colour: fur,
      });
      ctx.add(ctx.sphere(0.15, head), 'organic', { part: 'head', colour: fur });
      ctx.add(ctx.capsule(head, [head[0] + 0.2, head[1] - 0.05, head[2]], 0.08, 0.06), 'organic', {
        part: 'snout',
        colour: fur,
      });
      for (const side of [-1, 1])
        ctx.add(
          ctx.cyl(0.05, 0.12, [0, 0, 0], 0.002, 8).translate([head[0] - 0.03, head[1] + 0.08, head[2] + side * 0.07]),
          'organic',
          { part: 'ear', primary: false, colour: fur },
        );
      for (const side of [-1, 1])
        ctx.add(ctx.sphere(0.022, [head[0] + 0.1, head[1] + 0.04, head[2] + side * 0.06], 8), 'glass', {
          part: 'eye',
          primary: false,
          colour: [0.9, 0.2, 0.05],
        });
    }
  },
  hydra: (ctx) => {
    const scales: RGB = [0.2, 0.45, 0.3];
    const y = 0.45;
    ctx.add(ctx.ellipsoid([0.6, 0.35, 0.45], [0, y, 0]), 'organic', { part: 'body', colour: scales });
    for (const x of [-0.4, 0.4])
      for (const z of [-1, 1])
        ctx.add(ctx.capsule([x, y - 0.1, z * 0.3], [x, 0.05, z * 0.4], 0.1, 0.08), 'organic', {
          part: 'leg',
          colour: scales,
        });
    ctx.add(ctx.capsule([-0.55, y, 0], [-1.2, 0.1, 0], 0.14, 0.03), 'organic', { part: 'tail', colour: scales });
    // Many necks: the rig's neck and head stay in the front of the body, where they all root.
    const joints = trunkJoints(
      new JointList('quadruped', 'hydra plan'),
      [-0.35, y, 0],
      [0, y, 0],
      [0.3, y, 0],
      [0.35, y + 0.15, 0],
      [0.45, y + 0.2, 0],
    );
    for (const [place, x] of [
      ['Back', -0.4],
      ['Front', 0.4],
    ] as const)
      for (const side of ['left', 'right'] as const) {
        const z = side === 'left' ? LEFT_Z : -LEFT_Z;
        const hip: Vec3 = [x, y - 0.1, z * 0.3];
        const foot: Vec3 = [x, 0.05, z * 0.4];
        legJoints(joints, side, place, hip, along(hip, foot, 0.5), foot);
      }
    ctx.skeleton = joints.finish();
    const heads = ctx.count('head', 5, 2, 9);
    for (let k = 0; k < heads; k++) {
      const a = ((k - (heads - 1) / 2) / Math.max(1, heads - 1)) * 1.6;
      const head: Vec3 = [0.6 + Math.cos(a) * 0.3, 1.2 + ctx.rng.range(-0.1, 0.1), Math.sin(a) * 0.6];
      ctx.add(ctx.capsule([0.35, y + 0.15, Math.sin(a) * 0.2], head, 0.08, 0.06), 'organic', {
        part: 'neck',
        colour: scales,
      });
      ctx.add(ctx.capsule(head, [head[0] + 0.18, head[1] - 0.02, head[2]], 0.08, 0.05), 'organic', {
        part: 'head',
        colour: scales,
      });
    }
  },
  kitsune: (ctx) => {
    const fur: RGB = says(ctx, /white/) ? [0.95, 0.95, 0.95] : [0.85, 0.45, 0.15];
    const body: FourLegs = { len: 0.45, girth: 0.2, leg: 0.3, colour: fur, tail: 0 };
    const front = fourLegs(ctx, body);
    const head: Vec3 = [front[0] + 0.12, front[1] + 0.18, 0];
    fourLegSkeleton(ctx, body, 'kitsune plan', along([front[0] - 0.05, front[1] - 0.08, 0], head, 0.4), head);
    ctx.add(ctx.capsule([front[0] - 0.05, front[1] - 0.08, 0], head, 0.1, 0.08), 'organic', {
      part: 'neck',
      colour: fur,
    });
    ctx.add(ctx.sphere(0.11, head), 'organic', { part: 'head', colour: fur });
    ctx.add(ctx.capsule(head, [head[0] + 0.17, head[1] - 0.04, 0], 0.07, 0.03), 'organic', {
      part: 'snout',
      colour: fur,
    });
    for (const side of [-1, 1])
      ctx.add(
        ctx.cyl(0.05, 0.13, [0, 0, 0], 0.002, 8).translate([head[0] - 0.02, head[1] + 0.07, side * 0.06]),
        'organic',
        { part: 'ear', colour: fur },
      );
    // The tails fan out behind and up, white-tipped.
    const tails = ctx.count('tail', 9, 1, 9);
    for (let k = 0; k < tails; k++) {
      const a = tails === 1 ? 0 : (k / (tails - 1) - 0.5) * 1.8;
      const tip: Vec3 = [-0.45 - 0.45 * Math.cos(a) * 0.7, front[1] + 0.35 + Math.cos(a) * 0.15, Math.sin(a) * 0.5];
      ctx.add(ctx.capsule([-0.4, front[1] - 0.1, 0], tip, 0.05, 0.08), 'organic', { part: 'tail', colour: fur });
      ctx.add(ctx.sphere(0.085, tip, 10), 'organic', { part: 'tail tip', primary: false, colour: [0.97, 0.97, 0.95] });
    }
  },
  phoenix: (ctx) => {
    const flame: RGB = [0.95, 0.4, 0.08];
    const gold: RGB = [0.98, 0.75, 0.15];
    ctx.add(ctx.ellipsoid([0.3, 0.22, 0.2], [0, 0.9, 0]).rotate([0, 0, 25]), 'organic', {
      part: 'body',
      colour: flame,
    });
    ctx.add(ctx.sphere(0.12, [0.3, 1.25, 0]), 'organic', { part: 'head', colour: flame });
    ctx.add(ctx.cyl(0.04, 0.14, [0, 0, 0], 0.004, 8).rotate([0, 0, -100]).translate([0.4, 1.24, 0]), 'bone', {
      part: 'beak',
      primary: false,
      colour: gold,
    });
    for (let k = 0; k < 3; k++)
      ctx.add(ctx.capsule([0.26, 1.32, 0], [0.15 - k * 0.08, 1.5 + k * 0.03, (k - 1) * 0.05], 0.02, 0.01), 'organic', {
        part: 'crest',
        primary: false,
        colour: gold,
      });
    wings(ctx, [0.05, 1.0, 0], 1.1, flame);
    for (let k = 0; k < 5; k++)
      ctx.add(
        ctx.capsule([-0.2, 0.8, 0], [-0.8 - ctx.rng.range(0, 0.2), 0.2 + k * 0.12, (k - 2) * 0.12], 0.04, 0.015),
        'organic',
        { part: 'tail feather', primary: false, colour: k % 2 ? gold : [0.85, 0.15, 0.05] },
      );
    for (const z of [-0.06, 0.06])
      ctx.add(ctx.capsule([0, 0.72, z], [0.02, 0.4, z], 0.02), 'organic', {
        part: 'leg',
        primary: false,
        colour: gold,
      });
    ctx.add(ctx.box([0.2, 0.05, 0.3], [0.02, 0.38, 0]), 'wood', {
      part: 'perch',
      primary: false,
      colour: [0.35, 0.22, 0.12],
    });
    ctx.add(ctx.box([0.06, 0.38, 0.06], [0.02, 0.19, 0]), 'wood', {
      part: 'perch',
      primary: false,
      colour: [0.35, 0.22, 0.12],
    });
  },
  bigfoot: (ctx) => {
    const fur: RGB =
      says(ctx, /yeti|snowman|white/) || ctx.interpretation.word === 'yeti' ? [0.93, 0.93, 0.95] : [0.35, 0.24, 0.16];
    biped(ctx, 2.3, fur, 'organic', (neck, r) => {
      ctx.add(ctx.ellipsoid([r * 1.1, r * 1.2, r * 1.1], [neck[0], neck[1] + r * 0.8, 0]), 'organic', {
        part: 'head',
        colour: fur,
      });
      ctx.add(ctx.ellipsoid([r * 0.5, r * 0.6, r * 0.7], [neck[0] + r * 0.75, neck[1] + r * 0.7, 0]), 'organic', {
        part: 'face',
        primary: false,
        colour: [0.3, 0.22, 0.18],
      });
      return [neck[0], neck[1] + r * 0.8, 0];
    });
  },
  kraken: (ctx) => {
    const hide: RGB = [0.55, 0.15, 0.2];
    ctx.add(ctx.ellipsoid([0.45, 0.6, 0.45], [0, 1.0, 0]), 'organic', { part: 'mantle', colour: hide });
    for (const side of [-1, 1])
      ctx.add(ctx.sphere(0.08, [0.38, 0.7, side * 0.2], 10), 'glass', {
        part: 'eye',
        primary: false,
        colour: [0.95, 0.8, 0.1],
      });
    const arms = ctx.count('tentacle', 8, 4, 10);
    for (const [k, a] of around(arms).entries()) {
      const out = 0.9 + (k % 2) * 0.3;
      const mid: Vec3 = [Math.cos(a) * out * 0.55, 0.25, Math.sin(a) * out * 0.55];
      const tip: Vec3 = [Math.cos(a) * out, 0.45 + (k % 3) * 0.25, Math.sin(a) * out];
      ctx.add(ctx.capsule([Math.cos(a) * 0.2, 0.55, Math.sin(a) * 0.2], mid, 0.1, 0.07), 'organic', {
        part: 'tentacle',
        colour: hide,
      });
      ctx.add(ctx.capsule(mid, tip, 0.07, 0.025), 'organic', { part: 'tentacle', colour: hide });
    }
  },
};
