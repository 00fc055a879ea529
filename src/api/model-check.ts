/**
 * Every uploaded model must import before a task is accepted: a file that only looks like an OBJ or a
 * GLB by its first bytes (truncated, empty of triangles, faces pointing at vertices that do not exist)
 * would otherwise fail in a worker after the caller was charged. The importer is the one the engines
 * use, with its size limits, so what passes here is what the engine will read.
 */
import { invalidRequest } from '../errors.ts';
import type { EngineInputFile } from '../engines/engine.ts';
import { importModel, isGeometryInputError } from '../geometry/import/index.ts';

export async function assertModelsImport(inputs: EngineInputFile[]): Promise<void> {
  for (const input of inputs) {
    if (input.field !== 'model') continue;
    try {
      await importModel(input.bytes, { filename: input.filename });
    } catch (error) {
      if (!isGeometryInputError(error)) throw error;
      throw invalidRequest('model', `model (${input.filename || 'unnamed'}) cannot be read: ${error.message}`);
    }
  }
}
