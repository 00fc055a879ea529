/** Builds TaskRecord / JobView objects from rows. */
import type { EngineKind, TaskSpec } from '../domain/task-spec.ts';
import { fromMilli } from '../accounts/ledger.ts';
import type { JobsTable, TaskFilesTable, TasksTable } from '../store/schema.ts';
import type { JobView, TaskFile, TaskRecord } from './types.ts';

export function iso(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
}

export function toJobView(job: JobsTable, task: Pick<TasksTable, 'error_code' | 'error_message'>): JobView {
  return {
    uuid: job.id,
    status: job.state,
    progress: job.state === 'Done' ? 100 : Number(job.progress),
    stage: job.stage,
    attempts: Number(job.attempts),
    startedAt: iso(job.started_at),
    finishedAt: iso(job.finished_at),
    error:
      job.state === 'Failed' && task.error_code ? { code: task.error_code, message: task.error_message ?? '' } : null,
  };
}

export function filesAvailable(task: Pick<TasksTable, 'state' | 'files_expired_at'>): boolean {
  return task.state === 'Done' && task.files_expired_at === null;
}

export function toTaskFile(row: TaskFilesTable): TaskFile {
  return { name: row.name, size: Number(row.size), contentType: row.content_type, blobKey: row.blob_key };
}

export function toTaskRecord(task: TasksTable, jobs: JobsTable[], files: TaskFilesTable[]): TaskRecord {
  return {
    uuid: task.id,
    accountId: task.account_id,
    keyId: task.key_id,
    kind: task.kind as EngineKind,
    subscriptionKey: task.subscription_key,
    status: task.state,
    params: JSON.parse(task.spec) as TaskSpec,
    price: fromMilli(task.price_milli),
    prompt: task.prompt,
    submitTime: iso(task.submitted_at)!,
    startedAt: iso(task.started_at),
    finishedAt: iso(task.finished_at),
    jobs: jobs.map((job) => toJobView(job, task)),
    files: filesAvailable(task) ? files.map(toTaskFile) : [],
    error: task.error_code ? { code: task.error_code, message: task.error_message ?? '' } : null,
    notes: task.notes ? (JSON.parse(task.notes) as Record<string, unknown>) : null,
    filesExpireAt: iso(task.files_expire_at),
    filesExpired: task.files_expired_at !== null,
  };
}
