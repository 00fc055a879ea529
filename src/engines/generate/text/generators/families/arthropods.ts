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
import { buildPartList, type PartListRow, readPartListFile } from '../part-list.ts';

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

/** The body plans drawn from ../parts/body-plans.json, by id. */
const PLANS = new Map(readPartListFile('body-plans').rows.map((row) => [row.id, row]));

/** Two body parts on eight legs, or a scorpion (the arachnid row of ../parts/body-plans.json). */
export function arachnid(ctx: GenContext): void {
  const { row: a } = ownRow(ctx, ARACHNIDS, 'arachnid', (row, own) => ({ ...row, colour: own.colour ?? row.colour }));
  buildPartList(ctx, PLANS.get('arachnid') as PartListRow, {
    ...a,
    scorpion: +Boolean(a.scorpion),
    stout: drawnRow(ctx, ARACHNIDS) === 'tarantula' ? 1.6 : 1,
  });
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

/** A carapace on eight legs with claws or antennae (the crustacean row of ../parts/body-plans.json). */
export function crustacean(ctx: GenContext): void {
  const { row: c } = ownRow(ctx, CRUSTACEANS, 'crustacean', (row, own) => ({
    ...row,
    colour: own.colour ?? row.colour,
  }));
  const { shell, ...rest } = c;
  buildPartList(ctx, PLANS.get('crustacean') as PartListRow, {
    ...rest,
    shell0: shell[0],
    shell1: shell[1],
    shell2: shell[2],
  });
}
