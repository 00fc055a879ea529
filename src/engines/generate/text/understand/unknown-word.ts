/**
 * A word WordNet does not list, read through WordNet's nouns all the same:
 *  - a misspelling one edit from exactly one concrete noun ("velocirapter" → velociraptor,
 *    "binoculers" → binoculars, "dachsund" → dachshund);
 *  - a coined member of a family of nouns spelt alike ("spinosaurus": stegosaurus, apatosaurus,
 *    tyrannosaurus… are all dinosaurs, so it is read as a dinosaur). WordNet names many genera by a
 *    shared ending; their common hypernym is the class a new member most likely belongs to.
 */
import { hasConcreteSense } from './lexicon.ts';
import { commonSlip } from './typo.ts';
import {
  firstSenseIn,
  hypernymClosure,
  isNoun,
  nounSenses,
  nounsEndingIn,
  nounsOneEditFrom,
  readSynset,
  THING_FILES,
} from './wordnet.ts';

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
