/** The meaning side's word lists and weights (./meaning.yaml), read once and checked against their schema. */
import { Type } from '@sinclair/typebox';
import { readDataFile } from '../data-file.ts';
import { LEX_FILE } from './wordnet.ts';

const Words = Type.Array(Type.String({ pattern: "^[a-z][a-z '-]*$" }));
const KindName = Type.Union(Object.keys(LEX_FILE).map((kind) => Type.Literal(kind as keyof typeof LEX_FILE)));
const MEANING_WORDS = Type.Object(
  {
    kindCost: Type.Partial(Type.Record(KindName, Type.Number({ minimum: 0 }))),
    clauseWords: Words,
    shapeWords: Words,
    figures: Words,
    possessives: Words,
    bodyPlans: Type.Record(Type.String({ pattern: '^[a-z][a-z ]*$' }), Type.String({ pattern: '^[a-z]+$' })),
    planCategories: Words,
  },
  { additionalProperties: false },
);
const WORDS = readDataFile(new URL('./meaning.yaml', import.meta.url), MEANING_WORDS);

/** What choosing each kind of sense costs (lexicographer file → cost); kinds not listed are not things. */
export const KIND_COST: Record<number, number> = Object.fromEntries(
  (Object.entries(WORDS.kindCost) as [keyof typeof LEX_FILE, number][]).map(([kind, cost]) => [LEX_FILE[kind], cost]),
);
export const CLAUSE_WORDS = new Set(WORDS.clauseWords);
export const SHAPE_WORDS = new Set(WORDS.shapeWords);
export const FIGURES = new Set(WORDS.figures);
export const POSSESSIVES = new Set(WORDS.possessives);
/** [WordNet class, body plan], first match first. */
export const BODY_PLANS = Object.entries(WORDS.bodyPlans);
export const PLAN_CATEGORIES = new Set(WORDS.planCategories);
