/**
 * Downloads of a finished task (a fixture engine runs in the real worker pool): absolute signed URLs
 * ending with the file name, served without Authorization with the right headers; expired or
 * tampered links get 403. Bang asset mode hands the generation's model to the engine as `asset`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeIO } from '@gltf-transform/core';
import { signedFileUrl } from '../../src/api/index.ts';
import { multipart, startHarness, type Harness } from './harness.ts';
import { png } from './images.ts';

let h: Harness;
let accepted: { uuid: string; jobs: { uuids: string[]; subscription_key: string } };

async function submit(url: string, parts: Parameters<typeof multipart>[0], auth = h.auth) {
  const body = multipart(parts);
  const response = await h.app.inject({
    method: 'POST',
    url,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

async function downloadList(taskUuid: string, headers: Record<string, string> = {}) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v2/download',
    headers: { ...h.auth, ...headers },
    payload: { task_uuid: taskUuid },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().list as Array<{ url: string; name: string }>;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

before(async () => {
  h = await startHarness();
  const pool = h.services.startWorkers({ count: 1 });
  accepted = (await submit('/api/v2/generate', [{ name: 'images', data: await png(), filename: '0000.png' }])).body;
  await pool.idle();
});
after(() => h.close());

describe('a Done task', () => {
  test('status reports Done with progress 100', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v2/status',
      headers: h.auth,
      payload: { subscription_key: accepted.jobs.subscription_key },
    });
    assert.deepEqual(
      response.json().jobs.map((job: { status: string; progress: number }) => [job.status, job.progress]),
      [['Done', 100]],
    );
  });

  test('download list: absolute URLs from the request’s Host, ending with the file name, unique names', async () => {
    const list = await downloadList(accepted.uuid, { host: 'kiln.example:9999' });
    assert.deepEqual(list.map((item) => item.name).sort(), ['base_basic_pbr.glb', 'preview.webp']);
    for (const item of list) {
      const url = new URL(item.url);
      assert.equal(url.origin, 'http://kiln.example:9999');
      assert.ok(url.pathname.endsWith(`/${item.name}`), url.pathname);
      assert.ok(url.searchParams.get('sig') && url.searchParams.get('expires'));
      const expires = Number(url.searchParams.get('expires'));
      const ttl = expires - Date.now() / 1000;
      assert.ok(ttl > 3500 && ttl <= 3600, `link lives ~1 h, got ${ttl}s`);
    }
  });

  test('a job uuid as task_uuid gives the same files', async () => {
    const list = await downloadList(accepted.jobs.uuids[0]);
    assert.deepEqual(list.map((item) => item.name).sort(), ['base_basic_pbr.glb', 'preview.webp']);
  });

  test('a signed URL serves the file with no Authorization: content type, disposition, a valid GLB', async () => {
    const glb = (await downloadList(accepted.uuid)).find((item) => item.name === 'base_basic_pbr.glb')!;
    const response = await h.app.inject({ method: 'GET', url: pathOf(glb.url) });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'model/gltf-binary');
    assert.match(String(response.headers['content-disposition']), /attachment; filename="base_basic_pbr\.glb"/);
    const doc = await new NodeIO().readBinary(new Uint8Array(response.rawPayload));
    assert.equal(doc.getRoot().listMeshes().length, 1);
    const preview = (await downloadList(accepted.uuid)).find((item) => item.name === 'preview.webp')!;
    const image = await h.app.inject({ method: 'GET', url: pathOf(preview.url) });
    assert.equal(image.headers['content-type'], 'image/webp');
  });

  test('a tampered signature, another file name under the same signature, or no signature → 403', async () => {
    const glb = (await downloadList(accepted.uuid)).find((item) => item.name === 'base_basic_pbr.glb')!;
    const url = new URL(glb.url);
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
    const renamed = new URL(url);
    renamed.pathname = url.pathname.replace('base_basic_pbr.glb', 'preview.webp');
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 100000));
    for (const bad of [tampered, renamed, longer, new URL(url.pathname, url.origin)]) {
      const response = await h.app.inject({ method: 'GET', url: bad.pathname + bad.search });
      assert.equal(response.statusCode, 403, bad.href);
      assert.equal(response.json().error, 'PERMISSION_DENIED');
      assert.match(response.json().message, /download link/);
    }
  });

  test('an expired link → 403 saying it expired', async () => {
    const url = signedFileUrl(
      { taskId: accepted.uuid, name: 'base_basic_pbr.glb' },
      { secret: h.config.signingSecret, baseUrl: 'http://x', ttlSeconds: 60, now: Date.now() - 3600_000 },
    );
    const response = await h.app.inject({ method: 'GET', url: pathOf(url) });
    assert.equal(response.statusCode, 403);
    assert.match(response.json().message, /expired/);
  });

  test('Bang asset mode passes the generation’s model to the engine as `asset`', async () => {
    const { status, body } = await submit('/api/v2/bang', [
      { name: 'asset_id', value: accepted.uuid },
      { name: 'strength', value: '7' },
    ]);
    assert.equal(status, 201, JSON.stringify(body));
    assert.equal(body.consumed, 0.5);
    await h.services.startWorkers({ count: 1 }).idle();
    const record = (await h.app.inject({ method: 'GET', url: `/api/v2/tasks/${body.uuid}`, headers: h.auth })).json();
    assert.equal(record.state, 'Done');
    assert.equal(record.parameters.assetId, accepted.uuid);
    assert.equal(record.parameters.strength, 7);
    const inputs = record.notes.inputs as Array<{ field: string; filename: string; size: number }>;
    assert.deepEqual(
      inputs.map((input) => [input.field, input.filename]),
      [['asset', 'base_basic_pbr.glb']],
    );
    assert.ok(inputs[0].size > 100);
  });

  test('Bang asset mode refuses another account’s generation, naming asset_id', async () => {
    const other = { authorization: `Bearer ${await h.newKey(2)}` };
    const { status, body } = await submit('/api/v2/bang', [{ name: 'asset_id', value: accepted.uuid }], other);
    assert.equal(status, 400);
    assert.equal(body.error, 'INVALID_REQUEST');
    assert.match(body.message, /asset_id/);
  });
});

describe('after retention removed the files (runs last)', () => {
  test('old links → 404 saying the file is gone; Bang asset mode says to regenerate', async () => {
    const glb = (await downloadList(accepted.uuid)).find((item) => item.name === 'base_basic_pbr.glb')!;
    await h.services.tasks.sweepExpired(new Date(Date.now() + 365 * 24 * 3600_000));
    const response = await h.app.inject({ method: 'GET', url: pathOf(glb.url) });
    assert.equal(response.statusCode, 404);
    assert.match(response.json().message, /no longer stored/);
    assert.deepEqual(await downloadList(accepted.uuid), []);
    const { status, body } = await submit('/api/v2/bang', [{ name: 'asset_id', value: accepted.uuid }]);
    assert.equal(status, 400);
    assert.match(body.message, /asset_id|asset .* no longer stored/);
  });
});

describe('public base URL from config', () => {
  test('KILN_PUBLIC_BASE_URL overrides the request origin', async () => {
    const other = await startHarness({ env: { KILN_PUBLIC_BASE_URL: 'https://assets.example.com/kiln/' } });
    try {
      const body = multipart([{ name: 'images', data: await png(), filename: 'x.png' }]);
      const task = (
        await other.app.inject({
          method: 'POST',
          url: '/api/v2/generate',
          headers: { ...other.auth, ...body.headers },
          payload: body.payload,
        })
      ).json();
      await other.services.startWorkers({ count: 1 }).idle();
      const list = (
        await other.app.inject({
          method: 'POST',
          url: '/api/v2/download',
          headers: other.auth,
          payload: { task_uuid: task.uuid },
        })
      ).json().list;
      assert.ok(list.length > 0);
      for (const item of list)
        assert.ok(item.url.startsWith(`https://assets.example.com/kiln/files/${task.uuid}/`), item.url);
    } finally {
      await other.close();
    }
  });
});
