/**
 * Which row of a family's proportions table a noun picks ("tree frog" → frog, "bumblebee" → bee),
 * directly or through WordNet hypernyms, and what object Kiln therefore says it makes.
 */
import { BROAD_ANCHORS, categoryById } from '../catalog.ts';
import { OWN_FORMS } from '../own-forms.ts';
import { BODY_PLANS, PLAN_CATEGORIES } from './meaning.ts';
import { namesYoung } from './senses.ts';
import { spacedNoun, spelledAsPrompt } from '../spelling.ts';
import { isNoun, lexFiles, nounSenses, readSynset, senseKeyLemma, senseKeySynset, walkHypernyms } from './wordnet.ts';

const wordIndex = new Map<string, Map<string, string>>();

function profileWords(category: string): Map<string, string> | undefined {
  const entry = categoryById(category);
  if (!entry?.profiles) return undefined;
  let map = wordIndex.get(category);
  if (!map) {
    map = new Map();
    for (const [p, ws] of Object.entries(entry.profiles)) for (const w of [p, ...ws]) if (!map.has(w)) map.set(w, p);
    wordIndex.set(category, map);
  }
  return map;
}

/** WordNet lexicographer files of the senses a family's nouns are read in (artifacts otherwise). */
const ARTIFACT_FILES = lexFiles('artifact');
const KIND_FILES: Record<string, ReadonlySet<number>> = {
  animal: lexFiles('animal'),
  food: lexFiles('food', 'plant'),
  plant: lexFiles('plant'),
};

/**
 * The profile a noun picks in a category, or undefined when the category's default form stands in.
 * `through` is the class the reading placed the noun under ("cetacean" for a beluga read as the whale):
 * the senses reaching it are asked first (a beluga is also a sturgeon, WordNet's first sense).
 */
export function profileFor(
  category: string,
  word: string | undefined,
  through?: string,
  { own: ownForms = true } = {},
): string | undefined {
  const words = profileWords(category);
  if (!word) return undefined;
  // A category of one form, met through a broad anchor only, may still make the noun from its own description.
  if (!words) return underOwnAnchor(category, word) ? undefined : OWN_FORMS[category]?.name(word);
  const direct = words.get(word) ?? words.get(word.replace(/s$/, ''));
  if (direct) return ownRatherThan(category, word, direct, ownForms);
  // An animal whose own definition says how it looks is made as itself, not as the row it is a kind of.
  const own = OWN_FORMS[category];
  if (own?.beforeRows && ownForms) {
    const name = own.name(word);
    if (name) return name;
  }
  // Only senses of the category's kind: a mink is read as the animal, not its fur; a kiwi fruit not the bird.
  const kinds = KIND_FILES[categoryById(category)?.family ?? ''] ?? ARTIFACT_FILES;
  const foundBySense = new Map<number, string>();
  const reaching = new Set<number>();
  let kindOk = false;
  walkHypernyms(
    word,
    (synset, depth, rank) => {
      if (depth === 0) kindOk = kinds.has(synset.lexFile);
      if (!kindOk) return false;
      if (through && synset.words.includes(through)) reaching.add(rank);
      if (!foundBySense.has(rank)) {
        // A class met on the walk names a row by its own name (its first lemma or a compound), not by a
        // one-word by-name: WordNet's "control, controller" above a faucet or a doorbell is no game controller.
        const names = depth === 0 ? synset.words : synset.words.filter((w, n) => n === 0 || w.includes(' '));
        const found = names.map((w) => words.get(w)).find(Boolean);
        if (found) foundBySense.set(rank, found);
      }
      return !through && foundBySense.size > 0;
    },
    { maxSenses: 6, maxDepth: 6 },
  );
  const ranks = [...foundBySense.keys()].sort((a, b) => a - b);
  const rank = ranks.find((r) => reaching.has(r)) ?? ranks[0];
  // A family that reads a noun's own description makes the noun itself ("paella").
  const row = rank === undefined ? undefined : foundBySense.get(rank);
  if (row) return ownRatherThan(category, word, row, ownForms);
  return ownForms ? (OWN_FORMS[category]?.name(word) ?? OWN_FORMS[category]?.className?.(word)) : undefined;
}

/**
 * A row stands in only for its own kinds: a noun the table lists beside it for its proportions, or
 * reaches through a sibling ("bathrobe" on the dress's row, "sweater" on the shirt's), is made from its
 * own description when its family can read one.
 */
function ownRatherThan(category: string, word: string, row: string, ownForms: boolean): string {
  const own = OWN_FORMS[category];
  // An animal's row is its body plan's proportions: the noun's own reading comes before rows, not instead of them.
  if (!ownForms || !own || own.beforeRows || word === row || (!own.kindsToo && isKindOf(word, row))) return row;
  return own.name(word) ?? row;
}

/** True when the noun is one of the category's words or a kind of one of its own (not broad) anchors: its form fits. */
function underOwnAnchor(category: string, word: string): boolean {
  const entry = categoryById(category);
  if (!entry) return false;
  if (entry.words.includes(word) || entry.words.includes(word.replace(/s$/, ''))) return true;
  const anchors = new Set(entry.anchors.map(senseKeySynset));
  return walkHypernyms(word, (s) => anchors.has(s.offset), { maxSenses: 2, maxDepth: 10 });
}

/**
 * The body plan of the noun's first sense of the category's kind that reaches one (a kiwi read as a
 * fruit is no bird; a worm is an animal before it is an insect's larva).
 */
function bodyPlan(word: string, category: string): string | undefined {
  const fruit = category === 'apple';
  const plans = BODY_PLANS.filter(([, plan]) => (plan === 'fruit') === fruit);
  let found: string | undefined;
  let kindOk = false;
  walkHypernyms(
    word,
    (s, depth) => {
      if (depth === 0) kindOk = (fruit ? KIND_FILES.food : KIND_FILES.animal).has(s.lexFile);
      if (!kindOk) return false;
      found = plans.find(([cls]) => s.words.includes(cls))?.[1];
      return found !== undefined;
    },
    { maxSenses: 8, maxDepth: 10 },
  );
  return found;
}

const plainWords = (text: string) =>
  new Set(
    text
      .split(';')[0]
      .toLowerCase()
      .split(/[^a-z]+/),
  );

/**
 * True when WordNet says the noun is the profile: a synonym or a kind of it ("bumblebee" is a bee, "pony"
 * a horse), or a young one whose definition names it ("kitten: young domestic cat"). A noun or profile
 * WordNet does not know ("kitchenaid", "stand mixer") is taken at the table's word. A sibling the table
 * lists for its proportions ("swan" on the duck's row, "trombone" on the trumpet's) is not the profile.
 */
export function isKindOf(word: string, target: string, targetWords: string[] = []): boolean {
  const noun = word.toLowerCase();
  if (noun === target || noun.replace(/s$/, '') === target || spacedNoun(noun) === spacedNoun(target)) return true;
  // A compound names a kind of its head ("mountain goat", "fried egg", "bow and arrow"), whatever WordNet files it under.
  // Its head is its last word, or the first of a pair ("bow and arrow"): a cassette player is no cassette.
  const words = noun.split(/\s+/);
  if (!target.includes(' ') && (words.at(-1) === target || (words[1] === 'and' && words[0] === target))) return true;
  const lemma = nounLemma(noun);
  const targetLemma = nounLemma(target);
  if (!lemma || !targetLemma) return true;
  // A hypernym named by a compound on the target is a kind of it too ("dingo" → wild dog → a dog), but
  // not the noun's own other names ("ant bear", the aardvark, is no bear).
  const found = walkHypernyms(
    lemma,
    (s, depth) => s.words.some((w) => w === targetLemma || (depth > 0 && w.endsWith(` ${targetLemma}`))),
    { maxSenses: 8, maxDepth: 8 },
  );
  if (found) return true;
  if (!namesYoung(lemma)) return false;
  const gloss = plainWords(readSynset(nounSenses(lemma)[0]).gloss);
  return [targetLemma, ...targetWords].some((w) => !w.includes(' ') && gloss.has(w));
}

/** The WordNet lemma of a noun as a prompt or a table spells it ("pancakes" → pancake), if WordNet knows it. */
function nounLemma(noun: string): string | undefined {
  const spaced = noun.replace(/-/g, ' ');
  return [spaced, spaced.replace(/s$/, ''), spaced.replace(/es$/, '')].find((f) => isNoun(f));
}

export interface MadeObject {
  /**
   * What Kiln says it makes: the noun's profile when the noun is that profile, else the class it was
   * found under — another row it is a kind of ("musket" → gun), the family ("trombone" →
   * wind-instrument), a class word on the row ("capybara" → rodent), the category when the noun is one
   * ("lynx" → cat), the body plan ("yak" → quadruped) — or the category alone (its default form).
   */
  makes: string;
  /** The family's description ("amphibian body plan"), for families of many nouns. */
  label?: string;
  /** True when the noun has no profile of its own and the family's default form stands in. */
  standIn: boolean;
  /** The profile whose proportions the geometry borrows when the noun is not it ("capybara": the mouse). */
  proportions?: string;
}

/** "word category" for every broad anchor (../catalog/broad.yaml): "plant potted-plant". */
const BROAD_ANCHOR_PAIRS = new Set(
  BROAD_ANCHORS.filter((b) => !b.exact).map((b) => `${senseKeyLemma(b.anchor)} ${b.category}`),
);

/**
 * The noun reached its category only through a broad anchor ("pothos → plant"): the category's default
 * form stands in for it, even when the category's row lists the anchor's word.
 */
function foundUnderBroadAnchor(i: { category: string; chain?: string[] }): boolean {
  return Boolean(i.chain && i.chain.length > 1 && BROAD_ANCHOR_PAIRS.has(`${i.chain.at(-1)} ${i.category}`));
}

/** What the reading found: the category, the row the noun picks, the noun and the path to its category. */
type Found = { category: string; profile?: string; word?: string; chain?: string[] };

export function madeObject(i: Found & { prompt?: string }): MadeObject {
  const made = madeObjectAsRead(i);
  return { ...made, makes: spelledAsPrompt(made.makes, i.prompt) };
}

function madeObjectAsRead(i: Found): MadeObject {
  const entry = categoryById(i.category);
  const standIn = (Boolean(entry?.label) || foundUnderBroadAnchor(i)) && !i.profile;
  // A family that builds the noun from its own description makes the noun itself, under its own label.
  const own = i.profile ? OWN_FORMS[i.category]?.label(i.profile) : undefined;
  if (own) return { makes: i.profile!, label: own, standIn };
  const made = i.profile ?? i.category;
  if (!i.word || isKindOf(i.word, made, i.profile ? entry?.profiles?.[i.profile] : entry?.words)) {
    return { makes: made, label: entry?.label, standIn };
  }
  if (entry?.label) {
    // Another row of the family may be what the noun is ("musket" on the rifle's row is a gun).
    const row = Object.keys(entry.profiles ?? {}).find((p) => p !== i.profile && isNoun(p) && isKindOf(i.word!, p));
    // Else a class the family is anchored at, named on the row, that both the noun and the row are kinds
    // of ("armored vehicle" on the tank's row: an APC is one, not a "construction-machine").
    const anchored = new Set(entry.anchors.map(senseKeyLemma));
    const rowClass =
      row ??
      (i.profile
        ? entry.profiles?.[i.profile]?.find((w) => anchored.has(w) && isKindOf(i.profile!, w) && isKindOf(i.word!, w))
        : undefined);
    return { makes: rowClass ?? i.category, label: entry.label, standIn, proportions: i.profile };
  }
  // A catalogue category's row lists siblings too ("tram" on the bus's): it is said to make the category,
  // which the labels of a category accept, and the summary says it stands in. A broader noun ("a seat")
  // is honestly met by one of its kinds (a chair).
  if (!PLAN_CATEGORIES.has(i.category))
    return { makes: made, standIn, proportions: isKindOf(made, i.word) ? undefined : made };
  // A class word on a catalogue category's row that the noun is a kind of ("rodent" on the mouse's row: a capybara).
  const rowClass =
    i.profile &&
    entry?.profiles?.[i.profile]?.find((w) => isNoun(w) && isKindOf(i.profile!, w) && isKindOf(i.word!, w));
  if (rowClass) return { makes: rowClass, standIn, proportions: i.profile };
  if (i.profile && isKindOf(i.word, i.category)) return { makes: i.category, standIn, proportions: i.profile };
  const plan = bodyPlan(i.word, i.category);
  if (!plan) return { makes: made, standIn, proportions: isKindOf(made, i.word) ? undefined : made };
  return {
    makes: plan,
    label: plan === 'fruit' ? undefined : `${plan} body plan`,
    standIn,
    proportions: i.profile ?? i.category,
  };
}
