/** Messages between the runner (main thread) and the engine worker thread. */
import type { MessagePort } from 'node:worker_threads';
import type { EngineFile, EngineInputFile } from '../engine.ts';
import type { TaskSpec } from '../../domain/task-spec.ts';
import type { CpuSlots } from '../cpu-slots.ts';

export interface WorkerTask {
  moduleUrl: string;
  taskId: string;
  spec: TaskSpec;
  inputs: EngineInputFile[];
  /** Shared with every run of the runner (its counter is a SharedArrayBuffer). */
  cpu?: CpuSlots;
  /** Worker → main: ProgressMessage; main → worker: AbortMessage. */
  port: MessagePort;
}

export interface ProgressMessage {
  type: 'progress';
  stage: string;
  percent: number;
}

export interface AbortMessage {
  type: 'abort';
  reason: string;
}

/** A `describePrompt` call (src/engines/runner/describer.ts). */
export interface DescribeTask {
  moduleUrl: string;
  spec: TaskSpec;
  inputs: EngineInputFile[];
}

/** Engine failures travel as data: Error subclasses and their codes do not survive structured cloning. */
export type WorkerOutcome =
  | { ok: true; files: EngineFile[]; notes?: Record<string, unknown> }
  | { ok: false; engineError: boolean; code: string; message: string; stack?: string };
