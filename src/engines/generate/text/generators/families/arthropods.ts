/**
 * Arthropods by body plan. Insects: head, thorax and abdomen, six jointed legs, antennae and optional
 * wings; arachnids: two body parts and eight legs (a scorpion adds pincers and a curled tail);
 * crustaceans: a carapace, walking legs and claws. A proportions table per profile sets the rest.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Vec3 } from 'manifold-3d';
import type { GenContext, RGB } from '../kit.ts';
import { drawnRow, ownRow } from './own-rows.ts';
import { JointList, along } from '../joints.ts';
import { legJoints, legPlace, trunkJoints } from './quadruped.ts';
import { EYE } from '../palette.ts';
import { bodyRows } from '../bodies.ts';

const Colour = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);

/** An insect's row (../bodies.json, plan `insect`): abdomen length and radius, thorax and head radii, leg length. */
const InsectSchema = Type.Object(
  {
    abdomen: Type.Tuple([Type.Number(), Type.Number()]),
    thorax: Type.Number(),
    head: Type.Number(),
    leg: Type.Number(),
    wings: Type.Union(['none', 'clear', 'broad', 'long', 'elytra'].map((kind) => Type.Literal(kind))),
    colour: Colour,
    bands: Type.Optional(Colour),
    /** Long folded hind legs for leaping (a grasshopper's). */
    hindLeap: Type.Optional(Type.Boolean()),
    /** Raised grasping forelegs (a mantis's). */
    raptor: Type.Optional(Type.Boolean()),
    flat: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type InsectRow = Static<typeof InsectSchema>;

const INSECTS = bodyRows('insect', InsectSchema);

/** A two-segment leg from the hip outwards and down to the ground; returns its knee and foot. */
function jointedLeg(
  ctx: GenContext,
  hip: Vec3,
  side: number,
  reach: number,
  lift: number,
  r: number,
  colour: RGB,
  material: 'organic' = 'organic',
): { knee: Vec3; foot: Vec3 } {
  const knee: Vec3 = [hip[0] + reach * 0.2, hip[1] + lift, hip[2] + side * reach * 0.6];
  const foot: Vec3 = [hip[0] + reach * 0.35, r, hip[2] + side * reach];
  ctx.add(ctx.union([ctx.capsule(hip, knee, r), ctx.capsule(knee, foot, r, r * 0.6)]), material, {
    part: 'leg',
    primary: false,
    colour,
  });
  return { knee, foot };
}

/** Bodies here face +X, so the left side is -Z. */
const sideName = (side: number) => (side < 0 ? 'left' : 'right');

export function insect(ctx: GenContext): void {
  const { s, rng } = ctx;
  const { row: t } = ownRow(ctx, INSECTS, 'insect', (row, own) => ({ ...row, colour: own.colour ?? row.colour }));
  const j = () => rng.range(0.92, 1.08);
  const y = t.leg * 0.45 * s.tall;
  const [aL, aR] = [t.abdomen[0] * s.long * j(), t.abdomen[1] * s.wide * j()];
  const body = (c: RGB) => ({ colour: c });
  ctx.add(
    ctx.ellipsoid([t.thorax * 1.1, t.thorax, t.thorax * (t.flat ? 1.2 : 1)], [0, y, 0]),
    'organic',
    body(t.colour),
  );
  ctx.add(
    ctx.ellipsoid(
      [aL / 2, aR * (t.flat ? 0.5 : 1), aR],
      [-t.thorax - aL / 2 + 0.01, y + (t.flat ? -aR * 0.2 : aR * 0.15), 0],
    ),
    'organic',
    { part: 'abdomen', colour: t.colour },
  );
  if (t.bands)
    for (let k = 1; k <= 2; k++)
      ctx.add(ctx.torus(aR * 0.82, aR * 0.12, [-t.thorax - (aL * k) / 3.2, y + aR * 0.15, 0], 'x'), 'organic', {
        part: 'stripe',
        primary: false,
        colour: t.bands,
      });
  const head: Vec3 = [t.thorax + t.head * 0.9, y + t.head * 0.2, 0];
  ctx.add(ctx.sphere(t.head, head), 'organic', { part: 'head', colour: t.colour });
  // Six legs on the quadruped rig (a middle pair added); the abdomen is its tail.
  const abdomen: Vec3 = [-t.thorax - aL / 2 + 0.01, y + (t.flat ? -aR * 0.2 : aR * 0.15), 0];
  const joints = trunkJoints(
    new JointList('quadruped', 'insect plan'),
    [-t.thorax * 0.5, y, 0],
    [0, y, 0],
    [t.thorax * 0.5, y, 0],
    [t.thorax * 0.95, y, 0],
    head,
  )
    .add('tail1', 'hips', [abdomen[0] + aL * 0.25, abdomen[1], 0])
    .add('tail2', 'tail1', abdomen);
  for (const side of [-1, 1]) {
    ctx.add(
      ctx.sphere(t.head * 0.38, [head[0] + t.head * 0.45, head[1] + t.head * 0.3, side * t.head * 0.6], 10),
      'glass',
      { part: 'eye', primary: false, colour: EYE },
    );
    ctx.add(
      ctx.capsule(
        [head[0] + t.head * 0.5, head[1] + t.head * 0.7, side * t.head * 0.3],
        [head[0] + t.head * 2.2, head[1] + t.head * 2.4, side * t.head * 1.4],
        t.head * 0.06,
      ),
      'organic',
      { part: 'antenna', primary: false, colour: [0.1, 0.08, 0.06] },
    );
    for (let k = 0; k < 3; k++) {
      const hind = k === 2 && t.hindLeap;
      const fore = k === 0 && t.raptor;
      const hip: Vec3 = [t.thorax * (0.6 - k * 0.6), y - t.thorax * 0.3, side * t.thorax * 0.6];
      const place = legPlace(2 - k, 3);
      if (fore) {
        const end: Vec3 = [hip[0] + t.leg * 0.5, y + t.leg * 0.4, side * t.thorax];
        ctx.add(ctx.capsule(hip, end, t.leg * 0.05), 'organic', { part: 'leg', primary: false, colour: t.colour });
        legJoints(joints, sideName(side), place, hip, along(hip, end, 0.5), end);
      } else {
        const legHip: Vec3 = [hip[0] - (hind ? t.leg * 0.1 : 0), hip[1], hip[2]];
        const { knee, foot } = jointedLeg(
          ctx,
          legHip,
          side,
          t.leg * (hind ? 1.3 : 0.9),
          t.leg * (hind ? 0.7 : 0.3),
          t.leg * (hind ? 0.05 : 0.035),
          t.colour,
        );
        legJoints(joints, sideName(side), place, legHip, knee, foot);
      }
    }
    wing(ctx, t, side, y, aL);
  }
  ctx.skeleton = joints.finish();
}

function wing(ctx: GenContext, t: InsectRow, side: number, y: number, aL: number): void {
  if (t.wings === 'none') return;
  const top = y + t.thorax * 0.8;
  if (t.wings === 'elytra') {
    ctx.add(
      ctx.ellipsoid(
        [aL * 0.5, t.abdomen[1] * 0.35, t.abdomen[1] * 0.55],
        [-t.thorax - aL * 0.45, top - t.thorax * 0.2, side * t.abdomen[1] * 0.5],
      ),
      'organic',
      { part: 'wing', primary: false, colour: t.colour },
    );
    return;
  }
  const glass: RGB = [0.85, 0.9, 0.95];
  if (t.wings === 'broad') {
    for (const [dx, size] of [
      [0.1, 0.55],
      [-0.25, 0.4],
    ] as const)
      ctx.add(
        ctx
          .ellipsoid([size * 0.55, 0.012, size])
          .rotate([side * 12, 0, 0])
          .translate([dx, top + 0.05, side * size * 0.95]),
        'organic',
        { part: 'wing', primary: false, colour: t.colour },
      );
    return;
  }
  const len = t.wings === 'long' ? 0.6 : 0.4;
  for (const dx of t.wings === 'long' ? [0.06, -0.12] : [0])
    ctx.add(
      ctx
        .ellipsoid([len * 0.22, 0.01, len * 0.5])
        .rotate([0, side * -20, side * 8])
        .translate([dx - 0.05, top + 0.02, side * len * 0.5]),
      'glass',
      { part: 'wing', primary: false, colour: glass },
    );
}

/** An arachnid's row (plan `arachnid`): body and abdomen radii, leg length; a scorpion's pincers and tail. */
const ARACHNIDS = bodyRows(
  'arachnid',
  Type.Object(
    {
      body: Type.Number(),
      abdomen: Type.Number(),
      leg: Type.Number(),
      colour: Colour,
      scorpion: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
);

export function arachnid(ctx: GenContext): void {
  const { s } = ctx;
  const { row: a } = ownRow(ctx, ARACHNIDS, 'arachnid', (row, own) => ({ ...row, colour: own.colour ?? row.colour }));
  const thick = drawnRow(ctx, ARACHNIDS) === 'tarantula' ? 1.6 : 1;
  const y = a.leg * 0.35 * s.tall;
  ctx.add(ctx.ellipsoid([a.body * 1.2, a.body * 0.7, a.body], [0, y, 0]), 'organic', { colour: a.colour });
  if (!a.scorpion)
    ctx.add(
      ctx.ellipsoid([a.abdomen * 1.2, a.abdomen, a.abdomen * s.wide], [-a.body - a.abdomen, y + a.abdomen * 0.3, 0]),
      'organic',
      { part: 'abdomen', colour: a.colour },
    );
  // Eight legs on the quadruped rig (two middle pairs); the abdomen, or a scorpion's tail, is its tail.
  const joints = trunkJoints(
    new JointList('quadruped', 'arachnid plan'),
    [-a.body * 0.6, y, 0],
    [0, y, 0],
    [a.body * 0.6, y, 0],
    [a.body * 0.95, y, 0],
    [a.body * 1.1, y, 0],
  );
  if (!a.scorpion) joints.add('tail1', 'hips', [-a.body - a.abdomen, y + a.abdomen * 0.3, 0]);
  for (const side of [-1, 1]) {
    for (let k = 0; k < 4; k++) {
      const hip: Vec3 = [a.body * (0.7 - k * 0.45), y, side * a.body * 0.7];
      const knee: Vec3 = [hip[0] + a.leg * (0.35 - k * 0.22), y + a.leg * 0.35, side * a.leg * 0.55];
      const foot: Vec3 = [hip[0] + a.leg * (0.6 - k * 0.38), 0.01, side * a.leg * 0.95];
      ctx.add(
        ctx.union([ctx.capsule(hip, knee, 0.018 * thick), ctx.capsule(knee, foot, 0.018 * thick, 0.01 * thick)]),
        'organic',
        { part: 'leg', primary: false, colour: a.colour },
      );
      legJoints(joints, sideName(side), legPlace(3 - k, 4), hip, knee, foot);
    }
    ctx.add(ctx.sphere(a.body * 0.12, [a.body * 1.1, y + a.body * 0.4, side * a.body * 0.25], 8), 'glass', {
      part: 'eye',
      primary: false,
      colour: EYE,
    });
    if (a.scorpion) {
      const base: Vec3 = [a.body * 1.1, y, side * a.body * 0.5];
      clawJoints(joints, side, base, claw(ctx, base, side, a.body * 1.2, a.colour));
    }
  }
  if (a.scorpion) {
    let p: Vec3 = [-a.body, y, 0];
    const seg: Vec3[] = [p];
    for (let k = 1; k <= 6; k++) {
      const ang = (k / 6) * Math.PI * 0.95;
      p = [-a.body - Math.sin(ang) * a.body * 2.2, y + (1 - Math.cos(ang)) * a.body * 2.2, 0];
      seg.push(p);
    }
    ctx.add(ctx.union(seg.slice(1).map((q, k) => ctx.capsule(seg[k], q, a.body * (0.5 - k * 0.05)))), 'organic', {
      part: 'tail',
      colour: a.colour,
    });
    joints.add('tail1', 'hips', seg[1]).add('tail2', 'tail1', seg[3]).add('tail3', 'tail2', seg[5]);
    ctx.add(
      ctx
        .cyl(a.body * 0.15, a.body * 0.6, [0, 0, 0], 0.002, 8)
        .rotate([0, 0, 60])
        .translate(p),
      'bone',
      { part: 'stinger', primary: false, colour: [0.2, 0.12, 0.05] },
    );
  }
  ctx.skeleton = joints.finish();
}

/** A claw: an arm from the body and a pincer of two jaws; returns its elbow and hand. */
function claw(ctx: GenContext, base: Vec3, side: number, size: number, colour: RGB): { elbow: Vec3; hand: Vec3 } {
  const elbow: Vec3 = [base[0] + size * 0.5, base[1] + size * 0.15, base[2] + side * size * 0.5];
  const hand: Vec3 = [elbow[0] + size * 0.5, elbow[1], elbow[2] + side * size * 0.1];
  ctx.add(
    ctx.union([ctx.capsule(base, elbow, size * 0.12), ctx.capsule(elbow, hand, size * 0.12, size * 0.2)]),
    'organic',
    { part: 'claw', colour },
  );
  ctx.add(
    ctx.ellipsoid([size * 0.35, size * 0.16, size * 0.14], [hand[0] + size * 0.25, hand[1] + size * 0.08, hand[2]]),
    'organic',
    { part: 'claw', colour },
  );
  ctx.add(
    ctx.ellipsoid([size * 0.28, size * 0.08, size * 0.1], [hand[0] + size * 0.22, hand[1] - size * 0.12, hand[2]]),
    'organic',
    { part: 'claw', colour },
  );
  return { elbow, hand };
}

/** A claw's arm as the rig's arm: upper at its base, lower at its elbow, hand at the pincer. */
function clawJoints(joints: JointList, side: number, base: Vec3, arm: { elbow: Vec3; hand: Vec3 }): void {
  const s = sideName(side);
  joints
    .add(`${s}UpperArm`, 'chest', base)
    .add(`${s}LowerArm`, `${s}UpperArm`, arm.elbow)
    .add(`${s}Hand`, `${s}LowerArm`, arm.hand);
}

/** A crustacean's row (plan `crustacean`): carapace radii, tail length, claw size (0: none). */
const CRUSTACEANS = bodyRows(
  'crustacean',
  Type.Object(
    {
      shell: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
      tail: Type.Number(),
      claw: Type.Number(),
      colour: Colour,
    },
    { additionalProperties: false },
  ),
);

export function crustacean(ctx: GenContext): void {
  const { s } = ctx;
  const { row: c } = ownRow(ctx, CRUSTACEANS, 'crustacean', (row, own) => ({
    ...row,
    colour: own.colour ?? row.colour,
  }));
  const y = 0.16 * s.tall;
  const [sx, sy, sz] = [c.shell[0] * s.long, c.shell[1], c.shell[2] * s.wide];
  ctx.add(ctx.ellipsoid([sx, sy, sz], [0, y, 0]), 'organic', { colour: c.colour });
  // Eight walking legs on the quadruped rig, the claws as its arms, the tail's segments as its tail.
  const joints = trunkJoints(
    new JointList('quadruped', 'crustacean plan'),
    [-sx * 0.5, y, 0],
    [0, y, 0],
    [sx * 0.5, y, 0],
    [sx * 0.75, y, 0],
    [sx * 0.9, y, 0],
  );
  if (c.tail > 0) {
    const segs = 6;
    for (let k = 0; k < segs; k++) {
      const ang = c.claw === 0 ? (k / segs) * 1.4 : 0;
      const x = -sx - (k + 0.5) * (c.tail / segs) * Math.cos(ang);
      ctx.add(
        ctx.ellipsoid(
          [(c.tail / segs) * 0.75, sy * (0.9 - k * 0.08), sz * (0.9 - k * 0.08)],
          [x, y - Math.sin(ang) * k * 0.04, 0],
        ),
        'organic',
        { part: 'tail', colour: c.colour },
      );
      if (k % 2 === 0)
        joints.add(`tail${k / 2 + 1}`, k === 0 ? 'hips' : `tail${k / 2}`, [x, y - Math.sin(ang) * k * 0.04, 0]);
    }
    ctx.add(ctx.ellipsoid([0.06, 0.02, sz * 0.8], [-sx - c.tail - 0.03, y - (c.claw === 0 ? 0.2 : 0), 0]), 'organic', {
      part: 'tail',
      colour: c.colour,
    });
  }
  for (const side of [-1, 1]) {
    for (let k = 0; k < 4; k++) {
      const hip: Vec3 = [sx * (0.4 - k * 0.35), y - sy * 0.3, side * sz * 0.7];
      const { knee, foot } = jointedLeg(ctx, hip, side, 0.28, 0.1, 0.02, c.colour);
      legJoints(joints, sideName(side), legPlace(3 - k, 4), hip, knee, foot);
    }
    ctx.add(
      ctx.union([
        ctx.capsule([sx * 0.8, y + sy * 0.5, side * sz * 0.25], [sx * 0.95, y + sy * 1.3, side * sz * 0.3], 0.012),
        ctx.sphere(0.03, [sx * 0.95, y + sy * 1.35, side * sz * 0.3], 10),
      ]),
      'organic',
      { part: 'eye', primary: false, colour: EYE },
    );
    if (c.claw > 0) {
      const base: Vec3 = [sx * 0.7, y, side * sz * 0.6];
      clawJoints(joints, side, base, claw(ctx, base, side, c.claw, c.colour));
    } else
      ctx.add(ctx.capsule([sx * 0.9, y, side * sz * 0.2], [sx + 0.35, y + 0.15, side * sz * 0.8], 0.006), 'organic', {
        part: 'antenna',
        primary: false,
        colour: c.colour,
      });
  }
  ctx.skeleton = joints.finish();
}
