/**
 * Adapter for Tripo's OpenAPI task protocol (docs.tripo3d.ai; the official Python SDK
 * VAST-AI-Research/tripo-python-sdk, tripo3d/client.py and models.py). Paths are relative to the
 * endpoint, whose public default is https://api.tripo3d.ai:
 *   POST /v2/openapi/upload   multipart `file`               → {code: 0, data: {image_token}}
 *   POST /v2/openapi/task     {type: image_to_model | multiview_to_model | text_to_model, …}
 *                                                            → {code: 0, data: {task_id}}
 *   GET  /v2/openapi/task/{id}                               → {code: 0, data: {status, progress,
 *        output: {pbr_model | model | base_model: <signed URL>}, error_code?, …}}
 *   GET  /v2/openapi/user/balance                            → the health check (any answer below 500)
 * Statuses: queued, running, then success | failed | cancelled | banned | expired | unknown.
 * Errors answer {code, message, suggestion}: 1002 (HTTP 401) a refused key, 2010 no credits left,
 * 2000 the concurrency/rate limit (waited out like a 429). The model is downloaded from its signed
 * URL without the key. Tripo's task answer does not report what a task cost, so no upstreamCost.
 */
import type { GenerateSpec, ViewLabel } from '../../domain/task-spec.ts';
import {
  jsonBody,
  RemoteFailure,
  sleep,
  stageWatch,
  type AdapterContext,
  type RemoteAdapter,
  type RemoteFailureKind,
  type RemoteJob,
  type RemoteOutput,
} from './adapter.ts';
import { providerImage } from './provider-image.ts';
import { checkProvider, downloadSigned, providerFetch, type ProviderCall, providerHealth } from './provider-http.ts';

const API = '/v2/openapi';

/** Tripo's documented error codes (docs.tripo3d.ai "Errors" and "Support FAQ"). */
const TRIPO_CODES: Record<number, RemoteFailureKind> = { 1002: 'bad-key', 2010: 'no-credits', 2000: 'rate-limited' };

/**
 * multiview_to_model takes four slots, front, left, back, right (the SDK sends `{}` for a missing view;
 * the order is the one of Comfy's Tripo multi-view node, which names the slots), the front required.
 */
const MULTIVIEW_ORDER: ViewLabel[] = ['F', 'L', 'B', 'R'];

const TERMINAL_FAILURES = ['failed', 'cancelled', 'banned', 'expired', 'unknown'];
const RUNNING = ['queued', 'running'];

interface TripoTask {
  task_id?: string;
  status?: string;
  progress?: number;
  output?: { pbr_model?: string; model?: string; base_model?: string };
  error_code?: number;
  error_msg?: string;
}

function classify(_status: number, body: Record<string, unknown> | undefined): RemoteFailureKind | undefined {
  return typeof body?.code === 'number' ? TRIPO_CODES[body.code] : undefined;
}

/** Tripo answers its concurrency limit with code 2000; waited out like an HTTP 429. */
function rateLimited(response: Response, body: string): boolean {
  if (response.status === 429) return true;
  try {
    return (JSON.parse(body) as { code?: unknown }).code === 2000;
  } catch {
    return false;
  }
}

/** The `data` of a `{code: 0, data}` answer, or garbage. */
async function dataOf<T>(response: Response, what: string, call: ProviderCall): Promise<T> {
  const answer = await jsonBody<{ code?: unknown; data?: T }>(response, `${call.service} ${what}`);
  if (answer.code !== 0 || typeof answer.data !== 'object' || answer.data === null)
    throw new RemoteFailure('garbage', `${call.service} ${what} answered without {code: 0, data}`);
  return answer.data;
}

async function upload(
  call: ProviderCall,
  endpoint: string,
  bytes: Uint8Array,
): Promise<{ type: string; file_token: string }> {
  const image = await providerImage(bytes);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.mime }), `image.${image.type}`);
  const response = await providerFetch(call, `${endpoint}${API}/upload`, { method: 'POST', body: form }, rateLimited);
  await checkProvider(call, response, 'POST /upload', classify);
  const data = await dataOf<{ image_token?: unknown }>(response, 'POST /upload', call);
  if (typeof data.image_token !== 'string' || !data.image_token)
    throw new RemoteFailure('garbage', `${call.service} POST /upload answered without an image_token`);
  return { type: image.type, file_token: data.image_token };
}

/** The POST /task body for a job (uploads its pictures first). Exported for tests. */
export async function tripoTaskBody(
  job: RemoteJob,
  send: (bytes: Uint8Array) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const spec = job.spec as GenerateSpec;
  const common = {
    texture: spec.material !== 'None',
    pbr: spec.material === 'PBR' || spec.material === 'All',
    // Kiln enforces the exact budget afterwards; asking for it keeps the download small.
    face_limit: spec.faceBudget,
    model_seed: spec.seed,
    texture_seed: spec.seed,
  };
  const images = job.inputs.filter((input) => input.field === 'images');
  if (spec.mode === 'text' || images.length === 0)
    return { type: 'text_to_model', prompt: spec.prompt ?? '', image_seed: spec.seed, ...common };
  const labels = images.map((_, i) => spec.imageLabels[i] ?? 'F');
  // multiview_to_model needs the front and at least one of left, back, right; otherwise the front alone.
  const views = MULTIVIEW_ORDER.filter((label) => labels.includes(label));
  if (!labels.includes('F') || views.length < 2)
    return { type: 'image_to_model', file: await send(images[Math.max(0, labels.indexOf('F'))].bytes), ...common };
  const files: Record<string, unknown>[] = [];
  for (const label of MULTIVIEW_ORDER) {
    const at = labels.indexOf(label);
    files.push(at < 0 ? {} : await send(images[at].bytes));
  }
  return { type: 'multiview_to_model', files, ...common };
}

export const tripoAdapter: RemoteAdapter = {
  name: 'tripo',
  kinds: ['generate-image', 'generate-text'],
  defaultEndpoint: 'https://api.tripo3d.ai',

  health(context) {
    return providerHealth('tripo', context, `${API}/user/balance`);
  },

  async run(job: RemoteJob, context: AdapterContext): Promise<RemoteOutput> {
    const call: ProviderCall = { adapter: 'tripo', service: `tripo at ${context.endpoint}`, context };
    context.progress('remote upload', 0);
    const body = await tripoTaskBody(job, (bytes) => upload(call, context.endpoint, bytes));
    const created = await providerFetch(
      call,
      `${context.endpoint}${API}/task`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      rateLimited,
    );
    await checkProvider(call, created, 'POST /task', classify);
    const { task_id: taskId } = await dataOf<{ task_id?: unknown }>(created, 'POST /task', call);
    if (typeof taskId !== 'string' || !taskId)
      throw new RemoteFailure('garbage', `${call.service} answered POST /task without a task_id`);

    const watch = stageWatch(call.service, context.settings.stageTimeoutMs);
    for (;;) {
      const response = await providerFetch(call, `${context.endpoint}${API}/task/${encodeURIComponent(taskId)}`);
      await checkProvider(call, response, 'GET /task', classify);
      const task = await dataOf<TripoTask>(response, 'GET /task', call);
      const status = String(task.status ?? '');
      if (status === 'success') {
        const url = task.output?.pbr_model ?? task.output?.model ?? task.output?.base_model;
        if (typeof url !== 'string')
          throw new RemoteFailure('garbage', `${call.service} said "success" without a model URL in output`);
        context.progress('remote download', 0.95);
        const glb = await downloadSigned(call, url, 'model');
        return { type: 'model', glb, notes: { upstreamTask: taskId } };
      }
      if (TERMINAL_FAILURES.includes(status)) {
        const code = task.error_code === undefined ? '' : ` (error_code ${task.error_code})`;
        throw new RemoteFailure(
          task.error_code !== undefined && TRIPO_CODES[task.error_code] === 'no-credits'
            ? 'no-credits'
            : 'upstream-failed',
          `${call.service} reported task ${taskId} ${status}${code}${task.error_msg ? `: ${task.error_msg}` : ''}`,
        );
      }
      if (!RUNNING.includes(status))
        throw new RemoteFailure(
          'garbage',
          `${call.service} answered GET /task with an unknown status "${status.slice(0, 40)}"`,
        );
      const progress = typeof task.progress === 'number' ? Math.min(100, Math.max(0, task.progress)) : 0;
      context.progress(`remote ${status}`, 0.05 + 0.9 * (progress / 100));
      watch(status);
      await sleep(context.settings.pollMs, context.signal);
    }
  },
};
