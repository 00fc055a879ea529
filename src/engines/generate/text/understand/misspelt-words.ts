/**
 * Misspelt and unknown words in a prompt, for ./tokenize.ts: which WordNet noun or vocabulary phrase an
 * unknown word is a slip of, and when a word is likelier a misspelling (or a name) than the word it
 * spells. Slips are ranked by how common they are (./typo.ts's slipRank). A word WordNet does not list is
 * read through its nouns all the same ({@link readUnknownWord}):
 *  - a misspelling one edit from exactly one concrete noun ("velocirapter" → velociraptor,
 *    "binoculers" → binoculars, "dachsund" → dachshund);
 *  - a coined member of a family of nouns spelt alike ("spinosaurus": stegosaurus, apatosaurus,
 *    tyrannosaurus… are all dinosaurs, so it is read as a dinosaur). WordNet names many genera by a
 *    shared ending; their common hypernym is the class a new member most likely belongs to.
 */
import { closestWord, commonSlip, editDistance, OTHER_EDIT, slipRank } from './typo.ts';
import { ancestorsOf } from './senses.ts';
import {
  firstSenseIn,
  hypernymClosure,
  isAdjective,
  isNoun,
  isVerb,
  nounSenses,
  nounsEndingIn,
  nounsOneEditFrom,
  readSynset,
  taggedSenseCount,
  THING_FILES,
} from './wordnet.ts';
import { compoundHead, hasConcreteSense, knownNoun, lookupPhrase } from './lexicon.ts';
import { STOP_WORDS } from './vocabulary.ts';

export interface UnknownWordReading {
  /** The WordNet noun the word is read as. */
  noun: string;
  how: 'typo' | 'ending';
}

/** Options of the reading, with their defaults. */
export const UNKNOWN_WORD_OPTIONS = {
  /** Shortest word corrected against all of WordNet's nouns (shorter words have too many neighbours). */
  minTypoLength: 7,
  /** Shortest word read as a WordNet noun through a common slip ("bagipe" → bagpipe, "scnoe" → scone). */
  minDroppedLength: 5,
  /** Shortest shared ending that makes a family ("aurus": carnotaurus; "ceratops"); shorter ones are plain suffixes. */
  minEnding: 5,
  /** Letters of the word that must stay before the ending (a stem of its own). */
  minStem: 3,
  /** Fewest nouns sharing the ending before their common class is trusted. */
  minFamily: 3,
  /** A long ending ("ceratops": triceratops, protoceratops) is family enough with fewer members. */
  longEnding: 8,
  minLongFamily: 2,
  /** The common class must be at least this deep below WordNet's root ("dinosaur" is 11, "artifact" 4). */
  minClassDepth: 8,
  /** Share of the family the class must hold (a few members may sit elsewhere). */
  minShare: 0.6,
};

export function readUnknownWord(word: string, options = UNKNOWN_WORD_OPTIONS): UnknownWordReading | undefined {
  // "cloown", "gupppy": a letter typed once too often is the likeliest slip of all, whatever the length.
  const undoubled = undoubledNouns(word);
  if (undoubled.length === 1) return { noun: undoubled[0], how: 'typo' };
  const near = nounsOneEditFrom(word, { minLength: options.minTypoLength }).filter((n) => hasConcreteSense(n));
  if (near.length === 1) return { noun: near[0], how: 'typo' };
  if (near.length > 1) return undefined;
  // "bagipe", "scnoe", "gneme": a shorter word is read as a noun only through the commonest slips (a
  // letter left out, two letters swapped, one vowel for another), and only when no other noun is one
  // edit away at all.
  if (word.length >= options.minDroppedLength && word.length < options.minTypoLength) {
    const all = nounsOneEditFrom(word, { minLength: options.minDroppedLength }).filter((n) => hasConcreteSense(n));
    // Someone is never read so ("cotta" is no cottar).
    if (all.length === 1 && commonSlip(word, all[0]) && firstSenseIn(all[0], THING_FILES))
      return { noun: all[0], how: 'typo' };
  }
  for (let len = word.length - options.minStem; len >= options.minEnding; len--) {
    // Genus names ("ophisaurus") and other kinds of word ("thesaurus") share spellings without being members.
    const family = nounsEndingIn(word.slice(-len))
      .map((n) => nounSenses(n)[0])
      .filter((o) => THING_FILES.has(readSynset(o).lexFile) && !isTaxon(o));
    if (family.length < (len >= options.longEnding ? options.minLongFamily : options.minFamily)) continue;
    // The longest ending shared by enough nouns decides: a shorter one would only be broader.
    const common = commonClass(family.slice(0, 40), options.minShare);
    if (common === undefined || rootDepth(common) < options.minClassDepth) return undefined;
    return { noun: readSynset(common).words[0], how: 'ending' };
  }
  return undefined;
}

/** Shortest noun a doubled letter is undone to. */
const MIN_UNDOUBLED = 4;

/** The concrete nouns the word spells with one letter of a doubled (or tripled) run typed once ("lattte" → latte). */
function undoubledNouns(word: string): string[] {
  const out = new Set<string>();
  for (let i = 1; i < word.length; i++) {
    if (word[i] !== word[i - 1]) continue;
    const candidate = word.slice(0, i) + word.slice(i + 1);
    if (candidate.length >= MIN_UNDOUBLED && isNoun(candidate) && hasConcreteSense(candidate)) out.add(candidate);
  }
  return [...out];
}

/** The deepest hypernym shared by at least `share` of the synsets, or undefined. */
function commonClass(synsets: number[], share: number): number | undefined {
  const counts = new Map<number, number>();
  for (const o of synsets) for (const a of ancestors(o)) if (a !== o) counts.set(a, (counts.get(a) ?? 0) + 1);
  let best: number | undefined;
  let bestDepth = -1;
  for (const [a, n] of counts) {
    if (n < share * synsets.length) continue;
    const d = rootDepth(a);
    if (d > bestDepth) {
      best = a;
      bestDepth = d;
    }
  }
  return best;
}

/** True for a taxonomic group (a genus, a family): WordNet files them with the animals and plants. */
function isTaxon(offset: number): boolean {
  for (const a of ancestors(offset)) if (readSynset(a).words.includes('taxonomic group')) return true;
  return false;
}

/** The synset and every hypernym of it, up to 20 levels. */
function ancestors(offset: number): Set<number> {
  return hypernymClosure([offset], 20);
}

/** Length of the shortest hypernym path from the synset to WordNet's root. */
function rootDepth(offset: number): number {
  let d = 0;
  let frontier = [offset];
  for (; d < 25; d++) {
    const next = frontier.flatMap((o) => readSynset(o).hypernyms);
    if (next.length === 0) return d;
    frontier = next;
  }
  return d;
}

/**
 * True when the unknown word is one edit from exactly one WordNet noun naming a kind of thing
 * ({@link readUnknownWord} reads it so), which is not a kind of `head` (a closed compound's last noun: a
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

/**
 * The one WordNet animal, artifact, food or plant the word is the likeliest slip of (its commonest
 * kind of slip, {@link slipRank}, shared by no other such noun), if any.
 */
export function nounBySlip(word: string): string | undefined {
  if (word.length < 4) return undefined;
  let best: string[] = [];
  let bestRank = OTHER_EDIT;
  for (const n of nounsOneEditFrom(word, { minLength: 4 })) {
    if (!firstSenseIn(n, THING_FILES)) continue;
    const rank = slipRank(word, n);
    if (rank >= OTHER_EDIT) continue;
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
