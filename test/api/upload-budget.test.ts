/**
 * Issue 17, memory budget for request bodies: uploads held in memory by all requests together stay
 * under KILN_UPLOAD_MEMORY_MB (past it: 429 RATE_LIMITED with Retry-After, nothing charged), and the
 * budget is given back once a body has been read.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { multipart, startHarness, type Harness } from './harness.ts';
import { png } from './images.ts';

let h: Harness;
before(async () => {
  h = await startHarness({
    env: {
      KILN_UPLOAD_MEMORY_MB: '1',
      KILN_MAX_FILE_BYTES: String(4 * 1024 * 1024),
      KILN_MAX_TOTAL_BYTES: String(8 * 1024 * 1024),
    },
  });
});
after(() => h.close());

test('an upload past the server-wide memory budget is refused with RATE_LIMITED, and the budget is given back', async () => {
  const balance = async () =>
    (await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth })).json().balance;
  const start = await balance();
  const big = multipart([{ name: 'images', data: new Uint8Array(1_500_000), filename: 'big.png' }]);
  const refused = await h.app.inject({
    method: 'POST',
    url: '/api/v2/generate',
    headers: { ...h.auth, ...big.headers },
    payload: big.payload,
  });
  assert.equal(refused.statusCode, 429, refused.body);
  assert.equal(refused.json().error, 'RATE_LIMITED');
  assert.ok(Number(refused.headers['retry-after']) >= 1);
  assert.equal(await balance(), start);
  for (let i = 0; i < 3; i++) {
    const small = multipart([{ name: 'images', data: await png(), filename: 'a.png' }]);
    const accepted = await h.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: { ...h.auth, ...small.headers },
      payload: small.payload,
    });
    assert.equal(accepted.statusCode, 201, accepted.body);
  }
});
