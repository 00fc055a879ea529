/**
 * What the readers of a noun's own definition (./*-reading.ts) share: which senses they read, the
 * classes above a sense, the definition's text without its quoted examples, their pattern tables (rows
 * of ./readings/*.yaml), and remembering what a word was read as.
 */
import {
  type Static,
  type TOptional,
  type TProperties,
  type TObject,
  type TSchema,
  type TString,
  Type,
} from '@sinclair/typebox';
import { readDataFile } from './data-file.ts';
import { LEX_FILE, nounSenses, readSynset, type Synset } from './understand/wordnet.ts';

/** The senses in one lexicographer file (artifacts unless said) of a word, then of its singular, at most `max` of each. */
export function* sensesOf(word: string, max = Infinity, lexFile: number = LEX_FILE.artifact): Generator<Synset> {
  for (const form of [word, word.replace(/s$/, '')])
    for (const offset of nounSenses(form).slice(0, max)) {
      const sense = readSynset(offset);
      if (sense.lexFile === lexFile) yield sense;
    }
}

/** The names of the classes above a sense, up to `levels` steps, the nearer first (as WordNet lists them, repeats kept). */
export function kindWords(sense: Synset, levels: number): string[] {
  const words: string[] = [];
  let frontier = sense.hypernyms.map(readSynset);
  for (let level = 0; level < levels && frontier.length; level++) {
    words.push(...frontier.flatMap((h) => h.words));
    frontier = frontier.flatMap((h) => h.hypernyms.map(readSynset));
  }
  return words;
}

/** A definition without its quoted examples ("…; \"a example\""), lower-cased. */
export const plainGloss = (sense: { gloss: string }): string => sense.gloss.replace(/;?\s*"[^"]*"/g, '').toLowerCase();

/**
 * `read`, remembered by the word lower-cased and trimmed: the catalogue, the summary and the generator
 * all ask how the same noun reads, and a reading walks WordNet.
 */
export function rememberedByWord<T>(read: (word: string) => T | undefined): (word: string) => T | undefined {
  const cache = new Map<string, T | undefined>();
  return (word) => {
    const key = word.toLowerCase().trim();
    if (!cache.has(key)) cache.set(key, read(key));
    return cache.get(key);
  };
}

/** An ordered table of patterns, each with the value it reads as. */
export type PatternTable<V extends string> = [RegExp, V][];

/**
 * A pattern table as a reading file writes it: one row per pattern, `[value, alternative, …]`, the
 * alternatives joined by `|` into the pattern (so a long pattern stays one readable row per value).
 */
export const PatternRows = Type.Array(Type.Array(Type.String(), { minItems: 2 }));

/** Rows of `PatternRows` as a table; throws naming the file and the row whose value is not one of `values`. */
export function patternTable<V extends string>(rows: string[][], values: readonly V[], file: string): PatternTable<V> {
  return rows.map(([value, ...alternatives], n) => {
    if (!values.includes(value as V)) throw new Error(`${file}: row ${n + 1}: "${value}" is not one of ${values}`);
    return [new RegExp(alternatives.join('|')), value as V];
  });
}

/** A field of a reading file that holds one of `values`. */
export const oneOf = <V extends string>(values: readonly V[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** A list of words in a reading file. */
export const Words = Type.Array(Type.String());

/** A list of words (or phrases) as one pattern that matches any of them whole: `\\b(a|b|c)\\b`. */
export const anyWord = (words: string[]): RegExp => new RegExp(`\\b(${words.join('|')})\\b`);

/**
 * ./readings/<file>.yaml, checked at load: `shapes`, the reader's pattern table of `values` (its rows in
 * order), `names`, how the summary names a value (the value itself when the file names it not), and the
 * file's other fields as `fields` says.
 */
export function readFormWords<V extends string, F extends TProperties = Record<never, never>>(
  file: string,
  values: readonly V[],
  fields = {} as F,
): Static<TObject<F>> & { shapes: PatternTable<V>; names: Record<V, string> } {
  const names = Type.Object(
    Object.fromEntries(values.map((v) => [v, Type.Optional(Type.String())])) as Record<V, TOptional<TString>>,
    { additionalProperties: false },
  );
  const schema = Type.Object(
    { shapes: PatternRows, names: Type.Optional(names), ...fields },
    { additionalProperties: false },
  );
  const rows = readDataFile(new URL(`./readings/${file}.yaml`, import.meta.url), schema as TSchema) as Static<
    TObject<F>
  > & {
    shapes: string[][];
    names?: Partial<Record<V, string>>;
  };
  const shapes = patternTable(rows.shapes, values, `readings/${file}.yaml`);
  return {
    ...rows,
    shapes,
    names: { ...(Object.fromEntries(values.map((v) => [v, v as string])) as Record<V, string>), ...rows.names },
  };
}

/** The value of the table's first pattern the text matches. */
export const firstMatch = <V>(table: [RegExp, V][], text: string): V | undefined =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/** The value of the table's pattern that matches earliest in the text (the first row of those at one place). */
export function earliest<V>(table: [RegExp, V][], text: string): V | undefined {
  let best: { at: number; value: V } | undefined;
  for (const [pattern, value] of table) {
    const at = text.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { at, value };
  }
  return best?.value;
}
