/**
 * The webhook outbox's write side: an event row is added in the same transaction as the state change
 * it announces, so a committed Done or Failed always has its delivery pending, whatever dies next.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../store/schema.ts';
import { webhookBody } from './payload.ts';

export type WebhookEventType = 'task.done' | 'task.failed' | 'task.progress';

/**
 * Queues `task.progress` once per stage of a task whose submission asked for progress webhooks. The
 * id is derived from (task, stage), so a retried run reaching the same stage queues nothing new.
 */
export async function queueProgressWebhook(
  kysely: Kysely<Schema>,
  taskId: string,
  stage: string,
  now: number,
): Promise<void> {
  const target = await kysely
    .selectFrom('task_webhooks')
    .select('url')
    .where('task_id', '=', taskId)
    .where('progress', '=', 1)
    .executeTakeFirst();
  if (!target) return;
  const id = `evt_${taskId}_${createHash('sha256').update(stage).digest('hex').slice(0, 12)}`;
  if (await kysely.selectFrom('webhook_outbox').select('id').where('id', '=', id).executeTakeFirst()) return;
  // Frozen now: the record as it was at this stage, not as it is when the delivery happens.
  const body = await webhookBody(kysely, { id, type: 'task.progress', task_id: taskId, created_at: now });
  await kysely
    .insertInto('webhook_outbox')
    .values({
      id,
      task_id: taskId,
      url: target.url,
      type: 'task.progress',
      state: 'pending',
      attempts: 0,
      created_at: now,
      next_attempt_at: now,
      lease_until: null,
      body,
      last_error: null,
      delivered_at: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Queues `type` for the task's webhook target, if it has one. */
export async function queueWebhooks(
  trx: Kysely<Schema>,
  taskId: string,
  type: WebhookEventType,
  now: number,
): Promise<void> {
  const target = await trx.selectFrom('task_webhooks').select('url').where('task_id', '=', taskId).executeTakeFirst();
  if (!target) return;
  await trx
    .insertInto('webhook_outbox')
    .values({
      id: `evt_${randomUUID()}`,
      task_id: taskId,
      url: target.url,
      type,
      state: 'pending',
      attempts: 0,
      created_at: now,
      next_attempt_at: now,
      lease_until: null,
      body: null,
      last_error: null,
      delivered_at: null,
    })
    .execute();
}
