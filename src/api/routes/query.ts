/**
 * The read side of /api/v2: status by subscription key, signed download lists, balance, and the rich
 * task record. Status and download bodies arrive as JSON, urlencoded or (tolerated) multipart.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../../accounts/index.ts';
import type { TaskSpec } from '../../domain/task-spec.ts';
import type { JobView, TaskRecord, TaskService } from '../../tasks/index.ts';
import { KilnError } from '../../errors.ts';
import { isPlainHost } from '../http-guards.ts';
import { readMultipart, type UploadLimits } from '../read-body.ts';
import { signedFileUrl } from '../signed-url.ts';
import { modelTaskSettings } from './model-task-settings.ts';
import {
  BalanceResponse,
  DownloadBody,
  DownloadResponse,
  StatusBody,
  StatusResponse,
  TaskParams,
  TaskRecord as TaskRecordSchema,
  responses,
} from '../schemas.ts';

export interface QueryRouteOptions {
  tasks: TaskService;
  accounts: AccountService;
  limits: UploadLimits;
  signingSecret: string;
  downloadTtlSeconds: number;
  /** Absolute origin for download URLs; when absent, derived from the request's protocol and Host. */
  publicBaseUrl?: string;
  /** More fields for the task record (events_url, webhook deliveries). */
  recordExtras?: (record: TaskRecord, request: FastifyRequest) => Promise<Record<string, unknown>>;
}

/** Origin of the request as the client addressed it. */
export function requestOrigin(request: FastifyRequest): string {
  // The Host header is the client's to choose: only a plain host[:port] may become part of a URL.
  if (!isPlainHost(request.host)) {
    throw new KilnError(
      'INVALID_REQUEST',
      "The Host header is not a valid host name; send the server's address as Host (or the operator sets KILN_PUBLIC_BASE_URL).",
    );
  }
  return `${request.protocol}://${request.host}`;
}

/** The task's files whose bytes are still in storage: a link to a missing blob would only 404. */
async function storedFiles(tasks: TaskService, record: TaskRecord): Promise<TaskRecord['files']> {
  const present = await Promise.all(
    record.files.map(async (file) => {
      const opened = await tasks.openFile(record.uuid, file.name);
      opened?.stream.destroy();
      return opened !== null;
    }),
  );
  return record.files.filter((_, i) => present[i]);
}

/** Multipart bodies on status/download become a plain object of first values, so Ajv can check them. */
async function tolerateMultipart(request: FastifyRequest, limits: UploadLimits): Promise<void> {
  if (!request.isMultipart()) return;
  // Stray file parts are read within the usual limits and dropped: only the text fields matter here.
  const raw = await readMultipart(request, limits);
  request.body = Object.fromEntries(Object.entries(raw.fields).map(([name, values]) => [name, values[0]]));
}

/** urlencoded parsers turn a repeated field into an array; the first value is the one meant. */
function firstValue(value: unknown): string {
  return String(Array.isArray(value) ? value[0] : value).trim();
}

export function jobBody(job: JobView): Record<string, unknown> {
  return {
    uuid: job.uuid,
    status: job.status,
    progress: job.progress,
    ...(job.stage ? { stage: job.stage } : {}),
    ...(job.status === 'Failed' && job.error ? { error: job.error.code, message: job.error.message } : {}),
  };
}

const K = (pixels: number) => `${Math.round(pixels / 1024)}K`;

/** The headline settings in the API's own spelling (the full resolved spec is `parameters`). */
export function effectiveSettings(spec: TaskSpec, price: number): Record<string, unknown> {
  if (spec.kind === 'generate') {
    return {
      tier: spec.tier,
      texture_mode: spec.textureMode,
      texture_resolution: K(spec.textureResolution),
      fast_mode: spec.fastMode,
      creative: spec.creative,
      mesh_mode: spec.meshMode,
      face_budget: spec.faceBudget,
      geometry_file_format: spec.geometryFileFormat,
      material: spec.material,
      credits: price,
    };
  }
  if (spec.kind === 'texture' || spec.kind === 'convert' || spec.kind === 'rig') return modelTaskSettings(spec, price);
  return {
    mode: spec.mode,
    asset_id: spec.assetId ?? null,
    strength: spec.strength,
    piece_target: spec.pieceTarget,
    material: spec.material,
    geometry_file_format: spec.geometryFileFormat,
    credits: price,
  };
}

export function taskBody(record: TaskRecord): Record<string, unknown> {
  return {
    uuid: record.uuid,
    kind: record.params.kind,
    engine: record.kind,
    state: record.status,
    effective: effectiveSettings(record.params, record.price),
    parameters: record.params,
    prompt: record.prompt,
    consumed: record.price,
    submit_time: record.submitTime,
    started_time: record.startedAt,
    finished_time: record.finishedAt,
    subscription_key: record.subscriptionKey,
    jobs: record.jobs.map((job) => ({
      uuid: job.uuid,
      status: job.status,
      progress: job.progress,
      stage: job.stage,
      attempts: job.attempts,
      started_time: job.startedAt,
      finished_time: job.finishedAt,
      error: job.error,
    })),
    files: record.files.map((file) => ({ name: file.name, size: file.size, content_type: file.contentType })),
    files_expire_time: record.filesExpireAt,
    files_expired: record.filesExpired,
    error: record.error,
    notes: record.notes,
  };
}

export async function queryRoutes(app: FastifyInstance, options: QueryRouteOptions): Promise<void> {
  const { tasks, accounts, limits } = options;
  const security = [{ bearer: [] }];

  app.post<{ Body: { subscription_key: string | string[] } }>(
    '/status',
    {
      schema: {
        summary: 'Status of a submission’s jobs',
        description:
          'Body: JSON, x-www-form-urlencoded or multipart. `status` is exactly one of Waiting, Generating, Done, Failed; `jobs` is never empty.',
        tags: ['tasks'],
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: StatusBody,
        response: responses({ 200: StatusResponse }, [400, 401, 404, 429, 500]),
        security,
      },
      preValidation: (request) => tolerateMultipart(request, limits),
    },
    async (request) => {
      const jobs = await tasks.statusBySubscriptionKey(
        request.principal.accountId,
        firstValue(request.body.subscription_key),
      );
      return { jobs: jobs.map(jobBody) };
    },
  );

  app.post<{ Body: { task_uuid: string | string[] } }>(
    '/download',
    {
      schema: {
        summary: 'Signed download links of a task’s files',
        description:
          'Body: JSON, x-www-form-urlencoded or multipart. Each url is absolute, ends with the file name and carries its own expiring signature: fetch it with a plain GET, no Authorization. The list is complete once the task is Done (empty before).',
        tags: ['tasks'],
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: DownloadBody,
        response: responses({ 200: DownloadResponse }, [400, 401, 404, 429, 500]),
        security,
      },
      preValidation: (request) => tolerateMultipart(request, limits),
    },
    async (request) => {
      const uuid = firstValue(request.body.task_uuid);
      const record = await tasks.get(request.principal.accountId, uuid);
      // Only a Done task has a complete list; clients take what they get as final.
      const files = record.status === 'Done' ? await storedFiles(tasks, record) : [];
      const baseUrl = options.publicBaseUrl ?? requestOrigin(request);
      return {
        list: files.map((file) => ({
          url: signedFileUrl(
            { taskId: record.uuid, name: file.name },
            { secret: options.signingSecret, baseUrl, ttlSeconds: options.downloadTtlSeconds },
          ),
          name: file.name,
        })),
      };
    },
  );

  app.get(
    '/check_balance',
    {
      schema: {
        summary: 'Credits left on this key’s account',
        tags: ['account'],
        response: responses({ 200: BalanceResponse }, [401, 429, 500]),
        security,
      },
    },
    async (request) => ({ balance: await accounts.balance(request.principal.accountId) }),
  );

  app.get<{ Params: { uuid: string } }>(
    '/tasks/:uuid',
    {
      schema: {
        summary: 'The full task record (task or job uuid)',
        description:
          'Resolved parameters (effective tier, texture_mode, texture resolution, fast mode), state, per-job progress 0–100 and stage, timings, files, error.',
        tags: ['tasks'],
        params: TaskParams,
        response: responses({ 200: TaskRecordSchema }, [400, 401, 404, 429, 500]),
        security,
      },
    },
    async (request) => {
      const record = await tasks.get(request.principal.accountId, request.params.uuid);
      return { ...taskBody(record), ...(await options.recordExtras?.(record, request)) };
    },
  );
}
