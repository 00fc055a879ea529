/**
 * The resolved, validated form of a request: what the API stores with a task and what engines receive.
 * `src/domain` turns raw form fields into these (or a precise error); nothing downstream re-validates.
 */

export const GEN25_TIERS = [
  'Gen-2.5-Extreme-Low',
  'Gen-2.5-Low',
  'Gen-2.5-Medium',
  'Gen-2.5-High',
  'Gen-2.5-Extreme-High',
] as const;
/** Tiers of the legacy (Gen-1/1.5) pipeline, accepted for older clients; `Regular` is the omitted-tier default. */
export const LEGACY_TIERS = ['Regular', 'Sketch', 'Detail', 'Smooth', 'Gen-2'] as const;
export type Gen25Tier = (typeof GEN25_TIERS)[number];
export type LegacyTier = (typeof LEGACY_TIERS)[number];
export type Tier = Gen25Tier | LegacyTier;

export const TEXTURE_MODES = ['extreme-low', 'low', 'medium', 'high', 'extreme-high'] as const;
export type TextureMode = (typeof TEXTURE_MODES)[number];

export const OUTPUT_FORMATS = ['glb', 'usdz', 'fbx', 'obj', 'stl'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const MODEL_FORMATS = ['obj', 'glb', 'gltf', 'stl', 'fbx', 'usd', 'usda', 'usdc', 'usdz'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

export const MATERIAL_VARIANTS = ['PBR', 'Shaded', 'All', 'None'] as const;
export type MaterialVariant = (typeof MATERIAL_VARIANTS)[number];

export const QUALITIES = ['high', 'medium', 'low', 'extra-low'] as const;
export type Quality = (typeof QUALITIES)[number];

export const MESH_MODES = ['Raw', 'Quad'] as const;
export type MeshMode = (typeof MESH_MODES)[number];

/** View labels of `docs/spec/views.md`: where the camera stood for each input picture. */
export const VIEW_LABELS = ['F', 'FR', 'R', 'BR', 'B', 'BL', 'L', 'FL', 'U', 'D'] as const;
export type ViewLabel = (typeof VIEW_LABELS)[number];

/** Texture edge length in pixels: 2K = 2048 … 12K = 12288. */
export type TextureResolution = 2048 | 4096 | 6144 | 8192 | 12288;

export interface GenerateSpec {
  kind: 'generate';
  /** `image` when images were sent (prompt optional), `text` for a prompt alone. */
  mode: 'image' | 'text';
  tier: Tier;
  /** True for the legacy tiers (Regular, Sketch, Detail, Smooth, Gen-2). */
  legacy: boolean;
  prompt?: string;
  imageCount: number;
  /** One label per image, in upload order (defaults F, R, B, L, U). */
  imageLabels: ViewLabel[];
  meshMode: MeshMode;
  quality: Quality;
  qualityOverride?: number;
  /** Exact triangle budget of the main mesh, from quality or quality_override. */
  faceBudget: number;
  geometryFileFormat: OutputFormat;
  material: MaterialVariant;
  textureMode: TextureMode;
  textureResolution: TextureResolution;
  uhdTexture: boolean;
  addons: string[];
  creative: boolean;
  fastMode: boolean;
  /** Gen-2.5-Extreme-High: also write a high-poly mesh of 5M–10M faces. */
  highPolyMesh: boolean;
  seed: number;
  /** Target width (x), height (y), length (z) proportions. */
  bboxCondition?: [number, number, number];
  useOriginalAlpha: boolean;
  taPose: boolean;
  conditionMode: 'concat' | 'fuse';
  previewRender: boolean;
}

export interface BangSpec {
  kind: 'bang';
  mode: 'asset' | 'custom';
  /** Asset mode: the generation task whose model is split. */
  assetId?: string;
  strength: number;
  /** Piece count the strength asks for (before clamping to what the geometry supports). */
  pieceTarget: number;
  material: MaterialVariant;
  geometryFileFormat: OutputFormat;
  /** Custom-model mode: format detected from the uploaded bytes. */
  modelFormat?: ModelFormat;
  hasReferenceImage: boolean;
  prompt?: string;
  resolution?: number;
  seed: number;
  escore?: number;
  referenceScale?: number;
}

/** Where a texture or convert task's model comes from: an upload, or a completed task of the account. */
export interface ModelSource {
  mode: 'asset' | 'custom';
  /** Asset mode: the task whose model is read. */
  assetId?: string;
  /** Custom-model mode: format detected from the uploaded bytes. */
  modelFormat?: ModelFormat;
}

/** POST /api/v2/texture: the model's geometry kept, a texture projected from 1–5 pictures. */
export interface TextureSpec extends ModelSource {
  kind: 'texture';
  imageCount: number;
  imageLabels: ViewLabel[];
  prompt?: string;
  seed: number;
  material: Exclude<MaterialVariant, 'None'>;
  textureResolution: TextureResolution;
  /** Keep the model's UVs (true/false as sent); undefined: keep them when they are usable. */
  keepUvs?: boolean;
  geometryFileFormat: OutputFormat;
  referenceScale?: number;
  escore?: number;
}

export const PIVOTS = ['keep', 'centre', 'bottom-centre'] as const;
export type Pivot = (typeof PIVOTS)[number];
export const UP_AXES = ['Y', 'Z'] as const;
export type UpAxis = (typeof UP_AXES)[number];
export const UV_MODES = ['keep', 'new'] as const;
export type UvMode = (typeof UV_MODES)[number];

/** POST /api/v2/convert: remesh, re-unwrap, re-place and re-export a model. */
export interface ConvertSpec extends ModelSource {
  kind: 'convert';
  geometryFileFormat: OutputFormat;
  /** Exact triangle count of the output; undefined keeps the model's own. */
  faceBudget?: number;
  meshMode: MeshMode;
  uv: UvMode;
  /** Edge of every written texture; undefined keeps kept textures' sizes (2048 for a new atlas). */
  textureResolution?: number;
  /** Largest side of the output in metres (model units); undefined keeps the size. */
  scaleTo?: number;
  pivot: Pivot;
  upAxis: UpAxis;
  material: MaterialVariant;
  /** Convert takes no prompt (declared so code reading `spec.prompt` of any task type-checks). */
  prompt?: undefined;
}

/** POST /api/v2/rig: a skeleton, skin weights and clips for a humanoid or four-legged model. */
export interface RigSpec extends ModelSource {
  kind: 'rig';
  /** What was asked; the engine decides `auto` from the shape (or the generator's skeleton) and records it. */
  rigType: 'auto' | 'humanoid' | 'quadruped';
  /** Clip names, each known to src/domain/rig-request.ts RIG_CLIPS; one glTF animation each. */
  animations: string[];
  /** The rigged model's file: glb (skin + one animation per clip) or fbx (skin deformer + one stack per clip). */
  geometryFileFormat: 'glb' | 'fbx';
  /** The rigged model's height in metres; undefined keeps the model's size. */
  heightMeters?: number;
  seed: number;
  /** Rig takes no prompt (declared so code reading `spec.prompt` of any task type-checks). */
  prompt?: undefined;
}

export type TaskSpec = GenerateSpec | BangSpec | TextureSpec | ConvertSpec | RigSpec;

/** Engine kinds; a task's kind picks the engine that runs it. */
export type EngineKind = 'generate-image' | 'generate-text' | 'bang' | 'texture' | 'convert' | 'rig';

export function engineKindOf(spec: TaskSpec): EngineKind {
  if (spec.kind === 'bang' || spec.kind === 'texture' || spec.kind === 'convert' || spec.kind === 'rig')
    return spec.kind;
  return spec.mode === 'image' ? 'generate-image' : 'generate-text';
}
