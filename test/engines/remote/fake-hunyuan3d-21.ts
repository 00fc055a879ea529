/**
 * A protocol-faithful fake of Hunyuan3D-2.1's API server (Tencent-Hunyuan/Hunyuan3D-2.1 api_server.py,
 * api_models.py, model_worker.py): GET /health → {status: "healthy", worker_id}; POST /send and POST
 * /generate validate GenerationRequest (image required; seed, octree_resolution, num_inference_steps,
 * guidance_scale, num_chunks, face_count in their ranges; FastAPI's 422 {detail: [...]} otherwise);
 * GET /status/{uid} is "processing" until the initial mesh exists, "texturing" until the textured one
 * exists, then "completed" with model_base64 and initial_model_base64. As in the real worker, a job
 * without texture never writes the textured file (so /status stays "texturing"), and a job whose
 * texturing fails falls back to the untextured mesh (/generate answers it; /status stays "texturing").
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { readJson } from '../../support/provider-fakes/http.ts';
import { fakeModel, sphereScene } from './fake-hunyuan3d.ts';

export type Fake21Mode =
  /** Shape, then texture, each taking `stepMs`. */
  | 'ok'
  /** The texture model fails: the worker falls back to the untextured mesh. */
  | 'texture-fails'
  /** A fork that reports the fall-back as completed, the model being the initial (untextured) mesh. */
  | 'completed-untextured'
  /** The shape model fails: /generate answers 404 {text, error_code: 1}. */
  | 'generation-fails';

export interface FakeHunyuan21 {
  url: string;
  /** Bodies accepted by /send and /generate, with the route. */
  accepted: { route: string; body: Record<string, any> }[];
  requests: string[];
  close(): Promise<void>;
}

const RANGES: Record<string, [number, number]> = {
  seed: [0, 2 ** 32 - 1],
  octree_resolution: [64, 512],
  num_inference_steps: [1, 20],
  guidance_scale: [0.1, 20],
  num_chunks: [1000, 20_000],
  face_count: [1000, 100_000],
};

let bare: Promise<Uint8Array> | undefined;
/** The sphere without its texture: what the worker's initial (shape-only) export looks like. */
export const untexturedModel = () =>
  (bare ??= (() => {
    const scene = sphereScene();
    scene.materials = scene.materials.map(({ baseColorTexture: _, ...material }) => material);
    return writeGlb(scene, { generator: 'hunyuan3d-21-fake' });
  })());

function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/** FastAPI's validation answer for a GenerationRequest, or undefined when the body is valid. */
function invalid(body: Record<string, any> | undefined): unknown {
  if (!body) return { detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }] };
  if (typeof body.image !== 'string')
    return { detail: [{ type: 'missing', loc: ['body', 'image'], msg: 'Field required' }] };
  for (const [field, [min, max]] of Object.entries(RANGES)) {
    const value = body[field];
    if (value !== undefined && !(typeof value === 'number' && value >= min && value <= max))
      return {
        detail: [{ type: 'less_than_equal', loc: ['body', field], msg: `Input should be between ${min} and ${max}` }],
      };
  }
  return undefined;
}

export async function startFakeHunyuan21(options: { mode?: Fake21Mode; stepMs?: number } = {}): Promise<FakeHunyuan21> {
  const mode = options.mode ?? 'ok';
  const stepMs = options.stepMs ?? 40;
  const jobs = new Map<string, { started: number; texture: boolean }>();
  const fake: FakeHunyuan21 = { url: '', accepted: [], requests: [], close: async () => undefined };

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    fake.requests.push(`${request.method} ${path}`);
    if (request.method === 'GET' && path === '/health')
      return json(response, 200, { status: 'healthy', worker_id: 'a1b2c3' });
    if (request.method === 'POST' && (path === '/send' || path === '/generate')) {
      const body = await readJson(request);
      const refusal = invalid(body);
      if (refusal || !body) return json(response, 422, refusal);
      fake.accepted.push({ route: path, body });
      if (path === '/generate') {
        if (mode === 'generation-fails')
          return json(response, 404, { text: '**NETWORK ERROR DUE TO HIGH TRAFFIC.**', error_code: 1 });
        const textured = body.texture === true && mode === 'ok';
        const glb = textured ? await fakeModel() : await untexturedModel();
        return response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb);
      }
      const uid = randomUUID();
      jobs.set(uid, { started: Date.now(), texture: body.texture === true });
      return json(response, 200, { uid });
    }
    if (request.method === 'GET' && path.startsWith('/status/')) {
      const job = jobs.get(decodeURIComponent(path.slice(8)));
      const elapsed = job ? Date.now() - job.started : 0;
      if (!job || elapsed < stepMs) return json(response, 200, { status: 'processing' });
      const initial = Buffer.from(await untexturedModel()).toString('base64');
      if (mode === 'completed-untextured' && elapsed >= 2 * stepMs)
        return json(response, 200, { status: 'completed', model_base64: initial, initial_model_base64: initial });
      // No textured file is ever written without texture, or when texturing failed.
      if (!job.texture || mode === 'texture-fails' || elapsed < 2 * stepMs)
        return json(response, 200, { status: 'texturing' });
      const textured = Buffer.from(await fakeModel()).toString('base64');
      return json(response, 200, { status: 'completed', model_base64: textured, initial_model_base64: initial });
    }
    json(response, 404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
