/** The task seam: status words, records and views, submissions and the TaskService interface. */
import type { Readable } from 'node:stream';
import type { TaskInput } from './task-input.ts';
import type { EngineKind, TaskSpec } from '../domain/task-spec.ts';

/** The four status words real clients accept; nothing else is ever reported. */
export type TaskStatus = 'Waiting' | 'Generating' | 'Done' | 'Failed';

/** The task kinds of the API's task list filter (`rig` matches once a rig engine stores tasks). */
export const TASK_KINDS = ['generate', 'bang', 'texture', 'convert', 'rig'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export interface TaskListQuery {
  /** Any of these states (all when empty). */
  states?: TaskStatus[];
  /** Any of these kinds (all when empty). */
  kinds?: TaskKind[];
  /** 1–100 (TASK_LIST_DEFAULTS). */
  limit?: number;
  /** The previous page's nextCursor. */
  cursor?: string;
}

export interface TaskListPage {
  /** Newest first. */
  tasks: TaskRecord[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface TaskError {
  /** An ErrorCode of src/errors.ts (engine refusals keep theirs, e.g. API_OBJECT_NOT_FOUND_ON_IMAGE). */
  code: string;
  message: string;
}

export interface JobView {
  uuid: string;
  status: TaskStatus;
  /** 0–100; 100 only when Done. */
  progress: number;
  /** The engine's current stage name (null before it starts). */
  stage: string | null;
  /** Runs started so far (1 on the first run; more after a crash or retryable error). */
  attempts: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: TaskError | null;
}

export interface TaskFile {
  /** Download name: unique within the task, no `/`. */
  name: string;
  size: number;
  contentType: string;
  blobKey: string;
}

export interface TaskRecord {
  uuid: string;
  accountId: string;
  keyId: string;
  kind: EngineKind;
  /** The `jobs.subscription_key` of the submission response; `/status` takes it. */
  subscriptionKey: string;
  status: TaskStatus;
  /** The resolved spec stored at submission (effective tier, texture mode and resolution, fast mode …). */
  params: TaskSpec;
  /** Credits charged (`consumed`). */
  price: number;
  /** The response's `prompt` string. */
  prompt: string;
  /** ISO 8601. */
  submitTime: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Never empty (one job per task today). */
  jobs: JobView[];
  /** Output files; empty until Done, and again once they expired. */
  files: TaskFile[];
  error: TaskError | null;
  notes: Record<string, unknown> | null;
  /** When the output files are (or were) removed by retention; null before Done. */
  filesExpireAt: string | null;
  filesExpired: boolean;
}

export interface SubmitRequest {
  accountId: string;
  keyId: string;
  spec: TaskSpec;
  price: number;
  inputs: TaskInput[];
  /**
   * The response's `prompt`. When omitted, the engine's `describePrompt` is asked (if it has one),
   * else the spec's prompt, else ''.
   */
  prompt?: string;
  /** The client's Idempotency-Key header. */
  idempotencyKey?: string;
  /** A digest of the request body (fields + files); required to tell replays from reuse. */
  requestHash?: string;
  /** Where Done/Failed webhooks go (already checked by the caller: see tasks/webhooks); none when absent. */
  webhookUrl?: string | null;
  /** Also send `task.progress` webhooks (one per stage) to webhookUrl. */
  webhookProgress?: boolean;
}

export interface SubmitResult extends TaskRecord {
  /** True when an Idempotency-Key replay returned the first submission (nothing charged). */
  replayed: boolean;
}

export interface OpenedFile {
  name: string;
  size: number;
  contentType: string;
  stream: Readable;
}

export interface TaskService {
  /**
   * Accepts a task in one transaction: balance check (KilnError INSUFFICIENT_FUND), per-key in-flight
   * cap (API_PARALLELISM_LIMIT_REACHED), price reserved on the ledger, task + job rows, input blobs,
   * queue entry. ENGINE_UNAVAILABLE when no engine is registered for the spec's kind.
   * Idempotency-Key: same key and requestHash → the first task again (`replayed`), nothing charged;
   * same key with another hash → IDEMPOTENCY_KEY_REUSED.
   */
  submit(request: SubmitRequest): Promise<SubmitResult>;
  /** Jobs of the task with this subscription key (never empty); NO_SUCH_TASK when unknown or not the account's. */
  statusBySubscriptionKey(accountId: string, subscriptionKey: string): Promise<JobView[]>;
  /** The rich record by task uuid or job uuid; NO_SUCH_TASK when unknown or another account's. */
  get(accountId: string, uuid: string): Promise<TaskRecord>;
  /** Output files by task uuid or job uuid: complete when Done, otherwise []; NO_SUCH_TASK as get. */
  files(accountId: string, uuid: string): Promise<TaskFile[]>;
  /** Opens one output file for a (signed, account-less) download; null when absent or expired. */
  openFile(taskId: string, name: string): Promise<OpenedFile | null>;
  /**
   * A presigned URL of the blob store for one output file (KILN_S3_PRESIGNED_DOWNLOADS); null when
   * absent or expired. Undefined when the blob store cannot presign (a local directory).
   */
  presignedFileUrl?(taskId: string, name: string, expiresSeconds: number): Promise<string | null>;
  /** The bytes of one output file; null when absent or expired. */
  readFile(taskId: string, name: string): Promise<Uint8Array | null>;
  /** The account's tasks, newest first (deleted ones never show); INVALID_REQUEST for a cursor it did not give out. */
  list(accountId: string, query?: TaskListQuery): Promise<TaskListPage>;
  /**
   * Cancels a Waiting or Generating task: it ends Failed with code CANCELLED and is refunded in the same
   * transaction; a running engine stops at its next stage. TASK_ALREADY_ENDED when Done or Failed
   * (also when it ended while this call ran); NO_SUCH_TASK as get.
   */
  cancel(accountId: string, uuid: string): Promise<TaskRecord>;
  /**
   * Deletes a Done or Failed task: its output and input files go, its record no longer shows (get answers
   * NO_SUCH_TASK), its ledger rows stay. TASK_STILL_RUNNING when Waiting or Generating.
   */
  remove(accountId: string, uuid: string): Promise<void>;
  /** Removes output files older than the retention; returns how many tasks expired. */
  sweepExpired(now?: Date): Promise<number>;
  /** How many tasks are in each state (for /metrics). */
  countByState(): Promise<Record<TaskStatus, number>>;
}
