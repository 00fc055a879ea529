/**
 * The error every geometry reader throws for input it will not accept. It is a KilnError with the
 * INVALID_REQUEST code (field `model`), so the HTTP layer and the task runner report it to the caller as
 * is: the message says what is wrong with the file and what to change, never a stack or parser jargon.
 */
import { KilnError } from '../errors.ts';

/** Why a model was refused: stable, machine-readable, for logs, metrics and tests. */
export type GeometryInputReason =
  | 'unknown-format'
  | 'unsupported'
  | 'truncated'
  | 'malformed'
  | 'empty'
  | 'non-finite'
  | 'absurd-count'
  | 'too-large'
  | 'external-reference'
  | 'compressed-entry';

export class GeometryInputError extends KilnError {
  constructor(
    readonly reason: GeometryInputReason,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super('INVALID_REQUEST', message, { field: 'model', reason, ...details });
    this.name = 'GeometryInputError';
  }
}

export function isGeometryInputError(error: unknown): error is GeometryInputError {
  return error instanceof GeometryInputError;
}
