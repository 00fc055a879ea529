/**
 * Which token of a clause names its object (the head noun): the last object word, past form nouns
 * ("a lion statue"), parts of a whole before them ("a lobster claw"), young animals ("a seal pup") and
 * modifier words. A vocabulary word is its category (the exact word); a WordNet noun is resolved by the
 * ordered strategies of ./resolution.ts, the prompt's other nouns picking among its senses.
 */
import { familyOf } from '../catalog.ts';
import { FORM_NOUNS } from './subject.ts';
import { hasConcreteSense, namesYoung, resolveByWordNet } from './lexicon.ts';
import { partOf } from './definitions.ts';
import {
  CONCRETE_FILES,
  LEX_FILE,
  hypernymClosure,
  isAdjective,
  nounSenses,
  readSynset,
  type Synset,
} from './wordnet.ts';
import { type ResolvedBy, resolveNoun } from './resolution.ts';
import { get, has, hasAny, type Clause, type Correction, type Token, type Via } from './tokens.ts';

export interface Head {
  token: Token;
  kind: 'category' | 'part';
  category?: string;
  part?: string;
  via?: Via;
  chain?: string[];
  /** Why the token resolved to its category (./resolution.ts). */
  by?: ResolvedBy;
}

/** True when the token's noun is read as a person ("newborn", "baby"), not an animal. */
function namesAPerson(t: Token): boolean {
  if (has(t, 'category')) return get(t, 'category')?.id === PERSON_CATEGORY;
  return t.noun !== undefined && resolveByWordNet(t.noun)?.kind === LEX_FILE.person;
}

const PERSON_CATEGORY = 'person';

let animalOffset: number | undefined;

/** True for a sense that is a whole animal (WordNet's animal file also holds body parts: a saddle, a snout). */
const isAnimalSense = (s: Synset) => {
  animalOffset ??= nounSenses('animal')[0];
  return s.lexFile === LEX_FILE.animal && hypernymClosure([s.offset], 16).has(animalOffset);
};

/** True when the token is read as an animal (a vocabulary animal or a noun WordNet places as one), not a person. */
function namesAnAnimal(t: Token): boolean {
  const cat = get(t, 'category')?.id;
  if (cat) return familyOf(cat) === 'animal' && cat !== PERSON_CATEGORY && !has(t, 'colour');
  return t.noun !== undefined && resolveByWordNet(t.noun)?.kind === LEX_FILE.animal;
}

/** True when every concrete sense of the noun is a named one (Tesla, the inventor): a name, before another noun a brand. */
function onlyNamed(noun: string): boolean {
  const concrete = nounSenses(noun)
    .map((o) => readSynset(o))
    .filter((s) => CONCRETE_FILES.has(s.lexFile));
  return concrete.length > 0 && concrete.every((s) => s.instance);
}

/** True when some sense of the noun is an animal ("seal" is also a stamp). */
function hasAnimalSense(noun: string): boolean {
  return nounSenses(noun).some((o) => isAnimalSense(readSynset(o)));
}

/** A colour or material word: before another noun it is that noun's modifier. */
const modifierWord = (t: Token) => hasAny(t, 'colour', 'material');

function categoryOfToken(t: Token): string | undefined {
  return get(t, 'category')?.id ?? (t.noun ? resolveByWordNet(t.noun)?.category : undefined);
}

/**
 * "a harvestman spider", "a tabby cat": a noun just before the head that WordNet places in the same
 * category names the kind more narrowly, and is the subject's word (a camel spider stays a spider).
 */
function narrowerNounBefore(clause: Clause, head: Token, category: string): Head | undefined {
  const before = clause.tokens[clause.tokens.indexOf(head) - 1];
  if (!before?.noun || before.meanings.length > 0) return undefined;
  const res = resolveByWordNet(before.noun);
  if (!res || res.broad || res.category !== category) return undefined;
  return { token: before, kind: 'category', category, via: 'wordnet', chain: res.chain, by: 'row by sense' };
}

/**
 * The category of a vocabulary word several categories list ("drum": the barrel's and the percussion
 * instrument's) is the one its likeliest WordNet sense reaches; the first listed when WordNet reaches none.
 */
function categoryBySense(t: Token): { type: 'category'; id: string } | undefined {
  const listed = t.meanings.filter((m): m is { type: 'category'; id: string } => m.type === 'category');
  if (listed.length < 2) return listed[0];
  const bySense = resolveByWordNet(t.text)?.category;
  return listed.find((m) => m.id === bySense) ?? listed[0];
}

export function findHead(
  clause: Clause,
  preferPart: boolean,
  corrections: Correction[],
  context: Token[] = [],
  subject = true,
): Head | undefined {
  // The prompt's other nouns pick among a noun's senses ("a drill, power tool"; "a bat with wings").
  const contextOf = (t: Token) => context.filter((c) => c !== t).map((c) => c.noun ?? c.text);
  const candidates = clause.tokens.filter((t) => has(t, 'category') || has(t, 'part') || t.noun);
  const isObject = (t: Token) => has(t, 'category') || (t.noun !== undefined && resolveByWordNet(t.noun) !== undefined);
  const lastIsUnplacedThing = () => {
    const last = candidates.at(-1)!;
    return (
      last.noun !== undefined && !has(last, 'category') && hasConcreteSense(last.noun) && !resolveByWordNet(last.noun)
    );
  };
  for (let k = candidates.length - 1; k >= 0; k--) {
    const t = candidates[k];
    const part = get(t, 'part');
    const cat = categoryBySense(t);
    const objectBefore = () => candidates.slice(0, k).some(isObject);
    // "a lion statue" is a lion; "a watermelon slice" a watermelon.
    if (!preferPart && FORM_NOUNS.has(t.text) && objectBefore()) continue;
    // "a lobster claw", "an elephant tusk": a part WordNet gives the noun before it names that whole;
    // "a harp seal pup": a young one is of the animal before it.
    // A part Kiln can make by itself ("a ship anchor") stays the subject.
    const wholeBefore = () =>
      candidates.slice(0, k).some((c) => {
        if (!isObject(c) || modifierWord(c)) return false;
        const whole = c.noun ?? c.text;
        // Only an animal has young: "a newborn calf" is a calf (a newborn is a person, filed with the animals' family).
        if (namesYoung(t.noun ?? t.text))
          return (
            (familyOf(categoryOfToken(c) ?? '') === 'animal' && !namesAPerson(c)) ||
            (c.noun !== undefined && hasAnimalSense(c.noun))
          );
        return !cat && partOf(t.noun ?? t.text, whole) === 'part';
      });
    if (!preferPart && k > 0 && (t.noun || cat) && wholeBefore()) continue;
    if (!preferPart && part && !cat && objectBefore()) continue;
    // "a roman aqueduct": before a head noun Kiln cannot place, a word WordNet also knows as an
    // adjective is that noun's modifier, not the object.
    if (k < candidates.length - 1 && t.noun && !cat && isAdjective(t.text) && lastIsUnplacedThing()) continue;
    // "a japanese naginata", "a wild quokka": so is one before a word Kiln could not read at all
    // (the generic form says so, rather than a person made for "japanese").
    // "a tesla cybertruck": so is a noun WordNet knows only as someone's or something's name.
    if (
      t.noun &&
      !cat &&
      (isAdjective(t.text) || onlyNamed(t.noun)) &&
      clause.tokens[clause.tokens.indexOf(t) + 1]?.unread
    )
      continue;
    // "a treasure map": a noun WordNet alone places is the modifier of a thing named right after it that
    // Kiln cannot place, not the object (a vocabulary word, "a cat portrait", still is).
    const next = candidates[k + 1];
    // But a noun before its own part or young ("an abalone shell", "a giant panda cub") is the whole.
    const namesItsPart = () => namesYoung(next!.noun!) || partOf(next!.noun!, t.noun!) === 'part';
    if (
      t.noun &&
      !cat &&
      next?.noun &&
      clause.tokens[clause.tokens.indexOf(t) + 1] === next &&
      hasConcreteSense(next.noun) &&
      !namesItsPart()
    )
      continue;
    // A colour/material word followed by another noun is a modifier ("orange cat", "glass bottle").
    if (modifierWord(t) && k < candidates.length - 1) continue;
    if (part && (preferPart || !cat)) return { token: t, kind: 'part', part: part.name };
    if (cat) {
      const narrower = narrowerNounBefore(clause, t, cat.id);
      if (narrower) return narrower;
      const typo = corrections.some((c) => c.to === t.text);
      return { token: t, kind: 'category', category: cat.id, via: typo ? 'typo' : 'vocabulary', by: 'exact word' };
    }
    if (t.noun) {
      // "a seal pup": before a word naming young, the noun is read as the animal it is a young of.
      const youngAfter = next !== undefined && namesYoung(next.noun ?? next.text) && hasAnimalSense(t.noun);
      // "a leopard seal", "a tiger shark": after an animal's name, a noun that can be an animal is one.
      const before = clause.tokens[clause.tokens.indexOf(t) - 1];
      const animalBefore = before !== undefined && namesAnAnimal(before) && hasAnimalSense(t.noun);
      const found = resolveNoun({
        clause,
        token: t,
        noun: t.noun,
        context: contextOf(t),
        allowed: youngAfter || animalBefore ? isAnimalSense : undefined,
        modifier: before,
      });
      if (found) return { token: t, kind: 'category', ...found };
    }
  }
  // "a coral", "an amber": a colour or material word in a clause naming nothing else is the thing it names.
  // Only as the subject: after it, "painted red" colours the subject.
  // "a silver arowana": nor when it qualifies a word Kiln could not read.
  if (!subject || candidates.some((t) => !modifierWord(t)) || clause.tokens.some((t) => t.unread)) return undefined;
  for (const t of [...clause.tokens].reverse()) {
    if (!modifierWord(t) || !hasConcreteSense(t.text)) continue;
    const res = resolveByWordNet(t.text);
    if (res)
      return {
        token: t,
        kind: 'category',
        category: res.category,
        via: 'wordnet',
        chain: res.chain,
        by: res.broad ? 'family default' : 'row by sense',
      };
  }
  return undefined;
}
