/**
 * Adapter for the hosted Rodin API (Hyper3D / Deemos; developer.hyper3d.ai "API Specification":
 * Gen-2 Generation, Check Status, Download Results; the response models of ComfyUI's Rodin nodes,
 * comfy_api_nodes/apis/rodin_api.py; Kiln's own HTTP contract has this API's shape).
 * Paths are relative to the endpoint, whose public default is https://hyperhuman.deemos.com:
 *   POST /api/v2/rodin      multipart: images (1–5, the first makes the material) or prompt, tier,
 *                           seed, geometry_file_format, material, quality_override, mesh_mode
 *                           → 201 {error?, message, uuid, jobs: {uuids, subscription_key}, consumed?}
 *   POST /api/v2/status     {subscription_key} → {jobs: [{uuid, status: Waiting | Generating | Done | Failed}]}
 *   POST /api/v2/download   {task_uuid} → {list: [{url, name}]}  (signed URLs, valid about 10 minutes)
 *   GET  /api/v2/check_balance                  → the health check (any answer below 500)
 * A 201 with a non-empty `error` was not accepted. 401 is a refused key, 429 throttling (waited out).
 * The pages read do not document the answer for an empty account: Kiln takes HTTP 402, or an `error`
 * code that names credits, funds or balance, as no credits (said in docs/engines-stability-rodin-hunyuan.md).
 */
import type { GenerateSpec } from '../../domain/task-spec.ts';
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
import {
  checkProvider,
  downloadSigned,
  providerFetch,
  providerMessage,
  type ProviderCall,
  providerHealth,
} from './provider-http.ts';

const API = '/api/v2';

export const RODIN_DEFAULTS = {
  /** Rodin takes up to five pictures per generation. */
  maxImages: 5,
  /** Rodin's documented seed range is 0 – 65535. */
  maxSeed: 65_535,
};

const RUNNING = ['Waiting', 'Generating'];

interface RodinSubmission {
  error?: string | null;
  message?: string;
  uuid?: string;
  jobs?: { uuids?: string[]; subscription_key?: string };
  consumed?: number;
}

/** `error` codes that mean the account is empty (undocumented: matched by meaning, see the header). */
function classify(status: number, body: Record<string, unknown> | undefined): RemoteFailureKind | undefined {
  if (typeof body?.error === 'string' && /CREDIT|FUND|BALANCE/i.test(body.error)) return 'no-credits';
  return status === 402 ? 'no-credits' : undefined;
}

/** The generation form for a job (pictures in Rodin's order: the front first). Exported for tests. */
export async function rodinForm(job: RemoteJob): Promise<FormData> {
  const spec = job.spec as GenerateSpec;
  const form = new FormData();
  const images = job.inputs.filter((input) => input.field === 'images').slice(0, RODIN_DEFAULTS.maxImages);
  if (spec.mode === 'image' && images.length > 0) {
    const labels = images.map((_, i) => spec.imageLabels[i] ?? 'F');
    const front = Math.max(0, labels.indexOf('F'));
    const ordered = [images[front], ...images.filter((_, i) => i !== front)];
    for (const [i, input] of ordered.entries()) {
      const image = await providerImage(input.bytes);
      form.append('images', new Blob([new Uint8Array(image.bytes)], { type: image.mime }), `view-${i}.${image.type}`);
    }
  }
  if (spec.prompt) form.append('prompt', spec.prompt);
  form.append('tier', spec.tier);
  form.append('seed', String(Math.min(Math.max(0, spec.seed), RODIN_DEFAULTS.maxSeed)));
  form.append('geometry_file_format', 'glb');
  form.append('material', spec.material === 'PBR' || spec.material === 'All' ? 'PBR' : 'Shaded');
  // Kiln enforces the exact budget and makes quads itself; asking for the budget keeps the download small.
  form.append('quality_override', String(spec.faceBudget));
  form.append('mesh_mode', 'Raw');
  return form;
}

function postJson(call: ProviderCall, url: string, body: unknown): Promise<Response> {
  return providerFetch(call, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function submit(call: ProviderCall, endpoint: string, job: RemoteJob) {
  const response = await providerFetch(call, `${endpoint}${API}/rodin`, { method: 'POST', body: await rodinForm(job) });
  await checkProvider(call, response, 'POST /rodin', classify);
  const answer = await jsonBody<RodinSubmission>(response, `${call.service} POST /rodin`);
  if (answer.error) {
    const kind = classify(response.status, answer as Record<string, unknown>) ?? 'refused';
    throw new RemoteFailure(
      kind,
      providerMessage(call, kind, `POST /rodin did not accept the task (${answer.error})`, answer.message ?? ''),
    );
  }
  const key = answer.jobs?.subscription_key;
  if (typeof answer.uuid !== 'string' || !answer.uuid || typeof key !== 'string' || !key)
    throw new RemoteFailure('garbage', `${call.service} answered POST /rodin without a uuid and jobs.subscription_key`);
  return { uuid: answer.uuid, subscriptionKey: key, consumed: answer.consumed };
}

/** Polls until every job is Done; a Failed job fails the task. */
async function waitDone(call: ProviderCall, endpoint: string, uuid: string, subscriptionKey: string): Promise<void> {
  const { context } = call;
  const watch = stageWatch(call.service, context.settings.stageTimeoutMs);
  for (;;) {
    const response = await postJson(call, `${endpoint}${API}/status`, { subscription_key: subscriptionKey });
    await checkProvider(call, response, 'POST /status', classify);
    const { jobs } = await jsonBody<{ jobs?: { uuid?: string; status?: string }[] }>(
      response,
      `${call.service} POST /status`,
    );
    if (!Array.isArray(jobs) || jobs.length === 0)
      throw new RemoteFailure('garbage', `${call.service} answered POST /status without jobs`);
    const statuses = jobs.map((job) => String(job.status ?? ''));
    if (statuses.includes('Failed'))
      throw new RemoteFailure(
        'upstream-failed',
        `${call.service} reported task ${uuid} Failed (jobs: ${statuses.join(', ')})`,
      );
    if (statuses.every((status) => status === 'Done')) return;
    const unknown = statuses.find((status) => status !== 'Done' && !RUNNING.includes(status));
    if (unknown !== undefined)
      throw new RemoteFailure(
        'garbage',
        `${call.service} answered POST /status with an unknown status "${unknown.slice(0, 40)}"`,
      );
    const stage = statuses.includes('Generating') ? 'Generating' : 'Waiting';
    const done = statuses.filter((status) => status === 'Done').length;
    context.progress(`remote ${stage}`, 0.05 + 0.85 * (done / statuses.length));
    watch(`${stage} ${done}/${statuses.length}`);
    await sleep(context.settings.pollMs, context.signal);
  }
}

async function download(call: ProviderCall, endpoint: string, uuid: string): Promise<Uint8Array> {
  const response = await postJson(call, `${endpoint}${API}/download`, { task_uuid: uuid });
  await checkProvider(call, response, 'POST /download', classify);
  const answer = await jsonBody<{ list?: { url?: unknown; name?: unknown }[]; error?: string }>(
    response,
    `${call.service} POST /download`,
  );
  const file = answer.list?.find((item) => typeof item.name === 'string' && /\.glb$/i.test(item.name));
  if (!file || typeof file.url !== 'string')
    throw new RemoteFailure(
      'garbage',
      `${call.service} answered POST /download without a .glb in its list${answer.error ? ` (${answer.error})` : ''}`,
    );
  return downloadSigned(call, file.url, 'model');
}

export const rodinAdapter: RemoteAdapter = {
  name: 'rodin',
  kinds: ['generate-image', 'generate-text'],
  defaultEndpoint: 'https://hyperhuman.deemos.com',

  health(context) {
    return providerHealth('rodin', context, `${API}/check_balance`);
  },

  async run(job: RemoteJob, context: AdapterContext): Promise<RemoteOutput> {
    const call: ProviderCall = { adapter: 'rodin', service: `rodin at ${context.endpoint}`, context };
    context.progress('remote submit', 0);
    const { uuid, subscriptionKey, consumed } = await submit(call, context.endpoint, job);
    await waitDone(call, context.endpoint, uuid, subscriptionKey);
    context.progress('remote download', 0.95);
    const glb = await download(call, context.endpoint, uuid);
    const notes: Record<string, unknown> = { upstreamTask: uuid };
    if (typeof consumed === 'number' && consumed > 0) notes.upstreamCost = { amount: consumed, unit: 'rodin credits' };
    return { type: 'model', glb, notes };
  },
};
