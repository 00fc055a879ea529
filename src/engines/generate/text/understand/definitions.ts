/**
 * What WordNet says about a noun beyond its hypernyms: its definition (the gloss, whose first category
 * word names its kind when the hypernym walk cannot place it) and its parts (meronyms: a claw is part
 * of a crustacean, so "a lobster claw" names a lobster).
 */
import { familyOf } from '../catalog.ts';
import { baseForms, lookupPhrase } from './lexicon.ts';
import { nearestAnchor, partsOf, rankedSenses } from './senses.ts';
import { STOP_WORDS } from './vocabulary.ts';
import { CLAUSE_WORDS, FIGURES, SHAPE_WORDS } from './meaning.ts';
import { LEX_FILE, THING_FILES, hypernymClosure, isAdjective, isNoun, nounSenses, readSynset } from './wordnet.ts';
import type { Synset } from './wordnet.ts';

/**
 * How `part` is a part WordNet gives `whole` or its hypernyms ("claw" of "lobster"): undefined when it
 * is none; 'object' when that part sense is itself an object Kiln makes ("anchor" of "ship"); else 'part'.
 */
export function partOf(part: string, whole: string): 'part' | 'object' | undefined {
  const parts = new Set(baseForms(whole).flatMap((f) => [...partsOf(f)]));
  const senses = baseForms(part)
    .flatMap((f) => nounSenses(f))
    .filter((o) => parts.has(o));
  if (senses.length === 0) return undefined;
  return senses.some((o) => nearestAnchor(readSynset(o))?.broad === false) ? 'object' : 'part';
}

/** The first phrase of a sense's definition, lower case, without domain labels ("(computer science) an output device…"). */
const firstPhrase = (synset: Synset) =>
  synset.gloss
    .split(';')[0]
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase();

/** The noun's likeliest sense of one kind (lexicographer file), over its base forms. */
const likeliestSense = (noun: string, lexFile: number) =>
  baseForms(noun)
    .flatMap((f) => rankedSenses(f))
    .find((s) => s.synset.lexFile === lexFile);

/** Words of a WordNet definition read for its genus: the kind of thing is named early ("a shoe with rollers"). */
const GLOSS_WORDS = 8;

/**
 * The category a noun's definition names ("roller skate: a shoe with pairs of rollers…" → shoe,
 * "scarecrow: an effigy in the shape of a man…" → person): the first word of the most likely sense's
 * gloss that names a category and nothing else (not "glass", also a material), for nouns the hypernym
 * walk cannot place or places only broadly.
 */
export function glossCategory(noun: string, chosen?: Synset): { category: string; word: string } | undefined {
  const sense = chosen
    ? { synset: chosen }
    : baseForms(noun)
        .map((f) => rankedSenses(f)[0])
        .find(Boolean);
  if (!sense) return undefined;
  // "a child's coin bank": a possessive says whose the thing is, not what it is.
  const definition = firstPhrase(sense.synset).replace(/\b[a-z]+'s?\b(?=\s)/g, ' ');
  const split = definition.split(/[^a-z]+/).filter(Boolean);
  // The genus is in the definition's first phrase: a relative or purpose clause, or an of-phrase after
  // anything but a form word, is about something else ("bedding that keeps a person warm", "beaklike
  // mouth of animals other than birds"); "an effigy in the shape of a man" names what it is made as.
  const end = split.findIndex((w, k) => CLAUSE_WORDS.has(w) || (w === 'of' && !SHAPE_WORDS.has(split[k - 1])));
  const all = end < 0 ? split : split.slice(0, end);
  // "that can be used": a modal before "be" is no noun.
  const words = all.filter((w, k) => !STOP_WORDS.has(w) && all[k + 1] !== 'be').slice(0, GLOSS_WORDS);
  const above = hypernymsOf(sense.synset.offset);
  for (let i = 0; i < words.length; i++) {
    for (const phrase of [words.slice(i, i + 2).join(' '), words[i]]) {
      // "a child's coin bank", "a baby bed": a noun before another noun modifies it; the last one is the genus.
      const next = words[i + phrase.split(' ').length];
      if (next && isNoun(next) && !isAdjective(next)) continue;
      const found = lookupPhrase(phrase);
      if (found?.meanings.length !== 1 || found.meanings[0].type !== 'category') continue;
      const category = found.meanings[0].id;
      // A word naming one of the sense's own hypernyms means it in that hypernym's sense ("corral: a pen
      // for cattle" is an enclosure, not the writing pen): it names the category only when that sense reaches it.
      const genus = baseForms(phrase.replace(/ /g, '_'))
        .flatMap((f) => nounSenses(f))
        .filter((o) => above.has(o));
      if (genus.length > 0 && !genus.some((o) => nearestAnchor(readSynset(o))?.category === category)) continue;
      // An artifact is made as a figure only when its definition says it has that likeness ("an effigy in
      // the shape of a man"), not when it names who wears or stands on it ("a platform … the person on it").
      const figureOk =
        !FIGURES.has(category) ||
        sense.synset.lexFile !== LEX_FILE.artifact ||
        words.slice(0, i).some((w) => LIKENESS_WORDS.has(w)) ||
        all.slice(0, all.indexOf(words[i])).some((w) => LIKENESS_WORDS.has(w));
      if (figureOk && fitsKind(sense.synset.lexFile, category)) return { category, word: found.form };
    }
  }
  return undefined;
}

/** Words after which a definition says what an artifact looks like, not what it is for. */
const LIKENESS_WORDS = new Set([...SHAPE_WORDS].filter((w) => !w.startsWith('consist')));
// Concrete lexicographer files whose senses bound what a noun may be made as.
const BOUNDING_FILES = new Set([...THING_FILES, LEX_FILE.person]);

/**
 * True when some concrete sense of the noun may be made as the category ("sawhorse", "clotheshorse" are
 * only artifacts, so never the horse their last word names); a noun WordNet has no concrete sense for is not bounded.
 */
export function kindAllows(noun: string, category: string): boolean {
  const files = baseForms(noun)
    .flatMap((f) => nounSenses(f))
    .map((o) => readSynset(o).lexFile)
    .filter((k) => BOUNDING_FILES.has(k));
  return files.length === 0 || files.some((k) => fitsKind(k, category));
}

/** Whether a sense of this kind (WordNet lexicographer file) can be made as that category: dumplings ("small balls of dough") are no ball. */
function fitsKind(lexFile: number, category: string): boolean {
  const family = familyOf(category);
  if (lexFile === LEX_FILE.animal) return family === 'animal';
  if (lexFile === LEX_FILE.food) return family === 'food';
  if (lexFile === LEX_FILE.plant) return family === 'plant' || family === 'food';
  if (lexFile === LEX_FILE.person) return category === 'person';
  return family !== 'food' && family !== 'plant' && (family !== 'animal' || FIGURES.has(category));
}

let imaginaryBeing: number | undefined;

/**
 * The animal an imaginary being is built as, from its definition: "the immortal winged horse…" → horse,
 * "the three-headed dog…" → dog, "winged monster with the head of an eagle and the body of a lion" → the
 * body's animal. WordNet files these beings with people, so the person would otherwise stand in for a
 * pegasus. Undefined when the noun's likeliest sense is no imaginary being or its definition names none.
 */
export function imaginaryBody(noun: string): { category: string; word: string } | undefined {
  imaginaryBeing ??= nounSenses('imaginary_being')[0];
  // The caller read the noun as a person: its likeliest sense filed with people is the one meant.
  const sense = likeliestSense(noun, LEX_FILE.person);
  if (!sense || !hypernymsOf(sense.synset.offset).has(imaginaryBeing)) return undefined;
  const definition = firstPhrase(sense.synset);
  const body = /\bbody of an? ([a-z]+)/.exec(definition)?.[1];
  const words = body ? [body] : definition.split(/[^a-z]+/).filter((w) => w && !STOP_WORDS.has(w));
  for (const w of words) {
    const found = lookupPhrase(w);
    const category =
      found?.meanings.length === 1 && found.meanings[0].type === 'category' ? found.meanings[0].id : undefined;
    if (category && familyOf(category) === 'animal') return { category, word: found!.form };
  }
  return undefined;
}

/** The synset's hypernyms (not itself), up to 12 levels. */
function hypernymsOf(offset: number): Set<number> {
  return hypernymClosure(readSynset(offset).hypernyms, 12);
}

/**
 * True when the noun's likeliest plant sense is defined by its flowers ("Narcissus plants having showy
 * often yellow flowers", "wild or uncultivated flowering plant"): a plant WordNet places only as a plant
 * is then made as a flower, not as a bush. Shrubs and trees are placed before this is asked.
 */
export function definedByFlowers(noun: string): boolean {
  const sense = likeliestSense(noun, LEX_FILE.plant);
  return sense !== undefined && /\b(flowers?|flowering|blooms?|blossoms?)\b/.test(sense.synset.gloss.split(';')[0]);
}
