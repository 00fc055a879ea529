/**
 * The closed word lists of prompt understanding (./vocabulary.yaml, one row per line): colours,
 * materials, size and style words, part names, number words and relation words. Categories come from
 * ../catalog.ts; everything else a prompt says is looked up in WordNet or reported as not understood.
 */
import { Type } from '@sinclair/typebox';
import { byWord, readDataFile } from '../data-file.ts';

/** The words of a space-separated string literal type, as a union: the kinds below are written as one line each. */
type WordsOf<S extends string> = S extends `${infer Word} ${infer Rest}` ? Word | WordsOf<Rest> : S;
const kindsOf = <S extends string>(words: S) => words.split(' ') as WordsOf<S>[];

export const MATERIAL_KINDS = kindsOf(
  'wood metal gold silver bronze copper stone marble glass ceramic fabric leather plastic rubber ice wax paper bone clay organic',
);
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

export const SIZE_KINDS = kindsOf('tall short wide narrow tiny big long round square thin thick flat');
export type SizeWord = (typeof SIZE_KINDS)[number];

export const STYLE_KINDS = kindsOf('low-poly cartoon ornate simple weathered futuristic realistic');
export type StyleWord = (typeof STYLE_KINDS)[number];

/** How a second object is placed: `wearing` puts it on the subject's top (a hat on a head). */
export type Relation = 'on' | 'with' | 'in' | 'beside' | 'wearing';

const Word = Type.String({ pattern: "^[a-z0-9][a-z0-9 '-]*$" });
const RGB = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);
/** Rows `kind: [words]` whose kind is one of `kinds`. */
const wordsOf = (kinds: readonly string[]) =>
  Type.Record(Type.String({ pattern: `^(${kinds.join('|')})$` }), Type.Array(Word, { minItems: 1 }));

const VOCABULARY = Type.Object(
  {
    colours: Type.Record(Word, RGB),
    colourModifiers: Type.Record(Word, Type.Object({ light: Type.Number(), sat: Type.Number() })),
    materials: wordsOf(MATERIAL_KINDS),
    sizes: wordsOf(SIZE_KINDS),
    styles: wordsOf(STYLE_KINDS),
    countedSuffixes: Type.Record(Word, Type.Array(Word, { minItems: 1 })),
    parts: Type.Record(Word, Type.Array(Word, { minItems: 1 })),
    numbers: Type.Record(Type.String({ pattern: '^[1-9][0-9]*$' }), Type.Array(Word, { minItems: 1 })),
    relations: wordsOf(['on', 'with', 'in', 'beside', 'wearing', 'of']),
    irregularPlurals: Type.Record(Word, Word),
    /** Words separated by spaces. */
    stopWords: Type.String(),
  },
  { additionalProperties: false },
);

const FILE = new URL('./vocabulary.yaml', import.meta.url);
const vocabulary = readDataFile(FILE, VOCABULARY);

/** sRGB colours, 0–1. */
export const COLOURS: Record<string, [number, number, number]> = vocabulary.colours;

/** Colour adjectives and how they move lightness / saturation. */
export const COLOUR_MODIFIERS: Record<string, { light: number; sat: number }> = vocabulary.colourModifiers;

export const MATERIAL_WORDS = byWord(vocabulary.materials as Record<MaterialKind, string[]>, 'vocabulary.yaml');

export const SIZE_WORDS = byWord(vocabulary.sizes as Record<SizeWord, string[]>, 'vocabulary.yaml');

export const STYLE_WORDS = byWord(vocabulary.styles as Record<StyleWord, string[]>, 'vocabulary.yaml');

/** Part names (singular) the generators know how to vary. */
export const PART_WORDS = byWord(vocabulary.parts, 'vocabulary.yaml');

export const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  Object.entries(byWord(vocabulary.numbers, 'vocabulary.yaml')).map(([word, count]) => [word, Number(count)]),
);

/** "three-legged", "four-wheeled", "two-storey", "single-handled": hyphenated count + part. */
export const COUNTED_SUFFIXES = byWord(vocabulary.countedSuffixes, 'vocabulary.yaml');

/** Plurals no suffix rule undoes ("mice", "people") → the singular a lookup tries. */
export const IRREGULAR_PLURALS: Record<string, string> = vocabulary.irregularPlurals;

/** Words that open a new clause (longest first when matching). */
export const RELATION_WORDS = Object.entries(vocabulary.relations).flatMap(([relation, phrases]) =>
  phrases.map((phrase) => [phrase, relation as Relation | 'of'] as [string, Relation | 'of']),
);

/** Words carrying no content for a shape; never reported as not understood. */
export const STOP_WORDS = new Set(vocabulary.stopWords.split(' '));
