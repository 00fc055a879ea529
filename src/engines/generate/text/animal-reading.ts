/**
 * An animal's own proportions read from its WordNet definition and parts, so a body plan builds that
 * animal rather than its family's default: "serval: slender long-legged African wildcat having large
 * untufted ears and tawny black-spotted coat" gives a slender body, long legs, big ears, a tawny coat
 * with black spots; "okapi: similar to the giraffe but smaller with much shorter neck" a smaller
 * giraffe with a short neck. Only what the definition says of the animal itself is read (a colour
 * before "tail" is the tail's, not the coat's); a definition that says nothing the body plans draw
 * gives no reading, and the family's stand-in is said to be one.
 */
import { Type } from '@sinclair/typebox';
import { byWord, readDataFile } from './data-file.ts';
import { oneOf } from './reading-kit.ts';
import { COLOURS } from './understand/vocabulary.ts';
import {
  LEX_FILE,
  hypernymClosure,
  isAdjective,
  nounSenses,
  readSynset,
  taggedSenseCount,
} from './understand/wordnet.ts';

type RGB = [number, number, number];

export interface AnimalTraits {
  /** Overall scale (small 0.75, large 1.3). */
  size?: number;
  colour?: RGB;
  pattern?: 'spots' | 'stripes';
  patternColour?: RGB;
  /** Multipliers of the base row's lengths. */
  neck?: number;
  legs?: number;
  tail?: number;
  snout?: number;
  girth?: number;
  length?: number;
  ears?: 'big' | 'long' | 'round' | 'pointy';
  tufts?: boolean;
  horns?: boolean;
  antlers?: boolean;
  tusks?: boolean;
  mane?: boolean;
  hump?: boolean;
  crest?: boolean;
  /** Horn length against the base row's ("large recurved horns" 1.8, "small horns" 0.6). */
  hornSize?: number;
  /** Wings on a body plan that has none of its own (a bat's membranous wings). */
  wings?: boolean;
  /** What was read, in the definition's words, for the summary ("long legs", "spotted"). */
  words: string[];
  /** The trait each of `words` set. */
  keys: (keyof AnimalTraits)[];
}

const Words = Type.Array(Type.String({ pattern: '^[a-z]+$' }));
const TRAIT_NAMES = 'size|colour|pattern|neck|legs|tail|snout|girth|length|ears|tufts|horns|hornSize|antlers|tusks';
const Trait = Type.String({ pattern: `^(${TRAIT_NAMES}|mane|hump|crest|wings)$` });
const RGB = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);
/** The shape of ./readings/animal.yaml. */
const ANIMAL_WORDS = Type.Object(
  {
    parts: Type.Record(Type.String(), Words),
    long: Words,
    short: Words,
    large: Words,
    small: Words,
    spotted: Words,
    striped: Words,
    lengths: Type.Record(oneOf(['neck', 'legs', 'tail', 'snout'] as const), Type.Tuple([Type.Number(), Type.Number()])),
    girths: Type.Record(Type.String(), Type.Number()),
    coatColours: Type.Record(Type.String(), RGB),
    plans: Type.Array(
      Type.Object(
        { categories: Type.Array(Type.String(), { minItems: 1 }), name: Type.String(), traits: Type.Array(Trait) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
const WORDS = readDataFile(new URL('./readings/animal.yaml', import.meta.url), ANIMAL_WORDS);

/** Body parts a definition qualifies, by the forms it names them with ("long-legged", "legs"). */
const PART_FORMS = byWord(WORDS.parts, 'readings/animal.yaml');
const LONG = new Set(WORDS.long);
const SHORT = new Set(WORDS.short);
const LARGE = new Set(WORDS.large);
const SMALL = new Set(WORDS.small);
const SPOTTED = new Set(WORDS.spotted);
const STRIPED = new Set(WORDS.striped);
/** Words that may stand between a modifier and the part it qualifies ("large protruding tusks", "long bushy tail"). */
const MODIFIERS = new Set([...LONG, ...SHORT, ...LARGE, ...SMALL, ...SPOTTED, ...STRIPED, 'and']);
/** Parts whose presence a definition or WordNet's part list names: the body plan adds them. */
const PRESENT_PARTS = ['horns', 'antlers', 'tusks', 'mane', 'hump', 'crest'] as const;
const isPresentPart = (part = ''): part is (typeof PRESENT_PARTS)[number] =>
  (PRESENT_PARTS as readonly string[]).includes(part);
const NEGATIONS = new Set(['no', 'without', 'lacking']);
/** Colour words the dictionary uses for animals, beyond the prompt vocabulary's. */
const COAT_COLOURS: Record<string, RGB> = { ...COLOURS, ...WORDS.coatColours };
const colourOf = (w: string): RGB | undefined =>
  COAT_COLOURS[w] ??
  COAT_COLOURS[w.replace(/ish$/, '')] ??
  COAT_COLOURS[w.replace(/dish$/, '')] ??
  COAT_COLOURS[w.replace(/ish$/, 'e')];
const mix = (a: RGB, b: RGB): RGB => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

let animalOffset: number | undefined;

/** The noun's only sense that is a whole animal, if it has exactly one (a beluga is a sturgeon and a whale: no reading). */
export function animalSense(noun: string): number | undefined {
  animalOffset ??= nounSenses('animal')[0];
  const senses = nounSenses(noun.replace(/ /g, '_')).filter(
    (o) => readSynset(o).lexFile === LEX_FILE.animal && hypernymClosure([o], 16).has(animalOffset!),
  );
  return senses.length === 1 ? senses[0] : undefined;
}

/** Words that open a phrase about another animal, and words that end it. */
const COMPARING = new Set(['related', 'resembling', 'resembles', 'like', 'than', 'similar', 'except']);
const PHRASE_ENDS = new Set(['having', 'with', 'but', 'that', 'which', 'and', 'or']);

/** True when the word at k sits in a phrase comparing the animal with another ("related to the giant panda"). */
function comparedFrom(words: string[], k: number): boolean {
  for (let j = k - 1; j >= 0; j--) {
    if (PHRASE_ENDS.has(words[j])) return false;
    if (COMPARING.has(words[j])) return true;
  }
  return false;
}

/** The definition proper: WordNet appends quoted examples after it. */
const definition = (gloss: string) => gloss.split(/;\s*"|"/)[0].toLowerCase();

/**
 * What the noun's definition and parts say of its body, or undefined when they say nothing a body plan
 * draws; `drawn` keeps only the traits one body plan draws (a fish has no horns).
 */
export function readAnimal(noun: string, drawn?: ReadonlySet<keyof AnimalTraits>): AnimalTraits | undefined {
  const all = readAllTraits(noun);
  if (!all || !drawn) return all;
  const kept = all.keys.map((k, n) => [k, all.words[n]] as const).filter(([k]) => drawn.has(k));
  if (kept.length === 0) return undefined;
  const out: AnimalTraits = { words: kept.map(([, w]) => w), keys: kept.map(([k]) => k) };
  for (const k of drawn) if (all[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = all[k];
  if (drawn.has('pattern')) out.patternColour = all.patternColour;
  return out;
}

function readAllTraits(noun: string): AnimalTraits | undefined {
  const sense = animalSense(noun);
  if (sense === undefined) return undefined;
  const synset = readSynset(sense);
  const traits: AnimalTraits = { words: [], keys: [] };
  const note = (w: string, key: keyof AnimalTraits) => {
    if (!traits.words.includes(w)) {
      traits.words.push(w);
      traits.keys.push(key);
    }
  };
  // "black-spotted" → black spotted; "long-legged" → long legged.
  const all = definition(synset.gloss)
    .replace(/-/g, ' ')
    .split(/[^a-z]+/)
    .filter(Boolean);
  // "closely related to the giant panda", "resembling a large rat": words about another animal are not this one's.
  const words = all.map((w, k) => (comparedFrom(all, k) ? '' : w));
  const partAt = (k: number) => PART_FORMS[words[k]];
  /** The part a modifier at k qualifies: the next words up to the first that is no modifier. */
  const qualified = (k: number): string | undefined => {
    for (let j = k + 1; j < Math.min(words.length, k + 4); j++) {
      if (partAt(j)) return partAt(j);
      if (!(MODIFIERS.has(words[j]) || colourOf(words[j]) || isAdjective(words[j]))) return undefined;
    }
    return undefined;
  };
  words.forEach((w, k) => {
    const part = qualified(k);
    if (LARGE.has(w) || SMALL.has(w)) {
      const scale = LARGE.has(w) ? 1.3 : 0.75;
      if (!part || part === 'body') {
        traits.size ??= scale;
        note(w, 'size');
      } else if (part === 'ears') {
        traits.ears = LARGE.has(w) ? 'big' : 'round';
        note(`${w} ears`, 'ears');
      } else if (part === 'horns') {
        traits.horns = true;
        traits.hornSize = LARGE.has(w) ? 1.8 : 0.6;
        note(`${w} horns`, 'hornSize');
      } else if (part === 'tusks' || part === 'antlers') {
        traits[part] = true;
        note(`${w} ${part}`, part);
      }
    }
    if (LONG.has(w) || SHORT.has(w)) {
      const long = LONG.has(w);
      if (part && Object.hasOwn(WORDS.lengths, part)) {
        const p = part as keyof typeof WORDS.lengths;
        traits[p] = WORDS.lengths[p][long ? 0 : 1];
        note(`${long ? 'long' : 'short'} ${p}`, p);
      } else if (part === 'ears' && long) {
        traits.ears = 'long';
        note('long ears', 'ears');
      } else if (part === 'horns' && (w === 'long' || SHORT.has(w))) {
        traits.horns = true;
        traits.hornSize = long ? 1.8 : 0.6;
        note(`${w} horns`, 'hornSize');
      } else if (w === 'elongated' || w === 'elongate') {
        traits.length = 1.4;
        traits.girth = 0.8;
        note('elongated', 'length');
      }
    }
    if (Object.hasOwn(WORDS.girths, w) && (!part || part === 'body')) {
      traits.girth = WORDS.girths[w];
      note(w, 'girth');
    }
    if (w === 'flat' && part === 'face') {
      traits.snout = 0.15;
      note('flat face', 'snout');
    }
    if (w === 'tailless') {
      traits.tail = 0;
      note('tailless', 'tail');
    }
    if (w === 'tufted' && (part === 'ears' || words[k + 1] === 'ears')) {
      traits.tufts = true;
      traits.ears = 'pointy';
      note('tufted ears', 'tufts');
    }
    if (SPOTTED.has(w) && !(part && part !== 'coat' && part !== 'body')) {
      traits.pattern = 'spots';
      const before = colourOf(words[k - 1] ?? '');
      if (before && words[k - 1] !== undefined && synset.gloss.toLowerCase().includes(`${words[k - 1]}-${w}`))
        traits.patternColour = before;
      note('spotted', 'pattern');
    }
    if (STRIPED.has(w) && !(part && part !== 'coat' && part !== 'body')) {
      traits.pattern ??= 'stripes';
      note('striped', 'pattern');
    }
    const colour = colourOf(w);
    if (colour && !traits.colour && (!part || part === 'coat' || part === 'body')) {
      // A colour joined to a pattern word names the pattern's colour ("black-spotted"), not the coat's.
      const joinedToPattern = qualifiedPattern(words, k);
      // "black-and-white striped": the second colour is the coat's, the first the pattern's.
      const pairedPattern = words[k + 1] === 'and' && colourOf(words[k + 2] ?? '') && qualifiedPattern(words, k + 2);
      if (pairedPattern) {
        traits.colour = colourOf(words[k + 2]);
        traits.patternColour = colour;
        note(`${w} and ${words[k + 2]}`, 'colour');
      } else if (!joinedToPattern) {
        const next = colourOf(words[k + 1] ?? '');
        traits.colour = next && !qualifiedPattern(words, k + 1) ? mix(colour, next) : colour;
        note(next && !qualifiedPattern(words, k + 1) ? `${w} ${words[k + 1]}` : w, 'colour');
      }
    }
    if ((w === 'wings' || w === 'winged') && !traits.wings && !['no', 'without'].includes(words[k - 1] ?? '')) {
      traits.wings = true;
      note('wings', 'wings');
    }
    const presence = PART_FORMS[w];
    if (isPresentPart(presence)) {
      const negated = NEGATIONS.has(words[k - 1]) || NEGATIONS.has(words[k - 2]) || /less$/.test(w);
      if (!negated && !traits[presence]) {
        traits[presence] = true;
        note(presence, presence);
      }
    }
  });
  // Parts WordNet lists for the animal itself (not its class): antlers, tusks, a hump.
  for (const p of synset.parts)
    for (const pw of readSynset(p).words) {
      const part = PART_FORMS[pw];
      if (isPresentPart(part) && part !== 'crest') {
        traits[part] = true;
        note(part, part);
      }
    }
  return traits.words.length > 0 ? traits : undefined;
}

function qualifiedPattern(words: string[], k: number): boolean {
  return SPOTTED.has(words[k + 1] ?? '') || STRIPED.has(words[k + 1] ?? '');
}

/**
 * The row of a family's proportions table the noun is a kind of (a caracal is a lynx: the leopard's
 * row), by WordNet hypernyms of its animal sense; undefined when none is reached.
 */
export function baseRowOf(noun: string, rows: Record<string, string[]>): string | undefined {
  const byWord = new Map<string, string>();
  for (const [row, ws] of Object.entries(rows)) for (const w of [row, ...ws]) if (!byWord.has(w)) byWord.set(w, row);
  const sense = animalSense(noun);
  if (sense === undefined) return undefined;
  // Breadth-first up from the animal sense: the nearest row word wins.
  let frontier = [sense];
  const seen = new Set<number>();
  for (let depth = 0; depth <= 10 && frontier.length; depth++) {
    const next: number[] = [];
    for (const o of frontier) {
      if (seen.has(o)) continue;
      seen.add(o);
      const s = readSynset(o);
      const found = s.words.map((w) => byWord.get(w)).find(Boolean);
      if (found) return found;
      next.push(...s.hypernyms);
    }
    frontier = next;
  }
  return undefined;
}

/**
 * The traits the classes above the noun give it within `maxUp` levels, the nearer first (a gazelle's
 * antelope: long legs and horns): what a stand-in borrows from the class it stands in for.
 */
export function classTraits(noun: string, drawn: ReadonlySet<keyof AnimalTraits>, maxUp = 3): AnimalTraits | undefined {
  let merged: AnimalTraits | undefined;
  for (const o of classesAbove(noun, maxUp)) {
    const traits = readAnimal(readSynset(o).words[0], drawn);
    // A nearer class's word wins over a farther one's ("carnivorous bat: large ears", "bat: wings").
    if (traits)
      merged = {
        ...traits,
        ...merged,
        words: [...(merged?.words ?? []), ...traits.words],
        keys: [...(merged?.keys ?? []), ...traits.keys],
      };
  }
  return merged;
}

/** The classes above the noun's animal sense, level by level up to `maxUp` levels, the nearer first. */
function* classesAbove(noun: string, maxUp: number): Generator<number> {
  const sense = animalSense(noun);
  if (sense === undefined) return;
  let frontier = readSynset(sense).hypernyms;
  for (let up = 0; up < maxUp && frontier.length; up++) {
    yield* frontier;
    frontier = frontier.flatMap((o) => readSynset(o).hypernyms);
  }
}

/**
 * The nearest class above the noun, within `maxUp` levels, whose own definition tells its look apart
 * (a vampire bat's "bat: … membranous wings"), by its first name; undefined when none does.
 */
export function describedClass(noun: string, drawn: ReadonlySet<keyof AnimalTraits>, maxUp = 3): string | undefined {
  for (const o of classesAbove(noun, maxUp)) {
    // Only a class in everyday use (its name counted in WordNet's tagged corpus: "bat", "antelope"), not
    // a naturalist's grouping ("bovid", "carnivorous bat"), names what the animal is made as.
    const name = readSynset(o).words[0];
    if (taggedSenseCount(name) > 0 && animalSense(name) === o && tellsApart(readAnimal(name, drawn))) return name;
  }
  return undefined;
}

/**
 * True unless the noun is an animal WordNet does not say flies: a dragon (an imaginary being) flies, a
 * pterodactyl ("extinct flying reptile") too, an ichthyosaur or a dimetrodon does not.
 */
export function flies(noun: string): boolean {
  const sense = animalSense(noun);
  if (sense === undefined) return true;
  for (const o of hypernymClosure([sense], 4))
    if (/\b(flying|winged|wings)\b/.test(definition(readSynset(o).gloss))) return true;
  return false;
}

/** The traits each body plan draws, by category. */
export const DRAWN_TRAITS: Record<string, ReadonlySet<keyof AnimalTraits>> = Object.fromEntries(
  WORDS.plans.flatMap((plan) => plan.categories.map((c) => [c, new Set(plan.traits as (keyof AnimalTraits)[])])),
);
/** How the summary names each category's body plan. */
const PLAN_NAMES: Record<string, string> = Object.fromEntries(
  WORDS.plans.flatMap((plan) => plan.categories.map((c) => [c, plan.name])),
);

/**
 * True when the traits change the form's look, not only its scale: a model is seen at its own size, so
 * "large" alone does not make a bald eagle other than an eagle.
 */
const tellsApart = (t: AnimalTraits | undefined) => t?.keys.some((k) => k !== 'size');

/** The WordNet spelling of a prompt's animal noun with a single animal sense ("servals" → serval). */
function animalLemma(word: string): string | undefined {
  return [word, word.replace(/s$/, ''), word.replace(/es$/, '')].find((w) => animalSense(w) !== undefined);
}

/**
 * Own forms (see ./own-forms.ts OWN_FORMS) of the families whose body plan draws an animal's own
 * traits: the noun is made as itself when its definition says something the plan draws, and the
 * summary says what ("serval (quadruped body plan from its definition: long legs, large ears, …)").
 */
export function animalOwnForms(rowsOf: (category: string) => Record<string, string[]>): Record<
  string,
  {
    beforeRows: boolean;
    name(word: string): string | undefined;
    className(word: string): string | undefined;
    label(name: string): string | undefined;
  }
> {
  // A row of the family's table is drawn by hand, not from the definition.
  const isRow = (category: string, name: string) => rowsOf(category)[name] !== undefined;
  return Object.fromEntries(
    Object.entries(DRAWN_TRAITS).map(([category, drawn]) => [
      category,
      {
        beforeRows: true,
        name(word: string) {
          const lemma = animalLemma(word);
          return lemma && !isRow(category, lemma) && tellsApart(readAnimal(lemma, drawn))
            ? lemma.replace(/_/g, ' ')
            : undefined;
        },
        // A noun no row reaches and whose own definition says nothing the plan draws is made as the nearest
        // class whose definition does, and named so ("a vampire bat" is a bat: "bat: … membranous wings").
        className(word: string) {
          const lemma = animalLemma(word);
          const cls = lemma && describedClass(lemma, drawn);
          return cls && !isRow(category, cls) ? cls : undefined;
        },
        label(name: string) {
          if (isRow(category, name)) return undefined;
          const traits = readAnimal(name, drawn);
          if (!tellsApart(traits)) return undefined;
          return traits && `${PLAN_NAMES[category]} from its definition: ${traits.words.join(', ')}`;
        },
      },
    ]),
  );
}
