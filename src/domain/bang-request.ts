/** Turns a raw Bang request (docs/spec/api.md §2.2 and its input mode rules) into a BangSpec, or a precise INVALID_REQUEST. */
import { invalidRequest } from '../errors.ts';
import type { InputFile } from './input-file.ts';
import { MATERIAL_VARIANTS, OUTPUT_FORMATS, type BangSpec } from './task-spec.ts';
import { choiceField, filesOf, has, numberField, scalar, type RawRequest } from './raw-request.ts';
import { DEFAULT_STRENGTH, STRENGTH_RANGE, pieceCountForStrength } from './mesh-rules.ts';
import { ACCEPTED_IMAGE_NAMES, sniffImageType } from './image-type.ts';
import { MAX_PROMPT_LENGTH, SEED_RANGE, type ResolvedSubmission } from './generate-request.ts';
import { priceOf } from './pricing.ts';
import type { ModelFormatDetector, StoredAsset } from './asset.ts';

export type { ModelFormatDetector, StoredAsset } from './asset.ts';

export const BANG_MODEL_FORMATS_TEXT = 'obj, glb, gltf, stl, fbx, usd, usda, usdc or usdz';

/** Texture edge length for Bang's material generation; defaults to 2048 or the asset's own size. */
export const BANG_RESOLUTION_RANGE = { min: 256, max: 8192, integer: true } as const;
export const ESCORE_RANGE = { min: 0, max: 1 } as const;
export const REFERENCE_SCALE_RANGE = { min: 0.001, max: 1000 } as const;
/** Without a seed Bang is deterministic: the same model always splits the same way. */
export const DEFAULT_BANG_SEED = 0;
export const DEFAULT_BANG_RESOLUTION = 2048;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which mode a request asks for; the HTTP layer needs it before loading the asset. */
export function bangMode(raw: RawRequest): 'asset' | 'custom' {
  const hasAsset = has(raw, 'asset_id');
  const hasModel = filesOf(raw, 'model').length > 0;
  if (hasAsset && hasModel) {
    throw invalidRequest(
      'asset_id',
      'Send either asset_id (split a completed generation) or model (split an uploaded file), not both.',
    );
  }
  if (!hasAsset && !hasModel) {
    throw invalidRequest(
      'model',
      'Send asset_id (the uuid of a completed generation) or a model file (obj, glb, stl, fbx, usd, usda, usdz, usdc).',
    );
  }
  return hasAsset ? 'asset' : 'custom';
}

/** The asset_id of an asset-mode request, checked for shape. */
export function bangAssetId(raw: RawRequest): string {
  const assetId = scalar(raw, 'asset_id') ?? '';
  if (!UUID_PATTERN.test(assetId)) {
    throw invalidRequest('asset_id', `asset_id must be the uuid of a completed generation; got "${assetId}".`);
  }
  return assetId;
}

function refuseInAssetMode(raw: RawRequest, field: 'model' | 'image' | 'prompt'): void {
  if (has(raw, field)) {
    throw invalidRequest(field, `${field} is only used in custom-model mode; omit it when sending asset_id.`);
  }
}

function resolveCustomInputs(raw: RawRequest, materialNone: boolean, detectModelFormat: ModelFormatDetector) {
  const models = filesOf(raw, 'model');
  if (models.length > 1) throw invalidRequest('model', `Send one model file; got ${models.length}.`);
  const [model] = models;
  const modelFormat = detectModelFormat(model.bytes, model.filename);
  if (!modelFormat) {
    throw invalidRequest(
      'model',
      `model (${model.filename || 'unnamed'}) is not a readable ${BANG_MODEL_FORMATS_TEXT} file; the format is detected from the content.`,
    );
  }
  const inputs: InputFile[] = [{ field: 'model', filename: model.filename, bytes: model.bytes }];
  const images = filesOf(raw, 'image');
  if (images.length > 1) throw invalidRequest('image', `Send one reference image; got ${images.length}.`);
  if (images.length === 0 && !materialNone) {
    throw invalidRequest(
      'image',
      'image is required in custom-model mode unless material=None: send a reference image, or material=None for geometry only.',
    );
  }
  if (images.length === 1) {
    const [image] = images;
    if (!sniffImageType(image.bytes)) {
      throw invalidRequest('image', `image (${image.filename || 'unnamed'}) is not a ${ACCEPTED_IMAGE_NAMES} image.`);
    }
    inputs.push({ field: 'image', filename: image.filename, bytes: image.bytes });
  }
  return { inputs, modelFormat, hasReferenceImage: images.length === 1 };
}

/**
 * Resolves a Bang request. In asset mode `asset` must be the loaded generation (the task layer checks
 * it exists, is Done and belongs to the caller); its format, material, seed and texture size are the
 * starting point, and every value the request sends overrides them (docs/spec/api.md §2.2 rule 4). In custom
 * mode the uploaded model's format comes from `detectModelFormat`.
 */
export function resolveBangRequest(
  raw: RawRequest,
  asset: StoredAsset | undefined,
  detectModelFormat: ModelFormatDetector,
): ResolvedSubmission<BangSpec> {
  const mode = bangMode(raw);
  if (mode === 'asset') {
    for (const field of ['model', 'image', 'prompt'] as const) refuseInAssetMode(raw, field);
    const assetId = bangAssetId(raw);
    if (!asset || asset.taskId !== assetId) {
      throw new Error(`resolveBangRequest: asset mode needs the stored asset ${assetId} loaded by the caller`);
    }
  }
  const material = choiceField(raw, 'material', MATERIAL_VARIANTS) ?? asset?.spec.material ?? 'PBR';
  const strength = numberField(raw, 'strength', STRENGTH_RANGE) ?? DEFAULT_STRENGTH;
  const custom = mode === 'custom' ? resolveCustomInputs(raw, material === 'None', detectModelFormat) : undefined;
  const prompt = mode === 'custom' ? scalar(raw, 'prompt') : undefined;
  if (prompt !== undefined && prompt.length > MAX_PROMPT_LENGTH) {
    throw invalidRequest('prompt', `prompt must be at most ${MAX_PROMPT_LENGTH} characters; got ${prompt.length}.`);
  }

  const spec: BangSpec = {
    kind: 'bang',
    mode,
    assetId: asset?.taskId,
    strength,
    pieceTarget: pieceCountForStrength(strength),
    material,
    geometryFileFormat:
      choiceField(raw, 'geometry_file_format', OUTPUT_FORMATS) ?? asset?.spec.geometryFileFormat ?? 'glb',
    modelFormat: custom?.modelFormat,
    hasReferenceImage: custom?.hasReferenceImage ?? false,
    prompt,
    resolution:
      numberField(raw, 'resolution', BANG_RESOLUTION_RANGE) ??
      Math.min(asset?.spec.textureResolution ?? DEFAULT_BANG_RESOLUTION, BANG_RESOLUTION_RANGE.max),
    seed: numberField(raw, 'seed', SEED_RANGE) ?? asset?.spec.seed ?? DEFAULT_BANG_SEED,
    escore: numberField(raw, 'escore', ESCORE_RANGE),
    referenceScale: numberField(raw, 'reference_scale', REFERENCE_SCALE_RANGE),
  };
  return { spec, price: priceOf(spec), inputs: custom?.inputs ?? [], prompt };
}
