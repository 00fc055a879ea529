/**
 * Adapter for the Hunyuan3D-2 / 2.1 API server (its api_server.py):
 *   POST /send {image | text, seed, octree_resolution, num_inference_steps, guidance_scale, texture,
 *               face_count, type}                       → {"uid"}
 *   GET  /status/{uid}                                   → {"status":"processing" | "texturing" (2.1)}
 *                                                          … {"status":"completed","model_base64"}
 *                                                          or {"status":"error","message"} (2.1)
 * A generation thread that dies leaves the status at "processing" for ever, so only the stage timeout
 * ends such a job. Servers without /send get `POST /generate`, the synchronous form answering the model
 * itself; its one request is then bounded by the stage timeout. The server has no health route: any HTTP answer to GET /status/<unknown uid> shows
 * it is up. Kiln's tier picks the shape resolution and step count, its seed and face budget pass
 * through, and extra labelled views go to the multi-view fields (`mv_image_front` …) that the
 * multi-view (2mv) servers read; single-view servers ignore unknown fields.
 *
 * Hunyuan3D-2.1's server (Tencent-Hunyuan/Hunyuan3D-2.1 api_server.py, api_models.py, model_worker.py)
 * differs, and Kiln tells it apart by its health route, GET /health → {"status": "healthy", "worker_id"}:
 * - its GenerationRequest validates ranges (422 outside them): seed 0 – 2³²−1, octree_resolution
 *   64 – 512, num_inference_steps 1 – 20, guidance_scale 0.1 – 20, face_count 1000 – 100000; Kiln
 *   clamps its tier's values into them (HUNYUAN21_RANGES);
 * - `image` is required: it makes nothing from text, so a text job is refused for the next engine;
 * - /status says "completed" only once `<uid>_textured.glb` exists (with model_base64 and
 *   initial_model_base64, the untextured shape); a job without texture never writes that file, so
 *   untextured jobs use the synchronous POST /generate, which answers the final file;
 * - when texturing fails the worker falls back to the untextured mesh: /generate answers it, and
 *   /send stays at "texturing". Kiln notices a model without texture where one was asked for and says
 *   so in the task notes (`textureFallback`); a job stuck in texturing ends at the stage timeout with
 *   a message naming that fall-back.
 *
 * The server takes no key: Kiln sends none (even when KILN_HUNYUAN3D_API_KEY is set). Deployments put
 * it behind a proxy, so a 401/403 is said as the proxy in front refusing Kiln (the operator's problem,
 * naming the address), and a 429 from a rate-limiting proxy is waited out like a hosted provider's
 * (provider-http.ts, KILN_REMOTE_RATE_LIMIT_RETRIES).
 */
import type { GenerateSpec, Tier, ViewLabel } from '../../domain/task-spec.ts';
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
import { checkProvider, providerFetch, type ProviderCall } from './provider-http.ts';

type Shape = { octree_resolution: number; num_inference_steps: number };

/** Shape resolution and diffusion steps per tier: finer tiers buy detail with GPU time. */
const TIER_SHAPE: Record<Tier, Shape> = {
  'Gen-2.5-Extreme-Low': { octree_resolution: 128, num_inference_steps: 10 },
  'Gen-2.5-Low': { octree_resolution: 196, num_inference_steps: 20 },
  'Gen-2.5-Medium': { octree_resolution: 256, num_inference_steps: 30 },
  'Gen-2.5-High': { octree_resolution: 384, num_inference_steps: 40 },
  'Gen-2.5-Extreme-High': { octree_resolution: 512, num_inference_steps: 50 },
  Sketch: { octree_resolution: 196, num_inference_steps: 20 },
  Regular: { octree_resolution: 256, num_inference_steps: 30 },
  Smooth: { octree_resolution: 256, num_inference_steps: 30 },
  'Gen-2': { octree_resolution: 256, num_inference_steps: 30 },
  Detail: { octree_resolution: 384, num_inference_steps: 40 },
};

/** views.md labels that have a multi-view field on Hunyuan3D-2mv servers. */
const MULTI_VIEW_FIELDS: Partial<Record<ViewLabel, string>> = {
  F: 'mv_image_front',
  B: 'mv_image_back',
  L: 'mv_image_left',
  R: 'mv_image_right',
};

/** Hunyuan3D-2.1's documented field ranges (api_models.py GenerationRequest, Field ge/le). */
export const HUNYUAN21_RANGES = {
  seed: [0, 2 ** 32 - 1],
  octree_resolution: [64, 512],
  num_inference_steps: [1, 20],
  guidance_scale: [0.1, 20],
  face_count: [1000, 100_000],
} as const satisfies Record<string, readonly [number, number]>;

/** The /send body for a Hunyuan3D-2.1 server: the single-view request with every field in its range. Exported for tests. */
export function hunyuan21Request(job: RemoteJob): Record<string, unknown> {
  const body = hunyuanRequest(job);
  const request: Record<string, unknown> = {
    image: body.image,
    remove_background: true,
    texture: body.texture,
  };
  for (const [field, [min, max]] of Object.entries(HUNYUAN21_RANGES))
    request[field] = Math.min(max, Math.max(min, Number(body[field])));
  return request;
}

/** The /send body for a job. Exported for tests. */
export function hunyuanRequest(job: RemoteJob): Record<string, unknown> {
  const spec = job.spec as GenerateSpec;
  const shape = TIER_SHAPE[spec.tier];
  const body: Record<string, unknown> = {
    seed: spec.seed,
    octree_resolution: shape.octree_resolution,
    num_inference_steps: spec.fastMode
      ? Math.max(5, Math.round(shape.num_inference_steps / 2))
      : shape.num_inference_steps,
    guidance_scale: spec.creative ? 7.5 : 5.0,
    texture: spec.material !== 'None',
    face_count: spec.faceBudget,
    type: 'glb',
  };
  const images = job.inputs.filter((input) => input.field === 'images');
  if (spec.mode === 'text' || images.length === 0) {
    body.text = spec.prompt ?? '';
    return body;
  }
  const labels = images.map((_, i) => spec.imageLabels[i] ?? 'F');
  const front = Math.max(0, labels.indexOf('F'));
  body.image = Buffer.from(images[front].bytes).toString('base64');
  if (images.length > 1) {
    images.forEach((image, i) => {
      const field = MULTI_VIEW_FIELDS[labels[i]];
      if (field) body[field] = Buffer.from(image.bytes).toString('base64');
    });
  }
  return body;
}

interface StatusAnswer {
  status?: string;
  model_base64?: string;
  /** Hunyuan3D-2.1: the untextured shape, beside the textured model_base64. */
  initial_model_base64?: string;
  /** The same, as an earlier Hunyuan3D-2.1 commit named it. */
  model_base64_initial?: string;
  message?: string;
}

const STATUS_PROGRESS: Record<string, number> = { processing: 0.2, texturing: 0.6 };

type ServerVersion = '2' | '2.1';

/** Every request to the server: keyless, a proxy's 429 waited out, its 401/403 said as the proxy's. */
function serverCall(
  context: Pick<AdapterContext, 'endpoint' | 'settings' | 'signal'> & Partial<Pick<AdapterContext, 'progress'>>,
  settings = context.settings,
): ProviderCall {
  return {
    adapter: 'hunyuan3d',
    service: `hunyuan3d at ${context.endpoint}`,
    keyless: true,
    context: { settings, signal: context.signal, apiKey: undefined, progress: context.progress ?? (() => undefined) },
  };
}

/** A refusal by a proxy in front (401, 403, 407) fails as such; other answers are left to the caller. */
async function checkNotRefused(call: ProviderCall, response: Response, what: string): Promise<void> {
  if (response.status === 401 || response.status === 403 || response.status === 407)
    await checkProvider(call, response, what, () => 'bad-key');
}

/**
 * Which server answers: Hunyuan3D-2.1's has GET /health → {"status": "healthy"}; Hunyuan3D-2's has no
 * such route (404). A 5xx is a server that is down.
 */
async function serverVersion(
  context: Pick<AdapterContext, 'endpoint' | 'settings' | 'signal'> & Partial<Pick<AdapterContext, 'progress'>>,
): Promise<ServerVersion> {
  const call = serverCall(context);
  const response = await providerFetch(call, `${context.endpoint}/health`);
  await checkNotRefused(call, response, 'GET /health');
  const text = await response.text().catch(() => '');
  if (response.status >= 500)
    throw new RemoteFailure(
      'crash',
      `hunyuan3d at ${context.endpoint} answered GET /health with HTTP ${response.status}`,
    );
  if (!response.ok) return '2';
  try {
    return (JSON.parse(text) as { status?: unknown }).status === 'healthy' ? '2.1' : '2';
  } catch {
    return '2';
  }
}

/** True when the GLB's JSON lists at least one image (a textured model). Unreadable GLBs count as textured: the pipeline refuses them. */
export function glbHasTexture(glb: Uint8Array): boolean {
  try {
    const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    if (glb.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67) return true;
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true))));
    return Array.isArray(json.images) && json.images.length > 0;
  } catch {
    return true;
  }
}

/** Adds `textureFallback` to the notes when a texture was asked for and the server sent a bare mesh. */
function noticeFallback(output: RemoteOutput, textureAsked: boolean, service: string): RemoteOutput {
  if (output.type !== 'model') return output;
  const notes = { ...output.notes };
  // 2.1's answer carries the untextured shape too: the same bytes as the model mean no texturing happened.
  const sameAsInitial = notes.sameAsInitial === true;
  delete notes.sameAsInitial;
  if (textureAsked && (sameAsInitial || !glbHasTexture(output.glb)))
    notes.textureFallback = `${service} returned an untextured mesh although texturing was asked for (its texturing failed and it fell back to the bare shape); Kiln coloured the asset itself, so its texture is not the model's own`;
  return { ...output, notes };
}

export const hunyuan3dAdapter: RemoteAdapter = {
  name: 'hunyuan3d',
  // Makes meshes from a picture or a prompt; never splits. Self-hosted only: no public address.
  kinds: ['generate-image', 'generate-text'],

  async health(context) {
    if ((await serverVersion(context)) === '2.1') return;
    const call = serverCall(context);
    const response = await providerFetch(call, `${context.endpoint}/status/kiln-health-check`);
    await checkNotRefused(call, response, 'GET /status');
    await response.body?.cancel();
    if (response.status >= 500)
      throw new RemoteFailure(
        'crash',
        `hunyuan3d at ${context.endpoint} answered its health check with HTTP ${response.status}`,
      );
  },

  async run(job: RemoteJob, context: AdapterContext): Promise<RemoteOutput> {
    const service = `hunyuan3d at ${context.endpoint}`;
    context.progress('remote submit', 0);
    const version = await serverVersion(context);
    const call = serverCall(context);
    const textureAsked = (job.spec as GenerateSpec).material !== 'None';
    if (version === '2.1') {
      if ((job.spec as GenerateSpec).mode === 'text' || !job.inputs.some((input) => input.field === 'images'))
        throw new RemoteFailure(
          'refused',
          `${service} is a Hunyuan3D-2.1 server, which makes models from a picture only (its requests require "image"); route text-to-3D to another engine`,
        );
      const body = hunyuan21Request(job);
      // 2.1's /status never says "completed" for a job without texture: the synchronous route answers it.
      if (!body.texture) return withVersion(await generateSync(body, context, service), version);
      const output = await sendAndPoll(body, context, call, version);
      return withVersion(noticeFallback(output, textureAsked, service), version);
    }
    const sent = await providerFetch(call, `${context.endpoint}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(hunyuanRequest(job)),
    });
    // Servers without the asynchronous routes only have the synchronous form.
    if (sent.status === 404 || sent.status === 405) {
      await sent.body?.cancel();
      return noticeFallback(await generateSync(hunyuanRequest(job), context, service), textureAsked, service);
    }
    return noticeFallback(await pollSent(sent, context, call, version), textureAsked, service);
  },
};

function withVersion(output: RemoteOutput, version: ServerVersion): RemoteOutput {
  return { ...output, notes: { ...output.notes, serverVersion: `Hunyuan3D-${version}` } };
}

async function sendAndPoll(
  body: Record<string, unknown>,
  context: AdapterContext,
  call: ProviderCall,
  version: ServerVersion,
): Promise<RemoteOutput> {
  const sent = await providerFetch(call, `${context.endpoint}/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return pollSent(sent, context, call, version);
}

/** Follows a /send job through /status to its model. */
async function pollSent(
  sent: Response,
  context: AdapterContext,
  call: ProviderCall,
  version: ServerVersion,
): Promise<RemoteOutput> {
  const { service } = call;
  await checkProvider(call, sent, 'POST /send');
  const { uid } = await jsonBody<{ uid?: unknown }>(sent, `${service} POST /send`);
  if (typeof uid !== 'string' || !uid)
    throw new RemoteFailure('garbage', `${service} answered POST /send without a job uid`);

  const watch = stageWatch(service, context.settings.stageTimeoutMs);
  for (;;) {
    const response = await providerFetch(call, `${context.endpoint}/status/${encodeURIComponent(uid)}`);
    await checkProvider(call, response, 'GET /status');
    const answer = await jsonBody<StatusAnswer>(response, `${service} GET /status`);
    const status = String(answer.status ?? '');
    if (status === 'completed') {
      const glb = decodeModel(answer.model_base64, service);
      // The untextured copy's field was `model_base64_initial` in an earlier 2.1 commit (20f04ab).
      const initial = answer.initial_model_base64 ?? answer.model_base64_initial;
      const sameAsInitial = initial !== undefined && initial === answer.model_base64;
      return { type: 'model', glb, notes: sameAsInitial ? { uid, sameAsInitial } : { uid } };
    }
    if (status === 'error')
      throw new RemoteFailure('crash', `${service} reported an error: ${answer.message ?? 'no message'}`);
    if (!(status in STATUS_PROGRESS))
      throw new RemoteFailure(
        'garbage',
        `${service} answered GET /status with an unknown status "${status.slice(0, 40)}"`,
      );
    context.progress(`remote ${status}`, STATUS_PROGRESS[status]);
    try {
      watch(status);
    } catch (error) {
      if (version === '2.1' && status === 'texturing' && error instanceof RemoteFailure)
        throw new RemoteFailure(
          error.kind,
          `${error.message}; a Hunyuan3D-2.1 server whose texturing failed falls back to the untextured mesh and keeps answering "texturing", so check its texture model or send material None`,
        );
      throw error;
    }
    await sleep(context.settings.pollMs, context.signal);
  }
}

async function generateSync(
  body: Record<string, unknown>,
  context: AdapterContext,
  service: string,
): Promise<RemoteOutput> {
  context.progress('remote generate', 0.1);
  // The one request carries the whole generation, so the stage timeout bounds it.
  const call = serverCall(context, { ...context.settings, requestTimeoutMs: context.settings.stageTimeoutMs });
  const response = await providerFetch(call, `${context.endpoint}/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch((error: unknown) => {
    if (error instanceof RemoteFailure && /no answer within/.test(error.message)) {
      throw new RemoteFailure(
        'timeout',
        `${service} POST /generate gave no model within ${context.settings.stageTimeoutMs} ms (KILN_REMOTE_STAGE_TIMEOUT_MS)`,
      );
    }
    throw error;
  });
  // The server answers a failed generation with 404 {"text", "error_code": 1} (api_server.py).
  if (response.status === 404) {
    const answer = await response.json().catch(() => undefined);
    if (answer && typeof answer === 'object' && 'error_code' in answer)
      throw new RemoteFailure(
        'upstream-failed',
        `${service} POST /generate reported the generation failed (error_code ${String(answer.error_code)}): ${String(answer.text ?? '').slice(0, 120)}`,
      );
    throw new RemoteFailure('refused', `${service} POST /generate answered HTTP 404`);
  }
  await checkProvider(call, response, 'POST /generate');
  return { type: 'model', glb: new Uint8Array(await response.arrayBuffer()), notes: { synchronous: true } };
}

function decodeModel(base64: unknown, service: string): Uint8Array {
  if (typeof base64 !== 'string' || base64.length === 0)
    throw new RemoteFailure('garbage', `${service} said "completed" without model_base64`);
  if (!/^[A-Za-z0-9+/=\r\n_-]+$/.test(base64))
    throw new RemoteFailure('garbage', `${service} sent a model_base64 that is not base64`);
  return new Uint8Array(Buffer.from(base64, 'base64'));
}
