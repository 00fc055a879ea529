/**
 * Animals and characters, articulated from primitives: a quadruped rig (torso, neck, head, four
 * legs, tail, ears) whose species profile sets proportions, plus birds, fish, snakes, turtles,
 * dragons, people and snowmen (the robot and the teddy bear are rows of ./parts/figures.json).
 */
import type { Vec3 } from 'manifold-3d';
import { addDetail, type GenContext, type RGB } from './kit.ts';
import { addModifierParts, setting } from './modifiers.ts';
import { quadruped } from './families/quadruped.ts';
import { flies } from '../animal-reading.ts';
import { JointList, along } from './joints.ts';
import { buildRow } from './part-list.ts';

export const dog = (ctx: GenContext) => quadruped(ctx, 'dog');
export const cat = (ctx: GenContext) => quadruped(ctx, 'cat');
export const horse = (ctx: GenContext) => quadruped(ctx, 'horse');
export const cow = (ctx: GenContext) => quadruped(ctx, 'cow');
export const pig = (ctx: GenContext) => quadruped(ctx, 'pig');
export const elephant = (ctx: GenContext) => quadruped(ctx, 'elephant');
export const rabbit = (ctx: GenContext) => quadruped(ctx, 'rabbit');

export function snake(ctx: GenContext): void {
  const { s, rng } = ctx;
  const n = 16;
  const r = 0.04 * s.thick * s.wide;
  const pts: Vec3[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const ang = t * Math.PI * rng.range(2.5, 3.5);
    const R = 0.35 * (1 - t * 0.6) * s.long;
    pts.push([Math.cos(ang) * R, r + (t > 0.8 ? (t - 0.8) * 1.2 * s.tall : 0), Math.sin(ang) * R]);
  }
  const col: RGB = rng.pick([
    [0.3, 0.55, 0.2],
    [0.7, 0.55, 0.2],
    [0.2, 0.2, 0.2],
  ]);
  ctx.add(
    ctx.union(
      pts.slice(1).map((p, k) => ctx.capsule(pts[k], p, r * (0.35 + (k / n) * 0.7), r * (0.35 + ((k + 1) / n) * 0.7))),
    ),
    'organic',
    { colour: col },
  );
  const h = pts[n];
  ctx.add(ctx.ellipsoid([r * 1.6, r * 1.0, r * 1.2], h), 'organic', { part: 'head', colour: col });
  for (const side of [-1, 1])
    ctx.add(ctx.sphere(r * 0.25, [h[0], h[1] + r * 0.6, h[2] + side * r * 0.6], 8), 'glass', {
      part: 'eye',
      primary: false,
      colour: [0.02, 0.02, 0.02],
    });
}

/** A turtle on the quadruped rig, or a snail when the noun is one: a row of ./parts/prompt-forms.json. */
export const turtle = (ctx: GenContext) => buildRow(ctx, 'prompt-forms', 'turtle');

/** How far into the wing (along its span, from its root edge) the wing joint sits. */
const WING_ROOT_DEPTH = 0.05;

export function dragon(ctx: GenContext): void {
  quadruped(ctx, 'dragon');
  const { s, rng } = ctx;
  const dino =
    ['dinosaur', 'crocodile'].includes(ctx.interpretation.profile ?? '') ||
    ['lizard'].includes(ctx.interpretation.word ?? '');
  // A real animal on the dragon's row has wings only when WordNet says it flies (a pterodactyl, not an ichthyosaur).
  const grounded = !dino && ctx.interpretation.profile !== 'dragon' && !flies(ctx.interpretation.word ?? '');
  if ((!dino && !grounded) || ctx.partSpec('wing'))
    for (const side of [-1, 1]) {
      const wing = side < 0 ? 'leftWing' : 'rightWing';
      // The joint sits in the wing's own slab a little past its root edge (the root edge is the wing's
      // surface, and the body may not reach it), turned with the wing: it lies inside whatever the body's size.
      const root = WING_ROOT_DEPTH;
      const turn = (-side * 55 * Math.PI) / 180;
      if (ctx.skeleton && !ctx.skeleton.joints.some((j) => j.name === wing))
        ctx.skeleton.joints.push({
          name: wing,
          parent: 'chest',
          head: [0, 0.62 + root * Math.cos(turn), side * 0.1 + root * Math.sin(turn)],
        });
      ctx.add(
        ctx
          .prism(
            [
              [0.3, 0],
              [-0.25, 0],
              [-0.55, 0.6 * s.wide],
              [-0.1, 0.75 * s.wide],
              [0.25, 0.5 * s.wide],
            ],
            0.02,
          )
          .rotate([-side * 55, 0, 0])
          .translate([0, 0.62, side * 0.1]),
        'leather',
        { part: 'wing', colour: [0.55, 0.15, 0.12] },
      );
    }
  for (let k = 0; k < 7; k++)
    ctx.add(ctx.cyl(0.035, 0.12, [-0.45 + k * 0.15, 0.64, 0], 0.001, 6), 'bone', { part: 'spike', primary: false });
  void rng;
}

function limb(
  ctx: GenContext,
  a: Vec3,
  b: Vec3,
  r: number,
  material: 'fabric' | 'metal' | 'organic',
  part: string,
  colour?: RGB,
): void {
  ctx.add(ctx.capsule(a, b, r, r * 0.85), material, { part, colour, primary: false });
}

export function person(ctx: GenContext): void {
  const { s, rng } = ctx;
  const H = 1.75 * s.tall * rng.range(0.92, 1.08) * (setting(ctx, 'figure', 'height') ?? 1);
  const headR = H * (s.cartoon ? 0.11 : 0.065);
  const hip = H * 0.5;
  const shoulder = H * 0.8;
  const w = H * 0.12 * s.wide;
  const skin: RGB = rng.pick([
    [0.95, 0.8, 0.68],
    [0.78, 0.57, 0.42],
    [0.45, 0.3, 0.2],
  ]);
  ctx.add(ctx.roundBox([w * 1.6, shoulder - hip + 0.05, w], w * 0.35, [0, (hip + shoulder) / 2, 0]), 'fabric', {
    part: 'body',
    colour: [0.3, 0.4, 0.7],
  });
  ctx.add(ctx.sphere(headR, [0, shoulder + headR * 1.3, 0]), 'organic', { part: 'head', primary: false, colour: skin });
  // The figure faces +Z, so its left side is +X.
  const joints = humanoidTrunk(hip, shoulder, shoulder + headR * 0.5);
  for (const side of [-1, 1]) {
    const legTop: Vec3 = [side * w * 0.4, hip, 0];
    const ankle: Vec3 = [side * w * 0.45, H * 0.04, 0];
    const armTop: Vec3 = [side * w * 0.85, shoulder - 0.02, 0];
    const wrist: Vec3 = [side * w * 1.1, hip - H * 0.02, 0];
    limbJoints(joints, side > 0 ? 'left' : 'right', legTop, ankle, armTop, wrist);
    limb(ctx, legTop, ankle, w * 0.3 * s.thick, 'fabric', 'leg', [0.2, 0.2, 0.3]);
    ctx.add(ctx.roundBox([w * 0.4, H * 0.04, w * 0.8], H * 0.015, [side * w * 0.45, H * 0.02, w * 0.15]), 'leather', {
      part: 'foot',
      primary: false,
    });
    limb(ctx, armTop, wrist, w * 0.22 * s.thick, 'fabric', 'arm', [0.3, 0.4, 0.7]);
    addDetail(ctx, ctx.sphere(w * 0.22, [side * w * 1.12, hip - H * 0.05, 0], 12), 'organic', 'hand', skin);
  }
  // A wizard's hat, a king's crown, a knight's helmet: ./modifiers.json.
  addModifierParts(ctx, 'figure', { head: { at: [0, shoulder + headR * 1.3, 0], size: headR } });
  ctx.skeleton = joints.finish();
}

/** A humanoid's hips, spine, chest, neck (at the shoulders' height) and head, up the +Y axis. */
function humanoidTrunk(hip: number, shoulder: number, head: number): JointList {
  const up = (y: number): Vec3 => [0, y, 0];
  return new JointList('humanoid', 'figure plan')
    .add('hips', null, up(hip))
    .add('spine', 'hips', up(hip + (shoulder - hip) * 0.35))
    .add('chest', 'spine', up(hip + (shoulder - hip) * 0.7))
    .add('neck', 'chest', up(shoulder))
    .add('head', 'neck', up(head));
}

/** One side's arm (shoulder to wrist, elbow halfway) and leg (hip to ankle, knee halfway). */
function limbJoints(joints: JointList, side: 'left' | 'right', legTop: Vec3, ankle: Vec3, armTop: Vec3, wrist: Vec3) {
  joints
    .add(`${side}UpperArm`, 'chest', armTop)
    .add(`${side}LowerArm`, `${side}UpperArm`, along(armTop, wrist, 0.5))
    .add(`${side}Hand`, `${side}LowerArm`, wrist)
    .add(`${side}UpperLeg`, 'hips', legTop)
    .add(`${side}LowerLeg`, `${side}UpperLeg`, along(legTop, ankle, 0.5))
    .add(`${side}Foot`, `${side}LowerLeg`, ankle);
}

/** Balls stacked by a running height, each smaller: a row of ./parts/running-forms.json. */
export const snowman = (ctx: GenContext) => buildRow(ctx, 'running-forms', 'snowman');
