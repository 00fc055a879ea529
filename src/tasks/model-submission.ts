/**
 * Submission rules for requests that start from a model (Bang, texture, convert) (docs/spec/api.md §2.2): in asset mode the source is a completed generation of the
 * caller, whose main model file (and the .mtl and maps beside it) become the task's inputs by
 * reference to their stored blobs — nothing is read into the API process or written again. In custom
 * mode the upload's model format is detected from its bytes (geometry's detector, handed to domain).
 */
import {
  bangAssetId,
  bangMode,
  modelAssetId,
  modelSourceMode,
  resolveBangRequest,
  type ModelFormatDetector,
  type TaskSpec,
  type BangSpec,
  type AssetSettings,
  type GenerateSpec,
  type RawRequest,
  type ResolvedSubmission,
  type StoredAsset,
} from '../domain/index.ts';
import { KilnError, invalidRequest } from '../errors.ts';
import { detectModelFormat } from '../geometry/import/detect.ts';
import type { TaskRecord, TaskService } from './types.ts';
import type { StoredInput } from './task-input.ts';

const MODEL_EXTENSIONS = ['glb', 'gltf', 'usdz', 'fbx', 'obj', 'stl', 'usd', 'usda', 'usdc'];

/** A resolved Bang request: the uploads in `resolved.inputs`, the asset's stored files in `assetInputs`. */
export interface BangSubmission {
  resolved: ResolvedSubmission<BangSpec>;
  assetInputs: StoredInput[];
}

/** The generation's main model file: the PBR variant in its output format first, else any model. */
export function pickModelFile(record: TaskRecord): string | undefined {
  const spec = record.params as GenerateSpec;
  const names = record.files.map((file) => file.name);
  const ext = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const models = names.filter((name) => MODEL_EXTENSIONS.includes(ext(name)));
  return (
    models.find((name) => name.startsWith('base_basic_pbr.') && ext(name) === spec.geometryFileFormat) ??
    models.find((name) => ext(name) === spec.geometryFileFormat) ??
    models.find((name) => name.startsWith('base_basic_pbr.')) ??
    models[0]
  );
}

/** Loads the asset of a Bang asset-mode request, refusing anything but a completed generation of the caller. */
export async function loadAsset(
  tasks: Pick<TaskService, 'get'>,
  accountId: string,
  assetId: string,
): Promise<{ asset: StoredAsset; inputs: StoredInput[] }> {
  let record: TaskRecord;
  try {
    record = await tasks.get(accountId, assetId);
  } catch (error) {
    if (error instanceof KilnError && error.code === 'NO_SUCH_TASK') {
      throw invalidRequest(
        'asset_id',
        `asset_id ${assetId} is not a generation of this account; send the top-level uuid returned by one of your generate requests.`,
      );
    }
    throw error;
  }
  // Generations, retextures and conversions each leave one model; a Bang task leaves pieces.
  if (record.params.kind === 'bang') {
    throw invalidRequest(
      'asset_id',
      `asset_id ${assetId} is a Bang task, not a generation; send the uuid of a completed generate request.`,
    );
  }
  if (record.uuid !== assetId) {
    throw invalidRequest(
      'asset_id',
      `asset_id must be the top-level uuid of the generation (${record.uuid}), not one of its job uuids.`,
    );
  }
  if (record.status !== 'Done') {
    const advice =
      record.status === 'Failed'
        ? 'it failed; use a generation that completed'
        : `it is still ${record.status}; wait until its status is Done`;
    throw invalidRequest('asset_id', `asset_id ${assetId} is not a completed generation: ${advice}.`);
  }
  const name = pickModelFile(record);
  const model = name && !record.filesExpired ? record.files.find((file) => file.name === name) : undefined;
  if (!name || !model) {
    throw invalidRequest(
      'asset_id',
      `The files of asset ${assetId} are no longer stored (retention); generate it again or upload the model in custom-model mode.`,
    );
  }
  // OBJ and FBX assets keep their .mtl and texture maps beside the model; Bang needs them to keep the
  // asset's surfaces. Other model files (the Shaded or high-poly twin) and the preview are not needed.
  const companions = record.files.filter(
    (other) =>
      other.name !== name &&
      other.name !== 'preview.webp' &&
      !MODEL_EXTENSIONS.includes(other.name.slice(other.name.lastIndexOf('.') + 1).toLowerCase()),
  );
  const stored = (field: string, file: TaskRecord['files'][number]): StoredInput => ({
    field,
    filename: file.name,
    blobKey: file.blobKey,
    size: file.size,
  });
  return {
    asset: { taskId: record.uuid, spec: record.params as AssetSettings },
    inputs: [stored('asset', model), ...companions.map((file) => stored('asset-file', file))],
  };
}

/** Resolves a model-in request (texture, convert) the way Bang's modes work: an asset of the caller, or an upload. */
export async function resolveModelTaskSubmission<Spec extends TaskSpec>(
  tasks: Pick<TaskService, 'get'>,
  accountId: string,
  raw: RawRequest,
  resolve: (raw: RawRequest, asset: StoredAsset | undefined, detect: ModelFormatDetector) => ResolvedSubmission<Spec>,
): Promise<{ resolved: ResolvedSubmission<Spec>; assetInputs: StoredInput[] }> {
  if (modelSourceMode(raw) === 'asset') {
    const { asset, inputs } = await loadAsset(tasks, accountId, modelAssetId(raw));
    return { resolved: resolve(raw, asset, detectModelFormat), assetInputs: inputs };
  }
  return { resolved: resolve(raw, undefined, detectModelFormat), assetInputs: [] };
}

/** Resolves a raw Bang request of `accountId` in either mode. */
export async function resolveBangSubmission(
  tasks: Pick<TaskService, 'get'>,
  accountId: string,
  raw: RawRequest,
): Promise<BangSubmission> {
  if (bangMode(raw) === 'asset') {
    const { asset, inputs } = await loadAsset(tasks, accountId, bangAssetId(raw));
    return { resolved: resolveBangRequest(raw, asset, detectModelFormat), assetInputs: inputs };
  }
  return { resolved: resolveBangRequest(raw, undefined, detectModelFormat), assetInputs: [] };
}
