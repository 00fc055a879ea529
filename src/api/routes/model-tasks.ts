/**
 * POST /api/v2/texture (alias /api/v2/rodin_texture_only), POST /api/v2/convert and POST /api/v2/rig: a model (upload or
 * asset_id, as for Bang) in, the same model retextured or converted out. Submission, status, download
 * and the response shape follow /generate; a texture or convert uuid can be a later asset_id.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  resolveConvertRequest,
  resolveRigRequest,
  resolveTextureRequest,
  type LoadedAsset,
  type ModelFormatDetector,
  type RawRequest,
  type ResolvedSubmission,
  type TaskSpec,
} from '../../domain/index.ts';
import { resolveModelTaskSubmission } from '../../tasks/model-submission.ts';
import { readRawRequest } from '../read-body.ts';
import { BangResponse, SubmitResponse } from '../schemas.ts';
import { ConvertBody, RigBody, TextureBody } from '../model-task-schemas.ts';
import { aliasOf, submissionRoute, type SubmissionDoc } from './submission-route.ts';
import { submit, type SubmitRouteOptions } from './submit.ts';

type Resolver = (
  raw: RawRequest,
  asset: LoadedAsset | undefined,
  detect: ModelFormatDetector,
) => ResolvedSubmission<TaskSpec>;

export async function modelTaskRoutes(app: FastifyInstance, options: SubmitRouteOptions): Promise<void> {
  const { tasks, limits, webhooks } = options;
  const handler = (route: string, resolve: Resolver) => async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = await readRawRequest(request, limits);
    const { resolved, assetInputs } = await resolveModelTaskSubmission(
      tasks,
      request.principal.accountId,
      raw,
      resolve,
    );
    return submit(request, reply, tasks, route, raw, resolved, assetInputs, webhooks);
  };
  const textureDoc: SubmissionDoc = {
    summary: 'Texture a model from 1–5 pictures, keeping its geometry',
    description:
      'multipart/form-data. Exactly one of asset_id or model, plus 1–5 images. Price: 0.5. Returns 201 like /generate.',
    body: TextureBody,
    accepted: SubmitResponse,
  };
  const texture = handler('texture', resolveTextureRequest);
  app.post('/texture', submissionRoute(textureDoc), texture);
  app.post('/rodin_texture_only', aliasOf('texture', textureDoc), texture);
  app.post(
    '/convert',
    submissionRoute({
      summary: 'Convert a model: exact face count, quads, UVs, texture size, scale, pivot, up axis, any format',
      description:
        'multipart/form-data. Exactly one of asset_id or model. Price: 0.1. Returns 201 like /bang (no `prompt`).',
      body: ConvertBody,
      accepted: BangResponse,
    }),
    handler('convert', resolveConvertRequest),
  );
  app.post(
    '/rig',
    submissionRoute({
      summary: 'Rig and animate a humanoid or four-legged model: skeleton, skin weights, clips',
      description:
        'multipart/form-data. Exactly one of asset_id or model. Price: 0.5. Returns 201 like /bang (no `prompt`). A model that is neither a humanoid nor a quadruped ends Failed with INVALID_REQUEST and is refunded.',
      body: RigBody,
      accepted: BangResponse,
    }),
    handler('rig', resolveRigRequest),
  );
}
