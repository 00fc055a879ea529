/** OpenAPI documentation of the texture, convert and rig submissions (parsed leniently by the domain, like the others). */
import { Type } from '@sinclair/typebox';
import {
  MATERIAL_VARIANTS,
  MESH_MODES,
  OUTPUT_FORMATS,
  PIVOTS,
  TEXTURE_MODES,
  UP_AXES,
  UV_MODES,
  VIEW_LABELS,
} from '../domain/task-spec.ts';
import {
  DEFAULT_RIG_CLIPS,
  RIG_CLIPS,
  RIG_HEIGHT_RANGE,
  RIG_OUTPUT_FORMATS,
  RIG_TYPES,
} from '../domain/rig-request.ts';
import { CONVERT_FACE_RANGE, CONVERT_TEXTURE_RANGE, SCALE_TO_RANGE } from '../domain/convert-request.ts';

const choice = (values: readonly string[], description: string) => Type.String({ enum: [...values], description });
const fileField = (description: string) => Type.String({ format: 'binary', description });
const MODEL =
  'obj, glb, gltf, stl, fbx, usd, usda, usdz or usdc (detected from content; it must import: readable, with triangles, faces pointing at existing vertices)';

export const TextureBody = Type.Object(
  {
    asset_id: Type.Optional(
      Type.String({
        description: 'Asset mode: top-level uuid of a completed generation, texture or convert task of this account.',
      }),
    ),
    model: Type.Optional(fileField(`Custom-model mode: ${MODEL}.`)),
    image: Type.Array(fileField('Picture (PNG, JPEG, WebP …) projected onto the model.'), {
      minItems: 1,
      maxItems: 5,
      description:
        '1 to 5 pictures (also accepted as `images`); the object is found in each (transparent or plain background), or the whole picture is used.',
    }),
    image_label: Type.Optional(
      Type.String({
        description: `View label per image (${VIEW_LABELS.join(', ')}, see views.md); default order F, R, B, L, U.`,
      }),
    ),
    prompt: Type.Optional(
      Type.String({ description: 'Stored and echoed in the response; the projection takes no guidance.' }),
    ),
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 65535,
        description: 'Recorded; the projection is deterministic. Default 0.',
      }),
    ),
    material: Type.Optional(choice(['PBR', 'Shaded', 'All'], 'Material variants to produce; default PBR.')),
    resolution: Type.Optional(
      choice(['Basic', 'High'], 'Texture edge: Basic = 2K (default), High = 4K. Wins over texture_mode.'),
    ),
    texture_mode: Type.Optional(
      choice(
        TEXTURE_MODES,
        'Alternatively the texture table of /generate (with uhd_texture and addons=HighPack): 2K … 12K.',
      ),
    ),
    uhd_texture: Type.Optional(Type.String({ description: 'Boolean; with texture_mode per the table of /generate.' })),
    addons: Type.Optional(Type.String({ description: '`HighPack`; with texture_mode per the table of /generate.' })),
    keep_uvs: Type.Optional(
      Type.String({
        description:
          "Boolean. Keep the model's UVs (true) or make a new atlas (false). Default: keep them when they exist, lie in the unit square and do not overlap.",
      }),
    ),
    geometry_file_format: Type.Optional(
      choice(OUTPUT_FORMATS, "Output model format; default glb (asset mode: the asset's)."),
    ),
    reference_scale: Type.Optional(
      Type.Number({ description: "Multiplies the output geometry's size (0.001–1000, default 1)." }),
    ),
    escore: Type.Optional(Type.Number({ description: 'Accepted (0–1) and recorded; does not change the texture.' })),
  },
  {
    description:
      'multipart/form-data. Exactly one of asset_id or model, and 1–5 images. The geometry is kept: every vertex position and triangle.',
  },
);

export const ConvertBody = Type.Object(
  {
    asset_id: Type.Optional(
      Type.String({
        description: 'Asset mode: top-level uuid of a completed generation, texture or convert task of this account.',
      }),
    ),
    model: Type.Optional(fileField(`Custom-model mode: ${MODEL}.`)),
    geometry_file_format: Type.Optional(
      choice(OUTPUT_FORMATS, "Output model format; default glb (asset mode: the asset's)."),
    ),
    quality_override: Type.Optional(
      Type.Integer({
        ...CONVERT_FACE_RANGE,
        description: `Exact triangle count of the output (${CONVERT_FACE_RANGE.min}–${CONVERT_FACE_RANGE.max}), fewer or more than the model has. A closed model always has an even count: an odd budget gives one fewer. Default: unchanged.`,
      }),
    ),
    mesh_mode: Type.Optional(
      choice(MESH_MODES, 'Raw (triangles, default) or Quad (quad-dominant; fbx and obj write the quads).'),
    ),
    uv: Type.Optional(
      choice(
        UV_MODES,
        "`keep` (default) the model's UVs and maps, or `new`: a fresh atlas with the base colour baked over it.",
      ),
    ),
    texture_resolution: Type.Optional(
      Type.String({
        description: `Edge of every written map in texels (${CONVERT_TEXTURE_RANGE.min}–${CONVERT_TEXTURE_RANGE.max}) or 1K/2K/4K/8K. Default: kept maps keep their size; a new atlas is 2048.`,
      }),
    ),
    scale_to: Type.Optional(
      Type.Number({ ...SCALE_TO_RANGE, description: "The output's largest side in metres. Default: size unchanged." }),
    ),
    pivot: Type.Optional(
      choice(
        PIVOTS,
        '`keep` (default), `centre` (box centre at the origin) or `bottom-centre` (centre of the base at the origin).',
      ),
    ),
    up_axis: Type.Optional(choice(UP_AXES, '`Y` (default, glTF) or `Z` (+Y turned to +Z, for Z-up tools).')),
    material: Type.Optional(
      choice(MATERIAL_VARIANTS, 'Material variants to produce; default PBR. None writes geometry only.'),
    ),
  },
  { description: 'multipart/form-data. Exactly one of asset_id or model.' },
);

export const RigBody = Type.Object(
  {
    asset_id: Type.Optional(
      Type.String({
        description:
          'Asset mode: top-level uuid of a completed generation (text, image), texture or convert task of this account. A text-made asset is rigged with its generator’s own skeleton.',
      }),
    ),
    model: Type.Optional(fileField(`Custom-model mode: ${MODEL}.`)),
    rig_type: Type.Optional(
      choice(
        RIG_TYPES,
        'auto (default: decided from the shape, or from the generator’s skeleton; the task record says what was chosen), humanoid or quadruped.',
      ),
    ),
    animations: Type.Optional(
      Type.String({
        description: `Clip names, repeated or comma-separated; default ${DEFAULT_RIG_CLIPS.join(',')}. Humanoid: ${RIG_CLIPS.humanoid.join(', ')}; quadruped: ${RIG_CLIPS.quadruped.join(', ')}. One glTF animation per clip, named as the clip.`,
      }),
    ),
    geometry_file_format: Type.Optional(
      choice(
        RIG_OUTPUT_FORMATS,
        'glb (default; one glTF animation per clip) or fbx (skin deformer and one animation stack per clip; texture maps beside it). Others cannot carry a skin: INVALID_REQUEST.',
      ),
    ),
    height_meters: Type.Optional(
      Type.Number({
        minimum: RIG_HEIGHT_RANGE.min,
        maximum: RIG_HEIGHT_RANGE.max,
        description: 'Scale the rigged model to this height in metres; default: keep its size.',
      }),
    ),
    seed: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 65535, description: 'Recorded; rigging is deterministic. Default 0.' }),
    ),
  },
  {
    description:
      'multipart/form-data. Exactly one of asset_id or model. The model is placed upright (+Y up, facing +Z, feet on y = 0), given one skin (at most four joints per vertex) and one animation per clip.',
  },
);
