/**
 * Delivers the webhook outbox: at least once, in the order events became due, with exponential backoff
 * for the configured retry window (24 h by default). Rows are claimed with a lease, so several
 * processes can dispatch side by side and a process killed mid-delivery only delays that event until
 * its lease runs out. Every attempt is logged (the task record shows the log).
 */
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { Db } from '../../store/db.ts';
import type { WebhookOutboxTable } from '../../store/webhook-schema.ts';
import type { TaskEventPublisher } from '../events/publisher.ts';
import { postWebhook } from './deliver.ts';
import { signingSecretOf } from './key-secrets.ts';
import { webhookBody } from './payload.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

export interface WebhookDispatcherOptions {
  db: Db;
  config: Pick<Config, 'webhooks'>;
  logger: Logger;
  /** Done/failed events wake the dispatcher at once instead of at its next poll. */
  events?: Pick<TaskEventPublisher, 'subscribe'>;
  /** Poll interval for due retries, ms; default min(1000, backoff base). */
  pollMs?: number;
  /** Deliveries in flight at once (default 8). */
  concurrency?: number;
}

export interface WebhookDispatcher {
  /** Runs one pass now (tests); resolves when it ends. */
  poke(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_DELAY_MS = 3_600_000;

/** The delay before attempt `attempt + 1`: base × 2^(attempt − 1), at most one hour. */
export function backoffDelay(baseMs: number, attempt: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

export function startWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, logger } = options;
  const settings = options.config.webhooks;
  const { kysely } = db;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = settings.timeoutMs + 2_000;
  let stopped = false;
  let pass: Promise<void> | null = null;
  let again = false;

  async function claim(row: WebhookOutboxTable, now: number): Promise<boolean> {
    const result = await kysely
      .updateTable('webhook_outbox')
      .set({ lease_until: now + leaseMs })
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function deliver(row: WebhookOutboxTable): Promise<void> {
    let body = row.body;
    if (body === null) {
      body = await webhookBody(kysely, row);
      await kysely.updateTable('webhook_outbox').set({ body }).where('id', '=', row.id).execute();
    }
    const task = await kysely
      .selectFrom('tasks')
      .select('key_id')
      .where('id', '=', row.task_id)
      .executeTakeFirstOrThrow();
    const secret = await signingSecretOf(kysely, task.key_id, settings.defaultSecret);
    const started = Date.now();
    const result = await postWebhook(
      row.url,
      body,
      {
        [SIGNATURE_HEADER]: signatureHeader(secret, body, started),
        'Kiln-Event-Id': row.id,
        'Kiln-Event-Type': row.type,
      },
      { timeoutMs: settings.timeoutMs, allowPrivate: settings.allowPrivate },
    );
    const now = Date.now();
    const attempt = Number(row.attempts) + 1;
    const delivered = result.error === null;
    const retryAt = now + backoffDelay(settings.backoffMs, attempt);
    const givingUp = !delivered && retryAt - Number(row.created_at) > settings.retryMs;
    await db.tx(async (trx) => {
      await trx
        .insertInto('webhook_deliveries')
        .values({
          outbox_id: row.id,
          attempt,
          at: started,
          status_code: result.statusCode,
          error: result.error,
          duration_ms: now - started,
        })
        .onConflict((oc) => oc.columns(['outbox_id', 'attempt']).doNothing())
        .execute();
      await trx
        .updateTable('webhook_outbox')
        .set({
          attempts: attempt,
          lease_until: null,
          last_error: result.error,
          state: delivered ? 'delivered' : givingUp ? 'failed' : 'pending',
          delivered_at: delivered ? now : null,
          next_attempt_at: delivered || givingUp ? Number(row.next_attempt_at) : retryAt,
        })
        .where('id', '=', row.id)
        .execute();
    });
    const log = logger.child({ eventId: row.id, taskId: row.task_id, attempt });
    if (delivered) log.info('webhook delivered');
    else if (givingUp) log.warn({ error: result.error }, 'webhook abandoned after the retry window');
    else log.info({ error: result.error, retryInMs: retryAt - now }, 'webhook delivery failed; will retry');
  }

  async function runPass(): Promise<void> {
    do {
      again = false;
      const now = Date.now();
      const due = await kysely
        .selectFrom('webhook_outbox')
        .selectAll()
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(concurrency)
        .execute();
      const mine: WebhookOutboxTable[] = [];
      for (const row of due) if (await claim(row, now)) mine.push(row);
      await Promise.all(
        mine.map((row) =>
          deliver(row).catch((error) =>
            logger.error(
              { err: error, eventId: row.id },
              'webhook bookkeeping failed; the lease will expire and it is retried',
            ),
          ),
        ),
      );
      if (due.length === concurrency) again = true;
    } while (again && !stopped);
  }

  function poke(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pass) {
      again = true;
      return pass;
    }
    pass = runPass()
      .catch((error) => logger.error({ err: error }, 'webhook dispatch pass failed'))
      .finally(() => {
        pass = null;
      });
    return pass;
  }

  const timer = setInterval(() => void poke(), options.pollMs ?? Math.min(1_000, settings.backoffMs));
  timer.unref();
  const unsubscribe = options.events?.subscribe((event) => {
    if (event.type === 'done' || event.type === 'failed') void poke();
  });
  void poke();

  return {
    poke,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await pass;
    },
  };
}
