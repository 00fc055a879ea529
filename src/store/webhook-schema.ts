/** Row types of the webhook tables (migration 0002): per-key settings, per-task targets, the outbox and its delivery log. */

/** A key's default webhook URL and its signing secret (either may be unset). */
export interface KeyWebhooksTable {
  key_id: string;
  url: string | null;
  /** HMAC key of `Kiln-Signature`; when null, KILN_WEBHOOK_SECRET (or a secret made at first use). */
  secret: string | null;
  updated_at: number;
}

/** The webhook target of one task, fixed at submission (the request's webhook_url or the key's default). */
export interface TaskWebhooksTable {
  task_id: string;
  url: string;
  /** 1 when the submission asked for `task.progress` events too (webhook_progress=true). */
  progress: number;
}

/** One event to deliver, written in the same transaction as the state change it announces. */
export interface WebhookOutboxTable {
  /** The event id receivers deduplicate on (`evt_…`). */
  id: string;
  task_id: string;
  url: string;
  /** `task.done`, `task.failed`. */
  type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  /** A dispatcher holds the row until then; a dispatcher killed mid-delivery lets it expire. */
  lease_until: number | null;
  /** The JSON body, frozen at the first attempt so every retry sends the same bytes. */
  body: string | null;
  last_error: string | null;
  delivered_at: number | null;
}

export interface WebhookDeliveriesTable {
  outbox_id: string;
  attempt: number;
  at: number;
  /** HTTP status of the receiver's answer; null when none came (refused, timeout, DNS). */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}
