/**
 * The living things' proportion rows as data (./bodies.json): each row `{id, plan, params, palette}`
 * is one profile of one body plan (a dog of the quadruped plan, an owl of the bird plan), `params` its
 * numbers and switches, `palette` its colours (a name of ./palette.ts or an sRGB triple of its own).
 * A plan module reads its rows with `bodyRows(plan, schema)`, which checks each against the plan's
 * TypeBox schema (so a typo fails at start-up, naming the row) and refuses an id listed twice.
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { RGB } from './kit.ts';
import * as PALETTE from './palette.ts';
import { ColourSchema, firstSchemaError, listedTwice, readRowFile } from './row-files.ts';

/** The plans that read rows here, each from its own module (families/*.ts). */
export const BODY_PLANS = [
  'quadruped',
  'primate',
  'bird',
  'fish',
  'insect',
  'arachnid',
  'crustacean',
  'myriapod',
  'marine-mammal',
  'worm',
] as const;

export type BodyPlan = (typeof BODY_PLANS)[number];

const BodyRowSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    plan: Type.Union(BODY_PLANS.map((plan) => Type.Literal(plan))),
    params: Type.Record(Type.String(), Type.Unknown()),
    palette: Type.Optional(Type.Record(Type.String(), ColourSchema)),
  },
  { additionalProperties: false },
);

export const BODY_FILE_SCHEMA = Type.Object(
  { about: Type.String(), rows: Type.Array(BodyRowSchema) },
  { additionalProperties: false },
);

export type BodyRow = Static<typeof BodyRowSchema>;
export type BodyFile = Static<typeof BODY_FILE_SCHEMA>;

/** A row's params with its palette's colours resolved into them, as the plan reads it. */
function merged(row: BodyRow): Record<string, unknown> {
  const colours = Object.entries(row.palette ?? {}).map(([key, colour]) => [
    key,
    typeof colour === 'string' ? (PALETTE as Record<string, RGB>)[colour] : colour,
  ]);
  return { ...row.params, ...Object.fromEntries(colours) };
}

/** Every problem of a parsed body file (empty when sound): the file's shape, an id listed twice in a plan. */
export function bodyFileProblems(file: unknown): string[] {
  const error = firstSchemaError(BODY_FILE_SCHEMA, file);
  if (error) return [error];
  return listedTwice((file as BodyFile).rows.map((row) => `${row.plan}/${row.id}`));
}

/** The problems of one plan's rows against its schema, each naming the row. */
export function bodyRowProblems(rows: readonly BodyRow[], plan: BodyPlan, schema: TObject): string[] {
  return rows
    .filter((row) => row.plan === plan)
    .flatMap((row) => {
      const error = Value.Errors(schema, merged(row)).First();
      return error ? [`${plan}/${row.id}${error.path}: ${error.message}`] : [];
    });
}

function readBodyFile(): BodyFile {
  return readRowFile(new URL('./bodies.json', import.meta.url), 'bodies.json', bodyFileProblems) as BodyFile;
}

export const BODY_ROWS: readonly BodyRow[] = Object.freeze(readBodyFile().rows);

/** One plan's rows by id, checked against the plan's schema; throws on the first problems. */
export function bodyRows<T extends TObject>(plan: BodyPlan, schema: T): Readonly<Record<string, Static<T>>> {
  const problems = bodyRowProblems(BODY_ROWS, plan, schema);
  if (problems.length) throw new Error(`bodies.json: ${problems.slice(0, 5).join('; ')}`);
  return Object.freeze(
    Object.fromEntries(BODY_ROWS.filter((row) => row.plan === plan).map((row) => [row.id, merged(row) as Static<T>])),
  );
}
