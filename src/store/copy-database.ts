/**
 * Copies every row of an embedded installation's SQLite database into an empty PostgreSQL database
 * (both already migrated to the same schema), in one PostgreSQL transaction: it lands whole or not at
 * all. Tables go parents first so foreign keys hold; tables added by later migrations are copied too.
 * The embedded queue's entries are not copied: the caller re-enqueues the Waiting jobs on the new queue.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from './db.ts';

/** Parents before children; any other table follows in name order. */
const ORDER = ['accounts', 'api_keys', 'ledger', 'tasks', 'jobs', 'task_inputs', 'task_files'];
const SKIPPED = new Set(['queue_entries']);
const BATCH_ROWS = 500;

export interface CopyDatabaseResult {
  /** Rows copied per table. */
  tables: Record<string, number>;
  /** Jobs that were Generating in the source (their run was cut short) and are Waiting again. */
  interrupted: number;
}

async function sourceTables(source: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(source.kysely);
  const names = rows.rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && !name.startsWith('kysely_') && !SKIPPED.has(name));
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return names.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
}

export async function copyDatabase(
  source: Db,
  target: Db,
  onTable?: (table: string, rows: number) => void,
): Promise<CopyDatabaseResult> {
  if (source.dialect !== 'sqlite' || target.dialect !== 'postgres')
    throw new Error('copyDatabase copies a SQLite database into PostgreSQL.');
  const existing = await target.kysely.selectFrom('accounts').select('id').limit(1).execute();
  if (existing.length > 0)
    throw new Error(
      'The PostgreSQL database already holds accounts; migrate into an empty database so no ledger is merged by accident.',
    );
  const tables = await sourceTables(source);
  const result: CopyDatabaseResult = { tables: {}, interrupted: 0 };
  const from = source.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await target.tx(async (trx) => {
    const to = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const table of tables) {
      let copied = 0;
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const rows = await from
          .selectFrom(table)
          .selectAll()
          .orderBy(sql`rowid`)
          .limit(BATCH_ROWS)
          .offset(offset)
          .execute();
        if (rows.length === 0) break;
        await to.insertInto(table).values(rows).execute();
        copied += rows.length;
      }
      result.tables[table] = copied;
      onTable?.(table, copied);
    }
    // A run cut short by stopping the old server starts again on the new workers (attempts are kept).
    const interrupted = await trx
      .updateTable('jobs')
      .set({ state: 'Waiting', stage: null, updated_at: Date.now() })
      .where('state', '=', 'Generating')
      .executeTakeFirst();
    await trx.updateTable('tasks').set({ state: 'Waiting' }).where('state', '=', 'Generating').execute();
    result.interrupted = Number(interrupted.numUpdatedRows);
  });
  return result;
}
