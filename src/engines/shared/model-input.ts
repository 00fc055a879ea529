/**
 * The model a texture or convert task works on: the uploaded `model` (custom-model mode) or the source
 * task's `asset` with its companion files (asset mode), imported into one world-space mesh.
 */
import type { ModelSource } from '../../domain/task-spec.ts';
import { GeometryInputError } from '../../geometry/errors.ts';
import { importModel } from '../../geometry/import/index.ts';
import type { Scene } from '../../geometry/mesh.ts';
import { EngineError, type EngineInputFile } from '../engine.ts';

export async function importSourceModel(spec: ModelSource, inputs: EngineInputFile[]): Promise<Scene> {
  const source =
    inputs.find((f) => f.field === (spec.mode === 'asset' ? 'asset' : 'model')) ??
    inputs.find((f) => f.field === 'asset' || f.field === 'model');
  if (!source) throw new EngineError('INVALID_REQUEST', 'This task needs a model: an asset_id or a model file.');
  const companions = Object.fromEntries(
    inputs.filter((f) => f.field === 'asset-file').map((f) => [f.filename, f.bytes] as const),
  );
  try {
    return await importModel(source.bytes, { filename: source.filename, format: spec.modelFormat, companions });
  } catch (error) {
    if (error instanceof GeometryInputError) throw new EngineError('INVALID_REQUEST', error.message);
    throw error;
  }
}
