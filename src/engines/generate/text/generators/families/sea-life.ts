/**
 * Body plans of sea animals the quadruped rig and the mollusc forms misdrew: marine mammals (a
 * streamlined body on flippers: seals and walruses with hind flippers, sea cows with a paddle tail),
 * worms (a soft segmented tube). One row per profile. The echinoderms and polyps WordNet files beside
 * the molluscs (sea cucumber, sea urchin, sea anemone) are rows of ../parts/sea-creatures.json.
 */
import { Type } from '@sinclair/typebox';
import type { GenContext } from '../kit.ts';
import { DRAWN_TRAITS, baseRowOf, readAnimal } from '../../animal-reading.ts';
import { categoryById } from '../../catalog.ts';
import { bodyRows } from '../bodies.ts';
import { buildRow } from '../part-list.ts';

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

const MARINE = bodyRows('marine-mammal', MarineSchema);

/** A seal, walrus or sea cow lying on its belly (the marine mammal row of ../parts/body-plans.json). */
export function marineMammal(ctx: GenContext): void {
  const profile = ctx.interpretation.profile ?? '';
  // An animal made from its own definition: the row it is a kind of, with the definition's traits.
  const traits = MARINE[profile] ? undefined : readAnimal(profile, DRAWN_TRAITS['marine-mammal']);
  const base =
    MARINE[profile] ??
    MARINE[(traits && baseRowOf(profile, categoryById('marine-mammal')?.profiles ?? {})) ?? ''] ??
    MARINE.seal;
  const colour = traits?.colour ?? base.colour;
  buildRow(ctx, 'body-plans', 'marine mammal', {
    len: base.len,
    girth: base.girth,
    colour,
    paddle: +(base.tail === 'paddle'),
    tusks: +Boolean(base.tusks || traits?.tusks),
    size: traits?.size ?? 1,
    lk: traits?.length ?? 1,
    gk: traits?.girth ?? 1,
    pattern: +Boolean(traits?.pattern),
    pc: traits?.patternColour ?? colour.map((c) => c * 0.4),
  });
}

/** A worm's row (plan `worm`): length, radius, a saddle band, how flat its section is. */
const WORMS = bodyRows(
  'worm',
  Type.Object(
    { len: Type.Number(), r: Type.Number(), colour: Colour, band: Type.Boolean(), flat: Type.Number() },
    { additionalProperties: false },
  ),
);

/** A soft segmented tube in a loose S on the ground (the worm row of ../parts/body-plans.json). */
export function worm(ctx: GenContext): void {
  const row = WORMS[ctx.interpretation.profile ?? ''] ?? WORMS.worm;
  buildRow(ctx, 'body-plans', 'worm', { ...row, band: +row.band });
}
