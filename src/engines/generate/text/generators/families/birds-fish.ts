/**
 * Birds and fish with a proportions table per profile: a bird's stance (an owl's and a penguin's
 * upright body), legs (a flamingo's), neck, beak, crest and tail fan; a fish's length and depth, its
 * dorsal fin, a whale's or dolphin's horizontal flukes, a pufferfish's roundness, a seahorse's curl.
 * The plans are rows of ../parts/body-plans.json; here are their proportion rows' schemas and what an
 * animal's own definition changes in them.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { GenContext, RGB } from '../kit.ts';
import type { AnimalTraits } from '../../animal-reading.ts';
import { ownRow } from './own-rows.ts';
import { bodyRows } from '../bodies.ts';
import { buildRow } from '../part-list.ts';

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

/** A bird on the humanoid rig, its wings as arms (the bird row of ../parts/body-plans.json), flags as 1 or 0. */
export function bird(ctx: GenContext): void {
  const { row: b, traits } = ownRow(ctx, BIRDS, 'bird', birdTraits);
  const rubber = /rubber/.test(ctx.interpretation.word ?? '');
  // A rubber duck is yellow, a row's colour is its own, else the row draws one of its colours.
  const given: RGB | undefined = rubber ? [0.98, 0.85, 0.1] : b.colour;
  buildRow(ctx, 'body-plans', 'bird', {
    b0: b.body[0],
    b1: b.body[1],
    b2: b.body[2],
    leg: b.leg,
    neck: b.neck,
    beak: b.beak,
    upright: b.upright,
    head: b.head,
    beakColour: b.beakColour,
    hasCrest: +Boolean(b.crest),
    crest: b.crest ?? b.beakColour,
    fan: +Boolean(b.fan),
    flatBeak: +Boolean(b.flatBeak),
    tailK: b.tail ?? 1,
    rubber: +rubber,
    hasColour: +Boolean(given),
    given: given ?? b.beakColour,
    size: traits?.size ?? 1,
    wingSaid: +Boolean(ctx.partSpec('wing')),
  });
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
  if (f.seahorse) buildRow(ctx, 'body-plans', 'seahorse', { colour });
  else
    buildRow(ctx, 'body-plans', 'fish', {
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
