/** What a task shows once submitted: job status by subscription key, output manifests, file reads. */
import { KilnError } from '../errors.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { filesAvailable, toJobView, toTaskFile } from './records.ts';
import { findAvailableFile } from './available-file.ts';
import { findTask } from './task-lookup.ts';
import type { TaskService } from './types.ts';

export type TaskReads = Pick<TaskService, 'statusBySubscriptionKey' | 'files' | 'openFile' | 'readFile'>;

export function taskReads(db: Db, blobs: BlobStore): TaskReads {
  const { kysely } = db;
  return {
    async statusBySubscriptionKey(accountId, subscriptionKey) {
      const rows = await kysely
        .selectFrom('tasks')
        .innerJoin('jobs', 'jobs.task_id', 'tasks.id')
        .selectAll('jobs')
        .select(['tasks.error_code', 'tasks.error_message'])
        .where('tasks.subscription_key', '=', subscriptionKey)
        .where('tasks.account_id', '=', accountId)
        .where('tasks.deleted_at', 'is', null)
        .orderBy('jobs.id')
        .execute();
      if (rows.length === 0) {
        // A common slip is sending the task uuid (the one /download takes): say so instead of a bare "no such task".
        const isTaskUuid = await findTask(db, accountId, subscriptionKey).then(
          () => true,
          () => false,
        );
        throw new KilnError(
          'NO_SUCH_TASK',
          isTaskUuid
            ? `"${subscriptionKey}" is a task or job uuid; /status takes the submission's jobs.subscription_key (GET /api/v2/tasks/${subscriptionKey} shows this task).`
            : `No task with subscription_key "${subscriptionKey}" belongs to this account.`,
        );
      }
      return rows.map((row) => toJobView(row, row));
    },

    async files(accountId, uuid) {
      const task = await findTask(db, accountId, uuid);
      if (!filesAvailable(task)) return [];
      const rows = await kysely
        .selectFrom('task_files')
        .selectAll()
        .where('task_id', '=', task.id)
        .orderBy('name')
        .execute();
      return rows.map(toTaskFile);
    },

    async openFile(taskId, name) {
      const file = await findAvailableFile(db, taskId, name);
      if (!file) return null;
      const opened = await blobs.stream(file.blobKey);
      if (!opened) return null;
      return { name: file.name, size: opened.size, contentType: file.contentType, stream: opened.stream };
    },

    async readFile(taskId, name) {
      const file = await findAvailableFile(db, taskId, name);
      return file ? blobs.get(file.blobKey) : null;
    },
  };
}
