/**
 * POST /api/v2/texture (alias /api/v2/rodin_texture_only) and POST /api/v2/convert: a model (upload or
 * asset_id, as for Bang) in, the same model retextured or converted out. Submission, status, download
 * and the response shape follow /generate; a texture or convert uuid can be a later asset_id.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveConvertRequest, resolveTextureRequest, type LoadedAsset, type ModelFormatDetector, type RawRequest, type ResolvedSubmission, type TaskSpec } from '../../domain/index.ts';
import { resolveModelTaskSubmission } from '../../tasks/model-submission.ts';
import { readRawRequest } from '../read-body.ts';
import { BangResponse, SubmitResponse, responses } from '../schemas.ts';
import { ConvertBody, TextureBody } from '../model-task-schemas.ts';
import { submit, type SubmitRouteOptions } from './submit.ts';

const documentOnly = () => () => true;

type Resolver = (raw: RawRequest, asset: LoadedAsset | undefined, detect: ModelFormatDetector) => ResolvedSubmission<TaskSpec>;

export async function modelTaskRoutes(app: FastifyInstance, options: SubmitRouteOptions): Promise<void> {
  const { tasks, limits, webhooks } = options;
  const handler = (route: string, resolve: Resolver) => async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = await readRawRequest(request, limits);
    const { resolved, assetInputs } = await resolveModelTaskSubmission(tasks, request.principal.accountId, raw, resolve);
    return submit(request, reply, tasks, route, raw, resolved, assetInputs, webhooks);
  };
  const textureSchema = {
    summary: 'Texture a model from 1–5 pictures, keeping its geometry',
    description: 'multipart/form-data. Exactly one of asset_id or model, plus 1–5 images. Price: 0.5. Returns 201 like /generate.',
    tags: ['submit'],
    consumes: ['multipart/form-data'],
    body: TextureBody,
    response: responses({ 201: SubmitResponse }, [400, 401, 429, 500, 503]),
    security: [{ bearer: [] }],
  };
  const texture = handler('texture', resolveTextureRequest);
  app.post('/texture', { schema: textureSchema, validatorCompiler: documentOnly }, texture);
  app.post('/rodin_texture_only', { schema: { ...textureSchema, summary: 'Alias of /api/v2/texture (the path real clients use)' }, validatorCompiler: documentOnly }, texture);
  app.post(
    '/convert',
    {
      schema: {
        summary: 'Convert a model: exact face count, quads, UVs, texture size, scale, pivot, up axis, any format',
        description: 'multipart/form-data. Exactly one of asset_id or model. Price: 0.1. Returns 201 like /bang (no `prompt`).',
        tags: ['submit'],
        consumes: ['multipart/form-data'],
        body: ConvertBody,
        response: responses({ 201: BangResponse }, [400, 401, 429, 500, 503]),
        security: [{ bearer: [] }],
      },
      validatorCompiler: documentOnly,
    },
    handler('convert', resolveConvertRequest),
  );
}
