/** The shapes of the text engine's catalogue, shared by ./catalog.ts and ./catalog-families.ts. */

export type Family =
  | 'furniture'
  | 'vessel'
  | 'tool'
  | 'building'
  | 'plant'
  | 'vehicle'
  | 'animal'
  | 'food'
  | 'prop'
  | 'terrain'
  | 'generic';

export interface CategoryEntry {
  id: string;
  family: Family;
  /** Words and compounds (singular, lower case) that name the category directly. */
  words: string[];
  /** WordNet synsets, as `lemma#sense` (1-based), whose hyponyms resolve to this category. */
  anchors: string[];
  /** How the summary names a family of many nouns ("amphibian body plan"); see ./catalog-families.ts. */
  label?: string;
  /** Profile name → the words that pick it: the rows of the family generator's proportions table. */
  profiles?: Record<string, string[]>;
  /** Nouns with no profile of their own that the family still builds (bench/text-solids.ts builds them too). */
  examples?: string[];
}
