/**
 * POST /api/v2/generate (and its exact alias /api/v2/rodin) and POST /api/v2/bang: read the body,
 * let the domain resolve it, check images decode, hand the task to the task service, answer 201 in
 * the exact shape of docs/spec/compat.md (no `error` key on acceptance).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveGenerateRequest, type RawRequest, type ResolvedSubmission, type TaskSpec } from '../../domain/index.ts';
import type { SubmitResult, TaskInput, TaskService } from '../../tasks/index.ts';
import { resolveBangSubmission } from '../../tasks/model-submission.ts';
import type { WebhookService } from '../../tasks/webhooks/index.ts';
import { booleanField, scalar } from '../../domain/raw-request.ts';
import { readRawRequest, type UploadLimits } from '../read-body.ts';
import { assertImagesDecode } from '../../tasks/image-check.ts';
import { assertModelsImport } from '../../tasks/model-check.ts';
import { idempotencyKeyOf, requestDigest } from '../idempotency.ts';
import { BangBody, BangResponse, GenerateBody, SubmitResponse } from '../schemas.ts';
import { aliasOf, submissionRoute, type SubmissionDoc } from './submission-route.ts';

export interface SubmitRouteOptions {
  tasks: TaskService;
  limits: UploadLimits;
  /** When present, `webhook_url` (or the key's default) is checked before charging and stored with the task. */
  webhooks?: WebhookService;
}

function acceptedBody(result: SubmitResult, withPrompt: boolean): Record<string, unknown> {
  return {
    message: 'Submitted.',
    ...(withPrompt ? { prompt: result.prompt ?? '' } : {}),
    submit_time: result.submitTime,
    uuid: result.uuid,
    jobs: { uuids: result.jobs.map((job) => job.uuid), subscription_key: result.subscriptionKey },
    consumed: result.price,
  };
}

export async function submit(
  request: FastifyRequest,
  reply: FastifyReply,
  tasks: TaskService,
  route: string,
  raw: RawRequest,
  resolved: ResolvedSubmission<TaskSpec>,
  extraInputs: TaskInput[] = [],
  webhooks?: WebhookService,
): Promise<FastifyReply> {
  await assertImagesDecode(resolved.inputs);
  await assertModelsImport(resolved.inputs);
  const webhookUrl = webhooks ? await webhooks.targetFor(request.principal.keyId, scalar(raw, 'webhook_url')) : null;
  const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
  const result = await tasks.submit({
    accountId: request.principal.accountId,
    keyId: request.principal.keyId,
    spec: resolved.spec,
    price: resolved.price,
    inputs: [...resolved.inputs, ...extraInputs],
    ...(idempotencyKey ? { idempotencyKey, requestHash: requestDigest(route, raw) } : {}),
    webhookUrl,
    webhookProgress: webhookUrl !== null && booleanField(raw, 'webhook_progress', false),
  });
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply
    .code(201)
    .send(acceptedBody(result, resolved.spec.kind === 'generate' || resolved.spec.kind === 'texture'));
}

// Bang's asset loading is a task-layer rule; these names stay importable from here.
export { loadAsset, pickModelFile } from '../../tasks/model-submission.ts';

export async function submitRoutes(app: FastifyInstance, options: SubmitRouteOptions): Promise<void> {
  const { tasks, limits, webhooks } = options;
  const generateDoc: SubmissionDoc = {
    summary: 'Generate a 3D asset from 1–5 images or a text prompt',
    description:
      'multipart/form-data (JSON or urlencoded also accepted for text-to-3D). Returns 201 with the task uuid and the subscription key. Price: 0.5, +0.5 for Gen-2.5-Extreme-High, +2.0 for texture_mode=extreme-high.',
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
    body: GenerateBody,
    headers: {
      type: 'object',
      properties: {
        'idempotency-key': {
          type: 'string',
          description: 'Optional: a retry with the same key and body returns the first response, charging nothing.',
        },
      },
    },
    accepted: SubmitResponse,
  };
  const generate = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = await readRawRequest(request, limits);
    return submit(request, reply, tasks, 'generate', raw, resolveGenerateRequest(raw), [], webhooks);
  };
  app.post('/generate', submissionRoute(generateDoc), generate);
  app.post('/rodin', aliasOf('generate', generateDoc), generate);

  app.post(
    '/bang',
    submissionRoute({
      summary: 'Split a completed generation (asset_id) or an uploaded model into pieces',
      description:
        'multipart/form-data. Exactly one of asset_id or model. Price: 0.5. Returns 201 like /generate, without `prompt`.',
      body: BangBody,
      accepted: BangResponse,
    }),
    async (request, reply) => {
      const raw = await readRawRequest(request, limits);
      const { resolved, assetInputs } = await resolveBangSubmission(tasks, request.principal.accountId, raw);
      return submit(request, reply, tasks, 'bang', raw, resolved, assetInputs, webhooks);
    },
  );
}
