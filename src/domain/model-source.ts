/**
 * The model of a texture or convert request: exactly one of `asset_id` (a completed task of the
 * account) or `model` (an uploaded file in one of Bang's input formats), as for Bang (api.md §2.2).
 */
import { invalidRequest } from '../errors.ts';
import type { InputFile } from './input-file.ts';
import type { ModelFormat, ModelSource } from './task-spec.ts';
import { filesOf, has, type RawRequest } from './raw-request.ts';
import { BANG_MODEL_FORMATS_TEXT, bangAssetId } from './bang-request.ts';
import type { ModelFormatDetector, StoredAsset as LoadedAsset } from './asset.ts';

/** The stored task an asset-mode request starts from (the same shape Bang's asset mode loads). */
export type { StoredAsset as LoadedAsset, AssetSettings } from './asset.ts';

/** Which mode a request asks for; the HTTP layer needs it before loading the asset. */
export function modelSourceMode(raw: RawRequest): 'asset' | 'custom' {
  const hasAsset = has(raw, 'asset_id');
  const hasModel = filesOf(raw, 'model').length > 0;
  if (hasAsset && hasModel) {
    throw invalidRequest(
      'asset_id',
      'Send either asset_id (a completed task of yours) or model (an uploaded file), not both.',
    );
  }
  if (!hasAsset && !hasModel) {
    throw invalidRequest(
      'model',
      `Send asset_id (the uuid of a completed task) or a model file (${BANG_MODEL_FORMATS_TEXT}).`,
    );
  }
  return hasAsset ? 'asset' : 'custom';
}

/** The asset_id of an asset-mode request, checked for shape. */
export const modelAssetId = bangAssetId;

/** The source of the request and, in custom-model mode, the uploaded model as an engine input. */
export function resolveModelSource(
  raw: RawRequest,
  asset: LoadedAsset | undefined,
  detectModelFormat: ModelFormatDetector,
): { source: ModelSource; inputs: InputFile[] } {
  const mode = modelSourceMode(raw);
  if (mode === 'asset') {
    const assetId = modelAssetId(raw);
    if (!asset || asset.taskId !== assetId)
      throw new Error(`resolveModelSource: asset mode needs the stored asset ${assetId} loaded by the caller`);
    return { source: { mode, assetId }, inputs: [] };
  }
  const models = filesOf(raw, 'model');
  if (models.length > 1) throw invalidRequest('model', `Send one model file; got ${models.length}.`);
  const [model] = models;
  if (model.bytes.length === 0)
    throw invalidRequest('model', `model (${model.filename || 'unnamed'}) is empty; upload the complete file.`);
  const modelFormat: ModelFormat | null = detectModelFormat(model.bytes, model.filename);
  if (!modelFormat) {
    throw invalidRequest(
      'model',
      `model (${model.filename || 'unnamed'}) is not a readable ${BANG_MODEL_FORMATS_TEXT} file; the format is detected from the content.`,
    );
  }
  return { source: { mode, modelFormat }, inputs: [{ field: 'model', filename: model.filename, bytes: model.bytes }] };
}
