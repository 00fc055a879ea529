/**
 * Submission: one transaction reserves the price on the ledger, takes a slot of the key's in-flight
 * cap and writes the task, job and input rows (input blobs first, removed again on failure); the queue
 * entry joins the transaction when the queue lives in the same database. Idempotency-Key replays
 * return the first task.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { post, toMilli } from '../accounts/ledger.ts';
import type { Config } from '../config.ts';
import { engineKindOf } from '../domain/task-spec.ts';
import { KilnError } from '../errors.ts';
import type { JobQueue } from '../queue/index.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { describeSubmission, type DescribeDeps } from './describe-prompt.ts';
import { assertEngineAcceptsInputs } from './input-refusal.ts';
import { isStoredInput } from './task-input.ts';
import { loadRecord } from './task-lookup.ts';
import { inputKey } from './transitions.ts';
import { keyTurn } from './fair-turn.ts';
import type { SubmitRequest, SubmitResult } from './types.ts';

export interface SubmitDeps extends DescribeDeps {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  config: Pick<Config, 'maxInFlightPerKey' | 'retentionMs'>;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The payload the worker loop reads from a queue entry. */
export interface JobPayload {
  taskId: string;
  jobId: string;
  /** Attempts already used before this queue entry (re-queued from the database after the queue lost it). */
  priorAttempts?: number;
}

export function jobPayload(taskId: string, jobId: string, priorAttempts = 0): string {
  return JSON.stringify({ taskId, jobId, ...(priorAttempts > 0 ? { priorAttempts } : {}) } satisfies JobPayload);
}

async function replay(
  db: Db,
  accountId: string,
  idempotencyKey: string,
  requestHash: string | undefined,
): Promise<SubmitResult | null> {
  const { kysely } = db;
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
  return { ...(await loadRecord(db, earlier)), replayed: true };
}

export async function submitTask(deps: SubmitDeps, request: SubmitRequest): Promise<SubmitResult> {
  const { db, blobs, queue, engines, config, logger } = deps;
  const { kysely } = db;
  const kind = engineKindOf(request.spec);
  if (!engines.has(kind)) {
    throw new KilnError(
      'ENGINE_UNAVAILABLE',
      `This server has no engine for ${kind} tasks yet, so the request was not accepted and nothing was charged.`,
      { kind },
    );
  }
  if (request.idempotencyKey) {
    const earlier = await replay(db, request.accountId, request.idempotencyKey, request.requestHash);
    if (earlier) return earlier;
  }
  await assertEngineAcceptsInputs(deps, request);
  const prompt = await describeSubmission(deps, request);
  const taskId = randomUUID();
  const jobId = randomUUID();
  const now = Date.now();
  const priceMilli = toMilli(request.price);
  let turn = 0;

  // Blobs first (a slow disk must not hold the write lock); removed again if the transaction fails.
  await Promise.all(
    request.inputs.map((input, position) =>
      isStoredInput(input) ? undefined : blobs.put(inputKey(taskId, position), input.bytes),
    ),
  );
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
        throw new KilnError(
          'INSUFFICIENT_FUND',
          `This request costs ${request.price} credits and the balance is lower; add credits and retry.`,
          {
            price: request.price,
          },
        );
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
      turn = await keyTurn(trx, request.keyId);
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
        .values({
          id: jobId,
          task_id: taskId,
          state: 'Waiting',
          progress: 0,
          stage: null,
          attempts: 0,
          started_at: null,
          finished_at: null,
          updated_at: now,
        })
        .execute();
      if (request.inputs.length > 0) {
        await trx
          .insertInto('task_inputs')
          .values(
            request.inputs.map((input, position) => ({
              task_id: taskId,
              position,
              field: input.field,
              filename: input.filename,
              blob_key: isStoredInput(input) ? input.blobKey : inputKey(taskId, position),
              size: isStoredInput(input) ? input.size : input.bytes.byteLength,
            })),
          )
          .execute();
      }
      if (request.webhookUrl)
        await trx
          .insertInto('task_webhooks')
          .values({ task_id: taskId, url: request.webhookUrl, progress: request.webhookProgress ? 1 : 0 })
          .execute();
      if (queue.transactional) await queue.enqueue(jobId, jobPayload(taskId, jobId), { trx, priority: turn });
    });
  } catch (error) {
    await blobs.deletePrefix(`inputs/${taskId}/`).catch(() => undefined);
    // Two concurrent submissions with one Idempotency-Key: the loser answers like a replay.
    if (request.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await replay(db, request.accountId, request.idempotencyKey, request.requestHash);
      if (earlier) return earlier;
    }
    throw error;
  }
  if (!queue.transactional) {
    try {
      await queue.enqueue(jobId, jobPayload(taskId, jobId), { priority: turn });
    } catch (error) {
      // The task is committed (PostgreSQL is the record); the workers' recovery sweep enqueues it once
      // the queue answers again, so the submission stands rather than be refused and refunded.
      logger.warn({ err: error, taskId }, 'enqueue failed after commit; the recovery sweep will queue the task');
    }
  }
  // Committed and queued: a consumer of this process waiting on an empty queue leases it now.
  queue.jobsReady?.();
  const task = await kysely.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  logger.info({ taskId, kind, price: request.price }, 'task accepted');
  return { ...(await loadRecord(db, task)), replayed: false };
}
