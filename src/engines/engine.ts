/**
 * The contract between the task service and an engine. An engine is a pure function of
 * (resolved spec, input files, progress callback) → named output files; the service runs it off the
 * HTTP event loop (a worker thread), stores what it returns and serves it for download.
 */
import type { CpuSlots } from './cpu-slots.ts';
import type { InputFile } from '../domain/input-file.ts';
import type { EngineKind, TaskSpec } from '../domain/task-spec.ts';
import type { ErrorCode } from '../errors.ts';

/** The engine's view of an uploaded file (defined in domain, which resolves submissions). */
export type EngineInputFile = InputFile;

export interface EngineFile {
  /** Download name: unique within the task, no `/` (e.g. `base_basic_pbr.glb`, `preview.webp`). */
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

/** Reports progress within the whole run: `percent` 0–100 rises monotonically; `stage` names the step. */
export type ProgressReporter = (stage: string, percent: number) => void;

export interface EngineRun<S extends TaskSpec = TaskSpec> {
  taskId: string;
  spec: S;
  inputs: EngineInputFile[];
  progress: ProgressReporter;
  signal: AbortSignal;
  /** The process's live core count (cpu-slots.ts): a step may add a helper thread only through it. */
  cpu?: CpuSlots;
}

export interface EngineResult {
  files: EngineFile[];
  /** Facts worth keeping with the task record (repairs done, how a prompt was read, piece count …). */
  notes?: Record<string, unknown>;
}

/** The codes of the error catalogue (src/errors.ts) a task can fail with. */
export type EngineErrorCode = Extract<
  ErrorCode,
  'API_OBJECT_NOT_FOUND_ON_IMAGE' | 'INVALID_REQUEST' | 'REMOTE_ENGINE_FAILED' | 'UNKNOWN'
>;

/** An engine refuses input it cannot use by throwing this; the task fails with `code` and is refunded. */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** Extra machine-readable facts for logs and tests (the offending field …); not sent to clients. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export interface Engine<S extends TaskSpec = TaskSpec> {
  kind: EngineKind;
  /**
   * Runs at submission, in the API process, before the response is sent: the text the response's
   * `prompt` field carries (the user's prompt, a description derived from the images, or how a text
   * prompt was interpreted). Must be quick (well under a second).
   */
  describePrompt?(spec: S, inputs: EngineInputFile[]): Promise<string>;
  /**
   * Runs at submission, before anything is charged: a reason to refuse input the engine can never
   * use (e.g. a picture with nothing in it), or null. Must be quick (well under a second).
   */
  refuseInputs?(spec: S, inputs: EngineInputFile[]): Promise<InputRefusal | null>;
  run(run: EngineRun<S>): Promise<EngineResult>;
}

/** Why an engine refuses a submission's input: the form field at fault and what to change. */
export interface InputRefusal {
  field: string;
  message: string;
}
