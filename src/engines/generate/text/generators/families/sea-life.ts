/**
 * Body plans of sea animals the quadruped rig and the mollusc forms misdrew: marine mammals (a
 * streamlined body on flippers: seals and walruses with hind flippers, sea cows with a paddle tail),
 * worms (a soft segmented tube). One row per profile. The echinoderms and polyps WordNet files beside
 * the molluscs (sea cucumber, sea urchin, sea anemone) are rows of ../parts/sea-creatures.json.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Vec3 } from 'manifold-3d';
import type { GenContext, RGB } from '../kit.ts';
import { DRAWN_TRAITS, baseRowOf, readAnimal } from '../../animal-reading.ts';
import { categoryById } from '../../catalog.ts';
import { EYE } from '../palette.ts';
import { bodyRows } from '../bodies.ts';

const Colour = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);

/** A marine mammal's row (../bodies.json, plan `marine-mammal`): length, girth, hind flippers or a paddle tail. */
const MarineSchema = Type.Object(
  {
    len: Type.Number(),
    girth: Type.Number(),
    colour: Colour,
    tail: Type.Union([Type.Literal('flippers'), Type.Literal('paddle')]),
    tusks: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type MarineRow = Static<typeof MarineSchema>;

const MARINE = bodyRows('marine-mammal', MarineSchema);

/** A seal, walrus or sea cow lying on its belly: torso along x, head forward, flippers at the sides. */
export function marineMammal(ctx: GenContext): void {
  const { s, rng } = ctx;
  const profile = ctx.interpretation.profile ?? '';
  // An animal made from its own definition: the row it is a kind of, with the definition's traits.
  const traits = MARINE[profile] ? undefined : readAnimal(profile, DRAWN_TRAITS['marine-mammal']);
  const base =
    MARINE[profile] ??
    MARINE[(traits && baseRowOf(profile, categoryById('marine-mammal')?.profiles ?? {})) ?? ''] ??
    MARINE.seal;
  const row: MarineRow = traits
    ? { ...base, colour: traits.colour ?? base.colour, tusks: base.tusks || traits.tusks }
    : base;
  const size = traits?.size ?? 1;
  const len = row.len * s.long * rng.range(0.92, 1.08) * size * (traits?.length ?? 1);
  const g = row.girth * s.wide * rng.range(0.92, 1.08) * size * (traits?.girth ?? 1);
  const skin = { colour: row.colour };
  if (traits?.pattern)
    for (let k = 0; k < 12; k++) {
      const x = len * 0.5 * rng.range(-0.75, 0.75);
      const a = rng.range(-1.3, 1.3);
      const f = Math.sqrt(1 - ((2 * x) / len) ** 2);
      ctx.add(
        ctx.sphere(g * 0.1, [x, g * 0.9 + g * f * Math.cos(a) * 0.97, g * 0.95 * f * Math.sin(a) * 0.97], 8),
        'organic',
        { part: 'spot', primary: false, colour: traits.patternColour ?? (row.colour.map((c) => c * 0.4) as RGB) },
      );
    }
  const y = g * 0.9;
  ctx.add(ctx.ellipsoid([len * 0.5, g, g * 0.95], [0, y, 0]), 'organic', skin);
  const head: Vec3 = [len * 0.5 + g * 0.35, y + g * 0.35, 0];
  const hr = g * (s.cartoon ? 0.8 : 0.6);
  ctx.add(ctx.capsule([len * 0.3, y + g * 0.1, 0], head, g * 0.75, hr), 'organic', { part: 'neck', ...skin });
  ctx.add(ctx.sphere(hr, head), 'organic', { part: 'head', ...skin });
  ctx.add(ctx.ellipsoid([hr * 0.55, hr * 0.5, hr * 0.7], [head[0] + hr * 0.7, head[1] - hr * 0.25, 0]), 'organic', {
    part: 'muzzle',
    ...skin,
  });
  for (const side of [-1, 1]) {
    ctx.add(ctx.sphere(hr * 0.14, [head[0] + hr * 0.6, head[1] + hr * 0.35, side * hr * 0.5], 10), 'glass', {
      part: 'eye',
      primary: false,
      colour: EYE,
    });
    // Fore flippers: flat paddles angled back and out from under the chest.
    ctx.add(
      ctx
        .ellipsoid([g * 0.55, g * 0.1, g * 0.28])
        .rotate([side * 20, side * 35, 0])
        .translate([len * 0.22, g * 0.25, side * g * 1.05]),
      'organic',
      { part: 'flipper', ...skin },
    );
    if (row.tusks)
      ctx.add(
        ctx.capsule(
          [head[0] + hr * 0.8, head[1] - hr * 0.5, side * hr * 0.3],
          [head[0] + hr * 0.95, head[1] - hr * 2.2, side * hr * 0.35],
          hr * 0.12,
          hr * 0.05,
        ),
        'bone',
        { part: 'tusk', primary: false, colour: [0.95, 0.92, 0.85] },
      );
  }
  const rear: Vec3 = [-len * 0.5, y * 0.7, 0];
  if (row.tail === 'paddle') {
    // A sea cow's single flat tail paddle.
    ctx.add(ctx.ellipsoid([g * 0.7, g * 0.12, g * 0.8], [rear[0] - g * 0.45, rear[1], 0]), 'organic', {
      part: 'tail',
      ...skin,
    });
  } else {
    for (const side of [-1, 1])
      ctx.add(
        ctx
          .ellipsoid([g * 0.5, g * 0.1, g * 0.25])
          .rotate([0, side * 15, 0])
          .translate([rear[0] - g * 0.3, g * 0.2, side * g * 0.3]),
        'organic',
        { part: 'flipper', ...skin },
      );
  }
}

/** A worm's row (plan `worm`): length, radius, a saddle band, how flat its section is. */
const WORMS = bodyRows(
  'worm',
  Type.Object(
    { len: Type.Number(), r: Type.Number(), colour: Colour, band: Type.Boolean(), flat: Type.Number() },
    { additionalProperties: false },
  ),
);

/** A soft segmented tube in a loose S on the ground, with a saddle band (clitellum) on an earthworm. */
export function worm(ctx: GenContext): void {
  const { s, rng } = ctx;
  const row = WORMS[ctx.interpretation.profile ?? ''] ?? WORMS.worm;
  const n = ctx.count('segment', 14, 6, 30);
  const len = row.len * s.long;
  const r = row.r * s.thick * s.wide;
  const phase = rng.range(0, Math.PI);
  const pts: Vec3[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    pts.push([(t - 0.5) * len, r * row.flat, Math.sin(phase + t * Math.PI * 2) * len * 0.12]);
  }
  // Segments as overlapping beads along the curve: the rings read as the body's segments.
  const beads = pts.map((p, k) => {
    const taper = 0.65 + 0.35 * Math.sin((k / n) * Math.PI);
    return ctx.ellipsoid([r * 0.9, r * row.flat * taper, r * taper], p);
  });
  ctx.add(
    ctx.union([
      ...beads,
      ...pts.slice(1).map((p, k) => ctx.capsule(pts[k], p, r * 0.8 * row.flat, r * 0.8 * row.flat)),
    ]),
    'organic',
    { colour: row.colour },
  );
  if (row.band) {
    const k = Math.round(n * 0.3);
    ctx.add(
      ctx
        .sphere(r * 1.15, [0, 0, 0])
        .scale([1.4, row.flat, 1])
        .translate(pts[k]),
      'organic',
      { part: 'band', primary: false, colour: [0.85, 0.45, 0.42] },
    );
  }
}
