/**
 * Storage seams: `Db` (Kysely over better-sqlite3, or pg when DATABASE_URL is postgres://) and
 * `BlobStore` (a local directory under KILN_DATA_DIR, or an S3 bucket when KILN_S3_BUCKET is set). Both
 * are chosen by a factory from Config (`createDb`, `openBlobStore`).
 */
export type { Db } from './db.ts';
export { createDb, openSqlite, openPostgres } from './db.ts';
export type { Schema } from './schema.ts';
export type { BlobStore, BlobInfo } from './blob-store.ts';
export { createBlobStore, LocalBlobStore } from './local-blob-store.ts';
export { openBlobStore } from './open-blob-store.ts';
export type { PresignOptions } from './blob-store.ts';
