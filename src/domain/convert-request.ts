/**
 * Turns a raw convert request (POST /api/v2/convert) into a ConvertSpec, or a precise INVALID_REQUEST.
 * The model comes as for Bang (model-source.ts); every other field is optional and defaults to
 * "leave it as it is" (format glb, faces, UVs, size, pivot and axes unchanged).
 */
import {
  MATERIAL_VARIANTS,
  MESH_MODES,
  OUTPUT_FORMATS,
  PIVOTS,
  UP_AXES,
  UV_MODES,
  type ConvertSpec,
  type Pivot,
} from './task-spec.ts';
import { choiceField, numberField, scalar, type RawRequest } from './raw-request.ts';
import type { ResolvedSubmission } from './generate-request.ts';
import { resolveModelSource, type LoadedAsset } from './model-source.ts';
import type { ModelFormatDetector } from './bang-request.ts';
import { priceOf } from './pricing.ts';

/** quality_override of a conversion: an exact triangle count, down (simplify) or up (split edges). */
export const CONVERT_FACE_RANGE = { min: 12, max: 2_000_000, integer: true } as const;
/** texture_resolution in texels (or 1K, 2K, 4K, 8K). */
export const CONVERT_TEXTURE_RANGE = { min: 256, max: 8192, integer: true } as const;
/** scale_to: the output's largest side, in metres. */
export const SCALE_TO_RANGE = { min: 0.0001, max: 10_000 } as const;

const PIVOT_SPELLINGS: Record<string, Pivot> = {
  center: 'centre',
  'bottom-center': 'bottom-centre',
  bottom: 'bottom-centre',
};

function resolvePivot(raw: RawRequest): Pivot {
  const value = scalar(raw, 'pivot');
  if (value === undefined) return 'keep';
  const spelled = PIVOT_SPELLINGS[value.toLowerCase().replace(/[_ ]/g, '-')];
  return spelled ?? choiceField({ fields: { pivot: [value.replace(/[_ ]/g, '-')] }, files: [] }, 'pivot', PIVOTS)!;
}

function resolveTextureResolution(raw: RawRequest): number | undefined {
  const value = scalar(raw, 'texture_resolution');
  const k = value && /^(\d+)\s*k$/i.exec(value);
  const field = k ? { fields: { texture_resolution: [String(Number(k[1]) * 1024)] }, files: [] } : raw;
  return numberField(field, 'texture_resolution', CONVERT_TEXTURE_RANGE);
}

export function resolveConvertRequest(
  raw: RawRequest,
  asset: LoadedAsset | undefined,
  detectModelFormat: ModelFormatDetector,
): ResolvedSubmission<ConvertSpec> {
  const { source, inputs } = resolveModelSource(raw, asset, detectModelFormat);
  const spec: ConvertSpec = {
    kind: 'convert',
    ...source,
    geometryFileFormat:
      choiceField(raw, 'geometry_file_format', OUTPUT_FORMATS) ?? asset?.spec.geometryFileFormat ?? 'glb',
    faceBudget: numberField(raw, 'quality_override', CONVERT_FACE_RANGE),
    meshMode: choiceField(raw, 'mesh_mode', MESH_MODES) ?? 'Raw',
    uv: choiceField(raw, 'uv', UV_MODES) ?? 'keep',
    textureResolution: resolveTextureResolution(raw),
    scaleTo: numberField(raw, 'scale_to', SCALE_TO_RANGE),
    pivot: resolvePivot(raw),
    upAxis: choiceField(raw, 'up_axis', UP_AXES) ?? 'Y',
    material: choiceField(raw, 'material', MATERIAL_VARIANTS) ?? asset?.spec.material ?? 'PBR',
  };
  return { spec, price: priceOf(spec), inputs };
}
