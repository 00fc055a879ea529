/**
 * POST /api/v2/generate (and its exact alias /api/v2/rodin) and POST /api/v2/bang: read the body,
 * let the domain resolve it, check images decode, hand the task to the task service, answer 201 in
 * the exact shape of compat.md (no `error` key on acceptance).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KilnError, invalidRequest } from '../../errors.ts';
import {
  bangAssetId,
  bangMode,
  resolveBangRequest,
  resolveGenerateRequest,
  type GenerateSpec,
  type RawRequest,
  type ResolvedSubmission,
  type StoredAsset,
  type TaskSpec,
} from '../../domain/index.ts';
import type { EngineInputFile } from '../../engines/engine.ts';
import type { SubmitResult, TaskRecord, TaskService } from '../../tasks/index.ts';
import { readRawRequest, type UploadLimits } from '../read-body.ts';
import { assertImagesDecode } from '../image-check.ts';
import { assertModelsScan } from '../model-check.ts';
import { idempotencyKeyOf, requestDigest } from '../idempotency.ts';
import { BangBody, BangResponse, GenerateBody, SubmitResponse, responses } from '../schemas.ts';

export interface SubmitRouteOptions {
  tasks: TaskService;
  limits: UploadLimits;
}

/** Submission bodies are parsed leniently by the domain; the schema only documents them. */
const documentOnly = () => () => true;

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

async function submit(
  request: FastifyRequest,
  reply: FastifyReply,
  tasks: TaskService,
  route: string,
  raw: RawRequest,
  resolved: ResolvedSubmission<TaskSpec>,
  extraInputs: EngineInputFile[] = [],
): Promise<FastifyReply> {
  await assertImagesDecode(resolved.inputs);
  assertModelsScan(resolved.inputs);
  const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
  const result = await tasks.submit({
    accountId: request.principal.accountId,
    keyId: request.principal.keyId,
    spec: resolved.spec,
    price: resolved.price,
    inputs: [...resolved.inputs, ...extraInputs],
    ...(idempotencyKey ? { idempotencyKey, requestHash: requestDigest(route, raw) } : {}),
  });
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(201).send(acceptedBody(result, resolved.spec.kind === 'generate'));
}

const MODEL_EXTENSIONS = ['glb', 'gltf', 'usdz', 'fbx', 'obj', 'stl', 'usd', 'usda', 'usdc'];

/** The generation's main model file: the PBR variant in its output format first, else any model. */
export function pickModelFile(record: TaskRecord): string | undefined {
  const spec = record.params as GenerateSpec;
  const names = record.files.map((file) => file.name);
  const ext = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const models = names.filter((name) => MODEL_EXTENSIONS.includes(ext(name)));
  return (
    models.find((name) => name.startsWith('base_basic_pbr.') && ext(name) === spec.geometryFileFormat) ??
    models.find((name) => ext(name) === spec.geometryFileFormat) ??
    models.find((name) => name.startsWith('base_basic_pbr.')) ??
    models[0]
  );
}

/** Loads the asset of a Bang asset-mode request, refusing anything but a completed generation of the caller. */
export async function loadAsset(tasks: TaskService, accountId: string, assetId: string): Promise<{ asset: StoredAsset; inputs: EngineInputFile[] }> {
  let record: TaskRecord;
  try {
    record = await tasks.get(accountId, assetId);
  } catch (error) {
    if (error instanceof KilnError && error.code === 'NO_SUCH_TASK') {
      throw invalidRequest('asset_id', `asset_id ${assetId} is not a generation of this account; send the top-level uuid returned by one of your generate requests.`);
    }
    throw error;
  }
  if (record.params.kind !== 'generate') {
    throw invalidRequest('asset_id', `asset_id ${assetId} is a Bang task, not a generation; send the uuid of a completed generate request.`);
  }
  if (record.uuid !== assetId) {
    throw invalidRequest('asset_id', `asset_id must be the top-level uuid of the generation (${record.uuid}), not one of its job uuids.`);
  }
  if (record.status !== 'Done') {
    const advice = record.status === 'Failed' ? 'it failed; use a generation that completed' : `it is still ${record.status}; wait until its status is Done`;
    throw invalidRequest('asset_id', `asset_id ${assetId} is not a completed generation: ${advice}.`);
  }
  const name = pickModelFile(record);
  const bytes = name && !record.filesExpired ? await tasks.readFile(record.uuid, name) : null;
  if (!name || !bytes) {
    throw invalidRequest('asset_id', `The files of asset ${assetId} are no longer stored (retention); generate it again or upload the model in custom-model mode.`);
  }
  // OBJ and FBX assets keep their .mtl and texture maps beside the model; Bang needs them to keep the
  // asset's surfaces. Other model files (the Shaded or high-poly twin) and the preview are not needed.
  const companionNames = record.files
    .map((file) => file.name)
    .filter((other) => other !== name && other !== 'preview.webp' && !MODEL_EXTENSIONS.includes(other.slice(other.lastIndexOf('.') + 1).toLowerCase()));
  const companions: EngineInputFile[] = [];
  for (const companion of companionNames) {
    const companionBytes = await tasks.readFile(record.uuid, companion);
    if (companionBytes) companions.push({ field: 'asset-file', filename: companion, bytes: companionBytes });
  }
  return {
    asset: { taskId: record.uuid, spec: record.params as GenerateSpec },
    inputs: [{ field: 'asset', filename: name, bytes }, ...companions],
  };
}

export async function submitRoutes(app: FastifyInstance, options: SubmitRouteOptions): Promise<void> {
  const { tasks, limits } = options;
  const generateSchema = {
    summary: 'Generate a 3D asset from 1–5 images or a text prompt',
    description:
      'multipart/form-data (JSON or urlencoded also accepted for text-to-3D). Returns 201 with the task uuid and the subscription key. Price: 0.5, +0.5 for Gen-2.5-Extreme-High, +2.0 for texture_mode=extreme-high.',
    tags: ['submit'],
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
    body: GenerateBody,
    headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', description: 'Optional: a retry with the same key and body returns the first response, charging nothing.' } } },
    response: responses({ 201: SubmitResponse }, [400, 401, 429, 500, 503]),
    security: [{ bearer: [] }],
  };
  const generate = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = await readRawRequest(request, limits);
    return submit(request, reply, tasks, 'generate', raw, resolveGenerateRequest(raw));
  };
  app.post('/generate', { schema: generateSchema, validatorCompiler: documentOnly }, generate);
  app.post('/rodin', { schema: { ...generateSchema, summary: 'Alias of /api/v2/generate (the path real clients use)' }, validatorCompiler: documentOnly }, generate);

  app.post(
    '/bang',
    {
      schema: {
        summary: 'Split a completed generation (asset_id) or an uploaded model into pieces',
        description: 'multipart/form-data. Exactly one of asset_id or model. Price: 0.5. Returns 201 like /generate, without `prompt`.',
        tags: ['submit'],
        consumes: ['multipart/form-data'],
        body: BangBody,
        response: responses({ 201: BangResponse }, [400, 401, 429, 500, 503]),
        security: [{ bearer: [] }],
      },
      validatorCompiler: documentOnly,
    },
    async (request, reply) => {
      const raw = await readRawRequest(request, limits);
      if (bangMode(raw) === 'asset') {
        const { asset, inputs } = await loadAsset(tasks, request.principal.accountId, bangAssetId(raw));
        return submit(request, reply, tasks, 'bang', raw, resolveBangRequest(raw, asset), inputs);
      }
      return submit(request, reply, tasks, 'bang', raw, resolveBangRequest(raw));
    },
  );
}
