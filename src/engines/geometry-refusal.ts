/**
 * Geometry refuses a model with its own GeometryInputError; to the caller that is INVALID_REQUEST about
 * the `model` field, with the reader's message as is (it already says what to change).
 */
import { GeometryInputError } from '../geometry/errors.ts';
import { EngineError } from './engine.ts';

export function refusalOf(error: GeometryInputError): EngineError {
  return new EngineError('INVALID_REQUEST', error.message, { field: 'model', reason: error.reason, ...error.details });
}

/** Rethrows a geometry refusal as the task's refusal; anything else unchanged. */
export function asEngineRefusal(error: unknown): unknown {
  return error instanceof GeometryInputError ? refusalOf(error) : error;
}
