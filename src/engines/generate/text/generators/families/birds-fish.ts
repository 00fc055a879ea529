/**
 * Birds and fish with a proportions table per profile: a bird's stance (an owl's and a penguin's
 * upright body), legs (a flamingo's), neck, beak, crest and tail fan; a fish's length and depth, its
 * dorsal fin, a whale's or dolphin's horizontal flukes, a pufferfish's roundness, a seahorse's curl.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Vec3 } from 'manifold-3d';
import type { GenContext, RGB } from '../kit.ts';
import type { AnimalTraits } from '../../animal-reading.ts';
import { ownRow } from './own-rows.ts';
import { JointList, along } from '../joints.ts';
import { trunkJoints } from './quadruped.ts';
import { bodyRows } from '../bodies.ts';
import { buildPartList, type PartListRow, readPartListFile } from '../part-list.ts';

const birdTraits = (b: BirdRow, t: AnimalTraits): BirdRow => ({
  ...b,
  body: [b.body[0], b.body[1] * (t.girth ?? 1), b.body[2] * (t.girth ?? 1)],
  leg: b.leg * (t.legs ?? 1) * (t.legs && t.legs > 1 ? 2 : 1),
  neck: t.neck ? Math.max(b.neck, 0.4) * t.neck : b.neck,
  colour: t.colour ?? b.colour,
  crest: t.crest ? (t.colour ?? b.colour ?? [0.8, 0.2, 0.1]) : b.crest,
  tail: t.tail,
});

const fishTraits = (f: FishRow, t: AnimalTraits): FishRow => ({
  ...f,
  len: f.len * (t.length ?? 1),
  depth: f.depth * (t.girth ?? 1),
  colour: t.colour ?? f.colour,
  stripes: t.pattern === 'stripes' ? (t.patternColour ?? [0.1, 0.1, 0.1]) : f.stripes,
  spots: t.pattern === 'spots' ? (t.patternColour ?? [0.1, 0.1, 0.1]) : undefined,
});

const Colour = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);

/** A bird's row (../bodies.json, plan `bird`): body radii, leg, neck, beak and head against the body's radius. */
const BirdSchema = Type.Object(
  {
    body: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
    leg: Type.Number(),
    neck: Type.Number(),
    beak: Type.Number(),
    /** Degrees the body leans up (an owl's 70, a penguin's 80). */
    upright: Type.Number(),
    colour: Type.Optional(Colour),
    beakColour: Colour,
    head: Type.Number(),
    crest: Type.Optional(Colour),
    fan: Type.Optional(Type.Boolean()),
    flatBeak: Type.Optional(Type.Boolean()),
    tail: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
type BirdRow = Static<typeof BirdSchema>;

const BIRDS = bodyRows('bird', BirdSchema);

export function bird(ctx: GenContext): void {
  const { s, rng } = ctx;
  const { row: b, traits } = ownRow(ctx, BIRDS, 'bird', birdTraits);
  const r = 0.1 * s.wide * rng.range(0.9, 1.1) * (traits?.size ?? 1);
  const rubber = /rubber/.test(ctx.interpretation.word ?? '');
  const col: RGB = rubber
    ? [0.98, 0.85, 0.1]
    : (b.colour ??
      rng.pick([
        [0.3, 0.45, 0.75],
        [0.85, 0.3, 0.2],
        [0.95, 0.85, 0.2],
        [0.5, 0.4, 0.3],
      ] as RGB[]));
  const legH = rubber ? 0 : r * b.leg * s.tall;
  const y = legH + r * b.body[1] * 0.9;
  // Upright birds are tall in the table's body row; `upright` moves the head from the front to the top.
  ctx.add(ctx.ellipsoid([r * b.body[0], r * b.body[1], r * b.body[2]], [0, y, 0]), rubber ? 'rubber' : 'organic', {
    colour: col,
  });
  const up = (b.upright * Math.PI) / 180;
  const shoulder: Vec3 = [Math.cos(up) * r * b.body[0] * 0.6, y + r * b.body[1] * (0.45 + 0.4 * Math.sin(up)), 0];
  const head: Vec3 = [shoulder[0] + r * b.neck * 0.3, shoulder[1] + r * b.neck + r * b.head * 0.5, 0];
  if (b.neck > 0.15) ctx.add(ctx.capsule(shoulder, head, r * 0.22), 'organic', { part: 'neck', colour: col });
  const hr = r * b.head * (s.cartoon ? 1.3 : 1);
  ctx.add(ctx.sphere(hr, head), 'organic', { part: 'head', colour: col });
  // A bird walks on the humanoid rig: two legs, its wings as arms, its body leaning as `upright` says.
  // It faces +X, so its left side is -Z.
  const [lean, rise] = [Math.cos(up) * r * b.body[0] * 0.4, Math.sin(up) * r * b.body[1] * 0.4];
  const joints = trunkJoints(
    new JointList('humanoid', 'bird plan'),
    [-lean, y - rise, 0],
    [0, y, 0],
    [lean, y + rise, 0],
    shoulder,
    head,
  ).add('tail1', 'hips', [-r * b.body[0] * 0.8, y + r * 0.1, 0]);
  const beak = b.flatBeak
    ? ctx.ellipsoid([r * b.beak * 0.5, r * 0.08, r * 0.2])
    : ctx.cyl(r * 0.18, r * b.beak, [0, 0, 0], 0.002, 8).rotate([0, 0, -90]);
  ctx.add(
    beak.translate([head[0] + hr * 0.8 + (b.flatBeak ? r * b.beak * 0.3 : 0), head[1] - hr * 0.15, 0]),
    'organic',
    { part: 'beak', primary: false, colour: b.beakColour },
  );
  if (b.crest)
    ctx.add(ctx.ellipsoid([hr * 0.35, hr * 0.45, hr * 0.08], [head[0], head[1] + hr, 0]), 'organic', {
      part: 'crest',
      primary: false,
      colour: b.crest,
    });
  for (const side of [-1, 1]) {
    ctx.add(
      ctx.sphere(
        hr * (b.upright > 60 && b.head > 0.7 ? 0.3 : 0.18),
        [head[0] + hr * 0.6, head[1] + hr * 0.25, side * hr * 0.45],
        10,
      ),
      'glass',
      { part: 'eye', primary: false, colour: [0.02, 0.02, 0.02] },
    );
    const wingAt: Vec3 = [-r * 0.2, y + r * 0.15, side * r * b.body[2] * 0.85];
    ctx.add(
      ctx
        .ellipsoid([r * b.body[0] * 0.7, r * 0.25, r * 0.5 * (ctx.partSpec('wing') ? 1.4 : 1)])
        .rotate([side * 10, 0, b.upright * 0.6])
        .translate(wingAt),
      'organic',
      { part: 'wing', colour: col },
    );
    // Along the wing's own long axis, turned as the wing is: its root forward, its tip back.
    const tilt = (b.upright * 0.6 * Math.PI) / 180;
    const alongWing = (f: number): Vec3 => [
      wingAt[0] + f * r * b.body[0] * Math.cos(tilt),
      wingAt[1] + f * r * b.body[0] * Math.sin(tilt),
      wingAt[2],
    ];
    const name = side < 0 ? 'left' : 'right';
    joints
      .add(`${name}UpperArm`, 'chest', alongWing(0.45))
      .add(`${name}LowerArm`, `${name}UpperArm`, wingAt)
      .add(`${name}Hand`, `${name}LowerArm`, alongWing(-0.5));
    if (legH > 0) {
      const hip: Vec3 = [0, legH + r * 0.3, side * r * 0.3];
      const ankle: Vec3 = [0.01, 0, side * r * 0.3];
      ctx.add(ctx.capsule(hip, ankle, r * 0.07), 'organic', { part: 'leg', primary: false, colour: b.beakColour });
      joints
        .add(`${name}UpperLeg`, 'hips', hip)
        .add(`${name}LowerLeg`, `${name}UpperLeg`, along(hip, ankle, 0.5))
        .add(`${name}Foot`, `${name}LowerLeg`, along(hip, ankle, 0.95));
    }
  }
  // A bird without legs (a rubber duck) is not the humanoid rig: finish() leaves it without a skeleton.
  ctx.skeleton = joints.finish();
  if (b.fan)
    for (let k = 0; k < 7; k++)
      ctx.add(
        ctx
          .ellipsoid([r * 0.3, r * 2.2, r * 0.05])
          .translate([0, r * 2.2, 0])
          .rotate([(k - 3) * 22, 0, 25])
          .translate([-r * 1.1, y, 0]),
        'organic',
        { part: 'tail', colour: [0.15, 0.55, 0.45] },
      );
  else
    ctx.add(
      ctx.ellipsoid(
        [r * 0.8 * (b.tail ?? 1), r * 0.12, r * 0.4],
        [-r * b.body[0] * (1.15 + ((b.tail ?? 1) - 1) * 0.6), y + r * 0.2, 0],
      ),
      'organic',
      { part: 'tail', colour: col },
    );
}

/** A fish's row (../bodies.json, plan `fish`): length, depth against length, dorsal fin height. */
const FishSchema = Type.Object(
  {
    len: Type.Number(),
    depth: Type.Number(),
    colour: Type.Optional(Colour),
    dorsal: Type.Number(),
    flukes: Type.Optional(Type.Boolean()),
    round: Type.Optional(Type.Boolean()),
    seahorse: Type.Optional(Type.Boolean()),
    stripes: Type.Optional(Colour),
    spots: Type.Optional(Colour),
  },
  { additionalProperties: false },
);
type FishRow = Static<typeof FishSchema>;

const FISH = bodyRows('fish', FishSchema);

/** The body plans drawn from ../parts/body-plans.json, by id. */
const PLANS = new Map(readPartListFile('body-plans').rows.map((row) => [row.id, row]));

/** A fish, or a seahorse (the fish and seahorse rows of ../parts/body-plans.json), flags as 1 or 0. */
export function fish(ctx: GenContext): void {
  const { row: f, traits } = ownRow(ctx, FISH, 'fish', fishTraits);
  const colour: RGB =
    f.colour ??
    ctx.rng.pick([
      [0.4, 0.55, 0.7],
      [0.95, 0.5, 0.1],
      [0.6, 0.65, 0.7],
    ] as RGB[]);
  if (f.seahorse) buildPartList(ctx, PLANS.get('seahorse') as PartListRow, { colour });
  else
    buildPartList(ctx, PLANS.get('fish') as PartListRow, {
      len: f.len,
      depth: f.depth,
      colour,
      dorsal: f.dorsal,
      size: traits?.size ?? 1,
      flukes: +Boolean(f.flukes),
      roundBody: +Boolean(f.round),
      hasSpots: +Boolean(f.spots),
      spotColour: f.spots ?? colour,
      hasStripes: +Boolean(f.stripes),
      stripeColour: f.stripes ?? colour,
    });
}
