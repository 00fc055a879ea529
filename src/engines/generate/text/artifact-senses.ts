/**
 * What the readers of a noun's own definition (./*-reading.ts) share: which senses they read, the
 * definition's text without its quoted examples, and remembering what a word was read as.
 */
import { LEX_FILE, nounSenses, readSynset, type Synset } from './understand/wordnet.ts';

/** The artifact senses of a word, then of its singular, at most `max` senses of each. */
export function* artifactSenses(word: string, max = Infinity): Generator<Synset> {
  for (const form of [word, word.replace(/s$/, '')])
    for (const offset of nounSenses(form).slice(0, max)) {
      const sense = readSynset(offset);
      if (sense.lexFile === LEX_FILE.artifact) yield sense;
    }
}

/** A definition without its quoted examples ("…; \"a example\""), lower-cased. */
export const plainGloss = (sense: { gloss: string }): string => sense.gloss.replace(/;?\s*"[^"]*"/g, '').toLowerCase();

/**
 * `read`, remembered by the word lower-cased and trimmed: the catalogue, the summary and the generator
 * all ask how the same noun reads, and a reading walks WordNet.
 */
export function rememberedByWord<T>(read: (word: string) => T | undefined): (word: string) => T | undefined {
  const cache = new Map<string, T | undefined>();
  return (word) => {
    const key = word.toLowerCase().trim();
    if (!cache.has(key)) cache.set(key, read(key));
    return cache.get(key);
  };
}
