/**
 * Oversize uploads over a real connection: the client gets the 400 body naming the limit (not a reset
 * connection), and nothing is stored or charged.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from '../api/harness.ts';

let h: Harness;
let base: string;

before(async () => {
  h = await startHarness({ env: { KILN_MAX_FILE_BYTES: '1000000', KILN_MAX_FILES: '3' } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => h.close());

test('a file over the per-file limit and too many files → 400 PAYLOAD_TOO_LARGE over HTTP, nothing charged', async () => {
  const big = new FormData();
  big.append('images', new Blob([new Uint8Array(8_000_000)]), 'big.png');
  const many = new FormData();
  for (let i = 0; i < 5; i += 1) many.append('images', new Blob([new Uint8Array(1000)]), `f${i}.png`);
  for (const [form, pattern] of [
    [big, /"big\.png" is larger than 1000000 bytes \(the per-file limit\)/],
    [many, /At most 3 files/],
  ] as const) {
    const response = await fetch(`${base}/api/v2/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.key}` },
      body: form,
    });
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(body.error, 'PAYLOAD_TOO_LARGE');
    assert.match(body.message, pattern);
  }
  const balance = await (
    await fetch(`${base}/api/v2/check_balance`, { headers: { authorization: `Bearer ${h.key}` } })
  ).json();
  assert.deepEqual(balance, { balance: 100 });
  const tasks = await h.services.db.kysely.selectFrom('tasks').select('id').execute();
  assert.equal(tasks.length, 0);
});
