/** With REDIS_URL, API servers share one per-key rate-limit window (skips without a local Redis). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Socket } from 'node:net';
import { buildApp } from '../../src/api/index.ts';
import { startHarness } from './harness.ts';

const REDIS_URL = process.env.KILN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.connect(Number(port || 6379), hostname);
  });
}

test('two API servers on one Redis count one window per key', async (t) => {
  if (!(await reachable(REDIS_URL))) {
    t.skip(`no Redis at ${REDIS_URL} (CI provides one; set KILN_TEST_REDIS_URL elsewhere)`);
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
