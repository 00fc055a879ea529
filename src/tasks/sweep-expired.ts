/**
 * Retention: output and input files of tasks past their expiry are removed, with their finished webhook
 * events and delivery attempts (the log would otherwise grow with every task forever); the task records
 * stay. An event still being retried is kept until the dispatcher settles it; a later sweep removes it
 * then, since its task's files are already gone.
 */
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
  // One pass serves the tasks just expired and events that settled after their task had expired.
  let pruned = 0;
  let batch: number;
  do {
    batch = await pruneSettledEventsOfExpiredTasks(db);
    pruned += batch;
  } while (batch > 0);
  if (pruned > 0) logger.info({ events: pruned }, 'retention: settled webhook events of expired tasks removed');
  return due.length;
}

/** Settled webhook events of tasks whose files expired, with their delivery attempts: one bounded batch. */
async function pruneSettledEventsOfExpiredTasks({ kysely }: Db, batch = 500): Promise<number> {
  const rows = await kysely
    .selectFrom('webhook_outbox as o')
    .innerJoin('tasks as t', 't.id', 'o.task_id')
    .select('o.id')
    .where('o.state', '!=', 'pending')
    .where('t.files_expired_at', 'is not', null)
    .limit(batch)
    .execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await kysely.deleteFrom('webhook_deliveries').where('outbox_id', 'in', ids).execute();
  await kysely.deleteFrom('webhook_outbox').where('id', 'in', ids).execute();
  return ids.length;
}
