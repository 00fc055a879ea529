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
 */
import type { GenerateSpec, Tier, ViewLabel } from '../../domain/task-spec.ts';
import {
  checkStatus,
  jsonBody,
  RemoteFailure,
  remoteFetch,
  sleep,
  stageWatch,
  type AdapterContext,
  type RemoteAdapter,
  type RemoteJob,
  type RemoteOutput,
} from './adapter.ts';

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
  message?: string;
}

const STATUS_PROGRESS: Record<string, number> = { processing: 0.2, texturing: 0.6 };

export const hunyuan3dAdapter: RemoteAdapter = {
  name: 'hunyuan3d',
  // Makes meshes from a picture or a prompt; never splits. Self-hosted only: no public address.
  kinds: ['generate-image', 'generate-text'],

  async health(context) {
    const response = await remoteFetch(context, `${context.endpoint}/status/kiln-health-check`);
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
    const sent = await remoteFetch(context, `${context.endpoint}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(hunyuanRequest(job)),
    });
    // Servers without the asynchronous routes only have the synchronous form.
    if (sent.status === 404 || sent.status === 405) {
      await sent.body?.cancel();
      return generateSync(job, context, service);
    }
    await checkStatus(sent, `${service} POST /send`);
    const { uid } = await jsonBody<{ uid?: unknown }>(sent, `${service} POST /send`);
    if (typeof uid !== 'string' || !uid)
      throw new RemoteFailure('garbage', `${service} answered POST /send without a job uid`);

    const watch = stageWatch(service, context.settings.stageTimeoutMs);
    for (;;) {
      const response = await remoteFetch(context, `${context.endpoint}/status/${encodeURIComponent(uid)}`);
      await checkStatus(response, `${service} GET /status`);
      const answer = await jsonBody<StatusAnswer>(response, `${service} GET /status`);
      const status = String(answer.status ?? '');
      if (status === 'completed')
        return { type: 'model', glb: decodeModel(answer.model_base64, service), notes: { uid } };
      if (status === 'error')
        throw new RemoteFailure('crash', `${service} reported an error: ${answer.message ?? 'no message'}`);
      if (!(status in STATUS_PROGRESS))
        throw new RemoteFailure(
          'garbage',
          `${service} answered GET /status with an unknown status "${status.slice(0, 40)}"`,
        );
      context.progress(`remote ${status}`, STATUS_PROGRESS[status]);
      watch(status);
      await sleep(context.settings.pollMs, context.signal);
    }
  },
};

async function generateSync(job: RemoteJob, context: AdapterContext, service: string): Promise<RemoteOutput> {
  context.progress('remote generate', 0.1);
  const response = await remoteFetch(
    { signal: context.signal, settings: { ...context.settings, requestTimeoutMs: context.settings.stageTimeoutMs } },
    `${context.endpoint}/generate`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(hunyuanRequest(job)),
    },
  ).catch((error: unknown) => {
    if (error instanceof RemoteFailure && /no answer within/.test(error.message)) {
      throw new RemoteFailure(
        'timeout',
        `${service} POST /generate gave no model within ${context.settings.stageTimeoutMs} ms (KILN_REMOTE_STAGE_TIMEOUT_MS)`,
      );
    }
    throw error;
  });
  await checkStatus(response, `${service} POST /generate`);
  return { type: 'model', glb: new Uint8Array(await response.arrayBuffer()), notes: { synchronous: true } };
}

function decodeModel(base64: unknown, service: string): Uint8Array {
  if (typeof base64 !== 'string' || base64.length === 0)
    throw new RemoteFailure('garbage', `${service} said "completed" without model_base64`);
  if (!/^[A-Za-z0-9+/=\r\n_-]+$/.test(base64))
    throw new RemoteFailure('garbage', `${service} sent a model_base64 that is not base64`);
  return new Uint8Array(Buffer.from(base64, 'base64'));
}
