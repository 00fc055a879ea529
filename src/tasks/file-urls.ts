/**
 * Direct download URLs: with KILN_S3_PRESIGNED_DOWNLOADS the signed /files link answers with a redirect
 * to a short-lived presigned URL of the bucket, after the same availability check as a streamed
 * download (task Done, files not expired).
 */
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { filesAvailable } from './records.ts';

export async function presignedFileUrl(db: Db, blobs: BlobStore, taskId: string, name: string, expiresSeconds: number): Promise<string | null> {
  if (!blobs.presignedUrl) return null;
  const row = await db.kysely
    .selectFrom('task_files')
    .innerJoin('tasks', 'tasks.id', 'task_files.task_id')
    .select(['task_files.name', 'task_files.content_type', 'task_files.blob_key', 'tasks.state', 'tasks.files_expired_at'])
    .where('task_files.task_id', '=', taskId)
    .where('task_files.name', '=', name)
    .executeTakeFirst();
  if (!row || !filesAvailable(row)) return null;
  return blobs.presignedUrl(row.blob_key, { expiresSeconds, filename: row.name, contentType: row.content_type });
}
