/** 401 body on every /api/v2 route, per-key rate limit (429 + Retry-After), per-key in-flight cap, 500 without leaks, ENGINE_UNAVAILABLE. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/api/index.ts';
import { multipart, startHarness, type Harness } from './harness.ts';
import { png } from './images.ts';

const ROUTES: Array<[string, string]> = [
  ['POST', '/api/v2/generate'],
  ['POST', '/api/v2/rodin'],
  ['POST', '/api/v2/bang'],
  ['POST', '/api/v2/status'],
  ['POST', '/api/v2/download'],
  ['GET', '/api/v2/check_balance'],
  ['GET', '/api/v2/tasks/00000000-0000-4000-8000-000000000000'],
];

describe('authentication', () => {
  let h: Harness;
  let revoked: string;
  before(async () => {
    h = await startHarness();
    revoked = await h.newKey(5);
    const keys = await h.services.accounts.listKeys();
    const record = keys.find((key) => revoked.startsWith(key.prefix))!;
    await h.services.accounts.revokeKey(record.id);
  });
  after(() => h.close());

  const cases: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['an unknown key', { authorization: 'Bearer kiln_notarealkeynotarealkeynotarealkeynotareal' }],
    ['a non-Bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ];
  for (const [method, url] of ROUTES) {
    for (const [label, headers] of cases) {
      test(`${method} ${url} with ${label} → 401 exact body`, async () => {
        const response = await h.app.inject({ method: method as 'GET', url, headers });
        assert.equal(response.statusCode, 401);
        assert.deepEqual(response.json(), { error: 'UNAUTHORIZED', message: 'Active API key is required.' });
      });
    }
  }
  test('a revoked key → 401', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/v2/check_balance',
      headers: { authorization: `Bearer ${revoked}` },
    });
    assert.equal(response.statusCode, 401);
  });
  test('check_balance answers {"balance": n} for a valid key', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { balance: 100 });
  });
});

describe('per-key rate limit', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { KILN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  after(() => h.close());

  const submit = (auth: Record<string, string>) =>
    h.app.inject({ method: 'POST', url: '/api/v2/generate', headers: auth, payload: { prompt: 'a cup' } });
  const read = (auth: Record<string, string>) =>
    h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: auth });

  test('the 4th submission in a minute → 429 RATE_LIMITED with Retry-After in seconds; other keys unaffected', async () => {
    for (let i = 0; i < 3; i += 1) assert.equal((await submit(h.auth)).statusCode, 201);
    const limited = await submit(h.auth);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error, 'RATE_LIMITED');
    assert.match(limited.json().message, /submission requests .* 3 per minute/);
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
      `Retry-After ${limited.headers['retry-after']}`,
    );
    const other = { authorization: `Bearer ${await h.newKey(5)}` };
    assert.equal((await submit(other)).statusCode, 201);
  });

  test('reads (status, balance …) have their own window of 10× the limit, so polling survives throttled submissions', async () => {
    for (let i = 0; i < 30; i += 1) assert.equal((await read(h.auth)).statusCode, 200, `read ${i + 1}`);
    const limited = await read(h.auth);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error, 'RATE_LIMITED');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
  });
});

describe('per-key in-flight cap and missing engines', () => {
  let h: Harness;
  let image: Uint8Array;
  before(async () => {
    h = await startHarness({ env: { KILN_MAX_IN_FLIGHT: '2' }, kinds: ['generate-image'] });
    image = await png();
  });
  after(() => h.close());

  const submit = (parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return h.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: { ...h.auth, ...body.headers },
      payload: body.payload,
    });
  };

  test('a third task in flight → 429 API_PARALLELISM_LIMIT_REACHED, not charged', async () => {
    assert.equal((await submit([{ name: 'images', data: image, filename: 'a.png' }])).statusCode, 201);
    assert.equal((await submit([{ name: 'images', data: image, filename: 'a.png' }])).statusCode, 201);
    const third = await submit([{ name: 'images', data: image, filename: 'a.png' }]);
    assert.equal(third.statusCode, 429);
    assert.equal(third.json().error, 'API_PARALLELISM_LIMIT_REACHED');
    assert.ok(Number(third.headers['retry-after']) >= 1, 'every 429 carries Retry-After');
    const balance = (await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth })).json()
      .balance;
    assert.equal(balance, 99);
  });

  test('a kind without a registered engine → ENGINE_UNAVAILABLE naming the kind, not charged', async () => {
    const response = await submit([{ name: 'prompt', value: 'a teapot' }]);
    assert.equal(response.statusCode, 503);
    const body = response.json();
    assert.equal(body.error, 'ENGINE_UNAVAILABLE');
    assert.match(body.message, /generate-text/);
    assert.match(body.message, /nothing was charged/);
  });
});

describe('unexpected errors', () => {
  test('→ 500 UNKNOWN without internals in the body', async () => {
    const h = await startHarness();
    try {
      const tasks = {
        ...h.services.tasks,
        statusBySubscriptionKey: async () => {
          throw new Error('SQLITE_IOERR at /secret/path/kiln.db');
        },
      };
      const app = await buildApp({ services: { ...h.services, tasks }, config: h.config, processMetrics: false });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v2/status',
        headers: h.auth,
        payload: { subscription_key: 'x' },
      });
      assert.equal(response.statusCode, 500);
      assert.equal(response.json().error, 'UNKNOWN');
      assert.doesNotMatch(response.body, /secret|SQLITE/);
      await app.close();
    } finally {
      await h.close();
    }
  });
});
