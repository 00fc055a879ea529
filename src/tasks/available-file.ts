/**
 * The one lookup behind every file download (stream, whole read, presigned redirect): the file's row,
 * but only while its task is Done and its files have not expired.
 */
import type { Db } from '../store/db.ts';
import { filesAvailable } from './records.ts';

export interface AvailableFile {
  name: string;
  contentType: string;
  blobKey: string;
}

export async function findAvailableFile(db: Db, taskId: string, name: string): Promise<AvailableFile | null> {
  const row = await db.kysely
    .selectFrom('task_files')
    .innerJoin('tasks', 'tasks.id', 'task_files.task_id')
    .select([
      'task_files.name',
      'task_files.content_type',
      'task_files.blob_key',
      'tasks.state',
      'tasks.files_expired_at',
    ])
    .where('task_files.task_id', '=', taskId)
    .where('task_files.name', '=', name)
    .executeTakeFirst();
  if (!row || !filesAvailable(row)) return null;
  return { name: row.name, contentType: row.content_type, blobKey: row.blob_key };
}
