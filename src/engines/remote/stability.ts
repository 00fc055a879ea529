/**
 * Adapter for Stability AI's 3D API (platform.stability.ai/docs/api-reference, "3D"; the public
 * OpenAPI of the v2beta 3D routes). One synchronous multipart request answers the GLB itself:
 *   POST /v2beta/3d/stable-fast-3d          image, texture_resolution (512 | 1024 | 2048),
 *                                           foreground_ratio (0.1–1), remesh (none | triangle | quad)
 *   POST /v2beta/3d/stable-point-aware-3d   (SPAR3D) the same plus seed
 *                                           → 200 model/gltf-binary
 *   GET  /v1/user/balance                   → {credits}: the health check (the key is checked too)
 * Errors answer JSON {id, name, errors: [..]}: 400 a field out of range, 401 a refused key, 402 no
 * credits left, 403 content moderation (the input was refused, not the key), 413 a picture too
 * large, 429 the rate limit (150 requests in 10 s), 500 the generation failed. Which model is
 * KILN_STABILITY_MODEL (`stable-fast-3d`, the default, or `spar3d`). Stability's answer does not say
 * what the call cost (its pricing page does), so no upstreamCost. There is no task to poll: a job
 * that never answers is bounded by KILN_REMOTE_STAGE_TIMEOUT_MS.
 */
import type { GenerateSpec } from '../../domain/task-spec.ts';
import {
  RemoteFailure,
  type AdapterContext,
  type RemoteAdapter,
  type RemoteFailureKind,
  type RemoteJob,
  type RemoteOutput,
} from './adapter.ts';
import { providerImage } from './provider-image.ts';
import { checkProvider, providerFetch, type ProviderCall, providerHealth } from './provider-http.ts';

/** The models KILN_STABILITY_MODEL may name, and the route each is served on. */
export const STABILITY_MODELS = {
  'stable-fast-3d': '/v2beta/3d/stable-fast-3d',
  spar3d: '/v2beta/3d/stable-point-aware-3d',
} as const;

export type StabilityModel = keyof typeof STABILITY_MODELS;

export const STABILITY_DEFAULTS = {
  /** KILN_STABILITY_MODEL. */
  model: 'stable-fast-3d' as StabilityModel,
  /** The largest texture_resolution Stability documents; Kiln's pipeline re-bakes to the spec's size. */
  maxTextureResolution: 2048,
  /** SPAR3D's documented seed range is 0 – 4294967294. */
  maxSeed: 4_294_967_294,
};

/** The model KILN_STABILITY_MODEL names; an unknown value is an operator mistake said plainly. */
export function stabilityModel(env: NodeJS.ProcessEnv = process.env): StabilityModel {
  const value = env.KILN_STABILITY_MODEL?.trim();
  if (!value) return STABILITY_DEFAULTS.model;
  if (value in STABILITY_MODELS) return value as StabilityModel;
  throw new RemoteFailure(
    'refused',
    `KILN_STABILITY_MODEL is "${value.slice(0, 40)}"; set it to one of ${Object.keys(STABILITY_MODELS).join(', ')}`,
  );
}

/** Stability's error names (the `name` of its error body) that mean more than their status. */
function classify(status: number, body: Record<string, unknown> | undefined): RemoteFailureKind | undefined {
  if (status === 403) return body?.name === 'content_moderation' ? 'refused' : 'bad-key';
  if (status === 500) return 'upstream-failed';
  return undefined;
}

/** The multipart form for a job: the front picture and the documented fields. Exported for tests. */
export async function stabilityForm(job: RemoteJob, model: StabilityModel): Promise<FormData> {
  const spec = job.spec as GenerateSpec;
  const images = job.inputs.filter((input) => input.field === 'images');
  if (spec.mode === 'text' || images.length === 0)
    throw new RemoteFailure(
      'refused',
      'stability makes models from a picture only; send an image or route text elsewhere',
    );
  const labels = images.map((_, i) => spec.imageLabels[i] ?? 'F');
  const image = await providerImage(images[Math.max(0, labels.indexOf('F'))].bytes);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.mime }), `image.${image.type}`);
  form.append('texture_resolution', String(Math.min(spec.textureResolution, STABILITY_DEFAULTS.maxTextureResolution)));
  // Kiln's pipeline remeshes to the exact budget (and to quads) itself.
  form.append('remesh', 'none');
  if (model === 'spar3d') form.append('seed', String(Math.min(Math.max(0, spec.seed), STABILITY_DEFAULTS.maxSeed)));
  return form;
}

const GLB_MAGIC = 0x46546c67; // "glTF"

export const stabilityAdapter: RemoteAdapter = {
  name: 'stability',
  kinds: ['generate-image'],
  defaultEndpoint: 'https://api.stability.ai',

  health(context) {
    return providerHealth('stability', context, '/v1/user/balance');
  },

  async run(job: RemoteJob, context: AdapterContext): Promise<RemoteOutput> {
    const call: ProviderCall = { adapter: 'stability', service: `stability at ${context.endpoint}`, context };
    const model = stabilityModel();
    const route = STABILITY_MODELS[model];
    const form = await stabilityForm(job, model);
    context.progress(`remote ${model}`, 0.1);
    // The one request carries the whole generation, so the stage timeout bounds it.
    const timed = { ...context, settings: { ...context.settings, requestTimeoutMs: context.settings.stageTimeoutMs } };
    const response = await providerFetch({ ...call, context: timed }, `${context.endpoint}${route}`, {
      method: 'POST',
      headers: { accept: 'model/gltf-binary' },
      body: form,
    }).catch((error: unknown) => {
      if (error instanceof RemoteFailure && /no answer within/.test(error.message))
        throw new RemoteFailure(
          'timeout',
          `${call.service} POST ${route} gave no model within ${context.settings.stageTimeoutMs} ms (KILN_REMOTE_STAGE_TIMEOUT_MS); the job was abandoned`,
        );
      throw error;
    });
    if (!response.ok) {
      const text = await response.clone().text();
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      const failed = response.status === 500 ? ' (Stability reported the generation failed)' : '';
      await checkProvider(call, response, `POST ${route}${failed}`, (status) => classify(status, body));
    }
    const glb = new Uint8Array(await response.arrayBuffer());
    if (glb.byteLength < 12 || new DataView(glb.buffer, glb.byteOffset).getUint32(0, true) !== GLB_MAGIC)
      throw new RemoteFailure(
        'garbage',
        `${call.service} POST ${route} answered HTTP ${response.status} with ${glb.byteLength} bytes that are not a model (no GLB header)`,
      );
    context.progress('remote done', 0.95);
    return { type: 'model', glb, notes: { upstreamModel: model } };
  },
};
