/**
 * TypeBox schemas of every request and response: Fastify validates JSON/form bodies with them and
 * @fastify/swagger turns them into the OpenAPI document at /docs. Multipart submission bodies are
 * documented here but parsed leniently by the domain (docs/spec/compat.md), not by Ajv.
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { ERROR_CATALOGUE } from '../errors.ts';
import {
  GEN25_TIERS,
  LEGACY_TIERS,
  MATERIAL_VARIANTS,
  MESH_MODES,
  OUTPUT_FORMATS,
  QUALITIES,
  TEXTURE_MODES,
  VIEW_LABELS,
} from '../domain/task-spec.ts';

const codes = Object.keys(ERROR_CATALOGUE);

export const ErrorResponse = Type.Object(
  {
    error: Type.String({ enum: codes, description: 'Stable application error code (see the README error table).' }),
    message: Type.String({ description: 'What to change to make the request succeed.' }),
  },
  {
    $id: 'ErrorResponse',
    description: `Refusal. Codes: ${codes.map((code) => `${code} (HTTP ${ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status})`).join(', ')}.`,
  },
);

const errorRef = Type.Ref('ErrorResponse');

/** Response map for an /api/v2 route: the success schemas plus every refusal status it can give. */
export function responses(
  success: Record<number, TSchema>,
  refusals: number[] = [400, 401, 429, 500],
): Record<number, TSchema> {
  const out: Record<number, TSchema> = { ...success };
  for (const status of refusals) if (!out[status]) out[status] = errorRef;
  return out;
}

const choice = (values: readonly string[], description: string) => Type.String({ enum: [...values], description });
const fileField = (description: string) => Type.String({ format: 'binary', description });

const WebhookUrl = Type.String({
  description:
    "Optional: Kiln POSTs signed JSON (Kiln-Signature header) to this public http(s) URL when the task is done or failed. Default: the key's webhook URL, if set.",
});
const WebhookProgress = Type.String({
  description: 'Boolean, default false: also POST `task.progress` to the webhook URL, once per stage.',
});

export const GenerateBody = Type.Object(
  {
    images: Type.Optional(
      Type.Array(fileField('Image file (PNG, JPEG, WebP …); type detected from bytes.'), {
        minItems: 1,
        maxItems: 5,
        description: 'Image-to-3D: 1 to 5 images; the first is the material source. Omit for text-to-3D.',
      }),
    ),
    prompt: Type.Optional(
      Type.String({ description: 'Text-to-3D: required without images. Optional guidance with images.' }),
    ),
    tier: Type.Optional(
      choice([...GEN25_TIERS, ...LEGACY_TIERS], 'Quality tier. Omitted → Regular (legacy Gen-1/1.5 pipeline).'),
    ),
    mesh_mode: Type.Optional(choice(MESH_MODES, 'Raw (triangles) or Quad (quad-dominant).')),
    quality: Type.Optional(choice(QUALITIES, 'Face budget class.')),
    quality_override: Type.Optional(Type.Number({ description: 'Exact face budget; ≤ 20000 allows fast mode.' })),
    geometry_file_format: Type.Optional(choice(OUTPUT_FORMATS, 'Output model format; default glb.')),
    geometry_instruct_mode: Type.Optional(
      Type.String({ description: '`creative` enables Creative mode (Gen-2.5-Medium and higher).' }),
    ),
    texture_mode: Type.Optional(
      choice(TEXTURE_MODES, 'Texture quality; default follows the tier. extreme-high adds 2.0 credits.'),
    ),
    uhd_texture: Type.Optional(Type.String({ description: 'Boolean: true/false, True/False, 1/0.' })),
    addons: Type.Optional(
      Type.String({
        description: 'Array: repeated field, JSON array string or comma list. `HighPack` raises texture resolution.',
      }),
    ),
    material: Type.Optional(choice(MATERIAL_VARIANTS, 'Material variants to produce.')),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
    bbox_condition: Type.Optional(Type.String({ description: 'Array [width, height, length] (any array encoding).' })),
    image_label: Type.Optional(
      Type.String({ description: `View label per image (${VIEW_LABELS.join(', ')}); default order F, R, B, L, U.` }),
    ),
    use_original_alpha: Type.Optional(
      Type.String({ description: 'Boolean, default true; false leaves preview.webp out of the outputs.' }),
    ),
    TAPose: Type.Optional(
      Type.String({
        description:
          "Boolean; accepted and stored, does not change Kiln's output (its engines do not pose characters).",
      }),
    ),
    condition_mode: Type.Optional(
      choice(
        ['concat', 'fuse'],
        "Accepted and stored; does not change Kiln's output (every view always carves and colours the shape).",
      ),
    ),
    preview_render: Type.Optional(
      Type.String({ description: 'Boolean, default true; false leaves preview.webp out of the outputs.' }),
    ),
    webhook_url: Type.Optional(WebhookUrl),
    webhook_progress: Type.Optional(WebhookProgress),
  },
  { description: 'multipart/form-data (also accepted: JSON or urlencoded without files). Unknown fields are ignored.' },
);

export const BangBody = Type.Object(
  {
    asset_id: Type.Optional(
      Type.String({ description: 'Asset mode: top-level uuid of a completed generation of this account.' }),
    ),
    model: Type.Optional(
      fileField('Custom-model mode: obj, glb, stl, fbx, usd, usda, usdz or usdc (detected from content).'),
    ),
    image: Type.Optional(fileField('Reference image; required in custom-model mode unless material=None.')),
    prompt: Type.Optional(Type.String({ description: 'Custom-model mode only.' })),
    strength: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 12, default: 5, description: 'More strength, more pieces.' }),
    ),
    material: Type.Optional(choice(MATERIAL_VARIANTS, '`None` disables material generation.')),
    geometry_file_format: Type.Optional(choice(OUTPUT_FORMATS, 'Output model format; default glb.')),
    resolution: Type.Optional(
      Type.Number({
        description:
          "Edge in texels (256–8192) of the texture the reference image is projected into; default 2048, or the asset's own texture size in asset mode.",
      }),
    ),
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 65535,
        description:
          "Splits are deterministic; the seed only tilts the halving planes used on shapes without enough natural parts. Default 0 (asset mode: the asset's seed).",
      }),
    ),
    escore: Type.Optional(
      Type.Number({
        description:
          'Cut acceptance threshold 0–1 (default 0): a natural cut is taken only where its crease is at least this concave on average; the rest of the count comes from halving the largest pieces.',
      }),
    ),
    reference_scale: Type.Optional(
      Type.Number({
        description: "Multiplies the output geometry's size (0.001–1000, default 1; e.g. 0.01 for cm → m).",
      }),
    ),
    webhook_url: Type.Optional(WebhookUrl),
    webhook_progress: Type.Optional(WebhookProgress),
  },
  { description: 'multipart/form-data. Exactly one of asset_id or model.' },
);

const jobsObject = Type.Object({
  uuids: Type.Array(Type.String({ format: 'uuid' })),
  subscription_key: Type.String({ description: 'Pass to POST /api/v2/status.' }),
});

export const SubmitResponse = Type.Object(
  {
    message: Type.String({ description: '`Submitted.`' }),
    prompt: Type.String({ description: 'Generation only: the prompt the engine works from (user prompt or derived).' }),
    submit_time: Type.String({ format: 'date-time' }),
    uuid: Type.String({ format: 'uuid', description: 'Task id: pass to /download and as Bang asset_id.' }),
    jobs: jobsObject,
    consumed: Type.Number({ description: 'Credits charged.' }),
  },
  { description: 'Accepted. There is no `error` key on acceptance.' },
);
export const BangResponse = Type.Omit(SubmitResponse, ['prompt']);

/** Status and download also take x-www-form-urlencoded and multipart bodies with the same fields. */
export const StatusBody = Type.Object({
  subscription_key: Type.String({ minLength: 1, description: 'jobs.subscription_key of the submission.' }),
});
export const DownloadBody = Type.Object({
  task_uuid: Type.String({ minLength: 1, description: 'Top-level uuid of the submission (a job uuid works too).' }),
});

export const JOB_STATUSES = ['Waiting', 'Generating', 'Done', 'Failed'] as const;

export const StatusResponse = Type.Object({
  jobs: Type.Array(
    Type.Object({
      uuid: Type.String(),
      status: Type.String({ enum: [...JOB_STATUSES] }),
      progress: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
      stage: Type.Optional(Type.String()),
      error: Type.Optional(Type.String({ description: 'Failed jobs: the error code.' })),
      message: Type.Optional(Type.String({ description: 'Failed jobs: why.' })),
    }),
    { minItems: 1 },
  ),
});

export const DownloadResponse = Type.Object({
  list: Type.Array(
    Type.Object({
      url: Type.String({ description: 'Absolute, signed, expiring URL; GET it without Authorization.' }),
      name: Type.String({ description: 'File name, e.g. base_basic_pbr.glb, preview.webp.' }),
    }),
  ),
});

export const BalanceResponse = Type.Object({ balance: Type.Number() });

export const TaskParams = Type.Object({ uuid: Type.String({ minLength: 1 }) });

export const TaskRecord = Type.Object(
  {
    uuid: Type.String(),
    kind: Type.String({ description: 'generate or bang' }),
    state: Type.String({ enum: [...JOB_STATUSES] }),
    effective: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Headline settings as applied: generation → tier, texture_mode, texture_resolution (2K…12K), fast_mode, creative, mesh_mode, face_budget, geometry_file_format, material, credits; Bang → mode, asset_id, strength, piece_target, material, geometry_file_format, credits.',
    }),
    parameters: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The full resolved task spec as stored and given to the engine.',
    }),
    consumed: Type.Number(),
    submit_time: Type.String({ format: 'date-time' }),
    started_time: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    finished_time: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    jobs: Type.Array(
      Type.Object({
        uuid: Type.String(),
        status: Type.String({ enum: [...JOB_STATUSES] }),
        progress: Type.Number(),
        stage: Type.Union([Type.String(), Type.Null()]),
        attempts: Type.Optional(Type.Integer()),
      }),
    ),
    files: Type.Array(Type.Object({ name: Type.String(), size: Type.Integer(), content_type: Type.String() })),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
    notes: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    engine: Type.Optional(
      Type.String({ description: 'The engine kind that runs it (generate-image, generate-text, bang …).' }),
    ),
    prompt: Type.Optional(Type.String({ description: 'The prompt of the submission response.' })),
    subscription_key: Type.Optional(Type.String({ description: 'What POST /api/v2/status takes.' })),
    files_expire_time: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    files_expired: Type.Optional(Type.Boolean()),
    events_url: Type.Optional(Type.String({ description: 'Signed URL of the task’s event stream (EventSource).' })),
    webhooks: Type.Optional(
      Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'Webhook events and their deliveries.' }),
    ),
  },
  { additionalProperties: true },
);

const repeatable = (values: readonly string[], description: string) =>
  Type.Union([Type.String(), Type.Array(Type.String())], {
    description: `${description} One of ${values.join(', ')}; repeat the parameter or separate values with commas.`,
  });

export const TaskListQuery = Type.Object({
  state: Type.Optional(repeatable(JOB_STATUSES, 'Only tasks in these states (default: all).')),
  kind: Type.Optional(
    repeatable(['generate', 'bang', 'texture', 'convert', 'rig'], 'Only tasks of these kinds (default: all).'),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Tasks per page, default 20.' })),
  cursor: Type.Optional(Type.String({ description: 'The next_cursor of the previous page.' })),
});

export const TaskListResponse = Type.Object({
  tasks: Type.Array(TaskRecord, { description: 'Newest first; each is the record GET /api/v2/tasks/{uuid} answers.' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as cursor for the next page; null at the end.',
  }),
});

export const FileParams = Type.Object({ task: Type.String(), name: Type.String() });
export const FileQuery = Type.Object({
  expires: Type.Optional(Type.String({ description: 'Expiry, Unix seconds.' })),
  sig: Type.Optional(Type.String({ description: 'HMAC signature.' })),
});

export const HealthResponse = Type.Object(
  { status: Type.String(), uptime_seconds: Type.Number() },
  { additionalProperties: true },
);

const DependencyStatus = Type.Object({
  ok: Type.Boolean(),
  error: Type.Optional(Type.String({ description: 'Why it does not answer.' })),
  ms: Type.Number({ description: 'How long the probe took.' }),
});

export const ReadinessResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
    uptime_seconds: Type.Number(),
    down: Type.Array(Type.Union([Type.Literal('database'), Type.Literal('queue'), Type.Literal('storage')]), {
      description: 'The dependencies that do not answer.',
    }),
    dependencies: Type.Object(
      {
        database: Type.Optional(DependencyStatus),
        queue: Type.Optional(DependencyStatus),
        storage: Type.Optional(DependencyStatus),
      },
      { description: 'Each dependency this server uses (queue: Redis only; storage: S3 only).' },
    ),
  },
  { additionalProperties: true },
);

export type Schema = TObject;
