/** Finding an account's task and loading its full record (jobs and, when available, files). */
import { KilnError } from '../errors.ts';
import type { Db } from '../store/db.ts';
import type { TasksTable } from '../store/schema.ts';
import { filesAvailable, toTaskRecord } from './records.ts';
import type { TaskRecord } from './types.ts';

export const noSuchTask = (uuid: string) =>
  new KilnError('NO_SUCH_TASK', `No task or job "${uuid}" belongs to this account; check the identifier.`);

export async function loadRecord({ kysely }: Db, task: TasksTable): Promise<TaskRecord> {
  const [jobs, files] = await Promise.all([
    kysely.selectFrom('jobs').selectAll().where('task_id', '=', task.id).orderBy('id').execute(),
    filesAvailable(task)
      ? kysely.selectFrom('task_files').selectAll().where('task_id', '=', task.id).orderBy('name').execute()
      : Promise.resolve([]),
  ]);
  return toTaskRecord(task, jobs, files);
}

/** The account's task by task uuid or job uuid (a deleted task is no longer found). */
export async function findTask({ kysely }: Db, accountId: string, uuid: string): Promise<TasksTable> {
  const direct = await kysely
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', uuid)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (direct) return direct;
  const viaJob = await kysely
    .selectFrom('jobs')
    .innerJoin('tasks', 'tasks.id', 'jobs.task_id')
    .selectAll('tasks')
    .where('jobs.id', '=', uuid)
    .where('tasks.account_id', '=', accountId)
    .where('tasks.deleted_at', 'is', null)
    .executeTakeFirst();
  if (viaJob) return viaJob;
  throw noSuchTask(uuid);
}
