/**
 * A fake of the hosted Rodin API (developer.hyper3d.ai: Gen-2 Generation, Check Status, Download
 * Results; ComfyUI's comfy_api_nodes/apis/rodin_api.py): POST /api/v2/rodin (multipart images 1–5 or
 * prompt, tier, seed, material, quality_override, …) → 201 {error: null, message, uuid, jobs: {uuids,
 * subscription_key}, consumed}; POST /api/v2/status {subscription_key} → {jobs: [{uuid, status
 * Waiting | Generating | Done | Failed}]}; POST /api/v2/download {task_uuid} → {list: [{url, name}]}
 * with short-lived signed URLs; GET /api/v2/check_balance → {balance}. 401 for a key it does not
 * know, 429 throttling, 400 with an `error` code for a bad field. The empty-account answer (HTTP 402,
 * error INSUFFICIENT_FUND) is NOT documented in the pages read: it is this fake's assumption.
 */
import { randomUUID } from 'node:crypto';
import { bearer, json, readJson, startFakeServer } from './http.ts';
import { readForm } from './multipart.ts';
import type { ProviderCase, ProviderFakeOptions } from './types.ts';

const API = '/api/v2';
const TIERS = [
  'Gen-2.5-Extreme-Low',
  'Gen-2.5-Low',
  'Gen-2.5-Medium',
  'Gen-2.5-High',
  'Gen-2.5-Extreme-High',
  'Regular',
  'Sketch',
  'Detail',
  'Smooth',
  'Gen-2',
];
/** Rodin's price: 0.5 credit per generation (developer.hyper3d.ai, "Pricing"). */
export const RODIN_FAKE_CREDITS = 0.5;
/** Status polls before the jobs are Done. */
const POLLS_TO_DONE = { normal: 2, slow: 8 };

export const rodinProvider: ProviderCase & { startFake: typeof startRodinFake } = {
  adapter: 'rodin',
  kinds: ['generate-image', 'generate-text'],
  startFake: startRodinFake,
};

function refused(error: string, message: string) {
  return { error, message };
}

export async function startRodinFake(options: ProviderFakeOptions) {
  const tasks = new Map<string, { polls: number; key: string; jobs: string[] }>();
  const forms: { imageSizes: number[]; fields: Record<string, string> }[] = [];
  let creations = 0;
  const server = await startFakeServer(async (request, response, path) => {
    if (options.behaviour === 'bad-key' || bearer(request) !== options.apiKey)
      return json(response, 401, { detail: 'Not authenticated' });
    if (request.method === 'GET' && path === `${API}/check_balance`) return json(response, 200, { balance: 100 });
    if (request.method === 'POST' && path === `${API}/rodin`) {
      creations++;
      const form = await readForm(request);
      if (options.behaviour === 'rate-limited-once' && creations === 1)
        return json(response, 429, refused('TOO_MANY_REQUESTS', 'Too many requests, please retry later.'));
      if (options.behaviour === 'no-credits')
        return json(response, 402, refused('INSUFFICIENT_FUND', 'Your balance is insufficient.'));
      if (!form) return json(response, 400, refused('INVALID_REQUEST', 'The body must be multipart/form-data.'));
      const images = form.files.filter((file) => file.name === 'images');
      const fields = form.text;
      const seed = Number(fields.seed ?? 0);
      if (images.length > 5 || (images.length === 0 && !fields.prompt))
        return json(response, 400, refused('INVALID_REQUEST', 'Send 1 to 5 images, or a prompt.'));
      if (!images.every((image) => /^image\/(png|jpeg|webp)$/.test(image.type)))
        return json(response, 400, refused('INVALID_REQUEST', 'Unsupported image file.'));
      if (fields.tier !== undefined && !TIERS.includes(fields.tier))
        return json(response, 400, refused('INVALID_REQUEST', `Unknown tier ${fields.tier}.`));
      if (!Number.isInteger(seed) || seed < 0 || seed > 65_535)
        return json(response, 400, refused('INVALID_REQUEST', 'seed must be 0 to 65535.'));
      forms.push({ imageSizes: images.map((image) => image.size), fields });
      const uuid = randomUUID();
      const key = randomUUID();
      tasks.set(key, { polls: 0, key: uuid, jobs: [randomUUID(), randomUUID()] });
      return json(response, 201, {
        error: null,
        message: 'Submitted.',
        uuid,
        jobs: { uuids: tasks.get(key)?.jobs, subscription_key: key },
        submit_time: new Date().toISOString(),
        consumed: RODIN_FAKE_CREDITS,
      });
    }
    if (request.method === 'POST' && path === `${API}/status`) {
      const body = await readJson(request);
      const task = tasks.get(String(body?.subscription_key));
      if (!task) return json(response, 404, refused('NO_SUCH_TASK', 'No such task.'));
      if (options.behaviour === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
        return;
      }
      task.polls++;
      const needed = options.behaviour === 'slow-polling' ? POLLS_TO_DONE.slow : POLLS_TO_DONE.normal;
      const jobs = task.jobs.map((uuid, i) => {
        if (options.behaviour === 'hang' || task.polls <= needed)
          return { uuid, status: task.polls < needed / 2 && i > 0 ? 'Waiting' : 'Generating' };
        if (options.behaviour === 'upstream-failure' && i === 1) return { uuid, status: 'Failed' };
        return { uuid, status: 'Done' };
      });
      return json(response, 200, { jobs });
    }
    if (request.method === 'POST' && path === `${API}/download`) {
      const body = await readJson(request);
      const task = [...tasks.values()].find((candidate) => candidate.key === body?.task_uuid);
      if (!task || task.polls <= POLLS_TO_DONE.normal)
        return json(response, 404, refused('NO_SUCH_TASK', 'The task is not done.'));
      const glb = server.sign(`${task.key}/base_basic_pbr.glb`, options.glb, 'model/gltf-binary', 30_000);
      const preview = server.sign(`${task.key}/preview.webp`, new Uint8Array([1, 2, 3]), 'image/webp', 30_000);
      return json(response, 200, {
        list: [
          { url: preview, name: 'preview.webp' },
          { url: glb, name: 'base_basic_pbr.glb' },
        ],
      });
    }
    json(response, 404, { detail: 'Not Found' });
  });
  return { ...server, forms };
}
