/**
 * What a dish looks like, read from what WordNet says of it: its hypernyms (pasta, soup, stew,
 * sandwich, dumpling, cake, pie, drink) and its gloss ("baked dish of layers of pasta with sauce and
 * cheese", "cubes of meat cooked on a skewer") give the serving vessel, the body's form and the
 * ingredients whose colours it shows. Dishes WordNet lacks (bao, nachos, onigiri) are described here
 * in the same words a gloss would use, so one reader serves both.
 *
 * Shared by the catalogue (a dish read this way is made as itself, not as a stand-in: see
 * ./own-forms.ts) and by the dish generator (./generators/families/dish-forms.ts).
 */
import { Type } from '@sinclair/typebox';
import {
  PatternRows,
  Words,
  firstMatch,
  kindWords,
  patternTable,
  readFormWords,
  rememberedByWord,
  sensesOf,
} from './reading-kit.ts';
import { LEX_FILE } from './understand/wordnet.ts';

const VESSELS = ['plate', 'bowl', 'pan', 'basket', 'steamer', 'box', 'glass', 'board'] as const;
export type Vessel = (typeof VESSELS)[number];
/** A body of ./readings/dish.yaml's `forms`. */
export type DishBody = string;

export interface DishForm {
  vessel: Vessel;
  body: DishBody;
  /** Ingredients named by the description, in the order they appear: the first colours the body. */
  ingredients: string[];
  /** True when the description says it is fried, baked, roasted or grilled: the body browns. */
  browned: boolean;
  /** How the summary describes the form ("rice with shellfish in a pan"). */
  summary: string;
}

const WORDS = readFormWords('dish', undefined, {
  vessels: PatternRows,
  ingredientColours: Type.Record(Type.String(), Type.Tuple([Type.Number(), Type.Number(), Type.Number()])),
  staples: Words,
  descriptions: Type.Record(Type.String(), Type.String()),
});
const VESSEL_WORDS = patternTable(WORDS.vessels, VESSELS, 'readings/dish.yaml');
/** Ingredient word → colour; a word's plural is found too. */
export const INGREDIENT_COLOURS: Record<string, [number, number, number]> = WORDS.ingredientColours;
/** Dishes WordNet does not know, described the way its glosses describe dishes. */
export const DISH_DESCRIPTIONS: Record<string, string> = WORDS.descriptions;
/** Ingredients that make up the body of a dish rather than top it; saffron first, as it colours the rice. */
export const STAPLES = WORDS.staples;

/** The words a dish is described by: its own table entry, or its first food sense's gloss and hypernyms. */
export function dishDescription(word: string): string | undefined {
  const key = word.toLowerCase().trim();
  // Own keys only: a word such as 'constructor' must not read Object.prototype's function as a description.
  const described = (name: string) => (Object.hasOwn(DISH_DESCRIPTIONS, name) ? DISH_DESCRIPTIONS[name] : undefined);
  const own = described(key) ?? described(key.replace(/s$/, '')) ?? described(`${key}s`);
  if (own) return own;
  const [sense] = sensesOf(key, Infinity, LEX_FILE.food);
  if (!sense) return undefined;
  // The dish's own lemmas lead: "pancake" or "kebab" names the form before its gloss does.
  return `${sense.words.join(', ')}: ${sense.gloss.replace(/;?\s*"[^"]*"/g, '')}; ${kindWords(sense, 3).join(', ')}`;
}

const ingredientWord = (w: string) =>
  INGREDIENT_COLOURS[w] ? w : INGREDIENT_COLOURS[w.replace(/e?s$/, '')] ? w.replace(/e?s$/, '') : undefined;

/** Ingredients named in a text, first mention first, each once. */
export function ingredientsIn(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().split(/[^a-z]+/)) {
    const found = ingredientWord(w);
    if (found && !out.includes(found)) out.push(found);
  }
  return out;
}

/** The form a description gives, or undefined when it names no form a dish generator builds. */
export function readDescription(text: string): DishForm | undefined {
  const t = text.toLowerCase();
  const body = firstMatch(WORDS.shapes, t);
  const ingredients = ingredientsIn(t);
  // A description with neither a form nor an ingredient ("a particular item of prepared food") says nothing to build.
  const vesselNamed = VESSEL_WORDS.some(([re]) => re.test(t));
  if (!body && ingredients.length === 0 && !vesselNamed) return undefined;
  const form = body ?? 'mound';
  const described = firstMatch(VESSEL_WORDS, t);
  // A drink is served in a glass and a soup in a bowl (or a pan) whatever else the description mentions ("steamed milk").
  const vessel =
    form === 'drink'
      ? 'glass'
      : (form === 'soup' || form === 'stew') && described !== 'pan'
        ? 'bowl'
        : (described ?? 'plate');
  const main = ingredients.find((n) => STAPLES.includes(n)) ?? ingredients[0];
  const extras = ingredients.filter((n) => n !== main).slice(0, 2);
  const named = `${main && !['soup', 'stew', 'drink'].includes(form) ? `${main} ` : ''}${WORDS.names[form]}${main && ['soup', 'stew', 'drink'].includes(form) ? ` of ${main}` : ''}`;
  const summary = `${named}${extras.length ? ` with ${extras.join(' and ')}` : ''} ${vessel === 'glass' ? 'in a glass' : vessel === 'plate' || vessel === 'board' ? `on a ${vessel}` : `in a ${vessel}`}`;
  const browned = /\b(fried|baked|roasted|grilled|toasted|croquettes?|deep-fried)\b/.test(t);
  return { vessel, body: form, ingredients, summary, browned };
}

/** The form of a dish named by `word`, read from its description; undefined when nothing says how it looks. */
export const readDish = rememberedByWord((word): DishForm | undefined => {
  const text = dishDescription(word);
  return text ? readDescription(text) : undefined;
});
