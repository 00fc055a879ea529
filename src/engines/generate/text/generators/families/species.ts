/**
 * The quadruped rig's proportions: the schema of its rows (../bodies.json, plan `quadruped`), in the
 * rig's units. body: half-lengths of the torso (length, height, width); leg: leg length; neck, head,
 * snout, tail: lengths/radii; extras switch on horns, a trunk, a mane, a hump, spines or a shell band.
 */
import { type Static, Type } from '@sinclair/typebox';
import { bodyRows } from '../bodies.ts';

const Colour = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);
const Flag = Type.Optional(Type.Boolean());

const SpeciesSchema = Type.Object(
  {
    body: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
    leg: Type.Number(),
    legR: Type.Number(),
    neck: Type.Number(),
    head: Type.Number(),
    snout: Type.Number(),
    tail: Type.Number(),
    ear: Type.Union(['pointy', 'floppy', 'round', 'big', 'long', 'none'].map((ear) => Type.Literal(ear))),
    horns: Flag,
    trunk: Flag,
    mane: Flag,
    hump: Flag,
    spines: Flag,
    antlers: Flag,
    tusks: Flag,
    /** Upright stance (kangaroo, meerkat): the torso tilts up and the front legs shorten. */
    upright: Flag,
    /** A coat pattern and its colour (read from an animal's definition: "black-spotted"). */
    pattern: Type.Optional(Type.Union([Type.Literal('spots'), Type.Literal('stripes')])),
    patternColour: Type.Optional(Colour),
    /** Tufts on pointed ears (a lynx's). */
    tufts: Flag,
    /** Horn length against the rig's default. */
    hornScale: Type.Optional(Type.Number()),
    /** Membranous wings from the shoulders (a bat's). */
    wings: Flag,
    /** Dark rings around the tail (a raccoon's, a red panda's). */
    tailRings: Type.Optional(Colour),
    colour: Colour,
    material: Type.Optional(Type.Union([Type.Literal('fabric'), Type.Literal('organic')])),
  },
  { additionalProperties: false },
);

export type Species = Static<typeof SpeciesSchema> & { material: 'fabric' | 'organic' };

/** What a row leaves out: its coat is drawn as fabric (fur). */
export const SPECIES_DEFAULTS = { material: 'fabric' } as const;

export const SPECIES: Readonly<Record<string, Species>> = Object.freeze(
  Object.fromEntries(
    Object.entries(bodyRows('quadruped', SpeciesSchema)).map(([id, row]) => [id, { ...SPECIES_DEFAULTS, ...row }]),
  ),
);
