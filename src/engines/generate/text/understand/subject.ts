/**
 * Rules for finding the subject among a prompt's nouns: measure words that hand the subject to their
 * of-phrase ("a plate of fries"), form nouns that say what the subject is made as rather than what it
 * is ("a lion statue"), and verbs that end the subject's phrase ("a tiger eating an ice cream cone").
 */
import { Type } from '@sinclair/typebox';
import { readDataFile } from '../data-file.ts';
import type { Relation } from './vocabulary.ts';
import { isVerb } from './wordnet.ts';

const Words = Type.Array(Type.String({ pattern: "^[a-z][a-z ']*$" }));
const SUBJECT_WORDS = Type.Object(
  {
    measureWords: Type.Array(Words),
    formNouns: Type.Array(Words),
    verbRelations: Type.Record(Type.String({ pattern: '^(on|with|in|beside|wearing|of)$' }), Words),
    referenceOpeners: Words,
  },
  { additionalProperties: false },
);
const WORDS = readDataFile(new URL('./subject.yaml', import.meta.url), SUBJECT_WORDS);

/** "a plate of X", "a pair of X": the measure word and its `of` are dropped, X is the subject. */
export const MEASURE_WORDS = new Set(WORDS.measureWords.flat());

/** Nouns naming the form a subject is made as: "a lion statue" is a lion, "a robot toy" a robot. */
export const FORM_NOUNS = new Set(WORDS.formNouns.flat());

/** Verbs that open a phrase about a second object, with how that object is placed. */
export const VERB_RELATIONS = Object.entries(WORDS.verbRelations).flatMap(([relation, phrases]) =>
  phrases.map((phrase) => [phrase, relation as Relation | 'of'] as [string, Relation | 'of']),
);

/**
 * Relation phrases naming a reference ("like sherlock holmes", "from star wars", "for my temple level"):
 * their nouns never become the subject, even when the subject's own noun could not be read.
 */
export const REFERENCE_OPENERS = new Set(WORDS.referenceOpeners);

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

/** True when the stem left by a verb ending, or a spelling of it (`more`), is a verb WordNet knows. */
function verbStem(stem: string, more: string[] = []): boolean {
  const candidates = [stem, `${stem}e`, ...more];
  if (stem.length > 2 && stem.at(-1) === stem.at(-2)) candidates.push(stem.slice(0, -1));
  return candidates.some((c) => c.length > 1 && isVerb(c));
}

/** True when an `-ed` word is a form of a verb WordNet knows ("dressed" → dress, "planted" → plant, "carved" → carve). */
const isParticiple = (word: string) =>
  verbStem(word.slice(0, -2), [word.slice(0, -1), ...(word.endsWith('ied') ? [`${word.slice(0, -3)}y`] : [])]);

/** True when an `-ing` word is a form of a verb WordNet knows ("drinking" → drink, "digging" → dig, "breathing" → breathe). */
export const isVerbForm = (word: string) => word.endsWith('ing') && verbStem(word.slice(0, -3));

/** Words that follow a verb and not a noun ("cut open", "cut in half", "split apart"). */
const PARTICLES = new Set(['open', 'apart', 'up', 'off', 'in', 'into', 'down']);

/** Words that open a noun phrase: after "building" they show it is a verb ("a beaver building a dam"). */
export const DETERMINERS = new Set(['a', 'an', 'the', 'its', 'his', 'her', 'their', 'some', 'this', 'that']);
