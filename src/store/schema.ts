/**
 * Row types of the Kysely schema shared by SQLite and PostgreSQL. Times are milliseconds since the
 * epoch (bigint columns), credits integer thousandths, JSON stored as text: every value reads back
 * the same in both dialects (see the pg type parsers in db.ts).
 */
import type {
  KeyWebhooksTable,
  TaskWebhooksTable,
  WebhookDeliveriesTable,
  WebhookOutboxTable,
} from './webhook-schema.ts';

export interface AccountsTable {
  id: string;
  created_at: number;
  /** Cached sum of the ledger, in thousandths; updated in the same transaction as each ledger row. */
  balance_milli: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  /** Hex SHA-256 of the whole key. */
  hash: string;
  created_at: number;
  revoked_at: number | null;
  /** Tasks of this key in Waiting or Generating; kept with each state change. */
  in_flight: number;
}

export interface LedgerTable {
  /** Sortable id: creation time in ms (zero-padded) then random, so ORDER BY id is insertion order. */
  id: string;
  account_id: string;
  task_id: string | null;
  kind: 'credit' | 'reserve' | 'settle' | 'refund';
  amount_milli: number;
  reason: string;
  created_at: number;
}

export interface TasksTable {
  id: string;
  account_id: string;
  key_id: string;
  kind: string;
  spec: string;
  price_milli: number;
  prompt: string;
  subscription_key: string;
  state: 'Waiting' | 'Generating' | 'Done' | 'Failed';
  error_code: string | null;
  error_message: string | null;
  notes: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  submitted_at: number;
  started_at: number | null;
  finished_at: number | null;
  files_expire_at: number | null;
  files_expired_at: number | null;
  /** Set by DELETE /api/v2/tasks/{uuid} (migration 0005): the task no longer shows; its ledger rows stay. */
  deleted_at: number | null;
}

export interface JobsTable {
  id: string;
  task_id: string;
  state: 'Waiting' | 'Generating' | 'Done' | 'Failed';
  progress: number;
  stage: string | null;
  attempts: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

export interface TaskInputsTable {
  task_id: string;
  position: number;
  field: string;
  filename: string;
  blob_key: string;
  size: number;
}

export interface TaskFilesTable {
  task_id: string;
  name: string;
  size: number;
  content_type: string;
  blob_key: string;
  created_at: number;
}

/** The embedded queue's entries (src/queue/sql-queue.ts). */
export interface QueueEntriesTable {
  id: string;
  queue: string;
  payload: string;
  state: 'queued' | 'leased' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  available_at: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /** Lower is handed out first among ready entries (migration 0002). */
  priority: number;
}

export interface Schema {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger: LedgerTable;
  tasks: TasksTable;
  jobs: JobsTable;
  task_inputs: TaskInputsTable;
  task_files: TaskFilesTable;
  queue_entries: QueueEntriesTable;
  key_webhooks: KeyWebhooksTable;
  task_webhooks: TaskWebhooksTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
