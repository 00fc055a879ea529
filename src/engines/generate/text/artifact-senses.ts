/**
 * What the readers of an artifact's own definition (./*-reading.ts) share: which senses they read and
 * the definition's text without its quoted examples.
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
