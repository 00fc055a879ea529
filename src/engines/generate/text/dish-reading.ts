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
import { kindWords, rememberedByWord, sensesOf } from './reading-kit.ts';
import { LEX_FILE } from './understand/wordnet.ts';

export type Vessel = 'plate' | 'bowl' | 'pan' | 'basket' | 'steamer' | 'box' | 'glass' | 'board';
export type DishBody =
  | 'drink'
  | 'soup'
  | 'stew'
  | 'skewers'
  | 'layered'
  | 'sandwich'
  | 'parcels'
  | 'rolls'
  | 'pie'
  | 'stack'
  | 'pieces'
  | 'strands'
  | 'mound'
  | 'balls';

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

type RGB = [number, number, number];

/** Ingredient word → colour; a word's plural is found too. The order of this table does not matter. */
export const INGREDIENT_COLOURS: Record<string, RGB> = {
  rice: [0.96, 0.94, 0.86],
  saffron: [0.98, 0.78, 0.25],
  pasta: [0.96, 0.85, 0.55],
  noodle: [0.96, 0.86, 0.58],
  dough: [0.95, 0.9, 0.8],
  bread: [0.86, 0.64, 0.36],
  pastry: [0.9, 0.7, 0.4],
  tortilla: [0.93, 0.8, 0.52],
  chip: [0.96, 0.78, 0.35],
  potato: [0.95, 0.78, 0.4],
  batter: [0.9, 0.7, 0.38],
  crust: [0.85, 0.62, 0.32],
  tomato: [0.85, 0.18, 0.1],
  sauce: [0.75, 0.2, 0.1],
  cheese: [0.98, 0.8, 0.3],
  cream: [0.98, 0.96, 0.9],
  meat: [0.5, 0.28, 0.18],
  beef: [0.45, 0.24, 0.15],
  pork: [0.8, 0.55, 0.45],
  chicken: [0.88, 0.68, 0.42],
  lamb: [0.55, 0.32, 0.22],
  sausage: [0.6, 0.3, 0.2],
  ham: [0.9, 0.55, 0.55],
  bacon: [0.75, 0.35, 0.28],
  fish: [0.95, 0.88, 0.78],
  salmon: [0.96, 0.55, 0.38],
  tuna: [0.8, 0.3, 0.3],
  shellfish: [0.95, 0.5, 0.35],
  shrimp: [0.97, 0.55, 0.4],
  prawn: [0.97, 0.55, 0.4],
  seafood: [0.95, 0.5, 0.35],
  egg: [0.98, 0.82, 0.3],
  vegetable: [0.35, 0.62, 0.25],
  greens: [0.3, 0.6, 0.22],
  lettuce: [0.5, 0.78, 0.3],
  spinach: [0.2, 0.45, 0.15],
  bean: [0.5, 0.25, 0.18],
  pea: [0.45, 0.7, 0.25],
  corn: [0.98, 0.85, 0.3],
  mushroom: [0.6, 0.5, 0.4],
  onion: [0.95, 0.92, 0.85],
  pepper: [0.8, 0.15, 0.1],
  avocado: [0.55, 0.72, 0.3],
  seaweed: [0.12, 0.2, 0.12],
  nori: [0.12, 0.2, 0.12],
  chocolate: [0.36, 0.2, 0.12],
  cocoa: [0.36, 0.2, 0.12],
  caramel: [0.8, 0.5, 0.2],
  syrup: [0.7, 0.38, 0.1],
  honey: [0.9, 0.65, 0.2],
  sugar: [0.98, 0.97, 0.95],
  icing: [0.98, 0.97, 0.95],
  cinnamon: [0.65, 0.4, 0.22],
  fruit: [0.85, 0.25, 0.3],
  cherry: [0.75, 0.05, 0.1],
  berry: [0.6, 0.1, 0.3],
  strawberry: [0.88, 0.15, 0.15],
  blueberry: [0.25, 0.25, 0.55],
  apple: [0.9, 0.8, 0.5],
  banana: [0.98, 0.9, 0.55],
  lemon: [0.98, 0.9, 0.3],
  milk: [0.98, 0.97, 0.94],
  coffee: [0.4, 0.25, 0.15],
  tea: [0.7, 0.45, 0.2],
  curry: [0.9, 0.6, 0.15],
  lentil: [0.85, 0.6, 0.25],
  broth: [0.88, 0.7, 0.4],
  stock: [0.88, 0.7, 0.4],
  custard: [0.98, 0.88, 0.55],
  crouton: [0.85, 0.62, 0.32],
  olive: [0.3, 0.35, 0.15],
  herb: [0.3, 0.55, 0.2],
  carrot: [0.95, 0.5, 0.1],
  cabbage: [0.6, 0.8, 0.45],
  tofu: [0.97, 0.95, 0.88],
};

/**
 * Dishes WordNet does not know, described the way its glosses describe dishes (what it is made of,
 * how it is cooked and served), so the same reading makes them.
 */
export const DISH_DESCRIPTIONS: Record<string, string> = {
  bao: 'steamed dumpling of white dough stuffed with pork, served in a steamer',
  nachos: 'tortilla chips fried and covered with melted cheese and beans and peppers, served on a plate',
  bento: 'rice with fish and egg and vegetables served in a box',
  onigiri: 'balls of rice wrapped in nori seaweed',
  churros: 'fried dough sticks rolled in sugar and cinnamon',
  gyoza: 'dumplings of dough folded around pork, fried and served on a plate',
  'dim sum': 'steamed dumplings of dough stuffed with shrimp, served in a steamer',
  poke: 'cubes of raw tuna and salmon with rice and avocado served in a bowl',
  pho: 'soup of beef broth with rice noodles and herbs served in a bowl',
  bibimbap: 'rice topped with vegetables and beef and an egg served in a bowl',
  'pad thai': 'rice noodles fried with shrimp and egg and peanuts',
  biryani: 'rice with saffron and meat and spices',
  tiramisu: 'dessert of layers of sponge cake soaked in coffee with cream and cocoa',
  mochi: 'balls of rice dough',
  macaron: 'sandwich of two almond meringue cookies with a cream filling',
  poutine: 'chips covered with cheese curds and gravy sauce',
  shawarma: 'meat wrapped in bread with sauce and vegetables, rolled',
  samosa: 'fried pastry parcels stuffed with potato and peas',
  empanada: 'pastry folded around a meat filling and baked',
  ceviche: 'raw fish cured in lemon juice with onion and pepper served in a bowl',
  charcuterie: 'pieces of ham and sausage and cheese served on a board',
  pierogi: 'dumplings of dough folded around potato and cheese',
  dango: 'balls of rice dough on a skewer',
  yakitori: 'pieces of chicken cooked on a skewer',
  cannoli: 'fried pastry rolls filled with sweet ricotta cheese and chocolate',
  'cotton candy': 'a large fluffy ball of spun pink sugar',
  popcorn: 'pieces of popped corn with butter and salt served in a bucket',
  'gummy bear': 'pieces of sweet gummy candy in a bowl',
  'candy floss': 'a large fluffy ball of spun pink sugar',
};

const VESSEL_WORDS: [RegExp, Vessel][] = [
  [/\b(steamer|steamed)\b/, 'steamer'],
  [/\b(glass|mug|cup|drink|beverage|frothy|shake)\b/, 'glass'],
  [/\b(pan|skillet|casserole|baking dish|baked dish|layers?)\b/, 'pan'],
  [/\b(bowl|soup|broth|stew|curry|porridge|chowder)\b/, 'bowl'],
  [/\b(box|bento)\b/, 'box'],
  [/\b(basket)\b/, 'basket'],
  [/\b(board)\b/, 'board'],
];

/** Ordered: the first form a description names wins ("dumplings in soup" is soup only if nothing earlier matches). */
const BODY_WORDS: [RegExp, DishBody][] = [
  [/\b(drink|beverage|shake|smoothie|frothy)\b/, 'drink'],
  [/\b(skewers?|kebabs?|kabobs?|satay)\b/, 'skewers'],
  [/\b(layers?|layered|lasagna|lasagne)\b/, 'layered'],
  [/\b(soup|broth|chowder|bisque|consomme|liquid food)\b/, 'soup'],
  [/\b(stew|stewing|stewed|curry|chili|goulash|ragout|porridge)\b/, 'stew'],
  [/\b(sandwich|slices of bread|between|burger)\b/, 'sandwich'],
  [/\b(dumplings?|parcels?|folded|stuffed|turnover|wrapped in pastry|pastry folded|fillings?|cases)\b/, 'parcels'],
  [/\b(oblong)\b/, 'rolls'],
  [/\b(balls?|croquettes?|puffs?)\b/, 'balls'],
  [/\b(rolls?|rolled|sticks?|wrapped|tortilla folded|burrito|enchilada)\b/, 'rolls'],
  [/\b(pancakes?|waffles?|crepes?|griddlecakes?|stack)\b/, 'stack'],
  [/\b(pie|tart|quiche|cake|torte|cheesecake|flan|pastry-lined)\b/, 'pie'],
  [/\b(pasta|noodles?|spaghetti|strings|strands)\b/, 'strands'],
  [/\b(chips|pieces|cubes|slices|mixture|mixtures|tossed|salad|nuggets|fries|fried|fritters?)\b/, 'pieces'],
];

const BODY_NAMES: Record<DishBody, string> = {
  drink: 'drink',
  soup: 'soup',
  stew: 'stew',
  skewers: 'skewers',
  layered: 'layered bake',
  sandwich: 'stacked sandwich',
  parcels: 'wrapped parcels',
  rolls: 'rolls',
  pie: 'round bake',
  stack: 'stack',
  pieces: 'pieces',
  strands: 'strands',
  mound: 'mound',
  balls: 'balls',
};

/** Ingredients that make up the body of a dish rather than top it; saffron first, as it colours the rice. */
export const STAPLES = [
  'saffron',
  'rice',
  'pasta',
  'noodle',
  'dough',
  'batter',
  'tortilla',
  'bread',
  'pastry',
  'potato',
  'chip',
  'greens',
  'lettuce',
  'milk',
  'broth',
];

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
  const body = BODY_WORDS.find(([re]) => re.test(t))?.[1];
  const ingredients = ingredientsIn(t);
  // A description with neither a form nor an ingredient ("a particular item of prepared food") says nothing to build.
  const vesselNamed = VESSEL_WORDS.some(([re]) => re.test(t));
  if (!body && ingredients.length === 0 && !vesselNamed) return undefined;
  const form = body ?? 'mound';
  const described = VESSEL_WORDS.find(([re]) => re.test(t))?.[1];
  // A drink is served in a glass and a soup in a bowl (or a pan) whatever else the description mentions ("steamed milk").
  const vessel =
    form === 'drink'
      ? 'glass'
      : (form === 'soup' || form === 'stew') && described !== 'pan'
        ? 'bowl'
        : (described ?? 'plate');
  const main = ingredients.find((n) => STAPLES.includes(n)) ?? ingredients[0];
  const extras = ingredients.filter((n) => n !== main).slice(0, 2);
  const named = `${main && !['soup', 'stew', 'drink'].includes(form) ? `${main} ` : ''}${BODY_NAMES[form]}${main && ['soup', 'stew', 'drink'].includes(form) ? ` of ${main}` : ''}`;
  const summary = `${named}${extras.length ? ` with ${extras.join(' and ')}` : ''} ${vessel === 'glass' ? 'in a glass' : vessel === 'plate' || vessel === 'board' ? `on a ${vessel}` : `in a ${vessel}`}`;
  const browned = /\b(fried|baked|roasted|grilled|toasted|croquettes?|deep-fried)\b/.test(t);
  return { vessel, body: form, ingredients, summary, browned };
}

/** The form of a dish named by `word`, read from its description; undefined when nothing says how it looks. */
export const readDish = rememberedByWord((word): DishForm | undefined => {
  const text = dishDescription(word);
  return text ? readDescription(text) : undefined;
});
