/**
 * WordNet's multi-word nouns read whole however a prompt spells them: with one word misspelt
 * ("german shepard" → german shepherd, "pocket calculater" → pocket calculator) and written closed
 * ("starfruit" → star fruit). A whole name is read before any of its words alone, so its last word
 * cannot be taken for another object ("shepard" the playwright, "fruit" the apple).
 */
import { editDistance, toleranceFor } from './typo.ts';
import { compoundsEndingIn, compoundsStartingWith } from './compound-kind.ts';
import { hasConcreteSense } from './lexicon.ts';
import { isNoun } from './wordnet.ts';

/** WordNet's two-word nouns of a concrete kind among `lemmas`. */
const twoWordThings = (lemmas: string[]) => lemmas.filter((l) => l.split(' ').length === 2 && hasConcreteSense(l));

/** Shortest word corrected inside a compound: shorter words have too many neighbours. */
const MIN_TYPO_LENGTH = 5;

/**
 * The two-word noun the pair names with one of its words misspelt, when exactly one does: the
 * misspelt word must be `unsure` (no word the prompt could mean as it stands), the other exact.
 */
export function compoundByTypo(
  first: string,
  second: string,
  unsure: (w: string) => boolean,
): { noun: string; from: string; to: string } | undefined {
  const found = new Set<string>();
  // The typo tolerance of single words: one edit up to six letters, two beyond ("shepard" → shepherd).
  const near = (a: string, b: string) =>
    a.length >= MIN_TYPO_LENGTH && a !== b && editDistance(a, b, toleranceFor(a)) <= toleranceFor(a);
  if (unsure(second))
    for (const l of twoWordThings(compoundsStartingWith(first))) if (near(second, l.split(' ')[1])) found.add(l);
  if (unsure(first))
    for (const l of twoWordThings(compoundsEndingIn(second))) if (near(first, l.split(' ')[0])) found.add(l);
  if (found.size !== 1) return undefined;
  const noun = [...found][0];
  const [a, b] = noun.split(' ');
  return { noun: noun.replace(/ /g, '_'), from: a === first ? second : first, to: a === first ? b : a };
}

/**
 * The WordNet compound a closed word spells ("starfruit" → star fruit, "seacow" → sea cow): both
 * halves words of three letters or more, the compound a concrete thing.
 */
export function spacedCompound(word: string): string | undefined {
  for (let k = 3; k <= word.length - 3; k++) {
    const lemma = `${word.slice(0, k)}_${word.slice(k)}`;
    if (isNoun(lemma) && hasConcreteSense(lemma)) return lemma;
  }
  return undefined;
}
