/** Retention: output and input files of tasks past their expiry are removed; the task records stay. */
import type { Logger } from '../logger.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';

export interface SweepDeps {
  db: Db;
  blobs: BlobStore;
  logger: Logger;
}

export async function sweepExpired({ db, blobs, logger }: SweepDeps, now = new Date()): Promise<number> {
  const { kysely } = db;
  const due = await kysely
    .selectFrom('tasks')
    .select('id')
    .where('files_expire_at', '<=', now.getTime())
    .where('files_expired_at', 'is', null)
    .limit(500)
    .execute();
  for (const { id } of due) {
    // Mark first: a download racing the sweep then gets "expired", never a half-deleted file.
    await kysely.updateTable('tasks').set({ files_expired_at: now.getTime() }).where('id', '=', id).execute();
    await blobs.deletePrefix(`outputs/${id}/`);
    await blobs.deletePrefix(`inputs/${id}/`);
  }
  if (due.length > 0) logger.info({ tasks: due.length }, 'retention: output files removed');
  return due.length;
}
