/**
 * The webhook outbox's write side: an event row is added in the same transaction as the state change
 * it announces, so a committed Done or Failed always has its delivery pending, whatever dies next.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../store/schema.ts';

export type WebhookEventType = 'task.done' | 'task.failed';

/** Queues `type` for the task's webhook target, if it has one. */
export async function queueWebhooks(trx: Kysely<Schema>, taskId: string, type: WebhookEventType, now: number): Promise<void> {
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
