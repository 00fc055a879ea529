/** Status, download, task record and service routes through inject: encodings, shapes, NO_SUCH_TASK, docs, metrics. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { multipart, startHarness, type Harness } from './harness.ts';
import { png } from './images.ts';

let h: Harness;
let accepted: { uuid: string; jobs: { uuids: string[]; subscription_key: string } };
let otherAuth: { authorization: string };

before(async () => {
  h = await startHarness();
  const body = multipart([
    { name: 'images', data: await png(), filename: '0000.png' },
    { name: 'tier', value: 'Gen-2.5-Medium' },
  ]);
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v2/rodin',
    headers: { ...h.auth, ...body.headers },
    payload: body.payload,
  });
  accepted = response.json();
  otherAuth = { authorization: `Bearer ${await h.newKey(1)}` };
});
after(() => h.close());

describe('POST /api/v2/status', () => {
  const encodings: Array<[string, () => { payload: string | Buffer; headers: Record<string, string> }]> = [
    [
      'JSON',
      () => ({
        payload: JSON.stringify({ subscription_key: accepted.jobs.subscription_key }),
        headers: { 'content-type': 'application/json' },
      }),
    ],
    [
      'x-www-form-urlencoded',
      () => ({
        payload: `subscription_key=${encodeURIComponent(accepted.jobs.subscription_key)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ],
    ['multipart', () => multipart([{ name: 'subscription_key', value: accepted.jobs.subscription_key }])],
    [
      'JSON with unknown fields',
      () => ({
        payload: JSON.stringify({ subscription_key: accepted.jobs.subscription_key, verbose: true }),
        headers: { 'content-type': 'application/json' },
      }),
    ],
  ];
  for (const [label, body] of encodings) {
    test(`${label} body → 200 {"jobs":[…]} with one of the four status words`, async () => {
      const { payload, headers } = body();
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/v2/status',
        headers: { ...h.auth, ...headers },
        payload,
      });
      assert.equal(response.statusCode, 200, response.body);
      const { jobs } = response.json();
      assert.ok(Array.isArray(jobs) && jobs.length >= 1);
      assert.equal(jobs[0].uuid, accepted.jobs.uuids[0]);
      assert.ok(['Waiting', 'Generating', 'Done', 'Failed'].includes(jobs[0].status));
      assert.equal(jobs[0].status, 'Waiting');
      assert.equal('error' in jobs[0], false);
    });
  }

  test('missing subscription_key → 400 INVALID_REQUEST naming the field', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/v2/status', headers: h.auth, payload: {} });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, 'INVALID_REQUEST');
    assert.match(response.json().message, /subscription_key/);
  });
});

describe('NO_SUCH_TASK', () => {
  const cases: Array<[string, () => { method: 'GET' | 'POST'; url: string; payload?: object; auth: object }]> = [
    [
      'status: unknown subscription_key',
      () => ({ method: 'POST', url: '/api/v2/status', payload: { subscription_key: 'nope' }, auth: h.auth }),
    ],
    [
      'status: another account’s subscription_key',
      () => ({
        method: 'POST',
        url: '/api/v2/status',
        payload: { subscription_key: accepted.jobs.subscription_key },
        auth: otherAuth,
      }),
    ],
    [
      'download: unknown task_uuid',
      () => ({
        method: 'POST',
        url: '/api/v2/download',
        payload: { task_uuid: '00000000-0000-4000-8000-000000000000' },
        auth: h.auth,
      }),
    ],
    [
      'download: another account’s task_uuid',
      () => ({ method: 'POST', url: '/api/v2/download', payload: { task_uuid: accepted.uuid }, auth: otherAuth }),
    ],
    [
      'tasks: unknown uuid',
      () => ({ method: 'GET', url: '/api/v2/tasks/00000000-0000-4000-8000-000000000000', auth: h.auth }),
    ],
    [
      'tasks: another account’s uuid',
      () => ({ method: 'GET', url: `/api/v2/tasks/${accepted.uuid}`, auth: otherAuth }),
    ],
  ];
  for (const [label, make] of cases) {
    test(label, async () => {
      const { method, url, payload, auth } = make();
      const response = await h.app.inject({ method, url, payload, headers: auth as Record<string, string> });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().error, 'NO_SUCH_TASK');
      assert.equal(typeof response.json().message, 'string');
    });
  }
});

describe('POST /api/v2/download before Done', () => {
  test('task uuid → 200 with an empty list (complete only once Done)', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v2/download',
      headers: h.auth,
      payload: { task_uuid: accepted.uuid },
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { list: [] });
  });
  test('a job uuid as task_uuid (form body) is accepted too', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v2/download',
      headers: { ...h.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `task_uuid=${accepted.jobs.uuids[0]}`,
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { list: [] });
  });
});

describe('GET /api/v2/tasks/{uuid}', () => {
  test('shows the resolved parameters, state, per-job progress and timings', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/v2/tasks/${accepted.jobs.uuids[0]}`,
      headers: h.auth,
    });
    assert.equal(response.statusCode, 200);
    const record = response.json();
    assert.equal(record.uuid, accepted.uuid);
    assert.equal(record.state, 'Waiting');
    assert.equal(record.parameters.tier, 'Gen-2.5-Medium');
    assert.equal(record.parameters.textureMode, 'medium');
    assert.equal(record.parameters.textureResolution, 2048);
    assert.equal(typeof record.parameters.fastMode, 'boolean');
    assert.deepEqual(
      [
        record.effective.tier,
        record.effective.texture_mode,
        record.effective.texture_resolution,
        record.effective.fast_mode,
        record.effective.credits,
      ],
      ['Gen-2.5-Medium', 'medium', '2K', record.parameters.fastMode, 0.5],
    );
    assert.equal(record.consumed, 0.5);
    assert.equal(record.jobs[0].progress, 0);
    assert.equal(typeof record.submit_time, 'string');
    assert.equal(record.finished_time, null);
    assert.deepEqual(record.files, []);
    assert.equal(record.error, null);
  });
});

describe('service routes', () => {
  test('GET /healthz → 200 ok', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().status, 'ok');
  });
  test('GET /metrics reports request counts, tasks by state and queue depth', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /kiln_http_requests_total\{method="POST",route="\/api\/v2\/rodin",status="201"\} 1/);
    assert.match(response.body, /kiln_tasks\{state="Waiting"\} 1/);
    assert.match(response.body, /kiln_queue_depth 1/);
  });
  test('GET /docs/json documents every endpoint and the error codes', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(response.statusCode, 200);
    const doc = response.json();
    for (const path of [
      '/api/v2/generate',
      '/api/v2/rodin',
      '/api/v2/bang',
      '/api/v2/texture',
      '/api/v2/rodin_texture_only',
      '/api/v2/convert',
      '/api/v2/status',
      '/api/v2/download',
      '/api/v2/check_balance',
      '/api/v2/tasks/{uuid}',
      '/files/{task}/{name}',
      '/healthz',
    ]) {
      assert.ok(doc.paths[path], `OpenAPI lacks ${path}`);
    }
    assert.ok(doc.paths['/api/v2/generate'].post.requestBody.content['multipart/form-data'].schema.properties.images);
    const fields = (path: string) =>
      Object.keys(doc.paths[path].post.requestBody.content['multipart/form-data'].schema.properties);
    for (const field of ['model', 'asset_id', 'image', 'keep_uvs', 'resolution'])
      assert.ok(fields('/api/v2/texture').includes(field), `texture documents ${field}`);
    for (const field of [
      'quality_override',
      'mesh_mode',
      'uv',
      'texture_resolution',
      'scale_to',
      'pivot',
      'up_axis',
      'material',
    ])
      assert.ok(fields('/api/v2/convert').includes(field), `convert documents ${field}`);
    assert.match(doc.paths['/api/v2/convert'].post.description, /Price: 0\.1/);
    assert.ok(doc.paths['/api/v2/rig'], 'OpenAPI lacks /api/v2/rig');
    for (const field of [
      'asset_id',
      'model',
      'rig_type',
      'animations',
      'geometry_file_format',
      'height_meters',
      'seed',
    ])
      assert.ok(fields('/api/v2/rig').includes(field), `rig documents ${field}`);
    const rigFormat =
      doc.paths['/api/v2/rig'].post.requestBody.content['multipart/form-data'].schema.properties.geometry_file_format;
    assert.match(JSON.stringify(rigFormat), /"glb".*"fbx"/, 'rig offers glb and fbx');
    const errorSchema = JSON.stringify(doc.components.schemas);
    for (const code of [
      'INVALID_REQUEST',
      'NO_SUCH_TASK',
      'UNAUTHORIZED',
      'INSUFFICIENT_FUND',
      'API_PARALLELISM_LIMIT_REACHED',
    ])
      assert.match(errorSchema, new RegExp(code));
  });
  test('GET /docs serves the UI', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /html/);
  });
  test('security headers: fixed JSON set on /api/v2 (401s too), helmet’s on /docs', async () => {
    for (const headers of [h.auth, {}]) {
      const api = await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers });
      assert.equal(api.headers['x-content-type-options'], 'nosniff');
      assert.equal(api.headers['cache-control'], 'no-store');
      assert.equal(api.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
    }
    const docs = await h.app.inject({ method: 'GET', url: '/docs/' });
    assert.match(String(docs.headers['content-security-policy']), /script-src 'self'/);
    assert.doesNotMatch(String(docs.headers['content-security-policy']), /upgrade-insecure-requests/);
    assert.equal(docs.headers['x-content-type-options'], 'nosniff');
  });
  test('an unknown path → 404 with an error body', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/v2/nothing', headers: h.auth });
    assert.equal(response.statusCode, 404);
    assert.equal(typeof response.json().message, 'string');
  });
});
