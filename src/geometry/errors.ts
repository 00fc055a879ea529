/**
 * The error every geometry reader throws for input it will not accept. Geometry knows nothing of the
 * service's error catalogue: the engines map it (src/engines/geometry-refusal.ts) to INVALID_REQUEST
 * about the `model` field, so the message is written for the caller: what is wrong with the file and
 * what to change, never a stack or parser jargon.
 */

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

export class GeometryInputError extends Error {
  constructor(
    readonly reason: GeometryInputReason,
    message: string,
    /** Extra machine-readable facts (the offending line, a refused URI …). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'GeometryInputError';
  }
}

export function isGeometryInputError(error: unknown): error is GeometryInputError {
  return error instanceof GeometryInputError;
}
