/** Migration 0002: webhook settings, targets, the durable outbox and the delivery log (shared types only, like 0001). */
import type { Kysely, Migration } from 'kysely';

export const webhooksMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('key_webhooks')
      .addColumn('key_id', 'text', (c) => c.primaryKey().references('api_keys.id'))
      .addColumn('url', 'text')
      .addColumn('secret', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('task_webhooks')
      .addColumn('task_id', 'text', (c) => c.primaryKey().references('tasks.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('webhook_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint')
      .addColumn('body', 'text')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('webhook_outbox_due')
      .on('webhook_outbox')
      .columns(['state', 'next_attempt_at'])
      .execute();
    await db.schema.createIndex('webhook_outbox_task').on('webhook_outbox').column('task_id').execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('outbox_id', 'text', (c) => c.notNull().references('webhook_outbox.id'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('webhook_deliveries_pk', ['outbox_id', 'attempt'])
      .execute();
  },
};
