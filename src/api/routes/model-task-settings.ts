/** The headline settings of texture, convert and rig tasks, in the API's own spelling (see query.ts). */
import type { ConvertSpec, RigSpec, TextureSpec } from '../../domain/task-spec.ts';

export function modelTaskSettings(spec: TextureSpec | ConvertSpec | RigSpec, price: number): Record<string, unknown> {
  const source = { mode: spec.mode, asset_id: spec.assetId ?? null };
  if (spec.kind === 'rig') {
    return {
      ...source,
      rig_type: spec.rigType,
      animations: spec.animations,
      geometry_file_format: spec.geometryFileFormat,
      height_meters: spec.heightMeters ?? null,
      seed: spec.seed,
      credits: price,
    };
  }
  if (spec.kind === 'texture') {
    return {
      ...source,
      images: spec.imageCount,
      image_labels: spec.imageLabels,
      texture_resolution: `${spec.textureResolution / 1024}K`,
      keep_uvs: spec.keepUvs ?? 'when usable',
      material: spec.material,
      geometry_file_format: spec.geometryFileFormat,
      credits: price,
    };
  }
  return {
    ...source,
    geometry_file_format: spec.geometryFileFormat,
    face_budget: spec.faceBudget ?? 'unchanged',
    mesh_mode: spec.meshMode,
    uv: spec.uv,
    texture_resolution: spec.textureResolution ?? null,
    scale_to: spec.scaleTo ?? null,
    pivot: spec.pivot,
    up_axis: spec.upAxis,
    material: spec.material,
    credits: price,
  };
}
