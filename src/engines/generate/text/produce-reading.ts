/**
 * What a fruit or vegetable looks like, read from what WordNet says of it, so any of the hundreds of
 * kinds WordNet lists is made as itself rather than as an apple or a carrot: the gloss gives the shape
 * ("large oval", "pear-shaped", "crescent-shaped", "edible tuberous root", "flower head"), the rind
 * ("hard spiny rind", "deeply ridged", "thick scaly rind"), the colour ("dark-blue", "maroon-purple")
 * and the size ("huge", "small"); a likeness ("plumlike", "melon-like") or a hypernym ("berry",
 * "melon", "onion", "legume") fills in what the gloss leaves out.
 *
 * Shared by the catalogue (./own-forms.ts: a noun read this way is made as itself) and by the
 * generator (./generators/families/produce.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { PatternRows, Words, firstMatch, oneOf, patternTable, readFormWords, rememberedByWord } from './reading-kit.ts';
import { LEX_FILE, nounSenses, readSynset, type Synset } from './understand/wordnet.ts';

/** A shape of ./readings/produce.yaml's `forms`. */
export type ProduceShape = string;
const SURFACES = ['smooth', 'spiny', 'ridged', 'scaly', 'bumpy'] as const;
const SIZES = ['tiny', 'small', 'medium', 'large', 'huge'] as const;
export type ProduceSize = (typeof SIZES)[number];
type RGB = [number, number, number];

/** What a known fruit or vegetable looks like (a row of `likenesses`). */
const Likeness = Type.Object(
  {
    shape: Type.Optional(Type.String()),
    size: Type.Optional(oneOf(SIZES)),
    colour: Type.Optional(Type.String()),
    surface: Type.Optional(oneOf(SURFACES)),
    tuft: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type Likeness = Static<typeof Likeness>;

const WORDS = readFormWords('produce', undefined, {
  surfaces: PatternRows,
  sizes: PatternRows,
  colours: Type.Record(Type.String(), Type.Tuple([Type.Number(), Type.Number(), Type.Number()])),
  likenesses: Type.Record(Type.String(), Likeness),
  classWords: Words,
});
const SURFACE_WORDS = patternTable(WORDS.surfaces, SURFACES, 'readings/produce.yaml');
const SIZE_WORDS = patternTable(WORDS.sizes, SIZES, 'readings/produce.yaml');
/** Colour words of definitions: the skin's, and the colour each likeness names. */
const COLOURS: Record<string, RGB> = WORDS.colours;
/**
 * Known produce a gloss compares a fruit to ("plumlike", "resembling the mango") or a noun is a kind
 * of (its hypernyms: a boysenberry is a berry, a casaba a melon): what each looks like.
 */
const LIKENESSES: Record<string, Likeness> = WORDS.likenesses;
for (const [name, like] of Object.entries(LIKENESSES)) {
  if (like.colour && !Object.hasOwn(COLOURS, like.colour))
    throw new Error(`readings/produce.yaml: likeness ${name}: colour "${like.colour}" is not one of its colours`);
  if (like.shape && !WORDS.forms.includes(like.shape))
    throw new Error(`readings/produce.yaml: likeness ${name}: shape "${like.shape}" is not one of its forms`);
}
/** Nouns that name the whole class rather than one kind: a bare "fruit" is the family's stand-in. */
const CLASS_WORDS = new Set(WORDS.classWords);

export interface ProduceForm {
  kind: 'fruit' | 'vegetable';
  shape: ProduceShape;
  surface: (typeof SURFACES)[number];
  size: ProduceSize;
  colour: RGB;
  colourName?: string;
  /** Height (or length) over the form's usual: a "flat" onion 0.6, an "elongated" one 1.5. */
  stretch: number;
  /** A tuft of leaves on top ("terminal tuft of stiff leaves"). */
  tuft: boolean;
  /** How the summary describes the form ("large oval yellow fruit"). */
  summary: string;
}

/** Flesh, pulp and seeds are inside: their colour is not the skin's. */
const INSIDE = /^(flesh|fleshed|pulp|pulped|seeds?|seeded|juice|juiced|heart|interior|meat|kernel)$/;

const FRUIT = nounSenses('edible fruit')[0];
const PRODUCE_FILES = new Set<number>([LEX_FILE.food, LEX_FILE.plant]);

/** The noun's food sense (else its plant sense) and the nearest hypernyms' names. */
function senseOf(word: string): { food?: Synset; plant?: Synset; classes: string[]; fruit: boolean } | undefined {
  const forms = [word, word.replace(/es$/, ''), word.replace(/s$/, '')];
  const senses = [...new Set(forms.flatMap((f) => nounSenses(f)))]
    .map(readSynset)
    .filter((s) => PRODUCE_FILES.has(s.lexFile));
  const food = senses.find((s) => s.lexFile === LEX_FILE.food);
  const plant = senses.find((s) => s.lexFile === LEX_FILE.plant);
  const start = food ?? plant;
  if (!start) return undefined;
  const classes: string[] = [];
  let fruit = false;
  let frontier = start.hypernyms;
  for (let depth = 0; depth < 5 && frontier.length; depth++) {
    const up = frontier.map(readSynset);
    for (const s of up) {
      if (s.offset === FRUIT) fruit = true;
      classes.push(...s.words);
    }
    frontier = up.flatMap((s) => s.hypernyms);
  }
  return { food, plant, classes, fruit };
}

/** The part of a plant's gloss that is about what is eaten ("…having … leaves and large oblong yellow fruit"). */
function eatenPart(gloss: string): string {
  const fruit = gloss.search(/\b(fruits?|berries|drupes?)\b/);
  const grown = gloss.search(/\b(grown|cultivated|bearing) for\b/);
  const from = grown >= 0 ? grown : fruit >= 0 ? Math.max(0, gloss.lastIndexOf(' ', Math.max(0, fruit - 25))) : -1;
  return from >= 0 ? gloss.slice(from) : '';
}

const plain = (gloss: string) =>
  gloss
    .replace(/;?\s*"[^"]*"/g, '')
    .replace(/`[^']*'/g, '')
    .toLowerCase();

/** The skin's colour: the first colour word not describing the flesh, pulp or seeds. */
function skinColour(text: string): { name: string; rgb: RGB } | undefined {
  const tokens = text.split(/[^a-z-]+/).filter(Boolean);
  for (let k = 0; k < tokens.length; k++) {
    const names = tokens[k].split('-').filter((p) => COLOURS[p]);
    if (!names.length) continue;
    const next = tokens.slice(k + 1, k + 3);
    if (next.some((t) => INSIDE.test(t)) && !next.some((t) => /^(skin|rind|peel|shell|husk)/.test(t))) continue;
    if (/-(fleshed|seeded|pulped)$/.test(tokens[k])) continue;
    const rgb = names
      .map((n) => COLOURS[n])
      .reduce((a, c) => a.map((v, i) => v + c[i] / names.length) as RGB, [0, 0, 0] as RGB);
    return { name: tokens[k], rgb };
  }
  return undefined;
}

/** A likeness the gloss draws: "plumlike", "cherry-like", "melon-like", "resembling the mango", "turnip-shaped". */
function likenessIn(text: string): Likeness | undefined {
  const m =
    text.match(/\b([a-z]+(?: [a-z]+)?)-?(?:like|shaped)\b/) ?? text.match(/\bresembling (?:an? |the )?([a-z]+)/);
  if (!m) return undefined;
  const name = m[1].split(' ').at(-1)!;
  return LIKENESSES[name] ?? LIKENESSES[name.replace(/s$/, '')];
}

/** Outlines any form may have; the other shapes are forms of their own. */
const OUTLINES = new Set<ProduceShape>(['round', 'oval', 'long', 'flat', 'leaves']);

/** The form a fruit or vegetable's description gives, or undefined when the description says nothing of its look. */
export const produceForm = rememberedByWord((word: string): ProduceForm | undefined => {
  if (CLASS_WORDS.has(word)) return undefined;
  const sense = senseOf(word);
  if (!sense) return undefined;
  const gloss = [sense.food && plain(sense.food.gloss), sense.plant && eatenPart(plain(sense.plant.gloss))]
    .filter(Boolean)
    .join('; ');
  // The gloss's head ("seed of the mung bean plant", "stalks eaten raw") says what is eaten before its modifiers do.
  const head = gloss.split(/\b(of|with|having|that|used|which|eaten|growing|along|;)\b/)[0];
  const own = {
    shape:
      firstMatch(WORDS.shapes, head) ??
      (/^(edible )?(seeds?|beans?|peas?|lentils?)\b/.test(head.trim()) ? ('seeds' as const) : undefined) ??
      firstMatch(WORDS.shapes, gloss),
    surface: firstMatch(SURFACE_WORDS, gloss),
    size: firstMatch(SIZE_WORDS, gloss),
    colour: skinColour(gloss),
    tuft: /\btuft|\bcrown of leaves/.test(gloss),
  };
  // Nothing in the noun's own description changes the form: the family's stand-in says so instead.
  if (!own.shape && !own.surface && !own.colour && !own.size && !own.tuft) return undefined;
  const like = likenessIn(gloss);
  const kindWords = [...(sense.food?.words ?? []), ...(sense.plant?.words ?? []), ...sense.classes];
  const kind = kindWords.map((w) => LIKENESSES[w]).find(Boolean);
  const fruit = sense.fruit || /\bfruit|\bberr(y|ies)\b/.test(gloss);
  const general = like?.shape ?? kind?.shape;
  // A plain outline ("flat mild onion", "roundish legume", "root of the turnip") names the proportion of
  // a particular form its kind has (a bulb, a heap of seeds): the kind's form, stretched as the gloss says.
  const plainOutline =
    own.shape &&
    (OUTLINES.has(own.shape) ||
      (own.shape === 'root' && general === 'bulb') ||
      (own.shape === 'leaves' && general === 'head'));
  const shape: ProduceShape =
    (plainOutline && general && !OUTLINES.has(general) ? general : own.shape) ??
    general ??
    (fruit ? 'round' : 'leaves');
  const stretch = own.shape === 'flat' ? 0.6 : own.shape === 'long' ? 1.5 : 1;
  const surface = own.surface ?? like?.surface ?? kind?.surface ?? 'smooth';
  const size = own.size ?? like?.size ?? kind?.size ?? (shape === 'seeds' ? 'tiny' : 'medium');
  const colourName = own.colour?.name ?? like?.colour ?? kind?.colour;
  // With no colour said, a fruit is a ripening yellow-green, a vegetable green.
  const colour =
    own.colour?.rgb ??
    (colourName ? COLOURS[colourName] : undefined) ??
    (fruit ? ([0.72, 0.7, 0.3] as RGB) : COLOURS.green);
  const tuft = own.tuft || Boolean(like?.tuft ?? kind?.tuft);
  const kindName = fruit ? 'fruit' : 'vegetable';
  const words = [
    size !== 'medium' ? size : '',
    stretch !== 1 && !OUTLINES.has(shape) ? (stretch < 1 ? 'flat' : 'elongated') : '',
    colourName?.replace(/-/g, ' ') ?? '',
    WORDS.names[shape],
  ].filter(Boolean);
  const rind = surface === 'smooth' ? '' : ` with a ${surface === 'bumpy' ? 'rough' : surface} skin`;
  const tail = ['round', 'oval', 'long', 'crescent', 'pear', 'flat'].includes(shape) ? ` ${kindName}` : '';
  return {
    kind: kindName,
    shape,
    surface,
    size,
    colour,
    colourName,
    tuft,
    stretch,
    summary: `${kindName}: ${words.join(' ')}${tail}${rind}${tuft ? ' and a leafy crown' : ''}`,
  };
});
