/** TaskService over Db + BlobStore + JobQueue: submission, status views, manifests, downloads, retention. */
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import { engineKindOf } from '../domain/task-spec.ts';
import type { EngineInputFile } from '../engines/engine.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import { KilnError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { post, toMilli } from '../accounts/ledger.ts';
import type { JobQueue } from '../queue/index.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import type { TasksTable } from '../store/schema.ts';
import { sql } from 'kysely';
import type { SubmitRequest, SubmitResult, TaskRecord, TaskService } from './index.ts';
import { filesAvailable, toJobView, toTaskFile, toTaskRecord } from './records.ts';
import { failTask, inputKey } from './transitions.ts';
import { assertEngineAcceptsInputs } from './input-refusal.ts';

export interface TaskServiceDeps {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  engines: EngineRegistry;
  config: Pick<Config, 'maxInFlightPerKey' | 'retentionMs'>;
  logger: Logger;
}

/** How long `describePrompt` may take before the submission goes on without it. */
const DESCRIBE_PROMPT_TIMEOUT_MS = 2_000;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

const noSuchTask = (uuid: string) =>
  new KilnError('NO_SUCH_TASK', `No task or job "${uuid}" belongs to this account; check the identifier.`);

/** The payload the worker loop reads from a queue entry. */
export interface JobPayload {
  taskId: string;
  jobId: string;
}

export function jobPayload(taskId: string, jobId: string): string {
  return JSON.stringify({ taskId, jobId } satisfies JobPayload);
}

export function createTaskService(deps: TaskServiceDeps): TaskService {
  const { db, blobs, queue, engines, config, logger } = deps;
  const { kysely } = db;

  async function loadRecord(task: TasksTable): Promise<TaskRecord> {
    const [jobs, files] = await Promise.all([
      kysely.selectFrom('jobs').selectAll().where('task_id', '=', task.id).orderBy('id').execute(),
      filesAvailable(task)
        ? kysely.selectFrom('task_files').selectAll().where('task_id', '=', task.id).orderBy('name').execute()
        : Promise.resolve([]),
    ]);
    return toTaskRecord(task, jobs, files);
  }

  /** The account's task by task uuid or job uuid. */
  async function findTask(accountId: string, uuid: string): Promise<TasksTable> {
    const direct = await kysely.selectFrom('tasks').selectAll().where('id', '=', uuid).where('account_id', '=', accountId).executeTakeFirst();
    if (direct) return direct;
    const viaJob = await kysely
      .selectFrom('jobs')
      .innerJoin('tasks', 'tasks.id', 'jobs.task_id')
      .selectAll('tasks')
      .where('jobs.id', '=', uuid)
      .where('tasks.account_id', '=', accountId)
      .executeTakeFirst();
    if (viaJob) return viaJob;
    throw noSuchTask(uuid);
  }

  async function replay(accountId: string, idempotencyKey: string, requestHash: string | undefined): Promise<SubmitResult | null> {
    const earlier = await kysely
      .selectFrom('tasks')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (!earlier) return null;
    if ((earlier.request_hash ?? '') !== (requestHash ?? '')) {
      throw new KilnError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request; send a new key for a new request.',
      );
    }
    return { ...(await loadRecord(earlier)), replayed: true };
  }

  /** The response's prompt: the caller's, else the engine's description (bounded in time, module load included), else the spec's. */
  async function describe(request: SubmitRequest): Promise<string> {
    if (request.prompt !== undefined) return request.prompt;
    const fallback = request.spec.prompt ?? '';
    const described = engines
      .load(engineKindOf(request.spec))
      .then((engine) => (engine.describePrompt ? engine.describePrompt(request.spec, request.inputs) : fallback))
      .then((text) => (typeof text === 'string' ? text : fallback))
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'describePrompt failed; using the request prompt');
        return fallback;
      });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(fallback), DESCRIBE_PROMPT_TIMEOUT_MS);
    });
    return Promise.race([described, timeout]).finally(() => clearTimeout(timer));
  }

  async function submit(request: SubmitRequest): Promise<SubmitResult> {
    const kind = engineKindOf(request.spec);
    if (!engines.has(kind)) {
      throw new KilnError(
        'ENGINE_UNAVAILABLE',
        `This server has no engine for ${kind} tasks yet, so the request was not accepted and nothing was charged.`,
        { kind },
      );
    }
    if (request.idempotencyKey) {
      const earlier = await replay(request.accountId, request.idempotencyKey, request.requestHash);
      if (earlier) return earlier;
    }
    await assertEngineAcceptsInputs(engines, request.spec, request.inputs);
    const prompt = await describe(request);
    const taskId = randomUUID();
    const jobId = randomUUID();
    const now = Date.now();
    const priceMilli = toMilli(request.price);

    // Blobs first (a slow disk must not hold the write lock); removed again if the transaction fails.
    await Promise.all(request.inputs.map((input, position) => blobs.put(inputKey(taskId, position), input.bytes)));
    try {
      await db.tx(async (trx) => {
        const reserved = await post(trx, {
          accountId: request.accountId,
          taskId,
          kind: 'reserve',
          amountMilli: -priceMilli,
          reason: `reserve: ${kind} task`,
          requireFunds: true,
        });
        if (!reserved) {
          throw new KilnError('INSUFFICIENT_FUND', `This request costs ${request.price} credits and the balance is lower; add credits and retry.`, {
            price: request.price,
          });
        }
        const slot = await trx
          .updateTable('api_keys')
          .set({ in_flight: sql<number>`in_flight + 1` })
          .where('id', '=', request.keyId)
          .where('in_flight', '<', config.maxInFlightPerKey)
          .executeTakeFirst();
        if (Number(slot.numUpdatedRows) !== 1) {
          throw new KilnError(
            'API_PARALLELISM_LIMIT_REACHED',
            `This key already has ${config.maxInFlightPerKey} tasks waiting or generating; retry when one finishes.`,
            { limit: config.maxInFlightPerKey },
          );
        }
        await trx
          .insertInto('tasks')
          .values({
            id: taskId,
            account_id: request.accountId,
            key_id: request.keyId,
            kind,
            spec: JSON.stringify(request.spec),
            price_milli: priceMilli,
            prompt,
            subscription_key: randomUUID(),
            state: 'Waiting',
            error_code: null,
            error_message: null,
            notes: null,
            idempotency_key: request.idempotencyKey ?? null,
            request_hash: request.idempotencyKey ? (request.requestHash ?? null) : null,
            submitted_at: now,
            started_at: null,
            finished_at: null,
            files_expire_at: null,
            files_expired_at: null,
          })
          .execute();
        await trx
          .insertInto('jobs')
          .values({ id: jobId, task_id: taskId, state: 'Waiting', progress: 0, stage: null, attempts: 0, started_at: null, finished_at: null, updated_at: now })
          .execute();
        if (request.inputs.length > 0) {
          await trx
            .insertInto('task_inputs')
            .values(
              request.inputs.map((input: EngineInputFile, position) => ({
                task_id: taskId,
                position,
                field: input.field,
                filename: input.filename,
                blob_key: inputKey(taskId, position),
                size: input.bytes.byteLength,
              })),
            )
            .execute();
        }
        if (queue.transactional) await queue.enqueue(jobId, jobPayload(taskId, jobId), { trx });
      });
    } catch (error) {
      await blobs.deletePrefix(`inputs/${taskId}/`).catch(() => undefined);
      // Two concurrent submissions with one Idempotency-Key: the loser answers like a replay.
      if (request.idempotencyKey && isUniqueViolation(error)) {
        const earlier = await replay(request.accountId, request.idempotencyKey, request.requestHash);
        if (earlier) return earlier;
      }
      throw error;
    }
    if (!queue.transactional) {
      try {
        await queue.enqueue(jobId, jobPayload(taskId, jobId));
      } catch (error) {
        // Accepted but not queued: refund at once rather than leave the task waiting for a recovery pass.
        logger.error({ err: error, taskId }, 'enqueue failed after commit');
        await failTask(db, taskId, jobId, { code: 'UNKNOWN', message: 'The job queue was unavailable; the task was refunded.' }, config.retentionMs);
        throw new KilnError('UNKNOWN', 'The job queue is unavailable right now; nothing was charged. Retry shortly.');
      }
    }
    const task = await kysely.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    logger.info({ taskId, kind, price: request.price }, 'task accepted');
    return { ...(await loadRecord(task)), replayed: false };
  }

  return {
    submit,

    async statusBySubscriptionKey(accountId, subscriptionKey) {
      const rows = await kysely
        .selectFrom('tasks')
        .innerJoin('jobs', 'jobs.task_id', 'tasks.id')
        .selectAll('jobs')
        .select(['tasks.error_code', 'tasks.error_message'])
        .where('tasks.subscription_key', '=', subscriptionKey)
        .where('tasks.account_id', '=', accountId)
        .orderBy('jobs.id')
        .execute();
      if (rows.length === 0) {
        // A common slip is sending the task uuid (the one /download takes): say so instead of a bare "no such task".
        const isTaskUuid = await findTask(accountId, subscriptionKey).then(() => true, () => false);
        throw new KilnError(
          'NO_SUCH_TASK',
          isTaskUuid
            ? `"${subscriptionKey}" is a task or job uuid; /status takes the submission's jobs.subscription_key (GET /api/v2/tasks/${subscriptionKey} shows this task).`
            : `No task with subscription_key "${subscriptionKey}" belongs to this account.`,
        );
      }
      return rows.map((row) => toJobView(row, row));
    },

    async get(accountId, uuid) {
      return loadRecord(await findTask(accountId, uuid));
    },

    async files(accountId, uuid) {
      const task = await findTask(accountId, uuid);
      if (!filesAvailable(task)) return [];
      const rows = await kysely.selectFrom('task_files').selectAll().where('task_id', '=', task.id).orderBy('name').execute();
      return rows.map(toTaskFile);
    },

    async openFile(taskId, name) {
      const row = await kysely
        .selectFrom('task_files')
        .innerJoin('tasks', 'tasks.id', 'task_files.task_id')
        .select(['task_files.name', 'task_files.content_type', 'task_files.blob_key', 'tasks.state', 'tasks.files_expired_at'])
        .where('task_files.task_id', '=', taskId)
        .where('task_files.name', '=', name)
        .executeTakeFirst();
      if (!row || !filesAvailable(row)) return null;
      const opened = await blobs.stream(row.blob_key);
      if (!opened) return null;
      return { name: row.name, size: opened.size, contentType: row.content_type, stream: opened.stream };
    },

    async readFile(taskId, name) {
      const row = await kysely
        .selectFrom('task_files')
        .innerJoin('tasks', 'tasks.id', 'task_files.task_id')
        .select(['task_files.blob_key', 'tasks.state', 'tasks.files_expired_at'])
        .where('task_files.task_id', '=', taskId)
        .where('task_files.name', '=', name)
        .executeTakeFirst();
      if (!row || !filesAvailable(row)) return null;
      return blobs.get(row.blob_key);
    },

    async sweepExpired(now = new Date()) {
      const due = await kysely
        .selectFrom('tasks')
        .select('id')
        .where('files_expire_at', '<=', now.getTime())
        .where('files_expired_at', 'is', null)
        .limit(500)
        .execute();
      for (const { id } of due) {
        // Mark first: a download racing the sweep then gets "expired", never a half-deleted file.
        await kysely.updateTable('tasks').set({ files_expired_at: now.getTime() }).where('id', '=', id).execute();
        await blobs.deletePrefix(`outputs/${id}/`);
        await blobs.deletePrefix(`inputs/${id}/`);
      }
      if (due.length > 0) logger.info({ tasks: due.length }, 'retention: output files removed');
      return due.length;
    },
  };
}
