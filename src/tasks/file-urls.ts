/**
 * Direct download URLs: with KILN_S3_PRESIGNED_DOWNLOADS the signed /files link answers with a redirect
 * to a short-lived presigned URL of the bucket, after the same availability check as a streamed
 * download (task Done, files not expired).
 */
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { findAvailableFile } from './available-file.ts';

export async function presignedFileUrl(
  db: Db,
  blobs: BlobStore,
  taskId: string,
  name: string,
  expiresSeconds: number,
): Promise<string | null> {
  if (!blobs.presignedUrl) return null;
  const file = await findAvailableFile(db, taskId, name);
  if (!file) return null;
  return blobs.presignedUrl(file.blobKey, { expiresSeconds, filename: file.name, contentType: file.contentType });
}
