/** The tokens and clauses a prompt is read into, shared by the tokenizer (./tokenize.ts), the reader (./interpret.ts) and head finding (./head.ts). */
import type { Meaning } from './lexicon.ts';
import type { Relation } from './vocabulary.ts';

export interface Token {
  text: string;
  meanings: Meaning[];
  /** A WordNet noun not in the vocabulary (resolved lazily). */
  noun?: string;
  relation?: Relation | 'of' | 'aside';
  countedPart?: { part: string; count: number };
  /** A word read as no noun nor typo: not understood, but a noun all the same by its place. */
  unread?: boolean;
  /** A word WordNet knows as a noun that the tagger read as a modifier straight before this token ("common" in "a common loon"), kept out of the tokens. */
  modifiedBy?: string;
}

export const has = (t: Token, type: Meaning['type']) => t.meanings.some((m) => m.type === type);
export const hasAny = (t: Token, ...types: Meaning['type'][]) => t.meanings.some((m) => types.includes(m.type));
export const get = <T extends Meaning['type']>(t: Token, type: T) =>
  t.meanings.find((m) => m.type === type) as Extract<Meaning, { type: T }> | undefined;

/**
 * The prompt in lower case without accents or possessive "'s", as both the tokenizer and the picture words
 * read it ("crème brûlée", "piñata": accents are dropped, not read as word breaks; WordNet spells them plain).
 */
export const plainText = (prompt: string) =>
  prompt
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']s\b/g, '');

export interface Clause {
  relation?: Relation | 'of' | 'aside';
  /** The words that opened the clause ("cast in", "on top of"). */
  opener?: string;
  tokens: Token[];
}

/** How the object was found: a vocabulary word, a WordNet walk, a corrected typo, or none (the generic form). */
export type Via = 'vocabulary' | 'wordnet' | 'typo' | 'generic';

export interface Correction {
  from: string;
  to: string;
}
