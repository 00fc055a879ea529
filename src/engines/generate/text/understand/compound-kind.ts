/**
 * What kind of thing a compound WordNet does not list is, by analogy with the compounds it does list
 * that end in the same word: "a monk seal" is an animal as most "… seal"s are (harp seal, fur seal),
 * "an airstream trailer" a vehicle as every "… trailer" is, "a pizza cutter" a tool as the
 * "… cutter"s with a thing before them are (cookie cutter, wire cutter). The head alone would be read
 * in its likeliest sense by itself: the sealing wax, the dawdler, the boat.
 */
import { CONCRETE_FILES, LEX_FILE, hypernymClosure, nounLemmas, nounSenses, readSynset } from './wordnet.ts';

/** WordNet's multi-word nouns by their last word (lemma strings only: synsets are read per head asked). */
let byLastWord: Map<string, string[]> | undefined;
/** The same nouns by their first word. */
let byFirstWord: Map<string, string[]> | undefined;

function indexCompounds(): void {
  byLastWord = new Map();
  byFirstWord = new Map();
  for (const lemma of nounLemmas()) {
    const space = lemma.lastIndexOf(' ');
    if (space < 0) continue;
    const last = lemma.slice(space + 1);
    const first = lemma.slice(0, lemma.indexOf(' '));
    (byLastWord.get(last) ?? byLastWord.set(last, []).get(last)!).push(lemma);
    (byFirstWord.get(first) ?? byFirstWord.set(first, []).get(first)!).push(lemma);
  }
}

function compoundsEndingIn(head: string): string[] {
  if (!byLastWord) indexCompounds();
  return byLastWord!.get(head) ?? [];
}

function compoundsStartingWith(modifier: string): string[] {
  if (!byFirstWord) indexCompounds();
  return byFirstWord!.get(modifier) ?? [];
}

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
  const first = nounSenses(noun)[0];
  const kind = first === undefined ? undefined : readSynset(first).lexFile;
  return kind !== undefined && CONCRETE_FILES.has(kind) ? kind : undefined;
}

/** Fewest listed compounds a vote needs, and the share the winning kind must have. */
const MIN_VOTES = 3;
const MIN_SHARE = 0.6;

/**
 * The kind most of WordNet's compounds "X head" are, counting first those whose modifier X is the
 * same kind of thing as the prompt's (`modifier`): "ice cream maker" is voted on by "coffee maker",
 * "tea maker", "bread maker" (foods before "maker"), not by "violin maker". A tie between a thing and a
 * person goes to the thing: Kiln is asked for objects, and makes a person only when one is clearly meant.
 * Undefined when WordNet lists too few such compounds or they do not agree.
 */
export function compoundKind(head: string, modifier?: string): number | undefined {
  const votes = compoundsEndingIn(head)
    .map((lemma) => ({
      kind: firstKind(lemma.replace(/ /g, '_')),
      modifierKind: firstKind(lemma.split(' ').slice(0, -1).join('_')),
    }))
    .filter((v) => v.kind !== undefined);
  const ownKind = modifier ? firstKind(modifier) : undefined;
  const alike = ownKind === undefined ? [] : votes.filter((v) => v.modifierKind === ownKind);
  for (const pool of [alike, votes]) {
    if (pool.length < (pool === alike ? 2 : MIN_VOTES)) continue;
    const counts = new Map<number, number>();
    for (const v of pool) counts.set(v.kind!, (counts.get(v.kind!) ?? 0) + 1);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || thingFirst(a[0]) - thingFirst(b[0]));
    const [kind, n] = ranked[0];
    const tiedWithPerson = ranked[1] !== undefined && ranked[1][1] === n && ranked[1][0] === LEX_FILE.person;
    if (n / pool.length >= MIN_SHARE || (tiedWithPerson && n * 2 === pool.length)) return kind;
    return undefined;
  }
  return undefined;
}

/** Sort key putting a person after the kinds of thing at equal counts. */
const thingFirst = (kind: number) => (kind === LEX_FILE.person ? 1 : 0);

/** How far up a listed compound's hypernyms the head's sense is looked for ("bolt cutter" → cutter). */
const SENSE_DEPTH = 3;

/**
 * The sense of `head` most of WordNet's compounds "X head" are kinds of, counting first those whose
 * modifier is the same kind of thing as the prompt's: "cookie cutter", "wire cutter" are cutting
 * tools, so "a pizza cutter" is the tool and not the boat. Undefined without a clear majority.
 */
export function compoundSense(head: string, modifier?: string): number | undefined {
  const senses = new Set(nounSenses(head));
  const votes = compoundsEndingIn(head).map((lemma) => {
    const noun = lemma.replace(/ /g, '_');
    const above = hypernymClosure(
      nounSenses(noun)
        .slice(0, 1)
        .flatMap((o) => readSynset(o).hypernyms),
      SENSE_DEPTH,
    );
    above.forEach((o) => {
      if (!senses.has(o)) above.delete(o);
    });
    return {
      sense: above.size === 1 ? [...above][0] : undefined,
      modifierKind: firstKind(lemma.split(' ').slice(0, -1).join('_')),
    };
  });
  const ownKind = modifier ? firstKind(modifier) : undefined;
  const alike = ownKind === undefined ? [] : votes.filter((v) => v.modifierKind === ownKind);
  for (const pool of [alike, votes]) {
    if (pool.length < (pool === alike ? 2 : MIN_VOTES)) continue;
    const counts = new Map<number, number>();
    const voting = pool.filter((v) => v.sense !== undefined);
    if (voting.length === 0) continue;
    for (const v of voting) counts.set(v.sense!, (counts.get(v.sense!) ?? 0) + 1);
    const [sense, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
    // The compounds that are kinds of no one sense ("coffee maker", an appliance, not a maker) vote
    // through the kind they are: the sense must be of that kind too.
    return sense !== undefined &&
      n / voting.length >= MIN_SHARE &&
      readSynset(sense).lexFile === compoundKind(head, modifier)
      ? sense
      : undefined;
  }
  return undefined;
}
