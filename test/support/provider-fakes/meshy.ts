/**
 * A fake of Meshy's OpenAPI (docs.meshy.ai): POST /openapi/v1/image-to-3d, /openapi/v1/multi-image-to-3d
 * and /openapi/v2/text-to-3d (mode preview, then refine with preview_task_id) → {result: id}; GET
 * <path>/{id} → {id, status PENDING | IN_PROGRESS | SUCCEEDED | FAILED, progress, model_urls: {glb:
 * <signed URL>}, texture_urls: [{base_color: <signed URL>}], task_error, consumed_credits}; GET /openapi/v1/balance. Errors are {message}: 401 for a
 * key it does not know, 402 for no credits, 429 for the rate limit, 400 for a field out of its range.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { bearer, json, readBody, startFakeServer } from './http.ts';
import type { ProviderCase, ProviderFakeOptions } from './types.ts';

const ROUTES = ['/openapi/v1/image-to-3d', '/openapi/v1/multi-image-to-3d', '/openapi/v2/text-to-3d'];
const DATA_URI = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/;
/** The colour of the separate base-colour map the fake sends beside the model. */
export const MESHY_FAKE_BASE_COLOR = { r: 20, g: 180, b: 40 };
let baseColorPng: Promise<Uint8Array> | undefined;
const separateBaseColor = () =>
  (baseColorPng ??= sharp({ create: { width: 64, height: 64, channels: 3, background: MESHY_FAKE_BASE_COLOR } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer)));

/** What the fake charges per task, reported as consumed_credits. */
export const MESHY_FAKE_CREDITS = { preview: 20, refine: 10, image: 30 };

export const meshyProvider: ProviderCase & { startFake: typeof startMeshyFake } = {
  adapter: 'meshy',
  kinds: ['generate-image', 'generate-text'],
  startFake: startMeshyFake,
};

function validate(
  route: string,
  body: Record<string, any>,
  tasks: Map<string, { status: string }>,
): string | undefined {
  if (body.target_polycount !== undefined && !(body.target_polycount >= 100 && body.target_polycount <= 300_000))
    return 'target_polycount must be between 100 and 300000';
  if (route.endsWith('/image-to-3d') && !DATA_URI.test(body.image_url ?? ''))
    return 'image_url must be a URL or data URI';
  if (route.endsWith('multi-image-to-3d')) {
    const urls = body.image_urls;
    if (!Array.isArray(urls) || urls.length < 1 || urls.length > 4 || !urls.every((url) => DATA_URI.test(url)))
      return 'image_urls must be 1 to 4 images';
  }
  if (route.endsWith('text-to-3d')) {
    if (body.mode === 'preview') {
      if (typeof body.prompt !== 'string' || !body.prompt || body.prompt.length > 600)
        return 'prompt is required (max 600)';
    } else if (body.mode === 'refine') {
      if (tasks.get(body.preview_task_id)?.status !== 'preview')
        return 'preview_task_id must be a succeeded preview task';
    } else return 'mode must be preview or refine';
  }
  return undefined;
}

async function startMeshyFake(options: ProviderFakeOptions) {
  const tasks = new Map<string, { polls: number; route: string; mode: string; status: string; credits: number }>();
  const bodies: Record<string, any>[] = [];
  let creations = 0;
  const server = await startFakeServer(async (request, response, path) => {
    if (options.behaviour === 'bad-key' || bearer(request) !== options.apiKey)
      return json(response, 401, { message: 'Invalid API key provided.' });
    if (request.method === 'GET' && path === '/openapi/v1/balance') return json(response, 200, { balance: 1000 });
    if (request.method === 'POST' && ROUTES.includes(path)) {
      creations++;
      if (options.behaviour === 'rate-limited-once' && creations === 1)
        return json(response, 429, { message: 'Too many requests. Please slow down.' });
      if (options.behaviour === 'no-credits') return json(response, 402, { message: 'Insufficient funds.' });
      let body: Record<string, any>;
      try {
        body = JSON.parse((await readBody(request)).toString('utf8'));
      } catch {
        return json(response, 400, { message: 'Invalid JSON body.' });
      }
      const refused = validate(path, body, tasks);
      if (refused) return json(response, 400, { message: refused });
      bodies.push({ path, ...body });
      const id = randomUUID();
      const mode: keyof typeof MESHY_FAKE_CREDITS = body.mode ?? 'image';
      tasks.set(id, { polls: 0, route: path, mode, status: 'running', credits: MESHY_FAKE_CREDITS[mode] });
      return json(response, 202, { result: id });
    }
    const route = ROUTES.find((candidate) => path.startsWith(`${candidate}/`));
    if (request.method === 'GET' && route) {
      const id = decodeURIComponent(path.slice(route.length + 1));
      const task = tasks.get(id);
      if (!task || task.route !== route) return json(response, 404, { message: 'Task not found.' });
      if (options.behaviour === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
        return;
      }
      task.polls++;
      const base = { id, progress: 0, model_urls: {}, task_error: null, consumed_credits: task.credits };
      const needed = options.behaviour === 'slow-polling' ? 8 : 2;
      if (options.behaviour === 'hang' || task.polls <= needed) {
        const status = task.polls < needed / 2 ? 'PENDING' : 'IN_PROGRESS';
        return json(response, 200, { ...base, status, progress: Math.min(99, task.polls * 10) });
      }
      if (options.behaviour === 'upstream-failure')
        return json(response, 200, {
          ...base,
          status: 'FAILED',
          progress: 0,
          task_error: { message: 'Internal server error.' },
        });
      task.status = task.mode === 'preview' ? 'preview' : 'done';
      const glb = server.sign(`${id}.glb`, options.glb, 'model/gltf-binary', 30_000);
      // Meshy also sends each material's maps as separate files.
      const baseColor = server.sign(`${id}_base_color.png`, await separateBaseColor(), 'image/png', 30_000);
      return json(response, 200, {
        ...base,
        status: 'SUCCEEDED',
        progress: 100,
        model_urls: { glb },
        texture_urls: [{ base_color: baseColor }],
      });
    }
    json(response, 404, { message: 'Not found.' });
  });
  return { ...server, bodies };
}
