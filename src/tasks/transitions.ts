/**
 * The job state machine's writes: Waiting → Generating → Done | Failed. Each terminal transition is
 * guarded by the current state inside one transaction together with its ledger entry (settle or
 * refund) and the key's in-flight count, so a job that runs twice can never settle or refund twice.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { post } from '../accounts/ledger.ts';
import type { EngineFile } from '../engines/engine.ts';
import type { Db } from '../store/db.ts';
import type { Schema } from '../store/schema.ts';
import type { TaskEventPublisher } from './events/publisher.ts';
import { queueProgressWebhook, queueWebhooks } from './webhooks/outbox.ts';

/** Where committed transitions are announced (the task event publisher); optional so tools and tests can omit it. */
export type TransitionEvents = Pick<TaskEventPublisher, 'publish'>;

export const outputKey = (taskId: string, name: string) => `outputs/${taskId}/${name}`;
export const inputKey = (taskId: string, position: number) => `inputs/${taskId}/${position}`;

export interface AttemptContext {
  taskId: string;
  kind: string;
  spec: string;
  inputs: Array<{ field: string; filename: string; blobKey: string }>;
}

/** Marks the job Generating for this attempt; null when the task already ended (nothing to run). */
export async function startAttempt(
  db: Db,
  taskId: string,
  jobId: string,
  attempt: number,
  events?: TransitionEvents,
): Promise<AttemptContext | null> {
  const context = await db.tx(async (trx) => {
    const now = Date.now();
    const task = await trx
      .updateTable('tasks')
      .set({ state: 'Generating', started_at: sql<number>`coalesce(started_at, ${now})` })
      .where('id', '=', taskId)
      .where('state', 'in', ['Waiting', 'Generating'])
      .returning(['id', 'kind', 'spec'])
      .executeTakeFirst();
    if (!task) return null;
    await trx
      .updateTable('jobs')
      // 'starting' covers loading the engine in its worker thread, before the engine reports its own stages.
      .set({
        state: 'Generating',
        attempts: attempt,
        stage: sql<string>`coalesce(stage, 'starting')`,
        started_at: sql<number>`coalesce(started_at, ${now})`,
        updated_at: now,
      })
      .where('id', '=', jobId)
      .execute();
    const inputs = await trx
      .selectFrom('task_inputs')
      .select(['field', 'filename', 'blob_key'])
      .where('task_id', '=', taskId)
      .orderBy('position')
      .execute();
    return {
      taskId,
      kind: task.kind,
      spec: task.spec,
      inputs: inputs.map((row) => ({ field: row.field, filename: row.filename, blobKey: row.blob_key })),
    };
  });
  if (context) await events?.publish({ type: 'started', taskId, jobId, attempt, stage: 'starting', at: Date.now() });
  return context;
}

/**
 * Persists progress (0–99 while running; 100 is reserved for Done). Progress never moves backwards,
 * even when a retry starts the engine again from zero. Returns false when the job is no longer
 * Generating (cancelled, or ended by another worker): the run should stop.
 */
export async function recordProgress(
  db: Db,
  jobId: string,
  stage: string,
  percent: number,
  events?: TransitionEvents,
): Promise<boolean> {
  const value = Math.max(0, Math.min(99, Math.floor(percent)));
  const row = await db.kysely
    .updateTable('jobs')
    .set({
      stage,
      progress: sql<number>`case when progress > ${value} then progress else ${value} end`,
      updated_at: Date.now(),
    })
    .where('id', '=', jobId)
    .where('state', '=', 'Generating')
    .returning(['task_id', 'progress'])
    .executeTakeFirst();
  if (!row) return false;
  await queueProgressWebhook(db.kysely, row.task_id, stage, Date.now());
  await events?.publish({
    type: 'progress',
    taskId: row.task_id,
    jobId,
    stage,
    progress: Number(row.progress),
    at: Date.now(),
  });
  return true;
}

async function endInFlight(trx: Kysely<Schema>, keyId: string): Promise<void> {
  await trx
    .updateTable('api_keys')
    .set({ in_flight: sql<number>`case when in_flight > 0 then in_flight - 1 else 0 end` })
    .where('id', '=', keyId)
    .execute();
}

/**
 * Done: the output files (already in the blob store) are listed, the job reaches 100, the reservation
 * is settled. Returns false when the task had already ended (a duplicate run).
 */
export async function completeTask(
  db: Db,
  taskId: string,
  jobId: string,
  files: Array<Pick<EngineFile, 'name' | 'contentType'> & { size: number }>,
  notes: Record<string, unknown> | undefined,
  retentionMs: number,
  events?: TransitionEvents,
): Promise<boolean> {
  const done = await db.tx(async (trx) => {
    const now = Date.now();
    const task = await trx
      .updateTable('tasks')
      .set({
        state: 'Done',
        finished_at: now,
        files_expire_at: now + retentionMs,
        notes: notes ? JSON.stringify(notes) : null,
      })
      .where('id', '=', taskId)
      .where('state', 'in', ['Waiting', 'Generating'])
      .returning(['account_id', 'key_id'])
      .executeTakeFirst();
    if (!task) return false;
    if (files.length > 0) {
      await trx
        .insertInto('task_files')
        .values(
          files.map((file) => ({
            task_id: taskId,
            name: file.name,
            size: file.size,
            content_type: file.contentType,
            blob_key: outputKey(taskId, file.name),
            created_at: now,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('jobs')
      .set({ state: 'Done', progress: 100, stage: 'done', finished_at: now, updated_at: now })
      .where('id', '=', jobId)
      .execute();
    await post(trx, { accountId: task.account_id, taskId, kind: 'settle', amountMilli: 0, reason: 'task done' });
    await endInFlight(trx, task.key_id);
    await queueWebhooks(trx, taskId, 'task.done', now);
    return true;
  });
  if (done)
    await events?.publish({
      type: 'done',
      taskId,
      jobId,
      progress: 100,
      files: files.map((file) => file.name),
      at: Date.now(),
    });
  return done;
}

/** Failed: the error is recorded and the reserved price refunded. False when the task had already ended. */
export async function failTask(
  db: Db,
  taskId: string,
  jobId: string,
  error: { code: string; message: string },
  retentionMs: number,
  events?: TransitionEvents,
): Promise<boolean> {
  const failed = await db.tx(async (trx) => {
    const now = Date.now();
    const task = await trx
      .updateTable('tasks')
      .set({
        state: 'Failed',
        finished_at: now,
        files_expire_at: now + retentionMs,
        error_code: error.code,
        error_message: error.message,
      })
      .where('id', '=', taskId)
      .where('state', 'in', ['Waiting', 'Generating'])
      .returning(['account_id', 'key_id', 'price_milli'])
      .executeTakeFirst();
    if (!task) return false;
    await trx
      .updateTable('jobs')
      .set({ state: 'Failed', stage: 'failed', finished_at: now, updated_at: now })
      .where('id', '=', jobId)
      .execute();
    await post(trx, {
      accountId: task.account_id,
      taskId,
      kind: 'refund',
      amountMilli: Number(task.price_milli),
      reason: `refund: ${error.code}`,
    });
    await endInFlight(trx, task.key_id);
    await queueWebhooks(trx, taskId, 'task.failed', now);
    return true;
  });
  if (failed) await events?.publish({ type: 'failed', taskId, jobId, error, at: Date.now() });
  return failed;
}
