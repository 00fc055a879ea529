/**
 * A fake of Tripo's OpenAPI (docs.tripo3d.ai; the official SDK VAST-AI-Research/tripo-python-sdk):
 * POST /v2/openapi/upload (multipart `file`) → {code: 0, data: {image_token}}; POST /v2/openapi/task
 * → {code: 0, data: {task_id}}; GET /v2/openapi/task/{id} → {code: 0, data: {status queued | running |
 * success | failed, progress, output: {pbr_model: <signed URL>}}}; GET /v2/openapi/user/balance. Errors
 * are {code, message, suggestion}: 1002 with HTTP 401 for a key it does not know, 1004 with HTTP 400
 * for a malformed task, 2010 for no credits, 2000 (HTTP 429) for the concurrency limit.
 */
import { randomUUID } from 'node:crypto';
import { bearer, json, readBody, startFakeServer } from './http.ts';
import type { ProviderCase, ProviderFakeOptions } from './types.ts';

const API = '/v2/openapi';
const TASK_TYPES = ['image_to_model', 'multiview_to_model', 'text_to_model'];

function error(code: number, message: string, suggestion: string) {
  return { code, message, suggestion };
}

/** Polls a task answers before it ends: slow-polling keeps it queued much longer. */
const POLLS_TO_SUCCESS = { normal: 2, slow: 8 };

export const tripoProvider: ProviderCase & { startFake: typeof startTripoFake } = {
  adapter: 'tripo',
  kinds: ['generate-image', 'generate-text'],
  startFake: startTripoFake,
};

async function startTripoFake(options: ProviderFakeOptions) {
  const tokens = new Set<string>();
  const tasks = new Map<string, { polls: number; body: Record<string, any> }>();
  const bodies: Record<string, any>[] = [];
  let creations = 0;
  const server = await startFakeServer(async (request, response, path) => {
    if (options.behaviour === 'bad-key' || bearer(request) !== options.apiKey)
      return json(response, 401, error(1002, 'Authentication failed', 'Check if your credentials is valid'));
    if (request.method === 'GET' && path === `${API}/user/balance`)
      return json(response, 200, { code: 0, data: { balance: 1000, frozen: 0 } });
    if (request.method === 'POST' && path === `${API}/upload`) {
      const raw = await readBody(request);
      if (
        !/content-type: image\/(png|jpeg|webp)/i.test(raw.toString('latin1')) ||
        !request.headers['content-type']?.startsWith('multipart/form-data')
      )
        return json(
          response,
          400,
          error(1004, 'One or more of your parameter is invalid', 'Upload a jpg, png or webp as `file`'),
        );
      const token = randomUUID();
      tokens.add(token);
      return json(response, 200, { code: 0, data: { image_token: token } });
    }
    if (request.method === 'POST' && path === `${API}/task`) {
      creations++;
      if (options.behaviour === 'rate-limited-once' && creations === 1)
        return json(response, 429, error(2000, 'You have exceeded the limit of generation', 'Retry later'));
      if (options.behaviour === 'no-credits')
        return json(response, 403, error(2010, 'You need more credits to start a new task', 'Check billing'));
      let body: Record<string, any>;
      try {
        body = JSON.parse((await readBody(request)).toString('utf8'));
      } catch {
        return json(response, 400, error(1003, 'The request body is malformed', 'Send JSON'));
      }
      const fileOk = (file: any) => typeof file?.type === 'string' && tokens.has(file.file_token);
      const valid =
        TASK_TYPES.includes(body.type) &&
        (body.face_limit === undefined || Number.isInteger(body.face_limit)) &&
        (body.type !== 'text_to_model' || (typeof body.prompt === 'string' && body.prompt.length > 0)) &&
        (body.type !== 'image_to_model' || fileOk(body.file)) &&
        (body.type !== 'multiview_to_model' ||
          (Array.isArray(body.files) &&
            body.files.length === 4 &&
            fileOk(body.files[0]) &&
            body.files.every((file: any) => Object.keys(file).length === 0 || fileOk(file))));
      if (!valid) return json(response, 400, error(1004, 'One or more of your parameter is invalid', 'See the docs'));
      bodies.push(body);
      const id = randomUUID();
      tasks.set(id, { polls: 0, body });
      return json(response, 200, { code: 0, data: { task_id: id } });
    }
    const match = path.match(/^\/v2\/openapi\/task\/([^/]+)$/);
    if (request.method === 'GET' && match) {
      const task = tasks.get(decodeURIComponent(match[1]));
      if (!task) return json(response, 404, error(2001, 'Task not found', 'Check the task id'));
      task.polls++;
      const base = { task_id: match[1], type: task.body.type, input: {}, create_time: 0, output: {} };
      const needed = options.behaviour === 'slow-polling' ? POLLS_TO_SUCCESS.slow : POLLS_TO_SUCCESS.normal;
      if (options.behaviour === 'hang' || task.polls <= needed) {
        const status = options.behaviour === 'slow-polling' && task.polls < needed ? 'queued' : 'running';
        return json(response, 200, { code: 0, data: { ...base, status, progress: Math.min(99, task.polls * 10) } });
      }
      if (options.behaviour === 'upstream-failure')
        return json(response, 200, { code: 0, data: { ...base, status: 'failed', progress: 100, error_code: 1001 } });
      const model =
        options.behaviour === 'garbage' ? new TextEncoder().encode('<html>502 Bad Gateway</html>') : options.glb;
      const url = server.sign(`${match[1]}.glb`, model, 'model/gltf-binary', 30_000);
      return json(response, 200, {
        code: 0,
        data: { ...base, status: 'success', progress: 100, output: { pbr_model: url } },
      });
    }
    json(response, 404, error(1004, 'Not found', 'Check the path'));
  });
  return { ...server, bodies };
}
