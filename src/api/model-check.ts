/**
 * Every uploaded model passes the readers' structural checks before a task is accepted (declared
 * counts backed by the bytes present, nesting depth, archive layout): a file every worker would refuse
 * is refused here, uncharged, instead of being queued, charged and failed.
 */
import { invalidRequest } from '../errors.ts';
import type { EngineInputFile } from '../engines/engine.ts';
import { isGeometryInputError } from '../geometry/import/index.ts';
import { prescanModel } from '../geometry/import/prescan.ts';

export function assertModelsScan(inputs: EngineInputFile[]): void {
  for (const input of inputs) {
    if (input.field !== 'model') continue;
    try {
      prescanModel(input.bytes, { filename: input.filename });
    } catch (error) {
      if (isGeometryInputError(error)) throw invalidRequest('model', `model (${input.filename || 'unnamed'}): ${error.message}`);
      throw error;
    }
  }
}
