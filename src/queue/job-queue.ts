/**
 * The durable job queue seam. A worker leases a job, renews the lease by heartbeat while it runs, and
 * completes or fails it. A lease that expires (the worker died) puts the job back in the queue; each
 * lease counts an attempt. When a job is leased beyond its maxAttempts it is handed out once more with
 * `exhausted: true` so its owner records the failure (and refunds) before calling `fail(..., final)`:
 * no job is ever silently dropped, even when the worker crashed on its last attempt.
 */

export interface LeasedJob {
  id: string;
  payload: string;
  /** 1 on the first lease; counts every lease, including those lost to crashes. */
  attempt: number;
  maxAttempts: number;
  /** Attempts are used up: record the failure (message in lastError) and call fail(id, owner, msg, { retry: false }). */
  exhausted: boolean;
  /** The error of the previous attempt (or `lease expired` after a crash). */
  lastError: string | null;
  /** Opaque lease token; heartbeat/complete/fail must present it. */
  owner: string;
}

export interface QueueStats {
  queued: number;
  leased: number;
  done: number;
  failed: number;
}

export interface EnqueueOptions {
  /** Default: the queue's configured maxAttempts. */
  maxAttempts?: number;
  /** Run no earlier than this many ms from now (default 0). */
  delayMs?: number;
  /**
   * Turn among ready jobs: lower runs first, equal turns oldest first (default 0). The task service
   * passes how many tasks the same key already has in flight, so keys take turns and one key's
   * backlog cannot starve the others.
   */
  priority?: number;
  /**
   * A Kysely transaction to enqueue in (embedded queue): the entry commits or rolls back with the
   * task rows. Queues that cannot join the transaction enqueue after it and rely on `recover`.
   */
  trx?: unknown;
}

export interface JobQueue {
  /**
   * True when `enqueue` joins the caller's SQL transaction (`options.trx`). When false the task
   * service enqueues after its commit, and workers re-enqueue Waiting tasks at start (ids dedupe).
   */
  readonly transactional: boolean;
  /** Adds a job under a caller-chosen unique id; enqueueing an existing id is a no-op. */
  enqueue(id: string, payload: string, options?: EnqueueOptions): Promise<void>;
  /** Takes the first available job (lowest priority, then oldest) under a lease of `leaseMs`, or null when none is ready. */
  lease(leaseMs: number): Promise<LeasedJob | null>;
  /**
   * In-process wake-up (optional). This process calls `jobsReady` after it made a job ready (a committed
   * submission); `untilReady(ms)` resolves then, or after `ms`. Consumers of an empty queue wait on it
   * instead of a plain sleep, so a task submitted to the process that runs its workers (the embedded
   * set-up) starts at once rather than at the next poll, up to 250 ms later (issue #31 pass 6). Other
   * processes still find the job by polling.
   */
  jobsReady?(): void;
  untilReady?(ms: number): Promise<void>;
  /** Extends the lease; false when the lease was lost (expired and taken by another worker). */
  heartbeat(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /**
   * Gives a leased job back without spending the attempt (a worker shutting down cleanly); it is
   * available again at once. False when the lease was lost.
   */
  release(id: string, owner: string): Promise<boolean>;
  /** Marks the job done; false when the lease was lost. */
  complete(id: string, owner: string): Promise<boolean>;
  /**
   * Ends an attempt with an error. With `retry` (default true) and attempts left, the job is queued
   * again after `delayMs`; otherwise it is failed for good. Returns the resulting state, or null when
   * the lease was lost.
   */
  fail(
    id: string,
    owner: string,
    error: string,
    options?: { retry?: boolean; delayMs?: number },
  ): Promise<'queued' | 'failed' | null>;
  /** Puts jobs whose lease expired back in the queue; returns how many. */
  reap(): Promise<number>;
  /** The state of one job, or null when unknown. */
  state(
    id: string,
  ): Promise<{ state: 'queued' | 'leased' | 'done' | 'failed'; attempts: number; lastError: string | null } | null>;
  stats(): Promise<QueueStats>;
  /**
   * Resolves when the queue's own server answers, throws a DependencyUnavailableError when not (readiness
   * probes). Queues inside the database leave it out: the database's probe covers them.
   */
  ping?(): Promise<void>;
  /**
   * True once after the queue's server lost its data (a Redis restarted without persistence, a flush):
   * every entry is gone, and the database is the only record of what must run. Queues inside the
   * database leave it out.
   */
  lostEntries?(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * BullMQ on Redis when REDIS_URL is set; otherwise the embedded queue in the service database
 * (SQLite, or PostgreSQL when DATABASE_URL says so).
 */
