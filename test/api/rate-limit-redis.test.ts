/** With REDIS_URL, API servers share one per-key rate-limit window (skips without a local Redis). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/api/index.ts';
import { startHarness } from './harness.ts';
import { REDIS_SKIP_MESSAGE, TEST_REDIS_URL, redisReachable } from '../support/external-services.ts';

const REDIS_URL = TEST_REDIS_URL;

test('two API servers on one Redis count one window per key', async (t) => {
  if (!(await redisReachable())) {
    t.skip(REDIS_SKIP_MESSAGE);
    return;
  }
  const h = await startHarness();
  // 1 submission per minute → 10 reads per minute per key.
  const config = { ...h.config, rateLimitPerMinute: 1, redisUrl: REDIS_URL };
  const a = await buildApp({ services: h.services, config, processMetrics: false });
  const b = await buildApp({ services: h.services, config, processMetrics: false });
  try {
    const call = (app: typeof a) => app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth });
    for (let i = 0; i < 10; i += 1) assert.equal((await call(i % 2 === 0 ? a : b)).statusCode, 200);
    const limited = await call(b);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error, 'RATE_LIMITED');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
  } finally {
    await a.close();
    await b.close();
    await h.close();
  }
});
