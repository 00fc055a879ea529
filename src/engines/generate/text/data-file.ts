/**
 * The one way the reading side loads its word tables (understand/vocabulary.yaml, readings/*.yaml):
 * parsed, checked against the TypeBox schema of the module that reads it, and refused at start-up with
 * the file's first problem, so a typo in a row never reaches a prompt.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { parse } from 'yaml';

/** The YAML file at `url`, checked against `schema`; throws naming the file and the first way it breaks the schema. */
export function readDataFile<S extends TSchema>(url: URL, schema: S): Static<S> {
  const value: unknown = parse(readFileSync(url, 'utf8'));
  const error = Value.Errors(schema, value).First();
  if (error) throw new Error(`${fileURLToPath(url)}: ${error.path || '/'}: ${error.message}`);
  return value as Static<S>;
}

/**
 * A table of rows `value: [words]` turned round into word → value, in the rows' order; throws naming the
 * word when two rows list it (the later would silently win).
 */
export function byWord<V extends string>(rows: Record<V, string[]>, file: string): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [value, words] of Object.entries(rows) as [V, string[]][])
    for (const word of words) {
      if (Object.hasOwn(out, word)) throw new Error(`${file}: "${word}" is listed under ${out[word]} and ${value}`);
      out[word] = value;
    }
  return out;
}
