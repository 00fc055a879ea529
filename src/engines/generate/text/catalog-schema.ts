/**
 * The shapes of the text engine's catalogue (./catalog/*.yaml), checked at load by ./catalog.ts and in
 * test/engines/generate/text/catalog.test.ts: one row per category, its words, WordNet anchors and profiles.
 */
import { type Static, Type } from '@sinclair/typebox';

export const FAMILIES = [
  'furniture',
  'vessel',
  'tool',
  'building',
  'plant',
  'vehicle',
  'animal',
  'food',
  'prop',
  'terrain',
  'generic',
] as const;
export type Family = (typeof FAMILIES)[number];

const Word = Type.String({ pattern: "^[a-z0-9ñ][a-z0-9ñ .'-]*$", description: 'singular, lower case' });
const Words = Type.Array(Word);
/** A WordNet noun sense key ("chair%1:06:00::"): stays on its synset when a newer WordNet renumbers senses. */
const SenseKey = Type.String({ pattern: "^[a-z0-9][a-z0-9_.'-]*%1:[0-9]{2}:[0-9]{2}::$" });

/** One category as a data row. */
export const CATEGORY_ROW = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    family: Type.Union(FAMILIES.map((f) => Type.Literal(f))),
    /** How the summary names a family of many nouns ("amphibian body plan"). */
    label: Type.Optional(Type.String({ minLength: 1 })),
    /** Words and compounds that name the category directly, besides its profiles' words; absent: its id as words. */
    words: Type.Optional(Words),
    /** Profile words that are no vocabulary word (reached only through WordNet: a bare "seal" is first a stamp). */
    notVocabulary: Type.Optional(Words),
    /** WordNet synsets whose hyponyms resolve to this category. */
    anchors: Type.Optional(Type.Array(SenseKey)),
    /** Profile name → the words that pick it: the rows of the family generator's proportions table. */
    profiles: Type.Optional(Type.Record(Type.String({ pattern: "^[a-z0-9ñ][a-z0-9ñ .'-]*$" }), Words)),
    /** Nouns with no profile of their own that the family still builds (bench/text-solids.ts builds them too). */
    examples: Type.Optional(Words),
  },
  { additionalProperties: false },
);
export type CategoryRow = Static<typeof CATEGORY_ROW>;

/** A broad WordNet anchor: a synset too general to say what the object is, and the category standing in for it. */
export const BROAD_ANCHOR_ROW = Type.Object(
  {
    anchor: SenseKey,
    category: Type.String({ minLength: 1 }),
    /** True when the anchor places only the noun it names, not the noun's kinds. */
    exact: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BroadAnchorRow = Static<typeof BROAD_ANCHOR_ROW>;

/** A word two categories list on purpose: WordNet's likeliest sense of it picks between them (understand/head.ts). */
export const SHARED_WORD_ROW = Type.Object(
  { word: Word, categories: Type.Array(Type.String(), { minItems: 2 }) },
  { additionalProperties: false },
);
export type SharedWordRow = Static<typeof SHARED_WORD_ROW>;

/** A category as the engine reads it: the row, with every word that names it gathered in `words`. */
export type CategoryEntry = Omit<CategoryRow, 'words' | 'notVocabulary' | 'anchors'> & {
  /** Every word and compound (singular, lower case) that names the category directly, profiles' words included. */
  words: string[];
  /** WordNet sense keys of the synsets whose hyponyms resolve to this category (each resolves: checked at load). */
  anchors: string[];
};
