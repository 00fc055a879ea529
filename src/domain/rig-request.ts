/**
 * Turns a raw rig request (POST /api/v2/rig) into a RigSpec, or a precise INVALID_REQUEST. The model
 * comes as for Bang (model-source.ts): an asset_id of a completed task or an uploaded model file.
 * What is cheap to tell is refused here, before anything is charged: an unknown clip name (the
 * message lists the known ones), a clip the requested rig type has no motion for, a format that
 * cannot carry a skin (glb and fbx can).
 */
import { invalidRequest } from '../errors.ts';
import type { ModelFormatDetector } from './asset.ts';
import type { ResolvedSubmission } from './generate-request.ts';
import { SEED_RANGE } from './generate-request.ts';
import { resolveModelSource, type LoadedAsset } from './model-source.ts';
import { priceOf } from './pricing.ts';
import { choiceField, listField, numberField, type RawRequest } from './raw-request.ts';
import type { RigSpec } from './task-spec.ts';

export const RIG_TYPES = ['auto', 'humanoid', 'quadruped'] as const;
export type RigTypeChoice = (typeof RIG_TYPES)[number];

/**
 * Formats the rigged model is written in. FBX carries skins too, but Kiln's FBX writer does not yet
 * write deformers and animation stacks, so it is refused rather than sent without its rig.
 */
export const RIG_OUTPUT_FORMATS = ['glb', 'fbx'] as const;
export type RigOutputFormat = (typeof RIG_OUTPUT_FORMATS)[number];

/** The clips each rig type can play; every type has idle, walk, run and jump. */
export const RIG_CLIPS = {
  humanoid: ['idle', 'walk', 'run', 'jump', 'wave'],
  quadruped: ['idle', 'walk', 'run', 'jump', 'trot'],
} as const;
export type RigClip = (typeof RIG_CLIPS)[keyof typeof RIG_CLIPS][number];

export const KNOWN_RIG_CLIPS: readonly RigClip[] = [
  ...new Set<RigClip>([...RIG_CLIPS.humanoid, ...RIG_CLIPS.quadruped]),
];
export const DEFAULT_RIG_CLIPS: readonly RigClip[] = ['idle', 'walk'];
/** height_meters: the rigged model's height after scaling, in metres. */
export const RIG_HEIGHT_RANGE = { min: 0.01, max: 1000 } as const;
export const DEFAULT_RIG_SEED = 0;

function resolveClips(raw: RawRequest, rigType: RigTypeChoice): RigClip[] {
  const names = (listField(raw, 'animations') ?? [...DEFAULT_RIG_CLIPS]).map((name) => name.toLowerCase());
  if (names.length === 0) {
    throw invalidRequest('animations', `animations must name at least one clip: ${KNOWN_RIG_CLIPS.join(', ')}.`);
  }
  const clips: RigClip[] = [];
  for (const name of names) {
    const clip = KNOWN_RIG_CLIPS.find((known) => known === name);
    if (!clip) {
      throw invalidRequest(
        'animations',
        `Unknown clip "${name}"; known clips are humanoid: ${RIG_CLIPS.humanoid.join(', ')}; quadruped: ${RIG_CLIPS.quadruped.join(', ')}.`,
      );
    }
    if (rigType !== 'auto' && !(RIG_CLIPS[rigType] as readonly string[]).includes(clip)) {
      throw invalidRequest(
        'animations',
        `A ${rigType} rig has no "${clip}" clip; its clips are ${RIG_CLIPS[rigType].join(', ')}.`,
      );
    }
    if (!clips.includes(clip)) clips.push(clip);
  }
  return clips;
}

export function resolveRigRequest(
  raw: RawRequest,
  asset: LoadedAsset | undefined,
  detectModelFormat: ModelFormatDetector,
): ResolvedSubmission<RigSpec> {
  const { source, inputs } = resolveModelSource(raw, asset, detectModelFormat);
  const rigType = choiceField(raw, 'rig_type', RIG_TYPES) ?? 'auto';
  const format = choiceField(raw, 'geometry_file_format', ['glb', 'fbx', 'usdz', 'obj', 'stl'] as const) ?? 'glb';
  if (format !== 'glb' && format !== 'fbx') {
    throw invalidRequest(
      'geometry_file_format',
      `geometry_file_format ${format} cannot carry a skin or animations; send glb (default) or fbx.`,
    );
  }
  const spec: RigSpec = {
    kind: 'rig',
    ...source,
    rigType,
    animations: resolveClips(raw, rigType),
    geometryFileFormat: format,
    heightMeters: numberField(raw, 'height_meters', RIG_HEIGHT_RANGE),
    seed: numberField(raw, 'seed', SEED_RANGE) ?? DEFAULT_RIG_SEED,
  };
  return { spec, price: priceOf(spec), inputs };
}
