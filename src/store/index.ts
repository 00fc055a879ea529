/**
 * Storage seams: `Db` (Kysely over better-sqlite3, or pg when DATABASE_URL is postgres://) and
 * `BlobStore` (a local directory under KILN_DATA_DIR). Both are chosen by a factory from Config.
 */
export type { Db } from './db.ts';
export { createDb, openSqlite, openPostgres } from './db.ts';
export type { Schema } from './schema.ts';
export type { BlobStore, BlobInfo } from './blob-store.ts';
export { createBlobStore, LocalBlobStore } from './local-blob-store.ts';
export { openBlobStore } from './open-blob-store.ts';
export type { PresignOptions } from './blob-store.ts';
