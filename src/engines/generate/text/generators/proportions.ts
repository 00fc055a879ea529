/**
 * The objects' proportion tables as data (./proportions/<family>.json; the living things' are
 * ./bodies.json): each file is one family's table, one row per line, `{id, ...}` with the numbers and
 * switches of one profile (a top hat's crown, a backpack's size). The family's module reads its table
 * with `proportionRows(family, schema)`, which checks every row against the module's TypeBox schema
 * and refuses an id listed twice, so a typo fails at start-up naming the file and the row.
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';
import { firstSchemaError, listedTwice, readRowFile } from './row-files.ts';

const RowSchema = Type.Object({ id: Type.String({ minLength: 1 }) });

const FileSchema = Type.Object({ about: Type.String(), rows: Type.Array(RowSchema) }, { additionalProperties: false });

type ProportionFile = { about: string; rows: { id: string }[] };

/** Every problem of a parsed proportions file (empty when sound): its shape, a row against `schema`, an id twice. */
export function proportionProblems(file: unknown, schema: TObject): string[] {
  const error = firstSchemaError(FileSchema, file);
  if (error) return [error];
  const rows = (file as ProportionFile).rows;
  const problems = listedTwice(rows.map((row) => row.id));
  for (const { id, ...params } of rows) {
    const rowError = firstSchemaError(schema, params);
    if (rowError) problems.push(`${id}${rowError}`);
  }
  return problems;
}

/** One family's rows by id (without the id), each checked against `schema`; throws on the first problems. */
export function proportionRows<T extends TObject>(family: string, schema: T): Readonly<Record<string, Static<T>>> {
  const file = readRowFile(
    new URL(`./proportions/${family}.json`, import.meta.url),
    `proportions/${family}.json`,
    (f) => proportionProblems(f, schema),
  ) as ProportionFile;
  return Object.freeze(Object.fromEntries(file.rows.map(({ id, ...params }) => [id, params as Static<T>])));
}
