/**
 * Body plans beyond the quadruped rig: primates (upright torso, long arms), amphibians (squat body,
 * folded hind legs, or a salamander's long one), reptiles (long body, short splayed legs, long tail)
 * and soft sea animals (octopus, squid, shells, jellyfish, starfish, as rows of ../parts/sea-creatures.json).
 * One table row per profile.
 */
import { Type } from '@sinclair/typebox';
import type { GenContext, Generator, RGB } from '../kit.ts';
import { buildRow, partLists } from '../part-list.ts';
import { drawnRow, ownRow, ownTraits } from './own-rows.ts';
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

/** A primate upright on the humanoid rig (the primate row of ../parts/body-plans.json). */
export function primate(ctx: GenContext): void {
  const { row } = ownRow(ctx, PRIMATES, 'primate', (row, own) => ({ ...row, colour: own.colour ?? row.colour }));
  buildRow(ctx, 'body-plans', 'primate', row);
}

/** The rows the amphibian and reptile forms draw by name (the others share a default). */
const AMPHIBIAN_ROWS = { frog: true, salamander: true };
const REPTILE_ROWS = { lizard: true, chameleon: true };

/**
 * A long low body on short splayed legs (the lizard row of ../parts/body-plans.json): a lizard, a
 * chameleon (its tail curled, a crest), a salamander (its gills); flags as 1 or 0.
 */
function lizard(ctx: GenContext, l: { len: number; r: number; leg: number; tail: number; colour: RGB } & Flags): void {
  buildRow(ctx, 'body-plans', 'lizard', { crest: 0, curl: 0, gills: 0, ...l });
}
type Flags = { crest?: number; curl?: number; gills?: number };

export function amphibian(ctx: GenContext): void {
  const salamander = drawnRow(ctx, AMPHIBIAN_ROWS) === 'salamander';
  const picked: RGB = salamander
    ? [0.9, 0.45, 0.5]
    : ctx.rng.pick([
        [0.3, 0.6, 0.2],
        [0.45, 0.55, 0.2],
        [0.35, 0.7, 0.3],
      ] as RGB[]);
  const colour: RGB = ownTraits(ctx, AMPHIBIAN_ROWS)?.colour ?? picked;
  if (salamander) lizard(ctx, { len: 0.8, r: 0.07, leg: 0.09, tail: 0.5, colour, gills: 1 });
  else buildRow(ctx, 'body-plans', 'frog', { colour });
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
  lizard(
    ctx,
    chameleon
      ? { len: 0.7, r: 0.11, leg: 0.14, tail: 0.6, colour, crest: 1, curl: 1 }
      : { len: 0.9, r: 0.08, leg: 0.08, tail: 0.9, colour, crest: +(ctx.interpretation.word === 'iguana') },
  );
}

/** The mollusc family's forms, rows of ../parts/sea-creatures.json (an octopus when no row names the noun). */
export const MOLLUSCS: Record<string, Generator> = partLists('sea-creatures');
