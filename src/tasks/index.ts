/**
 * The task service: submission (credits reserved in the same transaction that creates the task),
 * the job state machine Waiting → Generating → Done | Failed, settle on success, refund on failure,
 * status views, output file manifests and downloads.
 */

export type {
  JobView,
  OpenedFile,
  SubmitRequest,
  SubmitResult,
  TaskError,
  TaskKind,
  TaskListPage,
  TaskListQuery,
  TaskFile,
  TaskRecord,
  TaskService,
  TaskStatus,
} from './types.ts';
export { isStoredInput, type StoredInput, type TaskInput } from './task-input.ts';
export { createTaskService } from './task-service.ts';
export { TASK_KINDS } from './types.ts';
export { TASK_LIST_DEFAULTS } from './task-management.ts';
