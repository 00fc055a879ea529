/**
 * Rules for finding the subject among a prompt's nouns: measure words that hand the subject to their
 * of-phrase ("a plate of fries"), form nouns that say what the subject is made as rather than what it
 * is ("a lion statue"), and verbs that end the subject's phrase ("a tiger eating an ice cream cone").
 */
import type { Relation } from './vocabulary.ts';
import { isVerb } from './wordnet.ts';

/** "a plate of X", "a pair of X": the measure word and its `of` are dropped, X is the subject. */
export const MEASURE_WORDS = new Set([
  'plate',
  'platter',
  'slice',
  'bunch',
  'head',
  'pair',
  'piece',
  'stack',
  'pile',
  'wedge',
  'handful',
  'heap',
  'serving',
  'portion',
  'scoop',
  'set',
  'group',
  'couple',
  'kind',
  'sort',
  'type',
  // Shapes and bundles a thing comes in: "a bar of chocolate", "a deck of cards", "a sheaf of wheat".
  'bar',
  'deck',
  'sheaf',
  'stalk',
  'sprig',
  // Collective nouns: "a flock of sheep" is sheep.
  'bouquet',
  'flock',
  'herd',
  'swarm',
  'school',
  'pack',
  'pod',
  'pride',
  'litter',
  'troop',
  'colony',
  'family',
  // Serving vessels: "a pan of paella" is paella (the dish generator still builds the vessel the prompt names);
  // a cup or a glass "of" a drink stays the cup.
  'pan',
  'skillet',
  'bowl',
  'tray',
  'basket',
]);

/** Nouns naming the form a subject is made as: "a lion statue" is a lion, "a robot toy" a robot. */
export const FORM_NOUNS = new Set([
  'statue',
  'statuette',
  'sculpture',
  'figurine',
  'figure',
  'toy',
  'plush',
  'plushie',
  'model',
  'replica',
  'miniature',
  'ornament',
  'doll',
  'carving',
  'icon',
  'emoji',
  'mascot',
  'character',
  'creature',
  'animal',
  'costume',
  // "a flashlight prop", "a sword game prop": what a game or film uses as a prop is the thing itself.
  'prop',
]);

/** Verbs that open a phrase about a second object, with how that object is placed. */
export const VERB_RELATIONS: [string, Relation | 'of'][] = [
  ['made out of', 'of'],
  ['carved out of', 'of'],
  ['carved from', 'of'],
  ['sculpted out of', 'of'],
  ['sculpted from', 'of'],
  ['built from', 'of'],
  ['built out of', 'of'],
  ['crafted from', 'of'],
  ['cast in', 'of'],
  ['out of', 'of'],
  ['riding on', 'on'],
  ['riding', 'on'],
  ['perched on', 'on'],
  ['standing in', 'in'],
  ['sitting in', 'in'],
  ['wearing', 'wearing'],
  ['eating', 'with'],
  ['playing with', 'with'],
  ['hugging', 'with'],
  ['full of', 'with'],
  ['covered in', 'with'],
  ['covered with', 'with'],
  // "from the old west", "from the 1950s": where the subject comes from describes it, it is no second object.
  ['from', 'of'],
  // "a bunk bed for a kids room", "a tow truck for my city builder game": who or what it is for describes it.
  ['for', 'of'],
  // "a deerstalker hat like sherlock holmes", "a golden idol like in indiana jones": what the subject is
  // likened to or taken from is a reference, no second object.
  ['like in', 'of'],
  ['like the one in', 'of'],
  ['like', 'of'],
  ['inspired by', 'of'],
  ['as seen in', 'of'],
];

/**
 * Relation phrases naming a reference ("like sherlock holmes", "from star wars", "for my temple level"):
 * their nouns never become the subject, even when the subject's own noun could not be read.
 */
export const REFERENCE_OPENERS = new Set([
  'like in',
  'like the one in',
  'like',
  'inspired by',
  'as seen in',
  'from',
  'for',
]);

/** Relation phrases that name what the subject is made of ("cast in silver", "carved from marble"). */
export const MATERIAL_OPENERS = new Set([
  'made of',
  'made from',
  ...VERB_RELATIONS.map(([p]) => p).filter((p) => /^(made|carved|sculpted|built|crafted|cast|out) /.test(p)),
]);

/**
 * A place the subject is in or on ("in a concert hall", "on a lily pad", "in the desert"), known only
 * through WordNet as a building or landform, is its setting: Kiln builds objects, not scenes.
 */
export function isSetting(relation: string | undefined, via: string | undefined, family: string): boolean {
  return (
    (relation === 'in' || relation === 'on' || relation === 'beside') &&
    via === 'wordnet' &&
    (family === 'building' || family === 'terrain')
  );
}

/**
 * An `-ing` verb after the subject's noun ("a dolphin jumping", "a deer grazing") ends the subject's
 * phrase; before any noun it is an adjective ("a flying saucer", "a sleeping cat").
 */
export function isPhraseEndingVerb(word: string, taggedNotNoun: boolean, afterNoun: boolean, next?: string): boolean {
  // "a pomegranate cut open", "an avocado sliced in half": a verb before a particle describes the subject.
  if (afterNoun && next !== undefined && PARTICLES.has(next) && isVerb(word)) return true;
  if (!afterNoun || word.length <= 4) return false;
  // "a squirrel dressed like a clown", "a cactus planted in a pot": a participle the tagger calls a verb.
  if (word.endsWith('ed')) return taggedNotNoun && isParticiple(word);
  if (!word.endsWith('ing')) return false;
  // The tagger reads "drinking", "breathing" after a noun as nouns; WordNet knows them as verbs.
  return taggedNotNoun || isVerbForm(word);
}

/** True when an `-ed` word is a form of a verb WordNet knows ("dressed" → dress, "planted" → plant, "carved" → carve). */
function isParticiple(word: string): boolean {
  const stem = word.slice(0, -2);
  const candidates = [stem, `${stem}e`, word.slice(0, -1)];
  if (stem.length > 2 && stem.at(-1) === stem.at(-2)) candidates.push(stem.slice(0, -1));
  if (stem.endsWith('i')) candidates.push(`${stem.slice(0, -1)}y`);
  return candidates.some((c) => c.length > 1 && isVerb(c));
}

/** True when an `-ing` word is a form of a verb WordNet knows ("drinking" → drink, "digging" → dig, "breathing" → breathe). */
export function isVerbForm(word: string): boolean {
  if (!word.endsWith('ing')) return false;
  const stem = word.slice(0, -3);
  const candidates = [stem, `${stem}e`];
  if (stem.length > 2 && stem.at(-1) === stem.at(-2)) candidates.push(stem.slice(0, -1));
  return candidates.some((c) => c.length > 1 && isVerb(c));
}

/** Words that follow a verb and not a noun ("cut open", "cut in half", "split apart"). */
const PARTICLES = new Set(['open', 'apart', 'up', 'off', 'in', 'into', 'down']);

/** Words that open a noun phrase: after "building" they show it is a verb ("a beaver building a dam"). */
export const DETERMINERS = new Set(['a', 'an', 'the', 'its', 'his', 'her', 'their', 'some', 'this', 'that']);
