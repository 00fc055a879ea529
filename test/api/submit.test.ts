/**
 * Submission contract (docs/spec/compat.md, docs/spec/api.md §2–§8) through inject: response shapes, lenient encodings,
 * refusals with the catalogue's codes, upload limits, idempotency.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { multipart, startHarness, type Harness, type Part } from './harness.ts';
import { brokenPng, png } from './images.ts';
import { cubeGlb } from './fixture-engine.ts';

let h: Harness;
let image: Uint8Array;

before(async () => {
  h = await startHarness({
    env: {
      KILN_MAX_IN_FLIGHT: '1000',
      KILN_MAX_FILES: '6',
      KILN_MAX_FILE_BYTES: '200000',
      KILN_MAX_TOTAL_BYTES: '300000',
    },
  });
  image = await png();
});
after(() => h.close());

async function post(url: string, parts: Part[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  const response = await h.app.inject({
    method: 'POST',
    url,
    headers: { ...h.auth, ...body.headers, ...headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, any>, headers: response.headers };
}

async function task(uuid: string) {
  const response = await h.app.inject({ method: 'GET', url: `/api/v2/tasks/${uuid}`, headers: h.auth });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Record<string, any>;
}

const balance = async () =>
  (await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth })).json().balance as number;
const img = (extra: Partial<{ filename: string; contentType: string }> = {}): Part => ({
  name: 'images',
  data: image,
  filename: '0000.png',
  ...extra,
});

describe('accepted submission shape', () => {
  for (const path of ['/api/v2/generate', '/api/v2/rodin']) {
    test(`${path}: 201 with exactly the docs/spec/compat.md keys and no error key`, async () => {
      const { status, body } = await post(path, [img(), { name: 'tier', value: 'Gen-2.5-Low' }]);
      assert.equal(status, 201);
      assert.deepEqual(Object.keys(body).sort(), ['consumed', 'jobs', 'message', 'prompt', 'submit_time', 'uuid']);
      assert.equal('error' in body, false);
      assert.equal(body.message, 'Submitted.');
      assert.equal(typeof body.prompt, 'string');
      assert.equal(typeof body.submit_time, 'string');
      assert.equal(new Date(body.submit_time).toISOString(), body.submit_time);
      assert.match(body.uuid, /^[0-9a-f-]{36}$/);
      assert.equal(body.jobs.uuids.length, 1);
      assert.equal(typeof body.jobs.subscription_key, 'string');
      assert.equal(body.consumed, 0.5);
    });
  }

  test('prompt comes from the engine’s describePrompt when it has one', async () => {
    const { body } = await post('/api/v2/generate', [img(), { name: 'prompt', value: 'a clay pot' }]);
    assert.equal(body.prompt, 'fixture reading of: a clay pot');
  });

  test('text-to-3D as a JSON body is accepted too', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: h.auth,
      payload: { prompt: 'a wooden chair', tier: 'Gen-2.5-Medium' },
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal((await task(response.json().uuid)).parameters.mode, 'text');
  });

  test('Bang custom-model mode: 201 without prompt, 0.5 credits', async () => {
    const { status, body } = await post('/api/v2/bang', [
      { name: 'model', data: await cubeGlb(), filename: 'model' },
      { name: 'material', value: 'None' },
      { name: 'strength', value: '3' },
    ]);
    assert.equal(status, 201, JSON.stringify(body));
    assert.deepEqual(Object.keys(body).sort(), ['consumed', 'jobs', 'message', 'submit_time', 'uuid']);
    assert.equal(body.consumed, 0.5);
    assert.equal((await task(body.uuid)).parameters.strength, 3);
  });
});

describe('pricing is reported in consumed and charged', () => {
  const rows: Array<[string, Part[], number]> = [
    ['omitted tier (Regular)', [], 0.5],
    ['Gen-2.5-Extreme-High', [{ name: 'tier', value: 'Gen-2.5-Extreme-High' }], 1],
    [
      'texture_mode extreme-high',
      [
        { name: 'tier', value: 'Gen-2.5-High' },
        { name: 'texture_mode', value: 'extreme-high' },
      ],
      2.5,
    ],
    [
      'both',
      [
        { name: 'tier', value: 'Gen-2.5-Extreme-High' },
        { name: 'texture_mode', value: 'extreme-high' },
      ],
      3,
    ],
  ];
  for (const [label, parts, price] of rows) {
    test(`${label} → ${price}`, async () => {
      const before = await balance();
      const { status, body } = await post('/api/v2/generate', [img(), ...parts]);
      assert.equal(status, 201, JSON.stringify(body));
      assert.equal(body.consumed, price);
      assert.equal(await balance(), before - price);
    });
  }
});

describe('lenient encodings of docs/spec/compat.md', () => {
  const booleans = ['true', 'True', '1'];
  for (const word of booleans) {
    test(`uhd_texture=${word} reads as true (4K texture)`, async () => {
      const { body } = await post('/api/v2/generate', [
        img(),
        { name: 'tier', value: 'Gen-2.5-Low' },
        { name: 'uhd_texture', value: word },
      ]);
      assert.equal((await task(body.uuid)).parameters.textureResolution, 4096);
    });
  }
  for (const word of ['false', 'False', '0']) {
    test(`uhd_texture=${word} reads as false (2K texture)`, async () => {
      const { body } = await post('/api/v2/generate', [
        img(),
        { name: 'tier', value: 'Gen-2.5-Low' },
        { name: 'uhd_texture', value: word },
      ]);
      assert.equal((await task(body.uuid)).parameters.textureResolution, 2048);
    });
  }
  const arrays: Array<[string, Part[]]> = [
    [
      'repeated field',
      [
        { name: 'addons', value: 'HighPack' },
        { name: 'addons', value: 'Other' },
      ],
    ],
    ['JSON array string', [{ name: 'addons', value: '["HighPack"]' }]],
    ['comma list', [{ name: 'addons', value: 'HighPack,Other' }]],
    ['addons[] field name', [{ name: 'addons[]', value: 'HighPack' }]],
  ];
  for (const [label, parts] of arrays) {
    test(`addons as ${label} selects HighPack (4K texture)`, async () => {
      const { status, body } = await post('/api/v2/generate', [
        img(),
        { name: 'tier', value: 'Gen-2.5-High' },
        ...parts,
      ]);
      assert.equal(status, 201, JSON.stringify(body));
      const record = await task(body.uuid);
      assert.ok(record.parameters.addons.includes('HighPack'));
      assert.equal(record.parameters.textureResolution, 4096);
    });
  }
  test('image_label as a comma list keeps one label per image in order', async () => {
    const { body } = await post('/api/v2/generate', [
      img(),
      img({ filename: '0001.png' }),
      { name: 'image_label', value: 'B,L' },
    ]);
    assert.deepEqual((await task(body.uuid)).parameters.imageLabels, ['B', 'L']);
  });
  test('untyped image parts: no Content-Type, meaningless or missing filename', async () => {
    const { status, body } = await post('/api/v2/generate', [
      { name: 'images', data: image, filename: 'images' },
      { name: 'images', data: image },
      { name: 'images', data: image, filename: 'blob', contentType: 'application/octet-stream' },
    ]);
    assert.equal(status, 201, JSON.stringify(body));
    assert.equal((await task(body.uuid)).parameters.imageCount, 3);
  });
  test('unknown fields are ignored, never an error', async () => {
    const { status } = await post('/api/v2/generate', [
      img(),
      { name: 'height', value: '1.8' },
      { name: 'is_symmetric', value: 'yes' },
      { name: 'texture_mod', value: 'typo' },
      { name: 'anything', value: '{"x":1}' },
    ]);
    assert.equal(status, 201);
  });
});

describe('refusals', () => {
  test('a bad field is INVALID_REQUEST naming the field, nothing charged', async () => {
    const before = await balance();
    const { status, body } = await post('/api/v2/generate', [img(), { name: 'tier', value: 'Gen-9' }]);
    assert.equal(status, 400);
    assert.equal(body.error, 'INVALID_REQUEST');
    assert.match(body.message, /tier/);
    assert.equal(await balance(), before);
  });
  test('a multipart body cut short → 400 INVALID_REQUEST, not a server error', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: { ...h.auth, 'content-type': 'multipart/form-data; boundary=xx' },
      payload: '--xx\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nabc',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, 'INVALID_REQUEST');
  });
  test('neither images nor prompt is INVALID_REQUEST', async () => {
    const { status, body } = await post('/api/v2/generate', [{ name: 'tier', value: 'Gen-2.5-Low' }]);
    assert.equal(status, 400);
    assert.equal(body.error, 'INVALID_REQUEST');
  });
  test('an image that does not decode is INVALID_REQUEST naming the file', async () => {
    const { status, body } = await post('/api/v2/generate', [
      img(),
      { name: 'images', data: brokenPng(), filename: 'broken-one.png' },
    ]);
    assert.equal(status, 400);
    assert.equal(body.error, 'INVALID_REQUEST');
    assert.match(body.message, /broken-one\.png/);
  });
  test('Bang with both asset_id and model is INVALID_REQUEST', async () => {
    const { status, body } = await post('/api/v2/bang', [
      { name: 'asset_id', value: '00000000-0000-4000-8000-000000000000' },
      { name: 'model', data: await cubeGlb(), filename: 'a.glb' },
    ]);
    assert.equal(status, 400);
    assert.equal(body.error, 'INVALID_REQUEST');
  });
  test('Bang asset_id of an unknown task is INVALID_REQUEST naming asset_id', async () => {
    const { status, body } = await post('/api/v2/bang', [
      { name: 'asset_id', value: '00000000-0000-4000-8000-000000000000' },
    ]);
    assert.equal(status, 400);
    assert.equal(body.error, 'INVALID_REQUEST');
    assert.match(body.message, /asset_id/);
  });
  test('Bang asset_id of a generation still Waiting says to wait for Done', async () => {
    const { body: accepted } = await post('/api/v2/generate', [img()]);
    const { status, body } = await post('/api/v2/bang', [{ name: 'asset_id', value: accepted.uuid }]);
    assert.equal(status, 400);
    assert.match(body.message, /asset_id.*Done|Done.*asset_id/s);
  });
});

describe('upload limits', () => {
  async function assertNothingStored(
    run: () => Promise<{ status: number; body: Record<string, any> }>,
    pattern: RegExp,
  ) {
    const before = await balance();
    const tasksBefore = await h.services.db.kysely
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { status, body } = await run();
    assert.equal(status, 400);
    assert.equal(body.error, 'PAYLOAD_TOO_LARGE');
    assert.match(body.message, pattern);
    assert.equal(await balance(), before);
    const tasksAfter = await h.services.db.kysely
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(tasksAfter.n), Number(tasksBefore.n));
  }
  test('too many files names the file count limit', () =>
    assertNothingStored(
      () =>
        post(
          '/api/v2/generate',
          Array.from({ length: 7 }, () => img()),
        ),
      /at most 6 files/i,
    ));
  test('one file over the size limit names the per-file limit', () =>
    assertNothingStored(
      () => post('/api/v2/generate', [{ name: 'images', data: new Uint8Array(250_000), filename: 'huge.png' }]),
      /huge\.png.*per-file limit/,
    ));
  test('files over the total limit name the per-request limit', () =>
    assertNothingStored(
      () =>
        post(
          '/api/v2/generate',
          [1, 2].map((n) => ({ name: 'images', data: new Uint8Array(180_000).fill(n), filename: `${n}.png` })),
        ),
      /limit per request/,
    ));
});

describe('Idempotency-Key', () => {
  test('a retry with the same key and body returns the first response and charges once', async () => {
    const before = await balance();
    const first = await post('/api/v2/generate', [img(), { name: 'prompt', value: 'idem' }], {
      'idempotency-key': 'retry-1',
    });
    const second = await post('/api/v2/generate', [img(), { name: 'prompt', value: 'idem' }], {
      'idempotency-key': 'retry-1',
    });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(second.body.uuid, first.body.uuid);
    assert.equal(second.body.submit_time, first.body.submit_time);
    assert.equal(await balance(), before - 0.5);
  });
  test('the same key with another body is refused', async () => {
    await post('/api/v2/generate', [img(), { name: 'prompt', value: 'one' }], { 'idempotency-key': 'retry-2' });
    const other = await post('/api/v2/generate', [img(), { name: 'prompt', value: 'two' }], {
      'idempotency-key': 'retry-2',
    });
    assert.equal(other.status, 400);
    assert.equal(other.body.error, 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('balance', () => {
  test('a price above the balance → 201 with error INSUFFICIENT_FUND (not accepted), no task', async () => {
    const poor = { authorization: `Bearer ${await h.newKey(0.5)}` };
    const body = multipart([img(), { name: 'tier', value: 'Gen-2.5-Extreme-High' }]);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: { ...poor, ...body.headers },
      payload: body.payload,
    });
    assert.equal(response.statusCode, 201);
    const refused = response.json();
    assert.equal(refused.error, 'INSUFFICIENT_FUND');
    assert.equal(refused.uuid, undefined);
    assert.match(refused.message, /1 credits/);
    const balance = (await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: poor })).json();
    assert.deepEqual(balance, { balance: 0.5 });
  });
});
