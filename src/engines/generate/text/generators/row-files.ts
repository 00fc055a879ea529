/**
 * What the generators' row files (parts/*.json, bodies.json, modifiers.json) share: a colour as a
 * palette name or an sRGB triple, a schema check that names its first problem, and the one way to read
 * such a file, which refuses to load with the file's first problems so a typo fails at start-up.
 */
import { readFileSync } from 'node:fs';
import { type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import * as PALETTE from './palette.ts';

/** The names of ./palette.ts's colours, as rows spell them. */
export const PALETTE_NAMES = Object.keys(PALETTE).filter((k) => Array.isArray((PALETTE as Record<string, unknown>)[k]));

/** A colour in a row: a palette name or an sRGB triple of the row's own. */
export const ColourSchema = Type.Union([
  Type.Union(PALETTE_NAMES.map((name) => Type.Literal(name))),
  Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
]);

/** The first way `value` breaks `schema`, as `path: message`, or undefined when it fits. */
export function firstSchemaError(schema: TSchema, value: unknown): string | undefined {
  const error = Value.Errors(schema, value).First();
  return error ? `${error.path || '/'}: ${error.message}` : undefined;
}

/** `<key>: listed twice` for every key listed before it: a row file's ids, which must differ. */
export function listedTwice(keys: readonly string[]): string[] {
  return keys.filter((key, k) => keys.indexOf(key) < k).map((key) => `${key}: listed twice`);
}

/** The parsed JSON file at `url`; throws naming `label` and the first five problems `problemsOf` finds. */
export function readRowFile(url: URL, label: string, problemsOf: (file: unknown) => string[]): unknown {
  const file: unknown = JSON.parse(readFileSync(url, 'utf8'));
  const problems = problemsOf(file);
  if (problems.length) throw new Error(`${label}: ${problems.slice(0, 5).join('; ')}`);
  return file;
}
