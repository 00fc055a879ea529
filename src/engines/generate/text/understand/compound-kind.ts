/**
 * What kind of thing a compound WordNet does not list is, by analogy with the compounds it does list
 * that end in the same word: "a monk seal" is an animal as most "… seal"s are (harp seal, fur seal),
 * "an airstream trailer" a vehicle as every "… trailer" is, "a pizza cutter" a tool as the
 * "… cutter"s with a thing before them are (cookie cutter, wire cutter). The head alone would be read
 * in its likeliest sense by itself: the sealing wax, the dawdler, the boat.
 */
import {
  CONCRETE_FILES,
  firstSenseFile,
  LEX_FILE,
  hypernymClosure,
  nounLemmas,
  nounSenses,
  readSynset,
} from './wordnet.ts';

/** WordNet's multi-word nouns by their first and by their last word (lemmas only: synsets are read per word asked). */
let compounds: { byFirst: Map<string, string[]>; byLast: Map<string, string[]> } | undefined;

function compoundIndex(): NonNullable<typeof compounds> {
  if (compounds) return compounds;
  compounds = { byFirst: new Map(), byLast: new Map() };
  for (const lemma of nounLemmas()) {
    const words = lemma.split(' ');
    if (words.length < 2) continue;
    for (const [map, word] of [
      [compounds.byFirst, words[0]],
      [compounds.byLast, words.at(-1)!],
    ] as const)
      (map.get(word) ?? map.set(word, []).get(word)!).push(lemma);
  }
  return compounds;
}

export const compoundsEndingIn = (head: string) => compoundIndex().byLast.get(head) ?? [];
export const compoundsStartingWith = (modifier: string) => compoundIndex().byFirst.get(modifier) ?? [];

/** Fewest listed compounds of a modifier, and the largest share of them naming someone, for {@link rarelySomeone}. */
const MIN_MODIFIER_COMPOUNDS = 5;
const MAX_PERSON_SHARE = 0.1;

/**
 * True when WordNet's compounds opening with the modifier seldom name someone: "common loon", "common
 * toad", "common ivy"… are animals and plants, so after "common" a noun that is both a fool and a bird
 * is the bird. Only compounds naming a concrete thing count.
 */
export function rarelySomeone(modifier: string): boolean {
  const kinds = compoundsStartingWith(modifier.replace(/_/g, ' '))
    .map((l) => firstKind(l.replace(/ /g, '_')))
    .filter((k) => k !== undefined);
  if (kinds.length < MIN_MODIFIER_COMPOUNDS) return false;
  return kinds.filter((k) => k === LEX_FILE.person).length <= MAX_PERSON_SHARE * kinds.length;
}

/** Kind (lexicographer file) of a noun's first sense, if it is a concrete thing. */
function firstKind(noun: string): number | undefined {
  const kind = firstSenseFile(noun);
  return kind !== undefined && CONCRETE_FILES.has(kind) ? kind : undefined;
}

/** Fewest listed compounds a vote needs (of those whose modifier is alike, and of all), and the share the winner must have. */
const MIN_ALIKE_VOTES = 2;
const MIN_VOTES = 3;
const MIN_SHARE = 0.6;

/** Kind of a listed compound's modifier ("coffee" of "coffee maker"), if it is a concrete thing. */
const modifierKindOf = (lemma: string) => firstKind(lemma.split(' ').slice(0, -1).join('_'));

/**
 * The compounds "X head" that vote, first those whose modifier X is the same kind of thing as the
 * prompt's (`modifier`): "ice cream maker" is voted on by "coffee maker", "tea maker", "bread maker"
 * (foods before "maker"), not by "violin maker"; then all of them. Only a pool large enough votes.
 */
function* pools<V extends { modifierKind?: number }>(votes: V[], modifier?: string): Generator<V[]> {
  const ownKind = modifier ? firstKind(modifier) : undefined;
  const alike = ownKind === undefined ? [] : votes.filter((v) => v.modifierKind === ownKind);
  if (alike.length >= MIN_ALIKE_VOTES) yield alike;
  if (votes.length >= MIN_VOTES) yield votes;
}

/** How often each value comes, commonest first (ties by `tieBreak`, then as first met). */
function tally(values: number[], tieBreak: (value: number) => number = () => 0): [number, number][] {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || tieBreak(a[0]) - tieBreak(b[0]));
}

/**
 * The kind most of WordNet's compounds "X head" are, by the first pool that votes ({@link pools}). A tie
 * between a thing and a person goes to the thing: Kiln is asked for objects, and makes a person only when
 * one is clearly meant. Undefined when WordNet lists too few such compounds or they do not agree.
 */
export function compoundKind(head: string, modifier?: string): number | undefined {
  const votes = compoundsEndingIn(head)
    .map((lemma) => ({ kind: firstKind(lemma.replace(/ /g, '_')), modifierKind: modifierKindOf(lemma) }))
    .filter((v) => v.kind !== undefined);
  for (const pool of pools(votes, modifier)) {
    const ranked = tally(
      pool.map((v) => v.kind!),
      (kind) => (kind === LEX_FILE.person ? 1 : 0),
    );
    const [kind, n] = ranked[0];
    const tiedWithPerson = ranked[1] !== undefined && ranked[1][1] === n && ranked[1][0] === LEX_FILE.person;
    return n / pool.length >= MIN_SHARE || (tiedWithPerson && n * 2 === pool.length) ? kind : undefined;
  }
  return undefined;
}

/** How far up a listed compound's hypernyms the head's sense is looked for ("bolt cutter" → cutter). */
const SENSE_DEPTH = 3;

/**
 * The sense of `head` most of WordNet's compounds "X head" are kinds of, by the first pool that votes
 * ({@link pools}): "cookie cutter", "wire cutter" are cutting tools, so "a pizza cutter" is the tool and
 * not the boat. Undefined without a clear majority.
 */
export function compoundSense(head: string, modifier?: string): number | undefined {
  const senses = new Set(nounSenses(head));
  const votes = compoundsEndingIn(head).map((lemma) => {
    const first = nounSenses(lemma.replace(/ /g, '_')).slice(0, 1);
    const above = [
      ...hypernymClosure(
        first.flatMap((o) => readSynset(o).hypernyms),
        SENSE_DEPTH,
      ),
    ].filter((o) => senses.has(o));
    return { sense: above.length === 1 ? above[0] : undefined, modifierKind: modifierKindOf(lemma) };
  });
  for (const pool of pools(votes, modifier)) {
    const voting = pool.flatMap((v) => (v.sense === undefined ? [] : [v.sense]));
    if (voting.length === 0) continue;
    const [sense, n] = tally(voting)[0];
    // The compounds that are kinds of no one sense ("coffee maker", an appliance, not a maker) vote
    // through the kind they are: the sense must be of that kind too.
    return n / voting.length >= MIN_SHARE && readSynset(sense).lexFile === compoundKind(head, modifier)
      ? sense
      : undefined;
  }
  return undefined;
}
