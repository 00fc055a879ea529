/**
 * The relational store: Kysely over better-sqlite3 (embedded, default) or pg (DATABASE_URL=postgres://).
 * Migrations run on open. `tx()` is the one way to write several rows together.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { silentLogger } from '../logger.ts';
import { migrationProvider } from './migrations.ts';
import type { Schema } from './schema.ts';
import { DependencyUnavailableError, isDatabaseOutage } from './unavailable.ts';

export interface Db {
  readonly kysely: Kysely<Schema>;
  readonly dialect: 'sqlite' | 'postgres';
  /**
   * Runs `fn` in one write transaction and commits, or rolls back when it throws.
   * SQLite: BEGIN IMMEDIATE, so concurrent writers (other processes too) queue on busy_timeout instead
   * of failing on a read-to-write upgrade. PostgreSQL: READ COMMITTED; writers that decide on a value
   * use conditional updates (`… WHERE balance_milli >= price`), which lock the row they change.
   */
  tx<T>(fn: (trx: Kysely<Schema>) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

async function migrate(kysely: Kysely<Schema>, logger: Logger, migrationTableSchema?: string): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: migrationProvider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger.info({ migration: result.migrationName }, 'migration applied');
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * better-sqlite3 behind Kysely, with prepared statements reused: Kysely prepares every query afresh,
 * and preparing costs more than running the small indexed queries of status polling. Reuse is safe:
 * Kysely's SQLite driver runs one query at a time on its single connection.
 */
function withStatementCache(database: Database.Database, limit = 256): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    prepare(source: string) {
      let statement = cache.get(source);
      if (statement) {
        cache.delete(source); // re-insert: the Map's order is the recency order
      } else {
        statement = database.prepare(source);
        if (cache.size >= limit) cache.delete(cache.keys().next().value!);
      }
      cache.set(source, statement);
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}

/** Opens (creating and migrating) the SQLite database at `file`. */
export async function openSqlite(file: string, options: { logger?: Logger } = {}): Promise<Db> {
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 10000');
  // WAL + NORMAL is durable against process crashes (what the queue needs); only an OS crash may lose the last commits.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  await migrate(kysely, options.logger ?? silentLogger);
  return {
    kysely,
    dialect: 'sqlite',
    async tx(fn) {
      // Kysely's SQLite driver has one connection guarded by a mutex: holding it serialises this process;
      // BEGIN IMMEDIATE takes the write lock up front against other processes.
      return kysely.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          const result = await fn(conn as Kysely<Schema>);
          await sql`commit`.execute(conn);
          return result;
        } catch (error) {
          await sql`rollback`.execute(conn).catch(() => undefined);
          throw error;
        }
      });
    },
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async close() {
      await kysely.destroy();
    },
  };
}

/** int8 and numeric (SUM, COUNT, bigint columns) as JavaScript numbers: every value Kiln keeps fits. */
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** How long a query waits for a connection to PostgreSQL before it fails. */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

/** Connects to PostgreSQL and migrates. */
export async function openPostgres(url: string, options: { logger?: Logger; poolSize?: number } = {}): Promise<Db> {
  const logger = options.logger ?? silentLogger;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes as pg.CustomTypesConfig,
    // While PostgreSQL is down a query fails after this long (the API answers 503) instead of waiting forever.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle pooled connection that PostgreSQL drops (restart, failover, pg_terminate_backend) is reported
  // here; without a listener node-postgres' 'error' event ends the process. The pool discards that client
  // and opens a new connection on the next query, so logging is all there is to do.
  // Only the message and code: node-postgres hangs the client (with its connection parameters, password
  // included) on this error, and a logged `err` would print it.
  pool.on('error', (error) =>
    logger.warn(
      { error: error.message, code: (error as { code?: string }).code },
      'postgres: pooled connection lost; reconnecting on next use',
    ),
  );
  // A connection dropped while checked out (between the statements of a transaction) emits on the client
  // itself, where the pool no longer listens: the statement under way fails, the process must not.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  // Kysely looks for its migration tables in every schema unless told which: name the schema the
  // connection works in (search_path), so databases holding several Kiln schemas migrate each one.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`
    .execute(kysely)
    .catch(async (error: unknown) => {
      await kysely.destroy();
      // Name the setting: a bare ECONNREFUSED at start does not say which service is missing. An outage
      // may be waited out (the caller decides); a refused login or a missing database may not.
      const message = `DATABASE_URL (${new URL(url).host}) ${isDatabaseOutage(error) ? 'is not reachable' : 'refused the connection'}: ${(error as Error).message}`;
      throw isDatabaseOutage(error)
        ? new DependencyUnavailableError('database', message, { cause: error })
        : new Error(message, { cause: error });
    });
  await migrate(kysely, logger, rows[0]?.schema ?? 'public');
  return {
    kysely,
    dialect: 'postgres',
    tx: (fn) => kysely.transaction().execute(fn),
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    async close() {
      await kysely.destroy();
    },
  };
}

/** PostgreSQL when DATABASE_URL is postgres://…, else SQLite at <dataDir>/kiln.db. */
export async function createDb(config: Config, options: { logger?: Logger } = {}): Promise<Db> {
  if (config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    return openPostgres(config.databaseUrl, options);
  }
  if (config.databaseUrl && !config.databaseUrl.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with postgres:// (or sqlite:<file>); got "${config.databaseUrl}".`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = config.databaseUrl?.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : join(config.dataDir, 'kiln.db');
  return openSqlite(file, options);
}
