/** The JSON body of a webhook: event id, type, task uuid and the task's status record. */
import type { Kysely } from 'kysely';
import type { Schema } from '../../store/schema.ts';
import { toTaskRecord } from '../records.ts';

export async function webhookBody(
  kysely: Kysely<Schema>,
  event: { id: string; type: string; task_id: string; created_at: number },
): Promise<string> {
  const task = await kysely.selectFrom('tasks').selectAll().where('id', '=', event.task_id).executeTakeFirstOrThrow();
  const [jobs, files] = await Promise.all([
    kysely.selectFrom('jobs').selectAll().where('task_id', '=', task.id).orderBy('id').execute(),
    kysely.selectFrom('task_files').selectAll().where('task_id', '=', task.id).orderBy('name').execute(),
  ]);
  const record = toTaskRecord(task, jobs, files);
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: new Date(Number(event.created_at)).toISOString(),
    task_uuid: record.uuid,
    task: {
      uuid: record.uuid,
      kind: record.params.kind,
      state: record.status,
      subscription_key: record.subscriptionKey,
      consumed: record.price,
      submit_time: record.submitTime,
      started_time: record.startedAt,
      finished_time: record.finishedAt,
      jobs: record.jobs.map((job) => ({
        uuid: job.uuid,
        status: job.status,
        progress: job.progress,
        stage: job.stage,
        error: job.error,
      })),
      files: record.files.map((file) => ({ name: file.name, size: file.size, content_type: file.contentType })),
      error: record.error,
    },
  });
}
