/**
 * 200 concurrent submissions from one key with credits for 100, over real HTTP: exactly 100 accepted
 * (201, no error key), 100 refused with INSUFFICIENT_FUND, balance exactly zero.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from '../api/harness.ts';

let h: Harness;
let base: string;

before(async () => {
  h = await startHarness({ env: { KILN_MAX_IN_FLIGHT: '1000', KILN_RATE_LIMIT_PER_MINUTE: '0' }, credits: 50 });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => h.close());

test('200 concurrent text-to-3D submissions, balance for 100', async () => {
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      fetch(`${base}/api/v2/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: `a stool number ${i}`, tier: 'Gen-2.5-Low' }),
      }).then(async (response) => ({ status: response.status, body: await response.json() })),
    ),
  );
  const accepted = responses.filter((r) => r.status === 201 && !('error' in r.body) && r.body.uuid);
  const refused = responses.filter((r) => r.body.error === 'INSUFFICIENT_FUND');
  assert.equal(accepted.length, 100);
  assert.equal(refused.length, 100);
  assert.equal(new Set(accepted.map((r) => r.body.uuid)).size, 100);
  const balance = await (
    await fetch(`${base}/api/v2/check_balance`, { headers: { authorization: `Bearer ${h.key}` } })
  ).json();
  assert.deepEqual(balance, { balance: 0 });
});
