/**
 * What the readers of a noun's own definition (./*-reading.ts) share: which senses they read, the
 * classes above a sense, the definition's text without its quoted examples, their pattern tables (rows
 * of ./readings/*.yaml), and remembering what a word was read as.
 */
import { type Static, type TProperties, type TObject, type TSchema, Type } from '@sinclair/typebox';
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

/** What a definition says, by the text it is said in and a name: `{gloss: {long: [alternative, …]}}`. */
const SaysRows = Type.Record(Type.String(), Type.Record(Type.String(), Type.Array(Type.String(), { minItems: 1 })));

/**
 * A reader's fields, each an ordered list of rows `[value, condition, …]`: the first row whose conditions all
 * hold gives the field's value, a row with none is the fallback. A condition names a `says` row or a field
 * read before it (true when said or truthy), `!name` its opposite, `name=value` a field read as that value;
 * `a|b` holds when either does.
 */
const FieldRows = Type.Record(
  Type.String(),
  Type.Array(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { minItems: 1 })),
);

/** What a reading reads: each `says` row (true when its text matches) and each field's value. */
export type Facts = Record<string, string | number | boolean | undefined>;

/** A condition of a field's row as a test of the facts; throws naming it when it names nothing `known`. */
function conditionOf(condition: string, known: Set<string>, where: string): (facts: Facts) => boolean {
  const tests = condition.split('|').map((part) => {
    const [, not, name, wanted] = /^(!?)([^=]+)(?:=(.*))?$/.exec(part) ?? [];
    if (!known.has(name)) throw new Error(`${where}: "${condition}" names nothing said or read before`);
    return (facts: Facts) => (wanted === undefined ? Boolean(facts[name]) : String(facts[name]) === wanted) !== !!not;
  });
  return (facts) => tests.some((test) => test(facts));
}

/**
 * `says` and `fields` rows as one reading of a definition's texts, by name (`{gloss, text}`); a text not given
 * is not read.
 */
function readingOf(
  says: Record<string, Record<string, string[]>>,
  fields: Record<string, (string | number | boolean)[][]>,
  file: string,
): (texts: Record<string, string>) => Facts {
  const patterns = Object.entries(says).map(
    ([text, rows]) =>
      [text, Object.entries(rows).map(([name, alts]) => [name, new RegExp(alts.join('|'))] as const)] as const,
  );
  const known = new Set(Object.values(says).flatMap((rows) => Object.keys(rows)));
  const tables = Object.entries(fields).map(([field, rows]) => {
    const table = rows.map(([value, ...conditions]) => {
      const tests = conditions.map((c) => conditionOf(String(c), known, `${file}: ${field}`));
      return { value, holds: (facts: Facts) => tests.every((test) => test(facts)) };
    });
    known.add(field);
    return [field, table] as const;
  });
  return (texts) => {
    const facts: Facts = {};
    for (const [text, rows] of patterns)
      if (texts[text] !== undefined) for (const [name, pattern] of rows) facts[name] = pattern.test(texts[text]);
    for (const [field, table] of tables) facts[field] = table.find((row) => row.holds(facts))?.value;
    return facts;
  };
}

/** The fields every reading file may have (see `readFormWords`). */
const FORM_FILE = {
  forms: Type.Optional(Words),
  shapes: Type.Optional(PatternRows),
  names: Type.Optional(Type.Record(Type.String(), Type.String())),
  says: Type.Optional(SaysRows),
  fields: Type.Optional(FieldRows),
  form: Type.Optional(Words),
};

/**
 * ./readings/<file>.yaml, checked at load: `shapes`, the reader's pattern table of `values` (its rows in
 * order; `values` are the file's `forms` when the reader names none), `names`, how the summary names a value
 * (the value itself when the file names it not), `says` and `fields` as one `read` (see `readingOf`),
 * `form`, the facts of a reading the reader's form keeps (`formOf`), and the file's other fields as `extra` says.
 */
export function readFormWords<V extends string, F extends TProperties = Record<never, never>>(
  file: string,
  values: readonly V[] | undefined,
  extra = {} as F,
): Static<TObject<F>> & {
  forms: V[];
  shapes: PatternTable<V>;
  names: Record<V, string>;
  read: ReturnType<typeof readingOf>;
  formOf: (facts: Facts) => Facts;
} {
  const schema = Type.Object({ ...FORM_FILE, ...extra }, { additionalProperties: false });
  const path = `readings/${file}.yaml`;
  const rows = readDataFile(new URL(`./${path}`, import.meta.url), schema as TSchema) as Static<TObject<F>> &
    Static<TObject<typeof FORM_FILE>>;
  const forms = [...(values ?? (rows.forms as V[] | undefined) ?? [])];
  for (const name of Object.keys(rows.names ?? {}))
    if (!forms.includes(name as V)) throw new Error(`${path}: names: "${name}" is not one of ${forms}`);
  return {
    ...rows,
    forms,
    shapes: patternTable(rows.shapes ?? [], forms, path),
    names: { ...(Object.fromEntries(forms.map((v) => [v, v as string])) as Record<V, string>), ...rows.names },
    read: readingOf(rows.says ?? {}, rows.fields ?? {}, path),
    formOf: (facts) => Object.fromEntries((rows.form ?? []).map((name) => [name, facts[name]])),
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
