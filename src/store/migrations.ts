/**
 * Schema migrations, in code, written only with Kysely's schema builder and types both dialects share
 * (text, integer, bigint), so the same list migrates SQLite and PostgreSQL.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { webhooksMigration } from './webhook-migration.ts';

const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('balance_milli', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('in_flight', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

    await db.schema
      .createTable('ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('task_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_milli', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ledger_account').on('ledger').columns(['account_id', 'id']).execute();
    // A task is reserved, settled and refunded at most once each, whatever runs twice.
    await db.schema.createIndex('ledger_task_kind').on('ledger').columns(['task_id', 'kind']).unique().execute();

    await db.schema
      .createTable('tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('spec', 'text', (c) => c.notNull())
      .addColumn('price_milli', 'bigint', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('subscription_key', 'text', (c) => c.notNull().unique())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('notes', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('request_hash', 'text')
      .addColumn('submitted_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('files_expire_at', 'bigint')
      .addColumn('files_expired_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('tasks_idempotency')
      .on('tasks')
      .columns(['account_id', 'idempotency_key'])
      .unique()
      .execute();
    await db.schema.createIndex('tasks_expiry').on('tasks').columns(['files_expire_at']).execute();

    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stage', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_task').on('jobs').column('task_id').execute();

    await db.schema
      .createTable('task_inputs')
      .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('task_inputs_pk', ['task_id', 'position'])
      .execute();

    await db.schema
      .createTable('task_files')
      .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('task_files_pk', ['task_id', 'name'])
      .execute();

    await db.schema
      .createTable('queue_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('queue', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_expires_at', 'bigint')
      .addColumn('available_at', 'bigint', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('queue_ready')
      .on('queue_entries')
      .columns(['queue', 'state', 'available_at'])
      .execute();
    await db.schema.createIndex('queue_leases').on('queue_entries').columns(['state', 'lease_expires_at']).execute();
  },
};

/** Fair turns between API keys: queue entries are handed out by priority (the key's tasks ahead), then age. */
const queuePriority: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('queue_entries')
      .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('queue_turns')
      .on('queue_entries')
      .columns(['queue', 'state', 'priority', 'available_at'])
      .execute();
  },
};

/** The re-enqueue sweep of a non-transactional queue looks for jobs left Waiting; without this it reads every job. */
const jobsByState: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'updated_at']).execute();
  },
};

/** Task management: a deleted task keeps its row (the ledger refers to it) but no longer shows; its history lists newest first. */
const taskDeletion: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('tasks').addColumn('deleted_at', 'bigint').execute();
    await db.schema.createIndex('tasks_history').on('tasks').columns(['account_id', 'submitted_at', 'id']).execute();
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return {
      '0001_initial': initial,
      '0002_webhooks': webhooksMigration,
      '0003_queue_priority': queuePriority,
      '0004_jobs_state': jobsByState,
      '0005_task_deletion': taskDeletion,
    };
  },
};
