/** The inputs a submission hands to the task service. */
import type { InputFile } from '../domain/input-file.ts';

/**
 * A task input already in the blob store (Bang asset mode: the source generation's model and maps),
 * referred to by key instead of copied: the worker reads it from there like any other input.
 */
export interface StoredInput {
  field: string;
  filename: string;
  blobKey: string;
  size: number;
}

/** What a submission hands over: uploaded bytes, or a blob the store already holds. */
export type TaskInput = InputFile | StoredInput;

export function isStoredInput(input: TaskInput): input is StoredInput {
  return 'blobKey' in input;
}
