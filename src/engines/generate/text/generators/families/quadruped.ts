/**
 * The quadruped body plan (torso, neck, head, legs, tail, ears), the row of ../parts/quadruped-plan.json,
 * drawn with the noun's proportion row (../bodies.json, schema ./species.ts) as changed by its definition
 * and the prompt: one generator for dogs, cats, horses, bears, camels, hedgehogs and every mammal WordNet
 * places here.
 */
import type { GenContext } from '../kit.ts';
import { SPECIES, type Species } from './species.ts';
import { DRAWN_TRAITS, baseRowOf, classTraits, readAnimal, type AnimalTraits } from '../../animal-reading.ts';
import { categoryById } from '../../catalog.ts';
import { buildRow } from '../part-list.ts';

/**
 * The row the rig draws: the profile's own, else — for an animal made from its own definition
 * (../../animal-reading.ts) — the row it is a kind of, changed by what the definition says.
 */
export function speciesFor(ctx: GenContext, key: string): Species {
  const profile = ctx.interpretation.profile ?? '';
  const fallback = SPECIES[profile] ?? SPECIES[key] ?? SPECIES.quadruped;
  if (SPECIES[profile] || !profile) {
    // A noun drawn with a row that is not its own ("a moose" on the deer's row, "a gazelle" reached through
    // "antelope") keeps the row, changed by what its definition, or its class's, says (antlers, horns, spots).
    const word = ctx.interpretation.word;
    const drawn = DRAWN_TRAITS[ctx.interpretation.category];
    if (!word || word === profile || !drawn) return fallback;
    const own = readAnimal(word, drawn);
    const ofClass = classTraits(word, drawn);
    // The noun's own words win over its class's ("a gazelle": small, with the antelope's horns).
    const traits = own || ofClass ? { ...ofClass, ...own, words: [], keys: [] } : undefined;
    return traits ? withTraits(fallback, traits) : fallback;
  }
  const traits = readAnimal(profile, DRAWN_TRAITS[ctx.interpretation.category]);
  if (!traits) return fallback;
  const rows = categoryById(ctx.interpretation.category)?.profiles ?? {};
  return withTraits(SPECIES[baseRowOf(profile, rows) ?? ''] ?? SPECIES[key] ?? SPECIES.quadruped, traits);
}

function withTraits(base: Species, t: AnimalTraits): Species {
  const k = t.size ?? 1;
  const g = t.girth ?? 1;
  return {
    ...base,
    body: [base.body[0] * k * (t.length ?? 1), base.body[1] * k * g, base.body[2] * k * g],
    leg: base.leg * k * (t.legs ?? 1),
    legR: base.legR * k * g,
    neck: base.neck * k * (t.neck ?? 1),
    head: base.head * k,
    snout: base.snout * k * (t.snout ?? 1),
    tail: base.tail * k * (t.tail ?? 1),
    ear: t.ears ?? base.ear,
    colour: t.colour ?? base.colour,
    // A definition naming horns means no antlers (an antelope on the deer's row), and the other way round.
    horns: t.antlers ? false : base.horns || t.horns,
    antlers: t.horns ? false : base.antlers || t.antlers,
    tusks: base.tusks || t.tusks,
    mane: base.mane || t.mane,
    hump: base.hump || t.hump,
    pattern: t.pattern ?? base.pattern,
    patternColour: t.pattern ? t.patternColour : base.patternColour,
    tufts: t.tufts,
    hornScale: t.hornSize,
    wings: base.wings || t.wings,
  };
}

/**
 * What the prompt itself says of the body ("with huge ears", "with a long tail", "tufted ears",
 * "a flat face", "a spotted fawn"): the row changed as its definition would change it.
 */
function withPromptTraits(ctx: GenContext, sp: Species): Species {
  const sizes = (part: string) => ctx.partSpec(part)?.sizes ?? [];
  const has = (part: string, ...w: string[]) => sizes(part).some((s) => w.includes(s));
  const prompt = ctx.interpretation.prompt.toLowerCase();
  const out = { ...sp };
  if (has('ear', 'big')) out.ear = 'big';
  else if (has('ear', 'long')) out.ear = 'long';
  else if (has('ear', 'tiny')) out.ear = 'round';
  if (/\b(droopy|floppy)\b[\w\s-]{0,12}ears?\b/.test(prompt)) out.ear = 'floppy';
  if (/\b(pointy|pointed)\b[\w\s-]{0,12}ears?\b/.test(prompt)) out.ear = 'pointy';
  if (/\btufted\b[\w\s-]{0,12}ears?\b|\bear tufts\b/.test(prompt)) {
    out.ear = 'pointy';
    out.tufts = true;
  }
  if (has('tail', 'long')) out.tail = sp.tail * 1.8;
  else if (has('tail', 'short', 'tiny')) out.tail = sp.tail * 0.3;
  if (has('leg', 'long', 'tall')) out.leg = sp.leg * 1.5;
  else if (has('leg', 'short', 'tiny')) out.leg = sp.leg * 0.6;
  if (/\bflat[\s-](faced?|nosed?|snout)\b|\bsquashed face\b/.test(prompt)) out.snout = sp.snout * 0.15;
  if (!sp.pattern && /\b(spotted|spotty|dappled)\b/.test(prompt)) out.pattern = 'spots';
  else if (!sp.pattern && /\b(striped|stripy|stripey)\b(?![\w\s-]{0,12}\btail)/.test(prompt)) out.pattern = 'stripes';
  return out;
}

/**
 * The quadruped row of ../parts/quadruped-plan.json drawn with the noun's proportions, changed by its
 * definition and the prompt; a flag or an ear's kind as 1 or 0.
 */
export function quadruped(ctx: GenContext, key: string): void {
  const sp = withPromptTraits(ctx, speciesFor(ctx, key));
  const pattern = sp.upright ? undefined : sp.pattern;
  buildRow(ctx, 'quadruped-plan', 'quadruped', {
    bx0: sp.body[0],
    by0: sp.body[1],
    bz0: sp.body[2],
    leg: sp.leg,
    legR: sp.legR,
    neck: sp.neck,
    head: sp.head,
    snout: sp.snout,
    tail: sp.tail,
    colour: sp.colour,
    coat: +(sp.material === 'organic'),
    pointy: +(sp.ear === 'pointy'),
    floppy: +(sp.ear === 'floppy'),
    roundEar: +(sp.ear === 'round'),
    bigEar: +(sp.ear === 'big'),
    longEar: +(sp.ear === 'long'),
    tufts: +Boolean(sp.tufts),
    horns: +Boolean(sp.horns || ctx.partSpec('horn')),
    hornScale: sp.hornScale ?? 1,
    trunk: +Boolean(sp.trunk),
    mane: +Boolean(sp.mane),
    hump: +Boolean(sp.hump),
    spines: +Boolean(sp.spines),
    antlers: +Boolean(sp.antlers),
    tusks: +Boolean(sp.tusks),
    upright: +Boolean(sp.upright),
    spots: +(pattern === 'spots'),
    stripes: +(pattern === 'stripes'),
    patternColour: sp.patternColour ?? sp.colour.map((c) => c * 0.35),
    wings: +Boolean(sp.wings),
    unicorn: +(ctx.interpretation.word === 'unicorn'),
    ringed: +Boolean(sp.tailRings),
    rings: sp.tailRings ?? sp.colour,
  });
}
