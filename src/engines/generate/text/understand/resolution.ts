/**
 * How the head noun of a clause becomes a category: one explicit, ordered list of strategies. The first
 * that answers wins, and its answer says why (`by`), which the `prompt` summary reports (./summary.ts).
 *
 *   exact word → compound reading → kind of its last word → imaginary being → row by sense →
 *   flower read from the definition → form read from the definition → family default
 *
 * and, when none answers for any noun of the prompt, the sculpted form (./interpret.ts). Once the category
 * is known, the last step picks the row of its family the noun is made as (`rowOf`, ./profile.ts). Which
 * token is the head noun (past form nouns, parts, modifiers) is ./head.ts's question; this file only resolves it.
 */
import { readAsCompound } from './compound-reading.ts';
import { definedByFlowers, glossCategory, imaginaryBody, kindAllows } from './definitions.ts';
import { compoundHead, firstSenseConcrete, headSenseFilter, lookupPhrase, resolveByWordNet } from './lexicon.ts';
import { profileFor } from './profile.ts';
import type { Clause, Token, Via } from './tokens.ts';
import { hasAny } from './tokens.ts';
import { LEX_FILE } from './wordnet.ts';

/** Why a noun resolved to its category: the strategy that answered. */
export type ResolvedBy =
  | 'exact word'
  | 'compound reading'
  | 'kind of its last word'
  | 'imaginary being read from the definition'
  | 'row by sense'
  | 'flower read from the definition'
  | 'form read from the definition'
  | 'family default'
  /** Applied by ./interpret.ts after the head is found: a structure named by a name Kiln cannot read ("the chrysler building"). */
  | 'named structure'
  | 'sculpted form';

export interface Resolution {
  category: string;
  via: Via;
  /** The path from the noun to what placed it (['poodle', 'dog']), for a WordNet reading. */
  chain?: string[];
  by: ResolvedBy;
}

/** What the strategies may ask of the noun, each computed once and only when asked. */
export interface NounQuestion {
  clause: Clause;
  token: Token;
  noun: string;
  /** The prompt's other nouns, which pick among the noun's senses. */
  context: string[];
  /** Only these senses may be read ("a leopard seal": after an animal's name, the animal senses). */
  allowed?: Parameters<typeof resolveByWordNet>[2];
  /** The noun modifying this one ("monk" in "a monk seal"), when a compound reading is allowed. */
  modifier?: Token;
}

/** The last word of a multi-word noun ("water_tower" → tower) or of a closed compound ("birdhouse" → house). */
function compoundHeadWord(noun: string): string | undefined {
  const words = noun.split(/[_ ]/);
  if (words.length > 1) return words.at(-1);
  // A word WordNet knows but cannot place splits only after a thing ("birdhouse"; not "headphones").
  const head = compoundHead(noun);
  return head && firstSenseConcrete(noun.slice(0, noun.length - head.form.length)) ? head.form : undefined;
}

/**
 * "a red cape", "a wooden bar": a colour or a material given to a noun read as a landform says a made
 * thing is meant (the cloak, not the headland), when the noun has such a sense.
 */
function madeThingSense(
  q: NounQuestion,
  res: ReturnType<typeof resolveByWordNet>,
): ReturnType<typeof resolveByWordNet> {
  if (!res || res.kind !== LEX_FILE.object) return undefined;
  const before = q.clause.tokens.slice(0, q.clause.tokens.indexOf(q.token));
  if (!before.some((x) => hasAny(x, 'colour', 'material'))) return undefined;
  return resolveByWordNet(q.noun, q.context, (s) => s.lexFile === LEX_FILE.artifact);
}

/**
 * The answers the strategies share: the noun read as a compound; the reading they weigh (a compound's, a
 * made thing's ("a red cape"), or the noun's by itself); the last word of a compound ("water tower" → tower).
 */
function factsOf(q: NounQuestion) {
  const byItself = resolveByWordNet(q.noun, q.context, q.allowed);
  // "a monk seal", "a pizza cutter": after a modifier noun, the head is the kind of thing WordNet's
  // compounds ending in it are, not its likeliest sense alone.
  const asCompound = q.allowed ? undefined : readAsCompound(q.token, q.modifier, byItself, q.context);
  const res = asCompound?.resolution ?? madeThingSense(q, byItself) ?? byItself;
  return { asCompound, res, lastWord: compoundHeadWord(q.noun) };
}
type NounFacts = ReturnType<typeof factsOf>;

const spaced = (noun: string) => noun.replace(/_/g, ' ');
const placedBroadlyOrNot = (f: NounFacts) => !f.res || f.res.broad;

type Strategy = {
  by: ResolvedBy;
  resolve(q: NounQuestion, f: NounFacts): Omit<Resolution, 'by' | 'via'> | undefined;
};

/** The strategies for a WordNet noun, in order (the exact word is tried before, by ./head.ts, on vocabulary tokens). */
export const NOUN_STRATEGIES: readonly Strategy[] = [
  {
    // "a pizza cutter": WordNet's compounds ending in the noun say it is a device.
    by: 'compound reading',
    resolve: (q, f) =>
      f.asCompound?.device && {
        category: f.asCompound.device.category,
        chain: [`${q.modifier!.text} ${q.token.text}`, f.asCompound.device.word],
      },
  },
  {
    // A compound WordNet places only broadly, or not at all, is a kind of its last word: "water tower" a
    // tower, "baseball glove" a glove; but it stays the kind of thing WordNet files it as (a sawhorse is no horse).
    by: 'kind of its last word',
    resolve(q, f) {
      if (!f.lastWord || !placedBroadlyOrNot(f)) return undefined;
      const vocab = lookupPhrase(f.lastWord)?.meanings.find((m) => m.type === 'category');
      if (vocab?.type === 'category' && kindAllows(q.noun, vocab.id))
        return { category: vocab.id, chain: [spaced(q.noun), f.lastWord] };
      // The last word is read as the same kind of thing as the compound ("cassette player": a device, not a person).
      const byHead = resolveByWordNet(f.lastWord, q.context, headSenseFilter(q.noun, f.lastWord));
      return byHead && !byHead.broad
        ? { category: byHead.category, chain: [spaced(q.noun), ...byHead.chain] }
        : undefined;
    },
  },
  {
    // An imaginary being is built as the animal its definition names ("pegasus: the winged horse").
    by: 'imaginary being read from the definition',
    resolve(q, f) {
      const being = f.res?.kind === LEX_FILE.person ? imaginaryBody(q.noun) : undefined;
      return being && { category: being.category, chain: [spaced(q.noun), being.word] };
    },
  },
  {
    // The hypernym walk reached a category's own anchor.
    by: 'row by sense',
    resolve: (_q, f) => (f.res && !f.res.broad ? { category: f.res.category, chain: f.res.chain } : undefined),
  },
  {
    // A plant placed only as a plant, defined by its flowers ("daffodil", "wildflower"), is a flower.
    by: 'flower read from the definition',
    resolve: (q, f) =>
      f.res?.broad && f.res.kind === LEX_FILE.plant && definedByFlowers(q.noun)
        ? { category: FLOWER, chain: [spaced(q.noun), 'flower'] }
        : undefined,
  },
  {
    // A noun the walk cannot place, or places only broadly, is what its definition says it is. The sense a
    // compound's reading chose is the one defined ("pizza cutter": the cutting tool, not the boat).
    by: 'form read from the definition',
    resolve(q, f) {
      const gloss = placedBroadlyOrNot(f) ? glossCategory(q.noun, f.asCompound?.resolution?.synset) : undefined;
      return gloss && { category: gloss.category, chain: [spaced(q.noun), gloss.word] };
    },
  },
  {
    // Only a broad anchor was reached ("pothos → plant"): the family's default form stands in.
    by: 'family default',
    resolve: (_q, f) => f.res && { category: f.res.category, chain: f.res.chain },
  },
];

/** The category a flowering plant is made as. */
const FLOWER = 'flower';

/** The first strategy's answer for a WordNet noun, and why; undefined when none answers. */
export function resolveNoun(q: NounQuestion): Resolution | undefined {
  const facts = factsOf(q);
  for (const strategy of NOUN_STRATEGIES) {
    const found = strategy.resolve(q, facts);
    if (found) return { ...found, via: 'wordnet', by: strategy.by };
  }
  return undefined;
}

/**
 * The last step, once the noun has its category: the row of the family's proportions table it is made as
 * ("tree frog" → frog), or undefined for the family's default form. Where the walk or the definition landed
 * can name the row ("ice skate" → boot): its senses are asked first, and the class it landed on names a row
 * when the noun names none, never an own form ("equine" is not the hinny).
 */
export function rowOf(category: string, noun: string, chain?: string[]): string | undefined {
  const through = chain && chain.length > 1 ? chain.at(-1) : undefined;
  return profileFor(category, noun, through) ?? profileFor(category, chain?.at(-1), undefined, { own: false });
}
