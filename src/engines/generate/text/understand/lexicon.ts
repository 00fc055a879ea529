/**
 * Word → meaning lookup: the phrase table built from the catalogue and vocabulary, singular forms,
 * and the WordNet hypernym walk that maps unseen nouns onto categories.
 */
import nlp from 'compromise';
import { CATEGORIES } from '../catalog.ts';
import {
  CONCRETE_FILES,
  nounSenses,
  readSynset,
  taggedSenseCount,
  walkHypernyms,
  isAdjective,
  isNoun,
  isVerb,
  nounsEndingIn,
  nounsOneEditFrom,
  type Synset,
} from './wordnet.ts';
import { ancestorsOf, anchorMap, contextSynsets, resolveLemma, type SenseResolution } from './senses.ts';
import { compoundKind } from './compound-kind.ts';
export { namesYoung } from './senses.ts';
import {
  COLOURS,
  COLOUR_MODIFIERS,
  IRREGULAR_PLURALS,
  MATERIAL_WORDS,
  NUMBER_WORDS,
  PART_WORDS,
  SIZE_WORDS,
  STYLE_WORDS,
} from './vocabulary.ts';

export type Meaning =
  | { type: 'category'; id: string }
  | { type: 'colour'; name: string }
  | { type: 'colour-modifier'; name: string }
  | { type: 'material'; name: string }
  | { type: 'size'; name: string }
  | { type: 'style'; name: string }
  | { type: 'part'; name: string }
  | { type: 'number'; value: number };

let phrases: Map<string, Meaning[]> | undefined;
let maxPhraseWords = 1;

function add(map: Map<string, Meaning[]>, phrase: string, meaning: Meaning): void {
  const key = phrase.toLowerCase().replace(/-/g, ' ');
  const list = map.get(key) ?? [];
  if (!list.some((m) => JSON.stringify(m) === JSON.stringify(meaning))) list.push(meaning);
  map.set(key, list);
  maxPhraseWords = Math.max(maxPhraseWords, key.split(' ').length);
}

export function phraseTable(): Map<string, Meaning[]> {
  if (phrases) return phrases;
  const map = new Map<string, Meaning[]>();
  for (const e of CATEGORIES) for (const w of e.words) add(map, w, { type: 'category', id: e.id });
  for (const name of Object.keys(COLOURS)) add(map, name, { type: 'colour', name });
  for (const name of Object.keys(COLOUR_MODIFIERS)) add(map, name, { type: 'colour-modifier', name });
  for (const [w, name] of Object.entries(MATERIAL_WORDS)) add(map, w, { type: 'material', name });
  for (const [w, name] of Object.entries(SIZE_WORDS)) add(map, w, { type: 'size', name });
  for (const [w, name] of Object.entries(STYLE_WORDS)) add(map, w, { type: 'style', name });
  for (const [w, name] of Object.entries(PART_WORDS)) add(map, w, { type: 'part', name });
  for (const [w, value] of Object.entries(NUMBER_WORDS))
    if (w !== 'a' && w !== 'an') add(map, w, { type: 'number', value });
  phrases = map;
  return map;
}

export function longestPhrase(): number {
  phraseTable();
  return maxPhraseWords;
}

let singleWords: string[] | undefined;

/** Single words of the phrase table, the vocabulary typos are corrected against. */
export function vocabularyWords(): string[] {
  singleWords ??= [...phraseTable().keys()].filter((k) => !k.includes(' '));
  return singleWords;
}

/** Candidate base forms of a word: itself, compromise's singular, then suffix rules. */
export function baseForms(word: string): string[] {
  const out = [word];
  if (word.length > 3 && word.endsWith('s')) {
    const singular = nlp(word).nouns().toSingular().text().toLowerCase().trim();
    if (singular && singular !== word) out.push(singular);
    if (word.endsWith('ies')) out.push(word.slice(0, -3) + 'y');
    if (word.endsWith('ves')) out.push(word.slice(0, -3) + 'f', word.slice(0, -3) + 'fe');
    if (word.endsWith('es')) out.push(word.slice(0, -2));
    out.push(word.slice(0, -1));
  }
  if (Object.hasOwn(IRREGULAR_PLURALS, word)) out.push(IRREGULAR_PLURALS[word]);
  return [...new Set(out)];
}

/** Meanings of a phrase (already lower case, spaces between words), trying base forms of its last word. */
export function lookupPhrase(phrase: string): { meanings: Meaning[]; form: string } | undefined {
  const table = phraseTable();
  const words = phrase.split(' ');
  const last = words.pop()!;
  for (const form of baseForms(last)) {
    const key = [...words, form].join(' ');
    const found = table.get(key);
    if (found) return { meanings: found, form: key };
  }
  return undefined;
}

/** True when the phrase is a catalogue word (or one's plural): it names an object Kiln makes. */
export const namesObject = (phrase: string) =>
  lookupPhrase(phrase)?.meanings.some((m) => m.type === 'category') === true;

/** True when some sense of the noun is a concrete thing (animal, artifact, food, object, person, plant). */
export function hasConcreteSense(lemma: string): boolean {
  return nounSenses(lemma).some((o) => CONCRETE_FILES.has(readSynset(o).lexFile));
}

/**
 * True when the noun's most frequent sense is a concrete thing ("sand" is a substance first, a person
 * only by name); for a noun whose senses have no frequency order, when any sense is.
 */
export function firstSenseConcrete(lemma: string): boolean {
  return baseForms(lemma).some((f) => {
    const senses = nounSenses(f);
    if (taggedSenseCount(f) === 0) return senses.some((o) => CONCRETE_FILES.has(readSynset(o).lexFile));
    return senses.length > 0 && CONCRETE_FILES.has(readSynset(senses[0]).lexFile);
  });
}

export function knownNoun(word: string): string | undefined {
  return baseForms(word).find((f) => isNoun(f));
}

/** A noun placed by its hypernyms: the category, the path walked, the chosen sense (see ./senses.ts). */
export type WordNetResolution = SenseResolution;

/**
 * Which senses of a compound's last word the compound means: those WordNet lists among the compound's
 * hypernyms ("chess piece" is a game piece, not a firearm), else those of the same kind of thing
 * ("cassette player" is a device, not a person).
 */
export function headSenseFilter(compound: string, head: string): (s: Synset) => boolean {
  const ancestors = ancestorsOf(compound);
  const headSenses = baseForms(head).flatMap((f) => nounSenses(f));
  if (headSenses.some((o) => ancestors.has(o))) return (s) => ancestors.has(s.offset);
  const kinds = new Set(
    nounSenses(compound)
      .map((o) => readSynset(o).lexFile)
      .filter((k) => CONCRETE_FILES.has(k)),
  );
  return (s) => kinds.has(s.lexFile);
}

/** Maps a noun WordNet knows onto a category through its hypernyms (see ./senses.ts for which sense). */
export function resolveByWordNet(
  word: string,
  context: string[] = [],
  allowed?: (s: Synset) => boolean,
): WordNetResolution | undefined {
  const synsets = context.length ? contextSynsets(context.flatMap((w) => baseForms(w.replace(/ /g, '_')))) : undefined;
  for (const form of baseForms(word)) {
    const found = resolveLemma(form, synsets, allowed);
    if (found) return found;
  }
  return undefined;
}

/**
 * The last noun of a closed compound WordNet does not list ("treehouse" → house, "horsefly" → fly,
 * "longship" → ship): the longest suffix that is a known object, after a prefix that is a word.
 */
export function compoundHead(word: string): { form: string; meanings?: Meaning[] } | undefined {
  for (let k = 3; k <= word.length - 3; k++) {
    const prefix = word.slice(0, k);
    const suffix = word.slice(k);
    if (!isNoun(prefix) && !isVerb(prefix) && !phraseTable().has(prefix)) continue;
    const found = lookupPhrase(suffix);
    if (found?.meanings.some((m) => m.type === 'category')) return { form: found.form, meanings: found.meanings };
    const noun = knownNoun(suffix);
    if (noun && resolveByWordNet(noun)) return { form: noun };
  }
  return undefined;
}

/** Loads WordNet's index and the phrase table so the first prompt is as fast as the rest. */
export function warmLexicon(): void {
  phraseTable();
  anchorMap();
  walkHypernyms('chair', () => false, { maxSenses: 1 });
  isVerb('drink');
  isAdjective('red');
  // The index of WordNet's compounds by last word, read for compounds it does not list (./compound-kind.ts).
  compoundKind('seal', 'monk');
  // The spelling indexes unknown words are read through (./misspelt-words.ts).
  nounsOneEditFrom('warmingup');
  nounsEndingIn('ingup');
  // compromise builds its lexicon on first use: pay that here, not in the first submission.
  nlp('a warm wooden chair with four legs').terms().json();
}

export { COLOURS, COLOUR_MODIFIERS };
