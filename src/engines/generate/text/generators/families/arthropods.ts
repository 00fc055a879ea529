/**
 * Arthropods by body plan. Insects: head, thorax and abdomen, six jointed legs, antennae and optional
 * wings; arachnids: two body parts and eight legs (a scorpion adds pincers and a curled tail);
 * crustaceans: a carapace, walking legs and claws. A proportions table per profile sets the rest.
 */
import { Type } from '@sinclair/typebox';
import type { GenContext } from '../kit.ts';
import { drawnRow, ownRow } from './own-rows.ts';
import { bodyRows } from '../bodies.ts';
import { buildRow } from '../part-list.ts';

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

const INSECTS = bodyRows('insect', InsectSchema);

/** Head, thorax and abdomen on six jointed legs (the insect row of ../parts/body-plans.json), flags as 1 or 0. */
export function insect(ctx: GenContext): void {
  const { row: t } = ownRow(ctx, INSECTS, 'insect', (row, own) => ({ ...row, colour: own.colour ?? row.colour }));
  buildRow(ctx, 'body-plans', 'insect', {
    thorax: t.thorax,
    head: t.head,
    leg: t.leg,
    colour: t.colour,
    abd0: t.abdomen[0],
    abd1: t.abdomen[1],
    flatBody: +Boolean(t.flat),
    hasBands: +Boolean(t.bands),
    bands: t.bands ?? t.colour,
    hindLeap: +Boolean(t.hindLeap),
    raptor: +Boolean(t.raptor),
    elytra: +(t.wings === 'elytra'),
    broadWings: +(t.wings === 'broad'),
    glassy: +(t.wings === 'clear' || t.wings === 'long'),
    longw: +(t.wings === 'long'),
  });
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

/** Two body parts on eight legs, or a scorpion (the arachnid row of ../parts/body-plans.json). */
export function arachnid(ctx: GenContext): void {
  const { row: a } = ownRow(ctx, ARACHNIDS, 'arachnid', (row, own) => ({ ...row, colour: own.colour ?? row.colour }));
  buildRow(ctx, 'body-plans', 'arachnid', {
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
  buildRow(ctx, 'body-plans', 'crustacean', {
    ...rest,
    shell0: shell[0],
    shell1: shell[1],
    shell2: shell[2],
  });
}
