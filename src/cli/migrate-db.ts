/**
 * `kiln migrate-db [--from FILE]`: copies an embedded installation's SQLite database (default
 * <KILN_DATA_DIR>/kiln.db) into the empty PostgreSQL database of DATABASE_URL, then puts every Waiting
 * job on the configured queue (REDIS_URL's BullMQ, or the embedded queue in PostgreSQL). Run it with
 * the old server stopped.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openPostgres, openSqlite } from '../store/db.ts';
import { copyDatabase } from '../store/copy-database.ts';
import { createQueue } from '../queue/index.ts';
import { jobPayload } from '../tasks/task-service.ts';
import { configFrom } from './config-from.ts';
import { CliError, type CliIo } from './output.ts';

export async function migrateDbCommand(io: CliIo, flags: { from?: string }): Promise<void> {
  const config = configFrom(io);
  if (!config.databaseUrl || !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new CliError(
      'migrate-db copies into PostgreSQL: set DATABASE_URL=postgres://… to the new (empty) database.',
      2,
    );
  }
  const file = flags.from ? resolve(flags.from) : join(config.dataDir, 'kiln.db');
  if (!existsSync(file))
    throw new CliError(
      `No SQLite database at ${file}; pass --from <file> or set KILN_DATA_DIR to the old installation's data directory.`,
    );
  const source = await openSqlite(file);
  const target = await openPostgres(config.databaseUrl, { poolSize: 2 }).catch(async (error: unknown) => {
    await source.close();
    throw new CliError(`could not open DATABASE_URL: ${(error as Error).message}`);
  });
  try {
    io.err(`Copying ${file} → DATABASE_URL`);
    const result = await copyDatabase(source, target, (table, rows) => io.err(`  ${table}: ${rows} rows`)).catch(
      (error: unknown) => {
        throw new CliError((error as Error).message);
      },
    );
    const queue = await createQueue(config, target);
    try {
      const waiting = await target.kysely
        .selectFrom('jobs')
        .select(['id', 'task_id'])
        .where('state', '=', 'Waiting')
        .execute();
      for (const job of waiting) await queue.enqueue(job.id, jobPayload(job.task_id, job.id));
      const rows = Object.values(result.tables).reduce((sum, count) => sum + count, 0);
      io.out(
        `migrated ${rows} rows in ${Object.keys(result.tables).length} tables; ${waiting.length} waiting jobs queued (${result.interrupted} were interrupted runs)`,
      );
    } finally {
      await queue.close();
    }
  } finally {
    await source.close();
    await target.close();
  }
}
