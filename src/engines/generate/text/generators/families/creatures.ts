/**
 * Body plans beyond the quadruped rig: primates (upright torso, long arms), amphibians (squat body,
 * folded hind legs, or a salamander's long one), reptiles (long body, short splayed legs, long tail)
 * and soft sea animals (octopus, squid, shells, jellyfish, starfish, as rows of ../parts/sea-creatures.json).
 * One table row per profile.
 */
import { Type } from '@sinclair/typebox';
import type { Vec3 } from 'manifold-3d';
import type { GenContext, Generator, RGB } from '../kit.ts';
import { buildPartList, type PartListRow, partLists, readPartListFile } from '../part-list.ts';
import { drawnRow, ownRow, ownTraits } from './own-rows.ts';
import { JointList, along } from '../joints.ts';
import { legJoints, trunkJoints } from './quadruped.ts';
import { EYE } from '../palette.ts';
import { bodyRows } from '../bodies.ts';

const Colour = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);

/** A primate's row (../bodies.json, plan `primate`): height, arm and tail against it, fur and face colours, breadth. */
const PRIMATES = bodyRows(
  'primate',
  Type.Object(
    { h: Type.Number(), arm: Type.Number(), tail: Type.Number(), colour: Colour, face: Colour, broad: Type.Number() },
    { additionalProperties: false },
  ),
);

/** The body plans drawn from ../parts/body-plans.json, by id. */
const PLANS = new Map(readPartListFile('body-plans').rows.map((row) => [row.id, row]));

/** A primate upright on the humanoid rig (the primate row of ../parts/body-plans.json). */
export function primate(ctx: GenContext): void {
  const { row } = ownRow(ctx, PRIMATES, 'primate', (row, own) => ({ ...row, colour: own.colour ?? row.colour }));
  buildPartList(ctx, PLANS.get('primate') as PartListRow, row);
}

/** The rows the amphibian and reptile forms draw by name (the others share a default). */
const AMPHIBIAN_ROWS = { frog: true, salamander: true };
const REPTILE_ROWS = { lizard: true, chameleon: true };

export function amphibian(ctx: GenContext): void {
  const { s, rng } = ctx;
  const salamander = drawnRow(ctx, AMPHIBIAN_ROWS) === 'salamander';
  const picked: RGB = salamander
    ? [0.9, 0.45, 0.5]
    : rng.pick([
        [0.3, 0.6, 0.2],
        [0.45, 0.55, 0.2],
        [0.35, 0.7, 0.3],
      ] as RGB[]);
  const colour: RGB = ownTraits(ctx, AMPHIBIAN_ROWS)?.colour ?? picked;
  const skin = { colour };
  if (salamander) {
    lizardBody(ctx, { len: 0.8, r: 0.07, leg: 0.09, tail: 0.5, colour, crest: false });
    const head: Vec3 = [0.42 * s.long, 0.1, 0];
    for (const side of [-1, 1])
      for (let k = 0; k < 3; k++)
        ctx.add(
          ctx.capsule(
            [head[0] - 0.05, head[1] + 0.03, side * 0.06],
            [head[0] - 0.12, head[1] + 0.09 + k * 0.03 - 0.03, side * (0.12 + k * 0.02)],
            0.012,
          ),
          'organic',
          { part: 'gill', primary: false, colour: [0.95, 0.4, 0.5] },
        );
    return;
  }
  const r = 0.25 * s.wide;
  const y = r * 0.55;
  ctx.add(ctx.ellipsoid([r * 1.1, r * 0.6 * s.tall, r * 0.9], [0, y, 0]).rotate([0, 0, 12]), 'organic', skin);
  ctx.add(ctx.ellipsoid([r * 0.7, r * 0.4, r * 0.8], [r * 0.75, y + r * 0.3, 0]), 'organic', { part: 'head', ...skin });
  // A frog crouches on the quadruped rig, facing +X (left side -Z); its body is turned 12° about the origin.
  const turn = (12 * Math.PI) / 180;
  const turned = (x: number): Vec3 => [
    x * Math.cos(turn) - y * Math.sin(turn),
    x * Math.sin(turn) + y * Math.cos(turn),
    0,
  ];
  const joints = trunkJoints(
    new JointList('quadruped', 'frog plan'),
    turned(-r * 0.5),
    turned(0),
    turned(r * 0.5),
    [r * 0.45, y + r * 0.3, 0],
    [r * 0.75, y + r * 0.3, 0],
  );
  for (const side of [-1, 1]) {
    const name = side < 0 ? 'left' : 'right';
    const frontHip: Vec3 = [r * 0.55, y, side * r * 0.5];
    const frontFoot: Vec3 = [r * 0.75, r * 0.07, side * r * 0.75];
    legJoints(joints, name, 'Front', frontHip, along(frontHip, frontFoot, 0.5), frontFoot);
    legJoints(
      joints,
      name,
      'Back',
      [-r * 0.6, y, side * r * 0.6],
      [r * 0.1, y * 0.5, side * r * 1.05],
      [-r * 0.7, r * 0.1, side * r * 1.1],
    );
  }
  ctx.skeleton = joints.finish();
  for (const side of [-1, 1]) {
    ctx.add(ctx.sphere(r * 0.22, [r * 0.85, y + r * 0.62, side * r * 0.42]), 'organic', { part: 'eye', ...skin });
    ctx.add(ctx.sphere(r * 0.13, [r * 0.95, y + r * 0.7, side * r * 0.45], 10), 'glass', {
      part: 'eye',
      primary: false,
      colour: EYE,
    });
    // Folded hind leg: thigh forward, shin back, long foot flat on the ground.
    ctx.add(
      ctx.union([
        ctx.capsule([-r * 0.6, y, side * r * 0.6], [r * 0.1, y * 0.5, side * r * 1.05], r * 0.2),
        ctx.capsule([r * 0.1, y * 0.5, side * r * 1.05], [-r * 0.7, r * 0.1, side * r * 1.1], r * 0.14),
        ctx.ellipsoid([r * 0.4, r * 0.06, r * 0.2], [-r * 0.55, r * 0.06, side * r * 1.25]),
      ]),
      'organic',
      { part: 'leg', ...skin },
    );
    ctx.add(
      ctx.union([
        ctx.capsule([r * 0.55, y, side * r * 0.5], [r * 0.75, r * 0.07, side * r * 0.75], r * 0.09),
        ctx.ellipsoid([r * 0.15, r * 0.05, r * 0.15], [r * 0.85, r * 0.05, side * r * 0.8]),
      ]),
      'organic',
      { part: 'leg', ...skin },
    );
  }
}

interface LizardSpec {
  len: number;
  r: number;
  leg: number;
  tail: number;
  colour: RGB;
  crest: boolean;
  curl?: boolean;
}

function lizardBody(ctx: GenContext, l: LizardSpec): void {
  const { s } = ctx;
  const len = l.len * s.long;
  const y = l.leg + l.r * 0.6;
  const skin = { colour: l.colour };
  ctx.add(ctx.ellipsoid([len * 0.25, l.r * s.tall, l.r * 1.1 * s.wide], [0, y, 0]), 'organic', skin);
  ctx.add(ctx.ellipsoid([l.r * 1.4, l.r * 0.75, l.r * 0.9], [len * 0.25 + l.r, y + l.r * 0.2, 0]), 'organic', {
    part: 'head',
    ...skin,
  });
  const tail: Vec3[] = [];
  for (let k = 0; k <= 6; k++) {
    const t = k / 6;
    tail.push(
      l.curl
        ? [
            -len * 0.22 - Math.sin(t * Math.PI * 1.5) * len * 0.18,
            y - t * y * 0.3 + (1 - Math.cos(t * Math.PI * 1.5)) * len * 0.1,
            0,
          ]
        : [-len * 0.2 - t * len * l.tail, Math.max(l.r * 0.3, y - t * y * 0.8), Math.sin(t * 3) * len * 0.05],
    );
  }
  ctx.add(
    ctx.union(
      tail.slice(1).map((q, k) => ctx.capsule(tail[k], q, l.r * (0.8 - k * 0.11), l.r * (0.8 - (k + 1) * 0.11))),
    ),
    'organic',
    { part: 'tail', ...skin },
  );
  // A long low body on the quadruped rig, facing +X (left side -Z), its tail in three joints.
  const joints = trunkJoints(
    new JointList('quadruped', 'lizard plan'),
    [-len * 0.15, y, 0],
    [0, y, 0],
    [len * 0.17, y, 0],
    [len * 0.22, y, 0],
    [len * 0.25 + l.r, y + l.r * 0.2, 0],
  )
    .add('tail1', 'hips', tail[0])
    .add('tail2', 'tail1', tail[2])
    .add('tail3', 'tail2', tail[4]);
  for (const side of [-1, 1]) {
    ctx.add(ctx.sphere(l.r * 0.22, [len * 0.25 + l.r * 1.6, y + l.r * 0.55, side * l.r * 0.55], 10), 'glass', {
      part: 'eye',
      primary: false,
      colour: EYE,
    });
    for (const x of [len * 0.17, -len * 0.15]) {
      const hip: Vec3 = [x, y, side * l.r * 0.8];
      const knee: Vec3 = [x + l.leg * 0.3, l.leg * 0.7, side * (l.r + l.leg * 0.9)];
      const foot: Vec3 = [x + l.leg * 0.5, l.r * 0.15, side * (l.r + l.leg * 1.1)];
      ctx.add(
        ctx.union([ctx.capsule(hip, knee, l.r * 0.28), ctx.capsule(knee, foot, l.r * 0.22, l.r * 0.15)]),
        'organic',
        { part: 'leg', ...skin },
      );
      legJoints(joints, side < 0 ? 'left' : 'right', x > 0 ? 'Front' : 'Back', hip, knee, foot);
    }
  }
  ctx.skeleton = joints.finish();
  if (l.crest)
    for (let k = 0; k < 6; k++)
      ctx.add(
        ctx.cyl(l.r * 0.15, l.r * 0.5, [0, 0, 0], 0.002, 6).translate([len * 0.2 - k * len * 0.08, y + l.r * 0.85, 0]),
        'organic',
        { part: 'spike', primary: false, colour: l.colour },
      );
}

export function reptile(ctx: GenContext): void {
  const chameleon = drawnRow(ctx, REPTILE_ROWS) === 'chameleon';
  const picked: RGB = chameleon
    ? [0.35, 0.75, 0.3]
    : ctx.rng.pick([
        [0.35, 0.5, 0.25],
        [0.55, 0.5, 0.35],
        [0.3, 0.6, 0.35],
      ] as RGB[]);
  const colour: RGB = ownTraits(ctx, REPTILE_ROWS)?.colour ?? picked;
  lizardBody(
    ctx,
    chameleon
      ? { len: 0.7, r: 0.11, leg: 0.14, tail: 0.6, colour, crest: true, curl: true }
      : { len: 0.9, r: 0.08, leg: 0.08, tail: 0.9, colour, crest: ctx.interpretation.word === 'iguana' },
  );
}

/** The mollusc family's forms, rows of ../parts/sea-creatures.json (an octopus when no row names the noun). */
export const MOLLUSCS: Record<string, Generator> = partLists('sea-creatures');
