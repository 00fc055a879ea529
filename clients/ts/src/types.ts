/**
 * The requests and records of Kiln's HTTP API, in the API's own spelling. Checked against the server's
 * OpenAPI document by the repository's test/clients/ts-sdk-types.test.ts: a field added, removed or
 * renamed on either side fails it.
 */

/** A file to upload: a path on disk, a Blob/File, or bytes with a name. */
export type FileInput = string | Blob | { data: Uint8Array; filename: string; contentType?: string };

export type TaskState = 'Waiting' | 'Generating' | 'Done' | 'Failed';
export type TaskKind = 'generate' | 'bang' | 'texture' | 'convert' | 'rig';

/** POST /api/v2/generate: 1–5 images (image-to-3D) or a prompt alone (text-to-3D). */
export interface GenerateRequest {
  images?: FileInput[];
  prompt?: string;
  tier?: string;
  mesh_mode?: string;
  quality?: string;
  quality_override?: number;
  geometry_file_format?: string;
  geometry_instruct_mode?: string;
  texture_mode?: string;
  uhd_texture?: boolean;
  addons?: string;
  material?: string;
  seed?: number;
  bbox_condition?: number[];
  image_label?: string[];
  use_original_alpha?: boolean;
  TAPose?: boolean;
  condition_mode?: string;
  preview_render?: boolean;
  webhook_url?: string;
  webhook_progress?: boolean;
}

/** POST /api/v2/bang: split a model (upload or a stored asset) into pieces. */
export interface BangRequest {
  asset_id?: string;
  model?: FileInput;
  image?: FileInput;
  prompt?: string;
  strength?: number;
  material?: string;
  geometry_file_format?: string;
  resolution?: number;
  seed?: number;
  escore?: number;
  reference_scale?: number;
  webhook_url?: string;
  webhook_progress?: boolean;
}

/** POST /api/v2/texture: new textures for a model from reference images. */
export interface TextureRequest {
  asset_id?: string;
  model?: FileInput;
  image: FileInput[];
  image_label?: string[];
  prompt?: string;
  seed?: number;
  material?: string;
  resolution?: string;
  texture_mode?: string;
  uhd_texture?: boolean;
  addons?: string;
  keep_uvs?: boolean;
  geometry_file_format?: string;
  reference_scale?: number;
  escore?: number;
}

/** POST /api/v2/convert: another format, face budget, UVs, scale, pivot or axes. */
export interface ConvertRequest {
  asset_id?: string;
  model?: FileInput;
  geometry_file_format?: string;
  quality_override?: number;
  mesh_mode?: string;
  uv?: string;
  texture_resolution?: string;
  scale_to?: number;
  pivot?: string;
  up_axis?: string;
  material?: string;
}

/** POST /api/v2/rig: a humanoid or four-legged model given a skeleton, skin weights and clips. */
export interface RigRequest {
  asset_id?: string;
  model?: FileInput;
  rig_type?: string;
  /** Clip names, comma-separated (or an array, sent comma-separated). */
  animations?: string | string[];
  geometry_file_format?: string;
  height_meters?: number;
  seed?: number;
}

/** The 201 answer of every submission. */
export interface SubmitResponse {
  message: string;
  prompt?: string;
  submit_time: string;
  uuid: string;
  jobs: { uuids: string[]; subscription_key: string };
  consumed: number;
}

export interface JobRecord {
  uuid: string;
  status: TaskState;
  progress: number;
  stage: string | null;
  attempts?: number;
  started_time?: string | null;
  finished_time?: string | null;
  error?: TaskError | null;
}

export interface TaskError {
  code: string;
  message: string;
}

/** GET /api/v2/tasks/{uuid}: the full record. */
export interface TaskRecord {
  uuid: string;
  kind: string;
  engine?: string;
  state: TaskState;
  effective: Record<string, unknown>;
  parameters: Record<string, unknown>;
  prompt?: string;
  consumed: number;
  submit_time: string;
  started_time: string | null;
  finished_time: string | null;
  subscription_key?: string;
  jobs: JobRecord[];
  files: Array<{ name: string; size: number; content_type: string }>;
  files_expire_time?: string | null;
  files_expired?: boolean;
  error: TaskError | null;
  notes?: Record<string, unknown> | null;
  /** A signed URL of the task's event stream (when the server streams events). */
  events_url?: string;
  /** Webhook events of the task and their delivery attempts (when webhooks are configured). */
  webhooks?: Array<Record<string, unknown>>;
}

/** GET /api/v2/tasks query. */
export interface TaskListQuery {
  state?: TaskState | TaskState[];
  kind?: TaskKind | TaskKind[];
  /** 1–100, default 20. */
  limit?: number;
  cursor?: string;
}

export interface TaskListResponse {
  tasks: TaskRecord[];
  next_cursor: string | null;
}

export interface StatusResponse {
  jobs: Array<{ uuid: string; status: TaskState; progress?: number; stage?: string; error?: string; message?: string }>;
}

export interface DownloadResponse {
  list: Array<{ url: string; name: string }>;
}

export interface BalanceResponse {
  balance: number;
}

/** The body of every refusal. */
export interface ErrorResponse {
  error: string;
  message: string;
}

/** One step of a task as waitFor reports it. */
export interface Progress {
  state: TaskState;
  /** 0–100. */
  progress: number;
  stage: string | null;
  /** Queue position while Waiting (1 = next), when the event stream says. */
  position?: number;
}
