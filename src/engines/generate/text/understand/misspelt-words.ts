/**
 * Misspelt words in a prompt, for ./tokenize.ts: which WordNet noun or vocabulary phrase an unknown
 * word is a slip of, and when a word is likelier a misspelling (or a name) than the word it spells.
 * Slips are ranked by how common they are (./typo.ts's slipRank).
 */
import { closestWord, commonSlip, editDistance, slipRank } from './typo.ts';
import { readUnknownWord } from './unknown-word.ts';
import { ancestorsOf } from './senses.ts';
import {
  firstSenseIn,
  isAdjective,
  isVerb,
  nounSenses,
  nounsOneEditFrom,
  readSynset,
  taggedSenseCount,
  THING_FILES,
} from './wordnet.ts';
import { compoundHead, hasConcreteSense, knownNoun, lookupPhrase } from './lexicon.ts';
import { STOP_WORDS } from './vocabulary.ts';

/**
 * True when the unknown word is one edit from exactly one WordNet noun naming a kind of thing
 * (./unknown-word.ts reads it so), which is not a kind of `head` (a closed compound's last noun: a
 * "blobfish" read as the blowfish is a fish either way, and stays the compound).
 */
export function nearerNoun(word: string, head?: string): boolean {
  const reading = readUnknownWord(word);
  if (reading?.how !== 'typo') return false;
  // Read as a kind of thing (animal, artifact, food, plant), not someone.
  if (!firstSenseIn(reading.noun, THING_FILES)) return false;
  const headNoun = head ? knownNoun(head) : undefined;
  return !headNoun || !nounSenses(headNoun).some((o) => ancestorsOf(reading.noun, 10).has(o));
}

/** {@link slipRank} of an edit that is none of the common slips. */
const OTHER_SLIP = 4;

/**
 * The one WordNet animal, artifact, food or plant the word is the likeliest slip of (its commonest
 * kind of slip, {@link slipRank}, shared by no other such noun), if any.
 */
export function nounBySlip(word: string): string | undefined {
  if (word.length < 4) return undefined;
  let best: string[] = [];
  let bestRank = OTHER_SLIP;
  for (const n of nounsOneEditFrom(word, { minLength: 4 })) {
    if (!firstSenseIn(n, THING_FILES)) continue;
    const rank = slipRank(word, n);
    if (rank >= OTHER_SLIP) continue;
    if (rank < bestRank) [best, bestRank] = [[n], rank];
    else if (rank === bestRank) best.push(n);
  }
  return best.length === 1 ? best[0] : undefined;
}

/** True when the word is no word WordNet or the vocabulary knows: a misspelling or a name. */
function unknownWord(word: string): boolean {
  return (
    !lookupPhrase(word) &&
    !knownNoun(word) &&
    !isAdjective(word) &&
    !isVerb(word) &&
    !STOP_WORDS.has(word) &&
    !/\d/.test(word)
  );
}

/**
 * The two-word vocabulary phrase the pair spells with one unknown word a common slip ({@link slipRank})
 * of the phrase's word ("cendy cane" → candy cane), when exactly one such phrase does.
 */
export function phraseBySlip(
  first: string,
  second: string | undefined,
  vocab: string[],
): { from: string; to: string } | undefined {
  if (!second || second === ',' || STOP_WORDS.has(first) || STOP_WORDS.has(second)) return undefined;
  const firstUnknown = first.length >= 4 && unknownWord(first);
  const secondUnknown = second.length >= 4 && unknownWord(second);
  if (firstUnknown === secondUnknown) return undefined;
  const [wrong, right] = firstUnknown ? [first, second] : [second, first];
  const fix = closestWord(wrong, vocab, { allowShort: true });
  if (!fix || !commonSlip(wrong, fix)) return undefined;
  const found = lookupPhrase(firstUnknown ? `${fix} ${right}` : `${right} ${fix}`);
  return found?.form.includes(' ') ? { from: wrong, to: fix } : undefined;
}

/** Shortest word the tagger calls a modifier that is still read as a misspelt object's name. */
const MIN_MISSPELT_MODIFIER = 8;

/**
 * The typo reading of a word the tagger took for a modifier by its ending alone ("-ous", "-al"): only
 * where WordNet knows the word as no adjective or verb and exactly one concrete noun is one edit away.
 */
export function misspeltObject(word: string): ReturnType<typeof readUnknownWord> {
  if (word.length < MIN_MISSPELT_MODIFIER || isAdjective(word) || isVerb(word)) return undefined;
  const reading = readUnknownWord(word);
  if (reading?.how !== 'typo') return undefined;
  return firstSenseIn(reading.noun, THING_FILES) ? reading : undefined;
}

/**
 * True when a closed word WordNet lacks ("treehouse", "horsefly") is read as a kind of its last noun
 * rather than as a misspelling of `nearest`, the closest vocabulary word. One letter from a vocabulary
 * word ("chipmonk") it is a misspelling, unless that word is a kind of the last noun by some slip
 * other than a common one ("blobfish": the blowfish is a fish either way, while "strewberry", a vowel
 * for a vowel, is still the strawberry); and never where a WordNet thing is a nearer reading.
 */
export function closedCompoundBeatsTypo(word: string, nearest: string | undefined): boolean {
  const head = compoundHead(word);
  if (!head) return false;
  const typo = nearest !== undefined && editDistance(word, nearest, 1) <= 1;
  return (
    (!typo || (typoIsKindOfHead(nearest!, head.form) && !commonSlip(word, nearest!))) && !nearerNoun(word, head.form)
  );
}

/** True when the vocabulary word `fix` is a kind of the compound's last noun `head`. */
function typoIsKindOfHead(fix: string, head: string): boolean {
  const fixNoun = knownNoun(fix);
  const headNoun = knownNoun(head);
  if (!fixNoun || !headNoun) return false;
  const ancestors = ancestorsOf(fixNoun, 10);
  return nounSenses(headNoun).some((o) => ancestors.has(o));
}

/** True when a word is no word the prompt could mean as it stands: unknown, or only a name ("shepard", the playwright). */
export function notAWordHere(word: string): boolean {
  if (lookupPhrase(word)) return false;
  const noun = knownNoun(word);
  if (noun === undefined || nounSenses(noun).every((o) => readSynset(o).instance)) return true;
  // "a hedge trimer": a rare noun naming no thing (a chemist's trimer), never counted in WordNet's corpus
  // and no adjective or verb, is likelier a misspelling inside a compound than the word meant.
  return !hasConcreteSense(noun) && taggedSenseCount(noun) === 0 && !isAdjective(word) && !isVerb(noun);
}
