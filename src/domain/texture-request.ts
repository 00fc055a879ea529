/**
 * Turns a raw texture request (POST /api/v2/texture, alias /api/v2/rodin_texture_only) into a
 * TextureSpec, or a precise INVALID_REQUEST. The model comes as for Bang (model-source.ts); 1–5
 * pictures come in `image` (or `images`), labelled per views.md.
 */
import { invalidRequest } from '../errors.ts';
import type { InputFile } from './input-file.ts';
import {
  OUTPUT_FORMATS,
  TEXTURE_MODES,
  VIEW_LABELS,
  type TextureResolution,
  type TextureSpec,
  type ViewLabel,
} from './task-spec.ts';
import {
  booleanField,
  choiceField,
  filesOf,
  has,
  listField,
  numberField,
  scalar,
  type RawRequest,
} from './raw-request.ts';
import { ACCEPTED_IMAGE_NAMES, sniffImageType } from './image-type.ts';
import {
  DEFAULT_VIEW_ORDER,
  KNOWN_ADDONS,
  MAX_IMAGES,
  MAX_PROMPT_LENGTH,
  SEED_RANGE,
  type ResolvedSubmission,
} from './generate-request.ts';
import { ESCORE_RANGE, REFERENCE_SCALE_RANGE } from './bang-request.ts';
import { textureResolutionFor } from './texture-resolution.ts';
import { resolveModelSource, type LoadedAsset } from './model-source.ts';
import type { ModelFormatDetector } from './bang-request.ts';
import { priceOf } from './pricing.ts';

/** `resolution` words (the hosted service's texture-only endpoint): Basic = 2K, High = 4K. */
export const TEXTURE_RESOLUTIONS = { Basic: 2048, High: 4096 } as const;
export const TEXTURE_MATERIALS = ['PBR', 'Shaded', 'All'] as const;
/** Without a seed the texture is the same for the same input (every step is deterministic). */
export const DEFAULT_TEXTURE_SEED = 0;

function resolvePictures(raw: RawRequest): InputFile[] {
  const pictures = [...filesOf(raw, 'image'), ...filesOf(raw, 'images')];
  if (pictures.length === 0) {
    throw invalidRequest(
      'image',
      `Send 1 to ${MAX_IMAGES} pictures in the image field; they are projected onto the model.`,
    );
  }
  if (pictures.length > MAX_IMAGES)
    throw invalidRequest('image', `Send 1 to ${MAX_IMAGES} images; got ${pictures.length}.`);
  return pictures.map((file, index) => {
    if (file.bytes.length === 0 || !sniffImageType(file.bytes)) {
      throw invalidRequest(
        'image',
        `Image ${index + 1} (${file.filename || 'unnamed'}) is not a ${ACCEPTED_IMAGE_NAMES} image; send one of those.`,
      );
    }
    return { field: 'image', filename: file.filename, bytes: file.bytes };
  });
}

function resolveLabels(raw: RawRequest, count: number): ViewLabel[] {
  const labels = listField(raw, 'image_label');
  if (!labels || labels.length === 0) return DEFAULT_VIEW_ORDER.slice(0, count);
  if (labels.length !== count) {
    throw invalidRequest(
      'image_label',
      `image_label needs one label per image: ${count} image(s) but ${labels.length} label(s).`,
    );
  }
  const seen = new Set<ViewLabel>();
  return labels.map((label) => {
    const match = VIEW_LABELS.find((known) => known === label.toUpperCase());
    if (!match) throw invalidRequest('image_label', `image_label "${label}" is not one of ${VIEW_LABELS.join(', ')}.`);
    if (seen.has(match))
      throw invalidRequest('image_label', `image_label ${match} appears twice; each picture needs its own view.`);
    seen.add(match);
    return match;
  });
}

/** `resolution` (Basic or High) wins; else texture_mode with addons and uhd_texture per api.md §2.1; else 2K. */
function resolveTextureSize(raw: RawRequest, asset?: LoadedAsset): TextureResolution {
  const word = choiceField(
    raw,
    'resolution',
    Object.keys(TEXTURE_RESOLUTIONS) as Array<keyof typeof TEXTURE_RESOLUTIONS>,
  );
  if (word) return TEXTURE_RESOLUTIONS[word];
  const mode = choiceField(raw, 'texture_mode', TEXTURE_MODES);
  const uhd = booleanField(raw, 'uhd_texture', false);
  const addons = (listField(raw, 'addons') ?? []).filter((addon) => KNOWN_ADDONS.includes(addon));
  if (mode || uhd || addons.length > 0) return textureResolutionFor(mode ?? 'medium', addons, uhd);
  return asset?.spec.textureResolution ?? TEXTURE_RESOLUTIONS.Basic;
}

export function resolveTextureRequest(
  raw: RawRequest,
  asset: LoadedAsset | undefined,
  detectModelFormat: ModelFormatDetector,
): ResolvedSubmission<TextureSpec> {
  const { source, inputs } = resolveModelSource(raw, asset, detectModelFormat);
  const pictures = resolvePictures(raw);
  const prompt = scalar(raw, 'prompt');
  if (prompt !== undefined && prompt.length > MAX_PROMPT_LENGTH) {
    throw invalidRequest('prompt', `prompt must be at most ${MAX_PROMPT_LENGTH} characters; got ${prompt.length}.`);
  }
  const material = choiceField(raw, 'material', [...TEXTURE_MATERIALS, 'None'] as const);
  if (material === 'None')
    throw invalidRequest(
      'material',
      'material=None writes no texture; send PBR, Shaded or All (or use /api/v2/convert for geometry only).',
    );
  const assetMaterial = asset?.spec.material;
  const spec: TextureSpec = {
    kind: 'texture',
    ...source,
    imageCount: pictures.length,
    imageLabels: resolveLabels(raw, pictures.length),
    prompt,
    seed: numberField(raw, 'seed', SEED_RANGE) ?? asset?.spec.seed ?? DEFAULT_TEXTURE_SEED,
    material: material ?? (assetMaterial && assetMaterial !== 'None' ? assetMaterial : 'PBR'),
    textureResolution: resolveTextureSize(raw, asset),
    keepUvs: has(raw, 'keep_uvs') ? booleanField(raw, 'keep_uvs', true) : undefined,
    geometryFileFormat:
      choiceField(raw, 'geometry_file_format', OUTPUT_FORMATS) ?? asset?.spec.geometryFileFormat ?? 'glb',
    referenceScale: numberField(raw, 'reference_scale', REFERENCE_SCALE_RANGE),
    escore: numberField(raw, 'escore', ESCORE_RANGE),
  };
  return { spec, price: priceOf(spec), inputs: [...inputs, ...pictures], prompt };
}
