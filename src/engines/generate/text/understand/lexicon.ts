/**
 * Word → meaning lookup: the phrase table built from the catalogue and vocabulary, singular forms,
 * and the WordNet hypernym walk that maps unseen nouns onto categories.
 */
import nlp from 'compromise';
import { CATEGORIES } from '../catalog.ts';
import { nounSenses, readSynset, walkHypernyms, isNoun } from './wordnet.ts';
import {
  COLOURS, COLOUR_MODIFIERS, MATERIAL_WORDS, NUMBER_WORDS, PART_WORDS, SIZE_WORDS, STYLE_WORDS,
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
let anchors: Map<number, string> | undefined;
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
  for (const [w, value] of Object.entries(NUMBER_WORDS)) if (w !== 'a' && w !== 'an') add(map, w, { type: 'number', value });
  phrases = map;
  return map;
}

export function longestPhrase(): number {
  phraseTable();
  return maxPhraseWords;
}

/** Single words of the phrase table, the vocabulary typos are corrected against. */
export function vocabularyWords(): string[] {
  return [...phraseTable().keys()].filter((k) => !k.includes(' '));
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
  if (word === 'mice') out.push('mouse');
  if (word === 'geese') out.push('goose');
  if (word === 'feet') out.push('foot');
  if (word === 'teeth') out.push('tooth');
  if (word === 'people' || word === 'men') out.push('person');
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

// WordNet lexicographer files of concrete things: animal, artifact, food, object, person, plant.
const CONCRETE = new Set([5, 6, 13, 17, 18, 20]);

function anchorMap(): Map<number, string> {
  if (anchors) return anchors;
  const map = new Map<number, string>();
  for (const e of CATEGORIES) {
    for (const a of e.anchors) {
      const [lemma, sense] = a.split('#');
      const offset = nounSenses(lemma)[Number(sense) - 1];
      if (offset !== undefined && !map.has(offset)) map.set(offset, e.id);
    }
  }
  anchors = map;
  return map;
}

/** True when some sense of the noun is a concrete thing (animal, artifact, food, object, person, plant). */
export function hasConcreteSense(lemma: string): boolean {
  return nounSenses(lemma).some((o) => CONCRETE.has(readSynset(o).lexFile));
}

/** True when the noun's most frequent sense is a concrete thing ("sand" is a substance first, a person only by name). */
export function firstSenseConcrete(lemma: string): boolean {
  return baseForms(lemma).some((f) => {
    const first = nounSenses(f)[0];
    return first !== undefined && CONCRETE.has(readSynset(first).lexFile);
  });
}

export function knownNoun(word: string): string | undefined {
  return baseForms(word).find((f) => isNoun(f));
}

export interface WordNetResolution {
  category: string;
  /** The path walked, e.g. ['poodle', 'dog']: the noun, then the anchor synset's first lemma. */
  chain: string[];
}

/** Maps a noun WordNet knows onto a category through its hypernyms (concrete senses only). */
export function resolveByWordNet(word: string): WordNetResolution | undefined {
  const map = anchorMap();
  let best: { score: number; res: WordNetResolution } | undefined;
  for (const form of baseForms(word)) {
    const senses = nounSenses(form);
    for (let rank = 0; rank < Math.min(senses.length, 10); rank++) {
      const root = readSynset(senses[rank]);
      if (!CONCRETE.has(root.lexFile)) continue;
      let found: { depth: number; id: string; via: string } | undefined;
      const seen = new Set<number>();
      let frontier = [root.offset];
      for (let depth = 0; depth < 14 && frontier.length && !found; depth++) {
        const next: number[] = [];
        for (const off of frontier) {
          if (seen.has(off)) continue;
          seen.add(off);
          const id = map.get(off);
          if (id) {
            found = { depth, id, via: readSynset(off).words[0] };
            break;
          }
          next.push(...readSynset(off).hypernyms);
        }
        frontier = next;
      }
      if (!found) continue;
      // Sense order matters more than depth: WordNet lists the common sense first (submarine: ship
      // before sandwich), while a specific anchor may sit a few levels up.
      const score = found.depth * 0.4 + rank * 1.2;
      if (!best || score < best.score) {
        const chain = found.via === form ? [form] : [form, found.via];
        best = { score, res: { category: found.id, chain } };
      }
    }
    if (best) break;
  }
  return best?.res;
}

/** Loads WordNet's index and the phrase table so the first prompt is as fast as the rest. */
export function warmLexicon(): void {
  phraseTable();
  anchorMap();
  walkHypernyms('chair', () => false, { maxSenses: 1 });
  // compromise builds its lexicon on first use: pay that here, not in the first submission.
  nlp('a warm wooden chair with four legs').terms().json();
}

export { COLOURS, COLOUR_MODIFIERS };
