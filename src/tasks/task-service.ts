/** TaskService over Db + BlobStore + JobQueue: submission, status views, manifests, downloads, retention. */
import type { Config } from '../config.ts';
import type { EngineRegistry } from '../engines/registry.ts';
import type { PromptDescriber } from '../engines/runner/describer.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue } from '../queue/index.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { Db } from '../store/db.ts';
import { submitTask } from './submit-task.ts';
import { sweepExpired } from './sweep-expired.ts';
import { countTasksByState } from './task-counts.ts';
import { findTask, loadRecord } from './task-lookup.ts';
import { taskReads } from './task-reads.ts';
import { taskManagement } from './task-management.ts';
import type { TransitionEvents } from './transitions.ts';
import type { TaskService } from './types.ts';

import { presignedFileUrl } from './file-urls.ts';

export { jobPayload, type JobPayload } from './submit-task.ts';

export interface TaskServiceDeps {
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  engines: EngineRegistry;
  /** Runs engines' describePrompt off this thread (src/engines/runner/describer.ts). */
  describer: Pick<PromptDescriber, 'describe' | 'ready'>;
  config: Pick<Config, 'maxInFlightPerKey' | 'retentionMs'>;
  logger: Logger;
  /** Where a cancel's Failed transition is announced (the SSE stream, the waiting clients). */
  events?: TransitionEvents;
}

export function createTaskService(deps: TaskServiceDeps): TaskService {
  const { db } = deps;
  return {
    submit: (request) => submitTask(deps, request),
    ...taskReads(db, deps.blobs),
    ...taskManagement(deps),
    get: async (accountId, uuid) => loadRecord(db, await findTask(db, accountId, uuid)),
    sweepExpired: (now) => sweepExpired(deps, now),
    countByState: () => countTasksByState(db),
    presignedFileUrl: deps.blobs.presignedUrl
      ? (taskId, name, seconds) => presignedFileUrl(db, deps.blobs, taskId, name, seconds)
      : undefined,
  };
}
