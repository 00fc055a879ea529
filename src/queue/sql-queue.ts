/**
 * The durable queue in SQL: rows of `queue_entries` in the service database, SQLite or PostgreSQL
 * (hence SqlQueue). Every change is one conditional UPDATE (… WHERE state = 'leased' AND
 * lease_owner = ?), so it is correct with several worker processes sharing a SQLite file, and on
 * PostgreSQL too.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../store/db.ts';
import type { Schema } from '../store/schema.ts';
import type { EnqueueOptions, JobQueue, LeasedJob, QueueStats } from './job-queue.ts';

export interface SqlQueueOptions {
  /** Queue name, so several queues can share the table (default `jobs`). */
  name?: string;
  /** Default maxAttempts of enqueued jobs (default 3). */
  maxAttempts?: number;
}

const LEASE_EXPIRED = 'lease expired: the worker stopped responding (crashed or was killed)';

export class SqlQueue implements JobQueue {
  readonly transactional = true;
  readonly #db: Db;
  readonly #name: string;
  readonly #maxAttempts: number;
  /** Consumers waiting in `untilReady`. */
  readonly #waiting = new Set<() => void>();

  constructor(db: Db, options: SqlQueueOptions = {}) {
    this.#db = db;
    this.#name = options.name ?? 'jobs';
    this.#maxAttempts = options.maxAttempts ?? 3;
  }

  async enqueue(id: string, payload: string, options: EnqueueOptions = {}): Promise<void> {
    const target = (options.trx as Kysely<Schema> | undefined) ?? this.#db.kysely;
    const now = Date.now();
    await target
      .insertInto('queue_entries')
      .values({
        id,
        queue: this.#name,
        payload,
        state: 'queued',
        attempts: 0,
        max_attempts: options.maxAttempts ?? this.#maxAttempts,
        lease_owner: null,
        lease_expires_at: null,
        available_at: now + (options.delayMs ?? 0),
        priority: Math.max(0, Math.floor(options.priority ?? 0)),
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  jobsReady(): void {
    for (const wake of [...this.#waiting]) wake();
  }

  untilReady(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#waiting.add(wake);
    });
  }

  async lease(leaseMs: number): Promise<LeasedJob | null> {
    const kysely = this.#db.kysely;
    // One statement picks and takes the first ready entry (lowest priority, then oldest): atomic on SQLite; on PostgreSQL the
    // SKIP LOCKED subquery lets concurrent workers take different entries. A lost race yields no row,
    // so retry while entries are ready.
    for (let tries = 0; tries < 20; tries++) {
      const now = Date.now();
      let pick = kysely
        .selectFrom('queue_entries')
        .select('id')
        .where('queue', '=', this.#name)
        .where('state', '=', 'queued')
        .where('available_at', '<=', now)
        .orderBy('priority')
        .orderBy('available_at')
        .orderBy('created_at')
        .limit(1);
      if (this.#db.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
      const owner = randomUUID();
      const taken = await kysely
        .updateTable('queue_entries')
        .set({
          state: 'leased',
          lease_owner: owner,
          lease_expires_at: now + leaseMs,
          attempts: sql<number>`attempts + 1`,
          updated_at: now,
        })
        .where('id', '=', pick)
        .where('state', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (taken) {
        return {
          id: taken.id,
          payload: taken.payload,
          attempt: Number(taken.attempts),
          maxAttempts: Number(taken.max_attempts),
          exhausted: Number(taken.attempts) > Number(taken.max_attempts),
          lastError: taken.last_error,
          owner,
        };
      }
      const ready = await kysely
        .selectFrom('queue_entries')
        .select('id')
        .where('queue', '=', this.#name)
        .where('state', '=', 'queued')
        .where('available_at', '<=', Date.now())
        .limit(1)
        .executeTakeFirst();
      if (!ready) return null;
    }
    return null;
  }

  #leased(id: string, owner: string) {
    return this.#db.kysely
      .updateTable('queue_entries')
      .where('id', '=', id)
      .where('state', '=', 'leased')
      .where('lease_owner', '=', owner);
  }

  async heartbeat(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const now = Date.now();
    const result = await this.#leased(id, owner)
      .set({ lease_expires_at: now + leaseMs, updated_at: now })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(id: string, owner: string): Promise<boolean> {
    const now = Date.now();
    const result = await this.#leased(id, owner)
      .set({
        state: 'queued',
        lease_owner: null,
        lease_expires_at: null,
        attempts: sql<number>`case when attempts > 0 then attempts - 1 else 0 end`,
        available_at: now,
        updated_at: now,
      })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async complete(id: string, owner: string): Promise<boolean> {
    const result = await this.#leased(id, owner)
      .set({ state: 'done', lease_owner: null, lease_expires_at: null, updated_at: Date.now() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async fail(id: string, owner: string, error: string, options: { retry?: boolean; delayMs?: number } = {}) {
    const now = Date.now();
    const retry = options.retry ?? true;
    const result = await this.#leased(id, owner)
      .set({
        state: retry
          ? sql<'queued' | 'failed'>`case when attempts < max_attempts then 'queued' else 'failed' end`
          : 'failed',
        lease_owner: null,
        lease_expires_at: null,
        available_at: now + (options.delayMs ?? 0),
        last_error: error,
        updated_at: now,
      })
      .returning('state')
      .executeTakeFirst();
    return result ? (result.state as 'queued' | 'failed') : null;
  }

  async reap(): Promise<number> {
    const now = Date.now();
    const result = await this.#db.kysely
      .updateTable('queue_entries')
      .set({
        state: 'queued',
        lease_owner: null,
        lease_expires_at: null,
        last_error: LEASE_EXPIRED,
        available_at: now,
        updated_at: now,
      })
      .where('queue', '=', this.#name)
      .where('state', '=', 'leased')
      .where('lease_expires_at', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async state(id: string) {
    const row = await this.#db.kysely
      .selectFrom('queue_entries')
      .select(['state', 'attempts', 'last_error'])
      .where('id', '=', id)
      .where('queue', '=', this.#name)
      .executeTakeFirst();
    return row ? { state: row.state, attempts: Number(row.attempts), lastError: row.last_error } : null;
  }

  async stats(): Promise<QueueStats> {
    const rows = await this.#db.kysely
      .selectFrom('queue_entries')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('queue', '=', this.#name)
      .groupBy('state')
      .execute();
    const stats: QueueStats = { queued: 0, leased: 0, done: 0, failed: 0 };
    for (const row of rows) stats[row.state] = Number(row.count);
    return stats;
  }

  async close(): Promise<void> {
    // The database belongs to the caller.
  }
}
