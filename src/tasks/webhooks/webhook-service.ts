/**
 * Webhook settings and records: which URL a submission's events go to (its own webhook_url, else the
 * key's default), per-key defaults and secrets for the CLI, and the delivery log of a task.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../store/db.ts';
import { checkWebhookUrl } from './address-guard.ts';
import { newWebhookSecret, signingSecretOf } from './key-secrets.ts';

export interface WebhookDelivery {
  attempt: number;
  time: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookEventLog {
  id: string;
  type: string;
  url: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  deliveries: WebhookDelivery[];
}

export interface WebhookService {
  /**
   * The target for a submission: `requested` (checked: http(s), public unless allowed) else the key's
   * default, else null. Makes sure the key can sign. INVALID_REQUEST with what to change when refused.
   */
  targetFor(keyId: string, requested: string | undefined): Promise<string | null>;
  /** Sets (or with null clears) a key's default URL; the URL is checked like a submission's. */
  setKeyWebhook(keyId: string, url: string | null): Promise<string | null>;
  /** The key's signing secret (created on first request when the key has none and no default is set). */
  keySecret(keyId: string): Promise<{ secret: string; source: 'key' | 'KILN_WEBHOOK_SECRET' }>;
  /** Every webhook event of a task with its delivery attempts, oldest first. */
  deliveryLog(taskId: string): Promise<WebhookEventLog[]>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function createWebhookService(db: Db, config: Pick<Config, 'webhooks'>): WebhookService {
  const { kysely } = db;
  const settings = config.webhooks;

  return {
    async targetFor(keyId, requested) {
      let url: string | null;
      if (requested !== undefined && requested.trim() !== '')
        url = await checkWebhookUrl(requested.trim(), settings.allowPrivate);
      else
        url =
          (await kysely.selectFrom('key_webhooks').select('url').where('key_id', '=', keyId).executeTakeFirst())?.url ??
          null;
      if (url) await signingSecretOf(kysely, keyId, settings.defaultSecret);
      return url;
    },

    async setKeyWebhook(keyId, url) {
      const checked = url === null ? null : await checkWebhookUrl(url, settings.allowPrivate, 'the webhook URL');
      await kysely
        .insertInto('key_webhooks')
        .values({
          key_id: keyId,
          url: checked,
          secret: settings.defaultSecret ? null : newWebhookSecret(),
          updated_at: Date.now(),
        })
        .onConflict((oc) => oc.column('key_id').doUpdateSet({ url: checked, updated_at: Date.now() }))
        .execute();
      return checked;
    },

    async keySecret(keyId) {
      const own = await kysely
        .selectFrom('key_webhooks')
        .select('secret')
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      if (own?.secret) return { secret: own.secret, source: 'key' };
      if (settings.defaultSecret) return { secret: settings.defaultSecret, source: 'KILN_WEBHOOK_SECRET' };
      return { secret: await signingSecretOf(kysely, keyId, undefined), source: 'key' };
    },

    async deliveryLog(taskId) {
      const events = await kysely
        .selectFrom('webhook_outbox')
        .selectAll()
        .where('task_id', '=', taskId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      if (events.length === 0) return [];
      const attempts = await kysely
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where(
          'outbox_id',
          'in',
          events.map((event) => event.id),
        )
        .orderBy('attempt')
        .execute();
      return events.map((event) => ({
        id: event.id,
        type: event.type,
        url: event.url,
        state: event.state,
        attempts: Number(event.attempts),
        nextAttemptAt: event.state === 'pending' ? iso(event.next_attempt_at) : null,
        deliveredAt: iso(event.delivered_at),
        deliveries: attempts
          .filter((attempt) => attempt.outbox_id === event.id)
          .map((attempt) => ({
            attempt: Number(attempt.attempt),
            time: iso(attempt.at)!,
            statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
            error: attempt.error,
            durationMs: Number(attempt.duration_ms),
          })),
      }));
    },
  };
}
