/**
 * An account's own task history: the list (newest first, filtered by state and kind, cursor pages),
 * cancel (a Failed transition with code CANCELLED, refunded in the same transaction, guarded by the
 * state like every terminal write, so a cancel racing a completion settles or refunds exactly once)
 * and delete (files removed, the row hidden, the ledger kept).
 */
import { KilnError } from '../errors.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { fromMilli } from '../accounts/ledger.ts';
import { loadRecord, findTask } from './task-lookup.ts';
import { failTask, type TransitionEvents } from './transitions.ts';
import type { TaskKind, TaskListQuery, TaskListPage, TaskRecord, TaskStatus } from './types.ts';

export const TASK_LIST_DEFAULTS = {
  /** Tasks per page when `limit` is not given. */
  limit: 20,
  /** The largest page a client may ask for. */
  maxLimit: 100,
} as const;

/** Which stored engine kinds each task kind of the API covers (`generate` runs on two engines). */
const ENGINE_KINDS: Record<TaskKind, string[]> = {
  generate: ['generate-image', 'generate-text'],
  bang: ['bang'],
  texture: ['texture'],
  convert: ['convert'],
  rig: ['rig'],
};

const RUNNING: TaskStatus[] = ['Waiting', 'Generating'];

/** The cursor is opaque to clients: the last task's submission time and id, so pages never skip or repeat. */
function encodeCursor(submittedAt: number, id: string): string {
  return Buffer.from(`${submittedAt}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { submittedAt: number; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString();
  const colon = text.indexOf(':');
  const submittedAt = Number(text.slice(0, colon));
  if (colon < 1 || !Number.isSafeInteger(submittedAt) || colon === text.length - 1) {
    throw new KilnError(
      'INVALID_REQUEST',
      'The cursor is not one this server gave out; pass the next_cursor of the previous page unchanged.',
      { field: 'cursor' },
    );
  }
  return { submittedAt, id: text.slice(colon + 1) };
}

export interface TaskManagementDeps {
  db: Db;
  blobs: BlobStore;
  config: { retentionMs: number };
  events?: TransitionEvents;
}

export function taskManagement({ db, blobs, config, events }: TaskManagementDeps) {
  const { kysely } = db;
  return {
    async list(accountId: string, query: TaskListQuery = {}): Promise<TaskListPage> {
      const limit = Math.min(TASK_LIST_DEFAULTS.maxLimit, Math.max(1, query.limit ?? TASK_LIST_DEFAULTS.limit));
      let select = kysely
        .selectFrom('tasks')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null);
      if (query.states?.length) select = select.where('state', 'in', query.states);
      if (query.kinds?.length)
        select = select.where(
          'kind',
          'in',
          query.kinds.flatMap((kind) => ENGINE_KINDS[kind]),
        );
      if (query.cursor) {
        const after = decodeCursor(query.cursor);
        select = select.where((eb) =>
          eb.or([
            eb('submitted_at', '<', after.submittedAt),
            eb.and([eb('submitted_at', '=', after.submittedAt), eb('id', '<', after.id)]),
          ]),
        );
      }
      // One row more than the page tells whether another page follows.
      const rows = await select
        .orderBy('submitted_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        tasks: await Promise.all(page.map((row) => loadRecord(db, row))),
        nextCursor: rows.length > limit && last ? encodeCursor(Number(last.submitted_at), last.id) : null,
      };
    },

    async cancel(accountId: string, uuid: string): Promise<TaskRecord> {
      const task = await findTask(db, accountId, uuid);
      const alreadyEnded = (state: TaskStatus) =>
        new KilnError(
          'TASK_ALREADY_ENDED',
          `Task ${task.id} is already ${state}; only Waiting or Generating tasks can be cancelled${state === 'Done' ? ' (DELETE /api/v2/tasks/{uuid} removes it)' : ''}.`,
          { state },
        );
      if (!RUNNING.includes(task.state)) throw alreadyEnded(task.state);
      const job = await kysely
        .selectFrom('jobs')
        .select('id')
        .where('task_id', '=', task.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const credits = fromMilli(task.price_milli);
      const message =
        task.state === 'Waiting'
          ? `Cancelled by the owner before it started; ${credits} credits were refunded.`
          : `Cancelled by the owner while it ran; the run stops at its next stage and ${credits} credits were refunded.`;
      const cancelled = await failTask(db, task.id, job.id, { code: 'CANCELLED', message }, config.retentionMs, events);
      const record = await loadRecord(db, await findTask(db, accountId, task.id));
      // The run finished (or failed) between the read and the guarded write: that outcome stands.
      if (!cancelled) throw alreadyEnded(record.status);
      return record;
    },

    async remove(accountId: string, uuid: string): Promise<void> {
      const task = await findTask(db, accountId, uuid);
      if (RUNNING.includes(task.state)) {
        throw new KilnError(
          'TASK_STILL_RUNNING',
          `Task ${task.id} is ${task.state}; cancel it first (POST /api/v2/tasks/${task.id}/cancel), then delete it.`,
          { state: task.state },
        );
      }
      const now = Date.now();
      // Hidden first (guarded by the state), then the files: a download racing the delete gets "gone", never half a file.
      const hidden = await kysely
        .updateTable('tasks')
        .set({ deleted_at: now, files_expired_at: now })
        .where('id', '=', task.id)
        .where('deleted_at', 'is', null)
        .where('state', 'in', ['Done', 'Failed'])
        .executeTakeFirst();
      if (Number(hidden.numUpdatedRows) === 0) return remove409or404(db, accountId, task.id);
      await blobs.deletePrefix(`outputs/${task.id}/`);
      await blobs.deletePrefix(`inputs/${task.id}/`);
      await kysely.deleteFrom('task_files').where('task_id', '=', task.id).execute();
    },
  };
}

/** The delete lost a race: with another delete (now 404) or, in theory, a state change (re-check). */
async function remove409or404(db: Db, accountId: string, id: string): Promise<never> {
  await findTask(db, accountId, id); // throws NO_SUCH_TASK once the other delete committed
  throw new KilnError('TASK_STILL_RUNNING', `Task ${id} changed while it was being deleted; try again.`);
}

export type TaskManagement = ReturnType<typeof taskManagement>;
