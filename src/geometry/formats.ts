/**
 * The file formats geometry reads and writes, and their media types. The request vocabulary of the API
 * (domain/task-spec.ts) names the same formats; engines pass one to the other, so the compiler checks
 * they agree, and test/architecture/formats.test.ts checks the lists are the same.
 */

/** Formats `exportScene` (engines) and the writers in ./export produce. */
export const EXPORT_FORMATS = ['glb', 'usdz', 'fbx', 'obj', 'stl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats ./import reads (`usd` is either text or crate; the bytes decide). */
export const MODEL_FORMATS = ['obj', 'glb', 'gltf', 'stl', 'fbx', 'usd', 'usda', 'usdc', 'usdz'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat | 'mtl' | 'png', string> = {
  glb: 'model/gltf-binary',
  usdz: 'model/vnd.usdz+zip',
  fbx: 'application/octet-stream',
  obj: 'model/obj',
  stl: 'model/stl',
  mtl: 'model/mtl',
  png: 'image/png',
};

/** One written file: a model, or a map written beside it. */
export interface ExportedFile {
  /** Unique within one export, no `/`. */
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

export type TextureChannel = 'diffuse' | 'normal' | 'metallic' | 'roughness';
