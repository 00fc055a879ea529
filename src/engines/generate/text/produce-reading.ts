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
import { rememberedByWord } from './reading-kit.ts';
import { LEX_FILE, nounSenses, readSynset, type Synset } from './understand/wordnet.ts';

export type ProduceShape =
  | 'round'
  | 'oval'
  | 'long'
  | 'crescent'
  | 'pear'
  | 'flat'
  | 'bulb'
  | 'tuber'
  | 'root'
  | 'head'
  | 'flower head'
  | 'florets'
  | 'pod'
  | 'seeds'
  | 'stalks'
  | 'leaves'
  | 'ear';
export type ProduceSurface = 'smooth' | 'spiny' | 'ridged' | 'scaly' | 'bumpy';
export type ProduceSize = 'tiny' | 'small' | 'medium' | 'large' | 'huge';
type RGB = [number, number, number];

export interface ProduceForm {
  kind: 'fruit' | 'vegetable';
  shape: ProduceShape;
  surface: ProduceSurface;
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

const COLOURS: Record<string, RGB> = {
  red: [0.8, 0.1, 0.08],
  scarlet: [0.85, 0.12, 0.08],
  crimson: [0.7, 0.05, 0.1],
  maroon: [0.45, 0.05, 0.12],
  purple: [0.42, 0.12, 0.42],
  purplish: [0.45, 0.18, 0.45],
  violet: [0.5, 0.25, 0.6],
  blue: [0.22, 0.25, 0.6],
  black: [0.1, 0.08, 0.1],
  blackish: [0.15, 0.12, 0.14],
  brown: [0.5, 0.33, 0.18],
  brownish: [0.55, 0.38, 0.22],
  russet: [0.55, 0.33, 0.18],
  tan: [0.8, 0.65, 0.45],
  yellow: [0.96, 0.85, 0.2],
  yellowish: [0.92, 0.85, 0.4],
  golden: [0.95, 0.75, 0.2],
  orange: [0.98, 0.55, 0.1],
  green: [0.3, 0.6, 0.2],
  greenish: [0.45, 0.65, 0.3],
  white: [0.95, 0.94, 0.9],
  whitish: [0.93, 0.91, 0.85],
  pink: [0.95, 0.55, 0.6],
  pinkish: [0.92, 0.62, 0.62],
  rosy: [0.9, 0.4, 0.45],
  buff: [0.87, 0.76, 0.55],
  ivory: [0.96, 0.94, 0.86],
};

/** Flesh, pulp and seeds are inside: their colour is not the skin's. */
const INSIDE = /^(flesh|fleshed|pulp|pulped|seeds?|seeded|juice|juiced|heart|interior|meat|kernel)$/;

/** Shape words of a gloss, in the order they are tried (a more particular shape first). */
const SHAPE_WORDS: [RegExp, ProduceShape][] = [
  [/\bpear-shaped|pyriform\b/, 'pear'],
  [/\bcrescent/, 'crescent'],
  [/\bflower heads?\b|\bflower buds?\b(?! and)|\bthistlelike\b/, 'flower head'],
  [/\bclustered flower|\bflorets?\b/, 'florets'],
  [/\bheads? of (leaves|crisp|tightly)|\bin a (loose |tight |compact )?head\b|\bleafy head\b|\bhead of\b/, 'head'],
  [/\bears?\b of\b|\bcobs?\b/, 'ear'],
  [/\btuber|\btuberous/, 'tuber'],
  [/\bbulbs?\b|\bbulbous\b|\bturnip-shaped\b|\btunics\b/, 'bulb'],
  [/\broots?\b|\btaproot/, 'root'],
  [/\bpods?\b|\bpod-bearing\b/, 'pod'],
  [/stalks?\b|\bstems?\b|\bshoots?\b|\bspears\b|\bpetioles?\b/, 'stalks'],
  [/\bleaves\b|\bleafy\b|\bleafed\b|\bgreens\b/, 'leaves'],
  [/\begg-shaped|\bovoid|\boval|\bellipsoid|\boblong|\bobovoid|\bplum-shaped|\bolive-shaped/, 'oval'],
  [/\belongated|\bcylindrical|\bslender|\bfinger-shaped|\blong\b|\btapering/, 'long'],
  [/\bflat\b|\bflattened|\bdisk|\bdisc/, 'flat'],
  [/\bround|\bglobose|\bglobular|\bspherical|\bball-shaped/, 'round'],
];

const SURFACE_WORDS: [RegExp, ProduceSurface][] = [
  [/\bspiny|\bspines?\b|\bspiky|\bspikes?\b|\bprickly|\bprickles?\b|\bthorny|\bbristly|\bthistlelike/, 'spiny'],
  [/\bridged|\bridges\b|\bribbed|\bribs\b|\bfurrowed|\bgrooved|\bangled|\bwinged|\blobed|\bstar-shaped/, 'ridged'],
  [/\bscaly|\bscales\b|\bbracts?\b|\boverlapping/, 'scaly'],
  [
    /\bwrinkled|\bwarty|\bwarts\b|\bknobby|\bknobbly|\bbumpy|\blumpy|\brough\b|\bnetted|\bcorky|\bbrittle shell/,
    'bumpy',
  ],
];

const SIZE_WORDS: [RegExp, ProduceSize][] = [
  [/\bhuge|\bgiant|\bvery large|\benormous|\bimmense/, 'huge'],
  [/\blarge|\bbig\b/, 'large'],
  [/\btiny|\bminute|\bvery small/, 'tiny'],
  [/\bsmall|\blittle|\bdwarf|\bmedium-sized/, 'small'],
];

interface Likeness {
  shape?: ProduceShape;
  size?: ProduceSize;
  colour?: string;
  surface?: ProduceSurface;
  tuft?: boolean;
}

/**
 * Known produce a gloss compares a fruit to ("plumlike", "resembling the mango") or a noun is a kind
 * of (its hypernyms: a boysenberry is a berry, a casaba a melon): what each looks like.
 */
const LIKENESSES: Record<string, Likeness> = {
  berry: { shape: 'round', size: 'tiny', colour: 'red' },
  cherry: { shape: 'round', size: 'tiny', colour: 'red' },
  grape: { shape: 'oval', size: 'tiny', colour: 'purple' },
  gooseberry: { shape: 'round', size: 'tiny', colour: 'green' },
  currant: { shape: 'round', size: 'tiny', colour: 'red' },
  olive: { shape: 'oval', size: 'tiny', colour: 'green' },
  plum: { shape: 'round', size: 'small', colour: 'purple' },
  apricot: { shape: 'round', size: 'small', colour: 'orange' },
  peach: { shape: 'round', colour: 'orange' },
  apple: { shape: 'round', colour: 'red' },
  pear: { shape: 'pear', colour: 'green' },
  quince: { shape: 'pear', colour: 'yellow' },
  citrus: { shape: 'round', colour: 'orange', surface: 'bumpy' },
  orange: { shape: 'round', colour: 'orange', surface: 'bumpy' },
  lemon: { shape: 'oval', colour: 'yellow', surface: 'bumpy' },
  lime: { shape: 'round', size: 'small', colour: 'green' },
  grapefruit: { shape: 'round', size: 'large', colour: 'yellow' },
  melon: { shape: 'round', size: 'large', colour: 'green' },
  squash: { shape: 'long', size: 'large', colour: 'green' },
  gourd: { shape: 'pear', size: 'large', colour: 'yellow' },
  pumpkin: { shape: 'round', size: 'huge', colour: 'orange', surface: 'ridged' },
  mango: { shape: 'oval', colour: 'orange' },
  banana: { shape: 'crescent', colour: 'yellow' },
  fig: { shape: 'pear', size: 'small', colour: 'purple' },
  date: { shape: 'oval', size: 'tiny', colour: 'brown' },
  pineapple: { shape: 'oval', size: 'large', colour: 'golden', surface: 'scaly', tuft: true },
  tomato: { shape: 'round', colour: 'red' },
  pepper: { shape: 'long', colour: 'red' },
  eggplant: { shape: 'oval', size: 'large', colour: 'purple' },
  cucumber: { shape: 'long', colour: 'green', surface: 'bumpy' },
  onion: { shape: 'bulb', colour: 'golden' },
  garlic: { shape: 'bulb', size: 'small', colour: 'white' },
  turnip: { shape: 'bulb', colour: 'white' },
  beet: { shape: 'bulb', colour: 'crimson' },
  radish: { shape: 'bulb', size: 'small', colour: 'red' },
  'root vegetable': { shape: 'root', colour: 'tan' },
  carrot: { shape: 'root', colour: 'orange' },
  parsnip: { shape: 'root', colour: 'ivory' },
  potato: { shape: 'tuber', colour: 'tan' },
  yam: { shape: 'tuber', colour: 'brown' },
  tuber: { shape: 'tuber', colour: 'brown' },
  cabbage: { shape: 'head', colour: 'green' },
  lettuce: { shape: 'head', colour: 'green' },
  'cruciferous vegetable': { shape: 'head', colour: 'green' },
  greens: { shape: 'leaves', colour: 'green' },
  spinach: { shape: 'leaves', colour: 'green' },
  kale: { shape: 'leaves', colour: 'green' },
  celery: { shape: 'stalks', colour: 'green' },
  asparagus: { shape: 'stalks', colour: 'green' },
  legume: { shape: 'seeds', size: 'tiny', colour: 'tan' },
  bean: { shape: 'pod', colour: 'green' },
  pea: { shape: 'seeds', size: 'tiny', colour: 'green' },
  pulse: { shape: 'seeds', size: 'tiny', colour: 'tan' },
  seed: { shape: 'seeds', size: 'tiny', colour: 'tan' },
  nut: { shape: 'oval', size: 'tiny', colour: 'brown' },
  corn: { shape: 'ear', colour: 'yellow' },
  broccoli: { shape: 'florets', colour: 'green' },
  cauliflower: { shape: 'florets', colour: 'white' },
  artichoke: { shape: 'flower head', colour: 'green', surface: 'scaly' },
  mushroom: { shape: 'round', colour: 'white' },
};

/** Nouns that name the whole class rather than one kind: a bare "fruit" is the family's stand-in. */
const CLASS_WORDS = new Set([
  'fruit',
  'fruits',
  'vegetable',
  'vegetables',
  'veg',
  'veggie',
  'veggies',
  'produce',
  'edible fruit',
  'greens',
]);

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

const firstMatch = <T>(table: [RegExp, T][], text: string) => table.find(([re]) => re.test(text))?.[1];

/** The form a fruit or vegetable's description gives, or undefined when the description says nothing of its look. */
export function readProduce(word: string): ProduceForm | undefined {
  const key = word.toLowerCase().trim();
  if (CLASS_WORDS.has(key)) return undefined;
  const sense = senseOf(key);
  if (!sense) return undefined;
  const gloss = [sense.food && plain(sense.food.gloss), sense.plant && eatenPart(plain(sense.plant.gloss))]
    .filter(Boolean)
    .join('; ');
  // The gloss's head ("seed of the mung bean plant", "stalks eaten raw") says what is eaten before its modifiers do.
  const head = gloss.split(/\b(of|with|having|that|used|which|eaten|growing|along|;)\b/)[0];
  const own = {
    shape:
      firstMatch(SHAPE_WORDS, head) ??
      (/^(edible )?(seeds?|beans?|peas?|lentils?)\b/.test(head.trim()) ? ('seeds' as const) : undefined) ??
      firstMatch(SHAPE_WORDS, gloss),
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
  const shapeName: Record<ProduceShape, string> = {
    round: 'round',
    oval: 'oval',
    long: 'elongated',
    crescent: 'crescent',
    pear: 'pear-shaped',
    flat: 'flattened',
    bulb: 'bulb',
    tuber: 'tuber',
    root: 'tapering root',
    head: 'leafy head',
    'flower head': 'flower head',
    florets: 'florets',
    pod: 'pod',
    seeds: 'heap of seeds',
    stalks: 'bunch of stalks',
    leaves: 'bunch of leaves',
    ear: 'ear',
  };
  const words = [
    size !== 'medium' ? size : '',
    stretch !== 1 && !OUTLINES.has(shape) ? (stretch < 1 ? 'flat' : 'elongated') : '',
    colourName?.replace(/-/g, ' ') ?? '',
    shapeName[shape],
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
}

/** readProduce, remembered: the catalogue and the generator both ask. */
export const produceForm = rememberedByWord(readProduce);
