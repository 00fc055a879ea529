/**
 * Adapter for Meshy's OpenAPI (docs.meshy.ai: Image to 3D, Multi-Image to 3D, Text to 3D, Errors).
 * Paths are relative to the endpoint, whose public default is https://api.meshy.ai:
 *   POST /openapi/v1/image-to-3d        {image_url: data URI, should_texture, enable_pbr, topology,
 *                                        target_polycount, should_remesh}              → {result: id}
 *   POST /openapi/v1/multi-image-to-3d  {image_urls: 1–4 data URIs, …the same}          → {result: id}
 *   POST /openapi/v2/text-to-3d         {mode: "preview", prompt, …} then, when textured,
 *                                       {mode: "refine", preview_task_id, enable_pbr}   → {result: id}
 *   GET  <the same path>/{id}           → {status: PENDING | IN_PROGRESS | SUCCEEDED | FAILED | CANCELED,
 *                                          progress, model_urls: {glb: <signed URL>}, task_error: {message},
 *                                          consumed_credits? (reported by newer API versions)}
 *   GET  /openapi/v1/balance            → the health check (any answer below 500)
 * Errors answer {message} with 401 (key), 402 (no credits), 429 (rate limit: waited out). Kiln polls;
 * Meshy's server-sent stream (…/{id}/stream) carries the same object and is not needed for correctness.
 * The model is downloaded from its signed URL without the key.
 */
import type { GenerateSpec } from '../../domain/task-spec.ts';
import {
  jsonBody,
  RemoteFailure,
  sleep,
  stageWatch,
  type AdapterContext,
  type RemoteAdapter,
  type RemoteJob,
  type RemoteOutput,
} from './adapter.ts';
import { dataUri, providerImage } from './provider-image.ts';
import { checkProvider, downloadSigned, providerFetch, type ProviderCall, providerHealth } from './provider-http.ts';

/** Documented ranges: target_polycount 100–300 000; prompt at most 600 characters; 1–4 images. */
const POLYCOUNT = { min: 100, max: 300_000 };
export const MESHY_PROMPT_LIMIT = 600;
const MAX_IMAGES = 4;

const RUNNING = ['PENDING', 'IN_PROGRESS'];
const FAILED = ['FAILED', 'CANCELED', 'EXPIRED'];

interface MeshyTask {
  status?: string;
  progress?: number;
  model_urls?: { glb?: string };
  /** Per material, the maps as separate files (base_color, metallic, normal, roughness). */
  texture_urls?: { base_color?: string }[];
  task_error?: { message?: string } | null;
  consumed_credits?: number;
}

/** Geometry settings shared by every creation request. */
function geometry(spec: GenerateSpec) {
  return {
    topology: 'triangle',
    should_remesh: true,
    target_polycount: Math.min(POLYCOUNT.max, Math.max(POLYCOUNT.min, spec.faceBudget)),
  };
}

/** The creation request for a job: its path and body. Exported for tests. */
export async function meshyRequests(job: RemoteJob): Promise<{ path: string; body: Record<string, unknown> }> {
  const spec = job.spec as GenerateSpec;
  const textured = spec.material !== 'None';
  const texture = { should_texture: textured, enable_pbr: spec.material === 'PBR' || spec.material === 'All' };
  const images = job.inputs.filter((input) => input.field === 'images');
  if (spec.mode === 'text' || images.length === 0) {
    return {
      path: '/openapi/v2/text-to-3d',
      body: { mode: 'preview', prompt: (spec.prompt ?? '').slice(0, MESHY_PROMPT_LIMIT), ...geometry(spec) },
    };
  }
  const labels = images.map((_, i) => spec.imageLabels[i] ?? 'F');
  const front = Math.max(0, labels.indexOf('F'));
  if (images.length === 1)
    return {
      path: '/openapi/v1/image-to-3d',
      body: { image_url: dataUri(await providerImage(images[front].bytes)), ...geometry(spec), ...texture },
    };
  // The front view first; Meshy reads at most four.
  const ordered = [images[front], ...images.filter((_, i) => i !== front)].slice(0, MAX_IMAGES);
  const image_urls: string[] = [];
  for (const image of ordered) image_urls.push(dataUri(await providerImage(image.bytes)));
  return { path: '/openapi/v1/multi-image-to-3d', body: { image_urls, ...geometry(spec), ...texture } };
}

async function create(call: ProviderCall, endpoint: string, path: string, body: Record<string, unknown>) {
  const response = await providerFetch(call, `${endpoint}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await checkProvider(call, response, `POST ${path}`);
  const { result } = await jsonBody<{ result?: unknown }>(response, `${call.service} POST ${path}`);
  if (typeof result !== 'string' || !result)
    throw new RemoteFailure('garbage', `${call.service} answered POST ${path} without a task id in "result"`);
  return result;
}

/** Polls one task to SUCCEEDED; progress maps onto [from, to] of the remote span. */
async function follow(
  call: ProviderCall,
  context: AdapterContext,
  path: string,
  id: string,
  [from, to]: [number, number],
): Promise<MeshyTask> {
  const watch = stageWatch(call.service, context.settings.stageTimeoutMs);
  const stage = path.split('/').pop();
  for (;;) {
    const response = await providerFetch(call, `${context.endpoint}${path}/${encodeURIComponent(id)}`);
    await checkProvider(call, response, `GET ${path}/{id}`);
    const task = await jsonBody<MeshyTask>(response, `${call.service} GET ${path}/{id}`);
    const status = String(task.status ?? '');
    if (status === 'SUCCEEDED') return task;
    if (FAILED.includes(status))
      throw new RemoteFailure(
        'upstream-failed',
        `${call.service} reported ${stage} task ${id} ${status}${task.task_error?.message ? `: ${task.task_error.message}` : ''}`,
      );
    if (!RUNNING.includes(status))
      throw new RemoteFailure(
        'garbage',
        `${call.service} answered GET ${path}/{id} with an unknown status "${status.slice(0, 40)}"`,
      );
    const progress = typeof task.progress === 'number' ? Math.min(100, Math.max(0, task.progress)) : 0;
    context.progress(`remote ${stage} ${status.toLowerCase()}`, from + (to - from) * (progress / 100));
    watch(status);
    await sleep(context.settings.pollMs, context.signal);
  }
}

export const meshyAdapter: RemoteAdapter = {
  name: 'meshy',
  kinds: ['generate-image', 'generate-text'],
  defaultEndpoint: 'https://api.meshy.ai',

  health(context) {
    return providerHealth('meshy', context, '/openapi/v1/balance');
  },

  async run(job: RemoteJob, context: AdapterContext): Promise<RemoteOutput> {
    const call: ProviderCall = { adapter: 'meshy', service: `meshy at ${context.endpoint}`, context };
    const spec = job.spec as GenerateSpec;
    context.progress('remote submit', 0);
    const { path, body } = await meshyRequests(job);
    const id = await create(call, context.endpoint, path, body);
    const text = path.endsWith('text-to-3d');
    const refine = text && spec.material !== 'None';
    let task = await follow(call, context, path, id, [0.02, refine ? 0.45 : 0.9]);
    let credits = task.consumed_credits ?? 0;
    let finalId = id;
    if (refine) {
      // Text to 3D makes an untextured preview first; the refine task paints it.
      finalId = await create(call, context.endpoint, path, {
        mode: 'refine',
        preview_task_id: id,
        enable_pbr: spec.material === 'PBR' || spec.material === 'All',
      });
      task = await follow(call, context, path, finalId, [0.45, 0.9]);
      credits += task.consumed_credits ?? 0;
    }
    const url = task.model_urls?.glb;
    if (typeof url !== 'string')
      throw new RemoteFailure('garbage', `${call.service} said SUCCEEDED without model_urls.glb`);
    context.progress('remote download', 0.95);
    const glb = await downloadSigned(call, url, 'model');
    // The maps also come as separate files; the GLB normally embeds them, so the separate base colour
    // is only fetched for a GLB that carries no image.
    const separate = task.texture_urls?.[0]?.base_color;
    const baseColor =
      typeof separate === 'string' && !glbHasImages(glb)
        ? await downloadSigned(call, separate, 'base colour texture')
        : undefined;
    const notes: Record<string, unknown> = { upstreamTask: finalId };
    if (text && (spec.prompt ?? '').length > MESHY_PROMPT_LIMIT) notes.promptTruncatedTo = MESHY_PROMPT_LIMIT;
    if (credits > 0) notes.upstreamCost = { amount: credits, unit: 'meshy credits' };
    return { type: 'model', glb, baseColor, notes };
  },
};

/** True when a GLB's JSON chunk lists images (unreadable headers count as "has": the importer will say what is wrong). */
export function glbHasImages(glb: Uint8Array): boolean {
  if (glb.byteLength < 20) return true;
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  try {
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as { images?: unknown[] };
    return Array.isArray(json.images) && json.images.length > 0;
  } catch {
    return true;
  }
}
