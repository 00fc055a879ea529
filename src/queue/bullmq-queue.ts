/**
 * JobQueue on BullMQ (Redis), for API servers and `kiln worker` processes on several machines.
 * BullMQ's own worker loop is not used: jobs are pulled with `getNextJob` (manual processing), so the
 * lease/heartbeat/complete/fail protocol stays the same as the embedded queue's. Attempts count leases
 * (`attemptsStarted`); BullMQ's automatic stalled-job handling is off and `reap()` re-queues active jobs
 * whose lock expired. Enqueueing cannot join a SQL transaction (`transactional` is false): the task
 * service enqueues after its commit.
 */
import { randomUUID } from 'node:crypto';
import { Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { silentLogger, type Logger } from '../logger.ts';
import type { EnqueueOptions, JobQueue, LeasedJob, QueueStats } from './job-queue.ts';
import { DependencyUnavailableError, withoutCredentials } from '../store/unavailable.ts';

export interface BullQueueOptions {
  /** Queue name (default `kiln-jobs`); also separates test runs. */
  name?: string;
  /** Default maxAttempts of enqueued jobs (default 3). */
  maxAttempts?: number;
  logger?: Logger;
}

/** How long enqueue waits for Redis before it gives up (the job is recovered from the database later). */
const ENQUEUE_TIMEOUT_MS = 3_000;
const LEASE_EXPIRED = 'lease expired: the worker stopped responding (crashed or was killed)';
type Payload = { payload: string };

export class BullQueue implements JobQueue {
  readonly transactional = false;
  readonly #connection: Redis;
  readonly #queue: Queue<Payload>;
  readonly #worker: Worker<Payload>;
  readonly #maxAttempts: number;
  /** Hash of the last error per job: BullMQ records no reason when a job is moved back after a crash. */
  readonly #errorsKey: string;

  private constructor(connection: Redis, options: BullQueueOptions) {
    const name = options.name ?? 'kiln-jobs';
    this.#connection = connection;
    this.#maxAttempts = options.maxAttempts ?? 3;
    this.#queue = new Queue<Payload>(name, { connection });
    this.#worker = new Worker<Payload>(name, null, {
      connection,
      autorun: false,
      // Stalls are handled by reap(); BullMQ must never fail a job by itself.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
      skipStalledCheck: true,
    });
    this.#errorsKey = `bull:${name}:kiln-last-error`;
    // ioredis reconnects by itself (with back-off, see `connect`); BullMQ's Queue and Worker re-emit
    // connection errors as 'error' events, which would end the process without a listener.
    const logger = options.logger ?? silentLogger;
    let down = false;
    const report = (source: string) => (error: Error) => {
      if (!down) logger.warn({ err: error, source }, 'queue: redis connection lost; reconnecting');
      down = true;
    };
    connection.on('error', report('connection'));
    connection.on('ready', () => {
      if (down) logger.info('queue: redis connection back');
      down = false;
    });
    this.#queue.on('error', report('queue'));
    this.#worker.on('error', report('worker'));
  }

  /** Connects (failing fast when Redis does not answer) and returns the queue. */
  static async connect(url: string, options: BullQueueOptions = {}): Promise<BullQueue> {
    const connection = new Redis(url, {
      maxRetriesPerRequest: null,
      lazyConnect: true,
      connectTimeout: 3_000,
      // Reconnect with back-off up to 2 s between tries, for as long as it takes.
      retryStrategy: (times) => Math.min(2_000, 100 * times),
    });
    try {
      await connection.connect();
      await connection.ping();
    } catch (error) {
      connection.disconnect();
      const message = withoutCredentials(`REDIS_URL ${url} is not reachable: ${(error as Error).message}`);
      // A refused password is a configuration error; anything else (refused, reset, timed out) may pass.
      if (/NOAUTH|WRONGPASS|invalid password|ERR AUTH/i.test((error as Error).message)) throw new Error(message);
      throw new DependencyUnavailableError('queue', message, { cause: error });
    }
    const queue = new BullQueue(connection, options);
    await queue.#markAlive();
    return queue;
  }

  /** Key whose absence means Redis lost this queue's data (see lostEntries). */
  get #aliveKey(): string {
    return `${this.#errorsKey.slice(0, -'kiln-last-error'.length)}kiln-alive`;
  }

  async #markAlive(): Promise<boolean> {
    return (await this.#connection.set(this.#aliveKey, String(Date.now()), 'NX')) === 'OK';
  }

  /** Throws at once while Redis is unreachable, rather than queueing the command until it returns. */
  #connected(): void {
    if (this.#connection.status !== 'ready')
      throw new DependencyUnavailableError('queue', `Redis is not connected (${this.#connection.status}).`);
  }

  async ping(): Promise<void> {
    this.#connected();
    await this.#connection.ping();
  }

  async lostEntries(): Promise<boolean> {
    this.#connected();
    // The marker is written at connect; a Redis that comes back without it came back empty.
    return this.#markAlive();
  }

  async enqueue(id: string, payload: string, options: EnqueueOptions = {}): Promise<void> {
    this.#connected();
    // A connection lost mid-call would hold the command until Redis returns: the caller (a submission)
    // gets an answer in time instead, and the command still lands, or dedupes, when Redis is back.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DependencyUnavailableError('queue', `Redis did not answer in ${ENQUEUE_TIMEOUT_MS} ms.`)),
        ENQUEUE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.#add(id, payload, options), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #add(id: string, payload: string, options: EnqueueOptions): Promise<void> {
    await this.#queue.add(
      'job',
      { payload },
      {
        jobId: id,
        attempts: options.maxAttempts ?? this.#maxAttempts,
        delay: options.delayMs ?? 0,
        // BullMQ hands out jobs without a priority before prioritised ones, so every job gets one
        // (1 = first; BullMQ's largest is 2^21).
        priority: Math.min(2_097_152, 1 + Math.max(0, Math.floor(options.priority ?? 0))),
        removeOnComplete: false,
        removeOnFail: false,
      },
    );
  }

  async lease(leaseMs: number): Promise<LeasedJob | null> {
    this.#connected();
    const owner = randomUUID();
    const job = await this.#worker.getNextJob(owner, { block: false });
    if (!job) return null;
    await job.extendLock(owner, leaseMs);
    const maxAttempts = job.opts.attempts ?? this.#maxAttempts;
    const attempt = job.attemptsStarted;
    return {
      id: job.id!,
      payload: job.data.payload,
      attempt,
      maxAttempts,
      exhausted: attempt > maxAttempts,
      lastError: (await this.#connection.hget(this.#errorsKey, job.id!)) ?? null,
      owner,
    };
  }

  async #job(id: string): Promise<Job<Payload> | undefined> {
    return Job.fromId<Payload>(this.#queue, id);
  }

  /** Runs a lock-checked BullMQ move; a missing or foreign lock means the lease was lost. */
  async #owned<T>(id: string, action: (job: Job<Payload>) => Promise<T>): Promise<T | null> {
    const job = await this.#job(id);
    if (!job) return null;
    try {
      return await action(job);
    } catch (error) {
      if (/lock|Missing key|not in the active state/i.test((error as Error).message)) return null;
      throw error;
    }
  }

  async heartbeat(id: string, owner: string, leaseMs: number): Promise<boolean> {
    this.#connected();
    const job = await this.#job(id);
    if (!job) return false;
    // extendLock answers 0 when the token no longer holds the lock.
    return (await job.extendLock(owner, leaseMs)) === 1;
  }

  async release(id: string, owner: string): Promise<boolean> {
    const moved = await this.#owned(id, async (job) => {
      await job.moveToWait(owner);
      // Give the attempt back (BullMQ counted it when the job became active).
      await this.#connection.hincrby(this.#queue.toKey(id), 'ats', -1);
      return true;
    });
    return moved === true;
  }

  async complete(id: string, owner: string): Promise<boolean> {
    const done = await this.#owned(id, async (job) => {
      await job.moveToCompleted('done', owner, false);
      return true;
    });
    if (done) await this.#connection.hdel(this.#errorsKey, id);
    return done === true;
  }

  async fail(id: string, owner: string, error: string, options: { retry?: boolean; delayMs?: number } = {}) {
    const result = await this.#owned(id, async (job) => {
      const maxAttempts = job.opts.attempts ?? this.#maxAttempts;
      if ((options.retry ?? true) && job.attemptsStarted < maxAttempts) {
        await this.#connection.hset(this.#errorsKey, id, error);
        if (options.delayMs) await job.moveToDelayed(Date.now() + options.delayMs, owner);
        else await job.moveToWait(owner);
        return 'queued' as const;
      }
      job.discard();
      await job.moveToFailed(new Error(error), owner, false);
      await this.#connection.hset(this.#errorsKey, id, error);
      return 'failed' as const;
    });
    return result;
  }

  async reap(): Promise<number> {
    this.#connected();
    const active = await this.#queue.getActive();
    let requeued = 0;
    for (const job of active) {
      if (!job.id) continue;
      if (await this.#connection.exists(`${this.#queue.toKey(job.id)}:lock`)) continue;
      try {
        await job.moveToWait(); // no token: only lock-less (abandoned) jobs reach here
        await this.#connection.hset(this.#errorsKey, job.id, LEASE_EXPIRED);
        requeued++;
      } catch {
        // Finished or re-leased meanwhile.
      }
    }
    return requeued;
  }

  async state(id: string) {
    this.#connected();
    const job = await this.#job(id);
    if (!job) return null;
    const raw = await job.getState();
    const state =
      raw === 'active' ? 'leased' : raw === 'completed' ? 'done' : raw === 'failed' ? 'failed' : ('queued' as const);
    return {
      state,
      attempts: job.attemptsStarted,
      lastError: (await this.#connection.hget(this.#errorsKey, id)) ?? null,
    } as const;
  }

  async stats(): Promise<QueueStats> {
    this.#connected();
    const counts = await this.#queue.getJobCounts(
      'wait',
      'delayed',
      'prioritized',
      'paused',
      'active',
      'completed',
      'failed',
    );
    return {
      queued: (counts.wait ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0) + (counts.paused ?? 0),
      leased: counts.active ?? 0,
      done: counts.completed ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  /** Removes every job and key of this queue (tests). */
  async obliterate(): Promise<void> {
    await this.#queue.obliterate({ force: true });
    await this.#connection.del(this.#errorsKey);
  }

  async close(): Promise<void> {
    await this.#worker.close();
    await this.#queue.close();
    await this.#connection.quit().catch(() => undefined);
  }
}
