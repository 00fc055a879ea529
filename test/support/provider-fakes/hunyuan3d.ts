/**
 * A protocol-faithful fake of Hunyuan3D-2.1's API server, read from Tencent-Hunyuan/Hunyuan3D-2.1
 * api_server.py and api_models.py (github.com/Tencent-Hunyuan/Hunyuan3D-2.1, read at commit 0406efee;
 * an earlier commit, 20f04ab, names the untextured copy `model_base64_initial`):
 * - GET /health → {status: "healthy", worker_id};
 * - POST /send and POST /generate take a GenerationRequest: `image` (base64) required; seed 0 – 2³²−1,
 *   octree_resolution 64 – 512, num_inference_steps 1 – 20, guidance_scale 0.1 – 20, num_chunks
 *   1000 – 20000, face_count 1000 – 100000; FastAPI answers 422 {detail: [...]} outside them, and
 *   ignores fields it does not know. The server has NO multi-view route (api_models.py declares a
 *   MultiViewGenerationRequest that api_server.py never uses) and no text field;
 * - /send → {uid}, the generation running in a thread; GET /status/{uid} is "processing" until
 *   `<uid>_initial.glb` exists, "texturing" until `<uid>_textured.glb` exists, then "completed" with
 *   model_base64 and initial_model_base64. A job without texture never writes the textured file, so its
 *   /status stays "texturing"; a thread that raised writes nothing, so its /status stays "processing";
 * - /generate answers the final file itself (FileResponse), or 404 {text, error_code: 1} when the
 *   worker raised; when texturing fails the worker returns the untextured mesh instead;
 * - it takes no key. What a keyless server's operator meets instead is a proxy in front of it: the
 *   `bad-key`, `no-credits` and `rate-limited-once` behaviours answer as an nginx-style proxy would
 *   (401 with WWW-Authenticate, 403 Forbidden, 429 from limit_req), before the server sees the request.
 * Job stages advance by polls, not time, so a loaded machine cannot change what a test sees.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { fakeModel, sphereScene } from '../../engines/remote/fake-hunyuan3d.ts';
import { json, readJson, startFakeServer } from './http.ts';
import type { FakeBehaviour, ProviderCase, ProviderFake, ProviderFakeOptions } from './types.ts';

export type Fake21Mode =
  /** Shape, then texture. */
  | 'ok'
  /** The texture model fails: the worker falls back to the untextured mesh (/generate answers it; /send stays "texturing"). */
  | 'texture-fails'
  /** A fork that reports the fall-back as completed, the model being the initial (untextured) mesh. */
  | 'completed-untextured'
  /** The shape model fails: /generate answers 404 {text, error_code: 1}; a /send job stays "processing". */
  | 'generation-fails';

export interface Fake21Options {
  mode?: Fake21Mode;
  /** Misbehaviour from the conformance suite's list (types.ts); overrides `mode` where they meet. */
  behaviour?: FakeBehaviour;
  /** The textured model the job produces (default: the checker sphere). */
  model?: Uint8Array;
  /** The field name of the untextured copy in a completed /status (it changed between 2.1 commits). */
  initialField?: 'initial_model_base64' | 'model_base64_initial';
}

export interface FakeHunyuan21 extends ProviderFake {
  /** Bodies accepted by /send and /generate, with the route. */
  accepted: { route: string; body: Record<string, any> }[];
}

const RANGES: Record<string, [number, number]> = {
  seed: [0, 2 ** 32 - 1],
  octree_resolution: [64, 512],
  num_inference_steps: [1, 20],
  guidance_scale: [0.1, 20],
  num_chunks: [1000, 20_000],
  face_count: [1000, 100_000],
};

/** Polls a /send job spends in each stage: `slow-polling` keeps it processing much longer. */
const POLLS = { processing: 2, slowProcessing: 6, texturing: 2 };

let bare: Promise<Uint8Array> | undefined;
/** The sphere without its texture: what the worker's initial (shape-only) export looks like. */
export const untexturedModel = () =>
  (bare ??= (() => {
    const scene = sphereScene();
    scene.materials = scene.materials.map(({ baseColorTexture: _, ...material }) => material);
    return writeGlb(scene, { generator: 'hunyuan3d-21-fake' });
  })());

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

/** An nginx-style page: what a proxy in front of the server answers. */
function proxyPage(response: ServerResponse, status: number, title: string, headers: Record<string, string> = {}) {
  response
    .writeHead(status, { 'content-type': 'text/html', ...headers })
    .end(
      `<html><head><title>${status} ${title}</title></head><body><center><h1>${status} ${title}</h1></center><hr><center>nginx</center></body></html>`,
    );
}

export async function startFakeHunyuan21(options: Fake21Options = {}): Promise<FakeHunyuan21> {
  const behaviour = options.behaviour ?? 'success';
  const mode: Fake21Mode =
    behaviour === 'upstream-failure'
      ? 'generation-fails'
      : behaviour === 'untextured-fallback'
        ? 'texture-fails'
        : (options.mode ?? 'ok');
  const initialField = options.initialField ?? 'initial_model_base64';
  const jobs = new Map<string, { polls: number; texture: boolean }>();
  const accepted: FakeHunyuan21['accepted'] = [];
  let creations = 0;
  const textured = async () => options.model ?? (await fakeModel());
  // Encoded once per fake: the models are megabytes, and a loaded machine must not make each poll slow.
  const encoded = new Map<Uint8Array, string>();
  const base64 = (bytes: Uint8Array) => {
    let text = encoded.get(bytes);
    if (text === undefined) encoded.set(bytes, (text = Buffer.from(bytes).toString('base64')));
    return text;
  };

  const server = await startFakeServer(async (request, response, path) => {
    // The proxy in front decides before the server sees anything.
    if (behaviour === 'bad-key')
      return proxyPage(response, 401, 'Authorization Required', { 'www-authenticate': 'Basic realm="gpu"' });
    if (behaviour === 'no-credits') return proxyPage(response, 403, 'Forbidden');
    if (request.method === 'GET' && path === '/health')
      return json(response, 200, { status: 'healthy', worker_id: 'a1b2c3' });
    if (request.method === 'POST' && (path === '/send' || path === '/generate')) {
      creations++;
      if (behaviour === 'rate-limited-once' && creations === 1) return proxyPage(response, 429, 'Too Many Requests');
      const body = await readJson(request);
      const refusal = invalid(body);
      if (refusal || !body) return json(response, 422, refusal);
      accepted.push({ route: path, body });
      if (path === '/generate') {
        if (behaviour === 'hang') return; // the worker never finishes: no answer
        if (mode === 'generation-fails')
          return json(response, 404, { text: '**NETWORK ERROR DUE TO HIGH TRAFFIC.**', error_code: 1 });
        if (behaviour === 'garbage') {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
          return;
        }
        // Without texture the answer is the shape; with it, the textured model, or the shape when texturing failed.
        const glb =
          body.texture !== true ? await bareAnswer() : mode === 'ok' ? await textured() : await untexturedModel();
        response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(glb);
        return;
      }
      const uid = randomUUID();
      jobs.set(uid, { polls: 0, texture: body.texture === true });
      return json(response, 200, { uid });
    }
    if (request.method === 'GET' && path.startsWith('/status/')) {
      const job = jobs.get(decodeURIComponent(path.slice(8)));
      if (!job) return json(response, 200, { status: 'processing' });
      job.polls++;
      const processing = behaviour === 'slow-polling' ? POLLS.slowProcessing : POLLS.processing;
      // A thread that raised, or never ends, writes no file.
      if (job.polls <= processing || behaviour === 'hang' || mode === 'generation-fails')
        return json(response, 200, { status: 'processing' });
      if (mode === 'completed-untextured') {
        const initial = base64(await untexturedModel());
        return json(response, 200, { status: 'completed', model_base64: initial, [initialField]: initial });
      }
      if (!job.texture || mode === 'texture-fails' || job.polls <= processing + POLLS.texturing)
        return json(response, 200, { status: 'texturing' });
      const initial = base64(await untexturedModel());
      const model =
        behaviour === 'garbage' ? new TextEncoder().encode('<html>502 Bad Gateway</html>') : await textured();
      return json(response, 200, { status: 'completed', model_base64: base64(model), [initialField]: initial });
    }
    json(response, 404, { detail: 'Not Found' });
  });
  /** A job without texture (or whose texturing failed) gets the shape alone; a given model stands for it. */
  async function bareAnswer() {
    return options.model ?? (await untexturedModel());
  }
  return { ...server, accepted };
}

export const hunyuan3dProvider: ProviderCase = {
  adapter: 'hunyuan3d',
  // api_models.py's GenerationRequest requires `image`: 2.1 makes nothing from text.
  kinds: ['generate-image'],
  auth: 'none',
  inlineModel: true,
  noText: 'Hunyuan3D-2.1’s server requires `image` in every request (api_models.py): it has no text-to-3D',
  noMultiView:
    'Hunyuan3D-2.1’s api_server.py has no multi-view route (MultiViewGenerationRequest is declared, never served): the front view goes as its one `image`',
  pollingJobFields: { material: 'PBR' },
  textureFallback: true,
  startFake: (options: ProviderFakeOptions) => startFakeHunyuan21({ behaviour: options.behaviour, model: options.glb }),
};
