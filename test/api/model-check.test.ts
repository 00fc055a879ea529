/**
 * Issue 17, models at submission: the reproductions that used to be accepted, charged and then hold or
 * exhaust a worker (a 151-byte USDA declaring a billion corners, 5,000 nested prims, an OBJ with a
 * non-finite texture coordinate) are refused by POST /bang with INVALID_REQUEST, uncharged.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { multipart, startHarness, type Harness } from './harness.ts';
import { cubeObj, enc } from '../geometry/import/fixtures.ts';
import { USDA_CORNER_BOMB, nestedUsda } from '../support/hostile-models.ts';

let h: Harness;
before(async () => {
  h = await startHarness({ env: { KILN_MAX_IN_FLIGHT: '1000' } });
});
after(() => h.close());

async function bang(model: Uint8Array, filename: string) {
  const body = multipart([
    { name: 'model', data: model, filename },
    { name: 'material', value: 'None' },
  ]);
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v2/bang',
    headers: { ...h.auth, ...body.headers },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

test('model bombs and non-finite coordinates are refused at submission, nothing charged', async () => {
  const balance = async () =>
    (await h.app.inject({ method: 'GET', url: '/api/v2/check_balance', headers: h.auth })).json().balance as number;
  const start = await balance();
  const badVt = enc(new TextDecoder().decode(cubeObj().obj).replace(/^vt .*$/m, 'vt 0.62u000 0.5'));
  for (const [bytes, name, pattern] of [
    [enc(USDA_CORNER_BOMB), 'bomb.usda', /faceVertexCounts/],
    [enc(nestedUsda(5_000)), 'deep.usda', /levels deep/],
    [badVt, 'cube.obj', /not a finite number/],
  ] as const) {
    const result = await bang(bytes, name);
    assert.equal(result.status, 400, JSON.stringify(result.body));
    assert.equal(result.body.error, 'INVALID_REQUEST');
    assert.match(result.body.message, pattern);
  }
  assert.equal(await balance(), start);
  const fine = await bang(cubeObj().obj, 'cube.obj');
  assert.equal(fine.status, 201, JSON.stringify(fine.body));
});
