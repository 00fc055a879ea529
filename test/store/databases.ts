/**
 * Test databases: a fresh SQLite file per call, and (when reachable) a fresh PostgreSQL schema per call.
 * PostgreSQL comes from KILN_TEST_DATABASE_URL or CI's postgres://postgres@127.0.0.1:5432/test.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type Db } from '../../src/store/db.ts';
import { PG_SKIP_MESSAGE, TEST_POSTGRES_URL, postgresReachable } from '../support/external-services.ts';

export interface TestDb {
  db: Db;
  /** Removes the database (file or schema). */
  drop(): Promise<void>;
}

export function tempDir(label = 'kiln-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), label));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function sqliteTestDb(): Promise<TestDb> {
  const temp = tempDir();
  const db = await openSqlite(join(temp.dir, 'kiln.db'));
  return {
    db,
    async drop() {
      await db.close();
      temp.remove();
    },
  };
}

const PG_URL = TEST_POSTGRES_URL;
export { PG_SKIP_MESSAGE, postgresReachable };

/** A URL whose connections use a fresh schema of the test PostgreSQL database, and its removal. */
export async function postgresTestSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `kiln_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/** A Db on a fresh schema of the test PostgreSQL database. */
export async function postgresTestDb(): Promise<TestDb> {
  const schema = await postgresTestSchema();
  const db = await openPostgres(schema.url, { poolSize: 10 });
  return {
    db,
    async drop() {
      await db.close();
      await schema.drop();
    },
  };
}
