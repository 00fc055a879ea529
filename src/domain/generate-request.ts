/** Turns a raw generation request (docs/spec/api.md §2.1, docs/spec/compat.md) into a GenerateSpec, or a precise INVALID_REQUEST. */
import { randomInt } from 'node:crypto';
import { invalidRequest } from '../errors.ts';
import type { InputFile } from './input-file.ts';
import {
  MATERIAL_VARIANTS,
  MESH_MODES,
  OUTPUT_FORMATS,
  QUALITIES,
  TEXTURE_MODES,
  VIEW_LABELS,
  type GenerateSpec,
  type Tier,
  type ViewLabel,
} from './task-spec.ts';
import { booleanField, choiceField, filesOf, listField, numberField, scalar, type RawRequest } from './raw-request.ts';
import { ALL_TIERS, CREATIVE_TIERS, DEFAULT_TEXTURE_MODE, DEFAULT_TIER, isLegacyTier } from './tiers.ts';
import { HIGH_PACK, textureResolutionFor } from './texture-resolution.ts';
import { QUALITY_OVERRIDE_RANGE, faceBudgetFor, isFastMode } from './mesh-rules.ts';
import { ACCEPTED_IMAGE_NAMES, sniffImageType } from './image-type.ts';
import { priceOf } from './pricing.ts';

export const MAX_IMAGES = 5;
export const MAX_PROMPT_LENGTH = 2000;
export const SEED_RANGE = { min: 0, max: 65535, integer: true } as const;
/** Views assumed for unlabelled images, in upload order (docs/spec/views.md). */
export const DEFAULT_VIEW_ORDER: readonly ViewLabel[] = ['F', 'R', 'B', 'L', 'U'];
export const KNOWN_ADDONS: readonly string[] = [HIGH_PACK];

export interface ResolvedSubmission<S = GenerateSpec> {
  spec: S;
  price: number;
  inputs: InputFile[];
  /** The user's prompt as sent (engines may describe it further for the response). */
  prompt?: string;
}

export interface ResolveOptions {
  /** Seed used when the request sends none; stored so retries and re-runs give the same asset. */
  randomSeed?: () => number;
}

const randomSeed = () => randomInt(SEED_RANGE.max + 1);

function resolveTier(raw: RawRequest): Tier {
  return choiceField(raw, 'tier', ALL_TIERS) ?? DEFAULT_TIER;
}

function resolveImages(raw: RawRequest): InputFile[] {
  const images = filesOf(raw, 'images');
  if (images.length > MAX_IMAGES) {
    throw invalidRequest('images', `Send 1 to ${MAX_IMAGES} images; got ${images.length}.`);
  }
  return images.map((file, index) => {
    if (file.bytes.length === 0) {
      throw invalidRequest('images', `Image ${index + 1} (${file.filename || 'unnamed'}) is empty.`);
    }
    if (!sniffImageType(file.bytes)) {
      throw invalidRequest(
        'images',
        `Image ${index + 1} (${file.filename || 'unnamed'}) is not a ${ACCEPTED_IMAGE_NAMES} image; send one of those.`,
      );
    }
    return { field: 'images', filename: file.filename, bytes: file.bytes };
  });
}

function resolvePrompt(raw: RawRequest, imageCount: number): string | undefined {
  const prompt = scalar(raw, 'prompt');
  if (prompt !== undefined && prompt.length > MAX_PROMPT_LENGTH) {
    throw invalidRequest('prompt', `prompt must be at most ${MAX_PROMPT_LENGTH} characters; got ${prompt.length}.`);
  }
  if (imageCount === 0 && prompt === undefined) {
    throw invalidRequest(
      'images',
      `Send 1 to ${MAX_IMAGES} images (image-to-3D), or a prompt and no images (text-to-3D).`,
    );
  }
  return prompt;
}

function resolveLabels(raw: RawRequest, imageCount: number): ViewLabel[] {
  const labels = listField(raw, 'image_label');
  if (!labels || labels.length === 0) return DEFAULT_VIEW_ORDER.slice(0, imageCount);
  if (labels.length !== imageCount) {
    throw invalidRequest(
      'image_label',
      `image_label needs one label per image: ${imageCount} image(s) but ${labels.length} label(s).`,
    );
  }
  return labels.map((label) => {
    const match = VIEW_LABELS.find((known) => known === label.toUpperCase());
    if (!match) throw invalidRequest('image_label', `image_label "${label}" is not one of ${VIEW_LABELS.join(', ')}.`);
    return match;
  });
}

function resolveBbox(raw: RawRequest): [number, number, number] | undefined {
  const items = listField(raw, 'bbox_condition');
  if (!items || items.length === 0) return undefined;
  const numbers = items.map(Number);
  if (numbers.length !== 3 || numbers.some((n) => !Number.isFinite(n) || n <= 0)) {
    throw invalidRequest(
      'bbox_condition',
      `bbox_condition must be three positive numbers [width, height, length]; got ${JSON.stringify(items)}.`,
    );
  }
  return numbers as [number, number, number];
}

function resolveCreative(raw: RawRequest, tier: Tier): boolean {
  const mode = scalar(raw, 'geometry_instruct_mode');
  if (mode === undefined || ['default', 'faithful'].includes(mode.toLowerCase())) return false;
  if (mode.toLowerCase() !== 'creative') {
    throw invalidRequest(
      'geometry_instruct_mode',
      `geometry_instruct_mode must be "creative" or omitted; got "${mode}".`,
    );
  }
  if (!CREATIVE_TIERS.includes(tier)) {
    throw invalidRequest(
      'geometry_instruct_mode',
      `geometry_instruct_mode=creative needs tier ${CREATIVE_TIERS.join(', ')}; this request has tier ${tier}.`,
    );
  }
  return true;
}

/**
 * Legacy clients send texture_mode values of their own; for legacy tiers an unknown value is ignored
 * (docs/spec/compat.md: never fail for a field Kiln does not know), for Gen-2.5 tiers it is a mistake to report.
 */
function resolveTextureMode(raw: RawRequest, tier: Tier) {
  try {
    return choiceField(raw, 'texture_mode', TEXTURE_MODES) ?? DEFAULT_TEXTURE_MODE[tier];
  } catch (error) {
    if (isLegacyTier(tier)) return DEFAULT_TEXTURE_MODE[tier];
    throw error;
  }
}

export function resolveGenerateRequest(raw: RawRequest, options: ResolveOptions = {}): ResolvedSubmission {
  const tier = resolveTier(raw);
  const inputs = resolveImages(raw);
  const prompt = resolvePrompt(raw, inputs.length);
  const meshMode = choiceField(raw, 'mesh_mode', MESH_MODES) ?? 'Raw';
  const quality = choiceField(raw, 'quality', QUALITIES) ?? 'medium';
  const qualityOverride = numberField(raw, 'quality_override', QUALITY_OVERRIDE_RANGE);
  const geometryFileFormat = choiceField(raw, 'geometry_file_format', OUTPUT_FORMATS) ?? 'glb';
  const textureMode = resolveTextureMode(raw, tier);
  const uhdTexture = booleanField(raw, 'uhd_texture', false);
  const addons = (listField(raw, 'addons') ?? []).filter((addon) => KNOWN_ADDONS.includes(addon));

  const spec: GenerateSpec = {
    kind: 'generate',
    mode: inputs.length > 0 ? 'image' : 'text',
    tier,
    legacy: isLegacyTier(tier),
    prompt,
    imageCount: inputs.length,
    imageLabels: resolveLabels(raw, inputs.length),
    meshMode,
    quality,
    qualityOverride,
    faceBudget: faceBudgetFor(quality, qualityOverride),
    geometryFileFormat,
    material: choiceField(raw, 'material', MATERIAL_VARIANTS) ?? 'PBR',
    textureMode,
    textureResolution: textureResolutionFor(textureMode, addons, uhdTexture),
    uhdTexture,
    addons,
    creative: resolveCreative(raw, tier),
    fastMode: isFastMode({ tier, geometryFileFormat, meshMode, qualityOverride }),
    highPolyMesh: tier === 'Gen-2.5-Extreme-High',
    seed: numberField(raw, 'seed', SEED_RANGE) ?? (options.randomSeed ?? randomSeed)(),
    bboxCondition: resolveBbox(raw),
    useOriginalAlpha: booleanField(raw, 'use_original_alpha', false),
    taPose: booleanField(raw, 'TAPose', false),
    conditionMode: choiceField(raw, 'condition_mode', ['concat', 'fuse'] as const) ?? 'concat',
    previewRender: booleanField(raw, 'preview_render', true),
  };
  return { spec, price: priceOf(spec), inputs, prompt };
}
