/**
 * Issue 17, request layer: every hostile request gets a 4xx with a Kiln error code, nothing is
 * charged, and the process stays up (malformed multipart, prototype field names, truncated bodies,
 * over-long Idempotency-Key, forged Host, missing blobs, protected ops endpoints).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { multipart, startHarness, type Harness } from './harness.ts';
import { png } from './images.ts';

let h: Harness;
let image: Uint8Array;

before(async () => {
  h = await startHarness({ env: { KILN_MAX_IN_FLIGHT: '1000', KILN_OPS_TOKEN: 'ops-secret' } });
  image = await png();
});
after(() => h.close());

const balance = async () =>
  (await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth })).json().balance as number;

async function post(url: string, headers: Record<string, string>, payload: string | Buffer) {
  const response = await h.app.inject({ method: 'POST', url, headers: { ...h.auth, ...headers }, payload });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

function assertRefused(result: { status: number; body: Record<string, any> }, pattern?: RegExp) {
  assert.ok(result.status >= 400 && result.status < 500, `status ${result.status}: ${JSON.stringify(result.body)}`);
  assert.equal(result.body.error, 'INVALID_REQUEST', JSON.stringify(result.body));
  if (pattern) assert.match(result.body.message, pattern);
}

describe('multipart structure', () => {
  test('a part without a name is refused and does not kill the process (every multipart route)', async () => {
    const nameless = '--Q\r\nContent-Disposition: form-data\r\n\r\nx\r\n--Q--\r\n';
    const namelessFile =
      '--Q\r\nContent-Disposition: form-data; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--Q--\r\n';
    const before = await balance();
    for (const url of ['/api/v2/download', '/api/v2/status', '/api/v2/generate', '/api/v2/rodin', '/api/v2/bang']) {
      for (const payload of [nameless, namelessFile]) {
        assertRefused(await post(url, { 'content-type': 'multipart/form-data; boundary=Q' }, payload), /no name/);
      }
    }
    assert.equal(await balance(), before);
  });

  test('multipart without a boundary parameter: 400 INVALID_REQUEST, not 500', async () => {
    for (const url of ['/api/v2/generate', '/api/v2/bang', '/api/v2/download']) {
      assertRefused(await post(url, { 'content-type': 'multipart/form-data' }, 'xx'), /boundary/);
    }
  });

  test('a truncated multipart body is refused and not charged (cut in headers, in data, before the closing boundary)', async () => {
    const full = multipart([
      { name: 'prompt', value: 'a cat' },
      { name: 'images', data: image, filename: 'a.png', contentType: 'image/png' },
    ]);
    const imageHeaders = full.payload.indexOf('name="images"');
    const cuts = [imageHeaders + 5, imageHeaders + 40, full.payload.length - 100, full.payload.length - 4];
    const before = await balance();
    for (const cut of cuts) {
      assertRefused(
        await post('/api/v2/generate', full.headers, full.payload.subarray(0, cut)),
        /closing boundary|cut short|malformed/,
      );
    }
    assert.equal(await balance(), before);
    const whole = await post('/api/v2/generate', full.headers, full.payload);
    assert.equal(whole.status, 201, JSON.stringify(whole.body));
  });
});

describe('prototype field names are plain unknown fields', () => {
  const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__proto__'];

  test('JSON bodies: accepted, the names ignored', async () => {
    for (const name of names) {
      const result = await post(
        '/api/v2/generate',
        { 'content-type': 'application/json' },
        `{"prompt":"a cat","${name}":"x"}`,
      );
      assert.equal(result.status, 201, `${name}: ${JSON.stringify(result.body)}`);
    }
    const nested = await post(
      '/api/v2/generate',
      { 'content-type': 'application/json' },
      '{"prompt":"a cat","__proto__":{"tier":"Gen-2.5-Extreme-High"},"constructor":{"prototype":{"x":1}}}',
    );
    assert.equal(nested.status, 201, JSON.stringify(nested.body));
    assert.equal(nested.body.consumed, 0.5, 'a __proto__ object must not set fields');
  });

  test('urlencoded bodies: accepted, the names ignored', async () => {
    for (const name of names) {
      const result = await post(
        '/api/v2/generate',
        { 'content-type': 'application/x-www-form-urlencoded' },
        `prompt=a+cat&${encodeURIComponent(name)}=1`,
      );
      assert.equal(result.status, 201, `${name}: ${JSON.stringify(result.body)}`);
    }
  });

  test('status and download with prototype names: answered, never 500', async () => {
    for (const name of names) {
      for (const url of ['/api/v2/status', '/api/v2/download']) {
        const result = await post(url, { 'content-type': 'application/json' }, `{"${name}":"x"}`);
        assert.ok(result.status < 500 && typeof result.body.error === 'string', `${url} ${name}: ${result.status}`);
      }
    }
  });

  test('multipart fields named after prototype members: refused with a Kiln code, never 500', async () => {
    for (const name of names) {
      const body = multipart([
        { name: 'prompt', value: 'a cat' },
        { name, value: 'x' },
      ]);
      const result = await post('/api/v2/generate', body.headers, body.payload);
      assert.ok(
        result.status === 201 || result.body.error === 'INVALID_REQUEST',
        `${name}: ${result.status} ${JSON.stringify(result.body)}`,
      );
    }
  });
});

describe('headers', () => {
  test('an Idempotency-Key longer than 255 characters is refused, not truncated into a collision', async () => {
    const long = 'k'.repeat(300);
    const result = await post(
      '/api/v2/generate',
      { 'content-type': 'application/json', 'idempotency-key': long },
      '{"prompt":"a cat"}',
    );
    assertRefused(result, /255/);
    const ok = await post(
      '/api/v2/generate',
      { 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(255) },
      '{"prompt":"a cat"}',
    );
    assert.equal(ok.status, 201);
  });

  test('download URLs are never built from a Host header that is not a plain host', async () => {
    const accepted = await post('/api/v2/generate', { 'content-type': 'application/json' }, '{"prompt":"a cat"}');
    for (const host of ['127.0.0.1/x"><script>', 'a b', 'evil.com@x', 'x:99999999']) {
      const result = await post(
        '/api/v2/download',
        { 'content-type': 'application/json', host },
        JSON.stringify({ task_uuid: accepted.body.uuid }),
      );
      assertRefused(result, /Host/);
    }
    const fine = await post(
      '/api/v2/download',
      { 'content-type': 'application/json', host: 'kiln.local:8080' },
      JSON.stringify({ task_uuid: accepted.body.uuid }),
    );
    assert.equal(fine.status, 200);
  });
});

describe('downloads and ops endpoints', () => {
  test('/download does not list a file whose blob is gone', async () => {
    const pool = h.services.startWorkers({ count: 1 });
    const accepted = await post('/api/v2/generate', { 'content-type': 'application/json' }, '{"prompt":"a vase"}');
    await pool.idle();
    await pool.stop();
    const list = async () =>
      (
        await post(
          '/api/v2/download',
          { 'content-type': 'application/json' },
          JSON.stringify({ task_uuid: accepted.body.uuid }),
        )
      ).body.list as Array<{ name: string }>;
    const names = (await list()).map((item) => item.name);
    assert.ok(names.includes('preview.webp'), names.join());
    await rm(join(h.dataDir, 'blobs', 'outputs', accepted.body.uuid, 'preview.webp'), { force: true });
    assert.deepEqual((await list()).map((item) => item.name).includes('preview.webp'), false);
  });

  test('/metrics and /docs need the ops token when KILN_OPS_TOKEN is set', async () => {
    for (const url of ['/metrics', '/docs', '/docs/json']) {
      const refused = await h.app.inject({ method: 'GET', url });
      assert.equal(refused.statusCode, 401, url);
      assert.equal(refused.json().error, 'UNAUTHORIZED');
      const allowed = await h.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer ops-secret' } });
      assert.ok(allowed.statusCode < 400, `${url}: ${allowed.statusCode}`);
    }
    assert.equal((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });
});
