/**
 * Which row of a family's proportions table a noun picks ("tree frog" → frog, "bumblebee" → bee),
 * directly or through WordNet hypernyms, and what object Kiln therefore says it makes.
 */
import { categoryById } from '../catalog.ts';
import { OWN_FORMS } from '../catalog-made.ts';
import { walkHypernyms } from './wordnet.ts';

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

/** The profile a noun picks in a category, or undefined when the category's default form stands in. */
export function profileFor(category: string, word: string | undefined): string | undefined {
  const words = profileWords(category);
  if (!words || !word) return undefined;
  const direct = words.get(word) ?? words.get(word.replace(/s$/, ''));
  if (direct) return direct;
  let found: string | undefined;
  walkHypernyms(word, (synset) => {
    found = synset.words.map((w) => words.get(w)).find(Boolean);
    return found !== undefined;
  }, { maxSenses: 2, maxDepth: 6 });
  // A family that reads a noun's own description makes the noun itself ("paella").
  return found ?? OWN_FORMS[category]?.name(word);
}

export interface MadeObject {
  /** What Kiln says it makes: the profile, or the category (the family's default form). */
  makes: string;
  /** The family's description ("amphibian body plan"), for families of many nouns. */
  label?: string;
  /** True when the noun has no profile of its own and the family's default form stands in. */
  standIn: boolean;
}

export function madeObject(i: { category: string; profile?: string }): MadeObject {
  const entry = categoryById(i.category);
  const standIn = Boolean(entry?.label) && !i.profile;
  const own = i.profile ? OWN_FORMS[i.category]?.label(i.profile) : undefined;
  return { makes: i.profile ?? i.category, label: own ?? entry?.label, standIn };
}
