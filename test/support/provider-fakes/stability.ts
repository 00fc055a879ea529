/**
 * A fake of Stability AI's 3D API (platform.stability.ai/docs/api-reference, v2beta "3D"): POST
 * /v2beta/3d/stable-fast-3d and /v2beta/3d/stable-point-aware-3d take multipart `image` (required),
 * texture_resolution (512 | 1024 | 2048), foreground_ratio, remesh (none | triangle | quad) and, for
 * SPAR3D, seed, and answer 200 with the GLB itself (model/gltf-binary): there is no task and no
 * signed URL. GET /v1/user/balance → {credits}. Errors are {id, name, errors}: 400 bad_request, 401
 * for a key it does not know, 402 for an empty account, 429 rate_limit, 500 internal_error when the
 * generation fails. `slow-polling` has nothing to poll here: the one answer comes late instead.
 */
import { randomUUID } from 'node:crypto';
import { bearer, json, startFakeServer } from './http.ts';
import { readForm } from './multipart.ts';
import type { ProviderCase, ProviderFakeOptions } from './types.ts';

const ROUTES = ['/v2beta/3d/stable-fast-3d', '/v2beta/3d/stable-point-aware-3d'];
const TEXTURE_RESOLUTIONS = ['512', '1024', '2048'];
const REMESH = ['none', 'triangle', 'quad'];
/** How long the answer takes: `slow-polling` makes it late (still inside the suite's stage timeout). */
const ANSWER_MS = { normal: 20, slow: 400 };

function error(status: number, name: string, errors: string[]) {
  return [status, { id: randomUUID().replace(/-/g, ''), name, errors }] as const;
}

export const stabilityProvider: ProviderCase & { startFake: typeof startStabilityFake } = {
  adapter: 'stability',
  kinds: ['generate-image'],
  synchronous: true,
  startFake: startStabilityFake,
};

export async function startStabilityFake(options: ProviderFakeOptions) {
  const forms: Record<string, string>[] = [];
  let creations = 0;
  const server = await startFakeServer(async (request, response, path) => {
    if (options.behaviour === 'bad-key' || bearer(request) !== options.apiKey)
      return json(response, ...error(401, 'unauthorized', ['authorization: invalid or missing API key']));
    if (request.method === 'GET' && path === '/v1/user/balance') return json(response, 200, { credits: 1000 });
    if (request.method === 'POST' && ROUTES.includes(path)) {
      creations++;
      const fields = await readForm(request);
      if (options.behaviour === 'rate-limited-once' && creations === 1)
        return json(
          response,
          ...error(429, 'rate_limit', ['You have exceeded the rate limit of 150 requests within a 10 second period']),
        );
      if (options.behaviour === 'no-credits')
        return json(response, ...error(402, 'payment_required', ['lack of balance: buy more credits']));
      if (!fields) return json(response, ...error(400, 'bad_request', ['the body must be multipart/form-data']));
      const image = fields.files.find((file) => file.name === 'image');
      if (!image || !/^image\/(png|jpeg|webp)$/.test(image.type))
        return json(response, ...error(400, 'bad_request', ['image: a png, jpeg or webp is required']));
      const resolution = fields.text.texture_resolution;
      if (resolution !== undefined && !TEXTURE_RESOLUTIONS.includes(resolution))
        return json(response, ...error(400, 'bad_request', ['texture_resolution: must be 512, 1024 or 2048']));
      const remesh = fields.text.remesh;
      if (remesh !== undefined && !REMESH.includes(remesh))
        return json(response, ...error(400, 'bad_request', ['remesh: must be none, triangle or quad']));
      forms.push({ ...fields.text, image: image.type });
      if (options.behaviour === 'hang') return; // the generation never answers
      await new Promise((resolve) =>
        setTimeout(resolve, options.behaviour === 'slow-polling' ? ANSWER_MS.slow : ANSWER_MS.normal),
      );
      if (options.behaviour === 'upstream-failure')
        return json(response, ...error(500, 'internal_error', ['An unexpected server error has occurred']));
      if (options.behaviour === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
        return;
      }
      response.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(options.glb);
      return;
    }
    json(response, ...error(404, 'not_found', [`${path} is not a route`]));
  });
  return { ...server, forms };
}
