/** A task's current state as events, read from the database (the stream's start and its periodic re-read). */
import { sql } from 'kysely';
import type { Db } from '../../store/db.ts';
import type { TaskEvent } from './types.ts';

/** Waiting tasks submitted before this one, plus one: 1 means it runs next. */
async function queuePosition(db: Db, taskId: string, submittedAt: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('tasks')
    .select(sql<number>`count(*)`.as('ahead'))
    .where('state', '=', 'Waiting')
    .where((eb) =>
      eb.or([
        eb('submitted_at', '<', submittedAt),
        eb.and([eb('submitted_at', '=', submittedAt), eb('id', '<', taskId)]),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.ahead ?? 0) + 1;
}

/** The events that describe the task now (oldest first), or null when no such task exists. */
export async function taskSnapshot(db: Db, taskId: string): Promise<TaskEvent[] | null> {
  const { kysely } = db;
  const task = await kysely
    .selectFrom('tasks')
    .select(['id', 'state', 'error_code', 'error_message', 'submitted_at', 'finished_at', 'files_expired_at'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task) return null;
  const at = Date.now();
  if (task.state === 'Waiting')
    return [{ type: 'waiting', taskId, position: await queuePosition(db, taskId, Number(task.submitted_at)), at }];
  const job = await kysely
    .selectFrom('jobs')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('id')
    .executeTakeFirst();
  const jobId = job?.id;
  if (task.state === 'Generating') {
    return [
      { type: 'started', taskId, jobId, attempt: Number(job?.attempts ?? 1), stage: job?.stage ?? 'starting', at },
      { type: 'progress', taskId, jobId, stage: job?.stage ?? 'starting', progress: Number(job?.progress ?? 0), at },
    ];
  }
  if (task.state === 'Done') {
    const files =
      task.files_expired_at === null
        ? await kysely.selectFrom('task_files').select('name').where('task_id', '=', taskId).orderBy('name').execute()
        : [];
    return [
      {
        type: 'done',
        taskId,
        jobId,
        progress: 100,
        files: files.map((file) => file.name),
        at: Number(task.finished_at ?? at),
      },
    ];
  }
  return [
    {
      type: 'failed',
      taskId,
      jobId,
      error: { code: task.error_code ?? 'UNKNOWN', message: task.error_message ?? '' },
      at: Number(task.finished_at ?? at),
    },
  ];
}
