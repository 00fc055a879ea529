/** GET /api/v2/tasks, POST /api/v2/tasks/{uuid}/cancel, DELETE /api/v2/tasks/{uuid} through inject: shapes, filters, codes, OpenAPI. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let otherAuth: { authorization: string };

async function submitText(prompt: string, auth = h.auth): Promise<string> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v2/rodin',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ prompt }),
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().uuid;
}

const get = (url: string, auth = h.auth) => h.app.inject({ method: 'GET', url, headers: auth });

before(async () => {
  h = await startHarness(); // no workers started: every task stays Waiting until cancelled
  otherAuth = { authorization: `Bearer ${await h.newKey(5)}` };
});
after(() => h.close());

describe('task management over HTTP', () => {
  test('list → the account’s records newest first, filters (repeated or comma-separated), cursor pages', async () => {
    const first = await submitText('a chair');
    const second = await submitText('a table');
    const foreign = await submitText('a lamp', otherAuth);

    const all = await get('/api/v2/tasks');
    assert.equal(all.statusCode, 200);
    const body = all.json();
    const uuids = body.tasks.map((task: { uuid: string }) => task.uuid);
    assert.deepEqual(uuids.slice(0, 2), [second, first]);
    assert.ok(!uuids.includes(foreign), 'another account’s task never shows');
    const single = (await get(`/api/v2/tasks/${second}`)).json();
    assert.deepEqual(
      { ...body.tasks[0], events_url: undefined },
      { ...single, events_url: undefined },
      'each entry is the GET /tasks/{uuid} record',
    );

    const page = (await get('/api/v2/tasks?limit=1')).json();
    assert.equal(page.tasks.length, 1);
    assert.equal(typeof page.next_cursor, 'string');
    const next = (await get(`/api/v2/tasks?limit=1&cursor=${encodeURIComponent(page.next_cursor)}`)).json();
    assert.equal(next.tasks[0].uuid, first);

    for (const query of ['state=Waiting,Done', 'state=Waiting&state=Done', 'kind=generate', 'kind=bang,generate']) {
      const response = await get(`/api/v2/tasks?${query}`);
      assert.equal(response.statusCode, 200, query);
      assert.ok(response.json().tasks.length >= 2, query);
    }
    assert.equal((await get('/api/v2/tasks?state=Done')).json().tasks.length, 0);
    assert.equal((await get('/api/v2/tasks?kind=convert')).json().tasks.length, 0);

    for (const query of ['state=Finished', 'kind=paint', 'limit=0', 'limit=101', 'cursor=%25%25']) {
      const response = await get(`/api/v2/tasks?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.json().error, 'INVALID_REQUEST', query);
    }
    assert.equal((await h.app.inject({ method: 'GET', url: '/api/v2/tasks' })).statusCode, 401);
  });

  test('cancel → 200 record Failed/CANCELLED and refunded; again → 409 TASK_ALREADY_ENDED; foreign → 404', async () => {
    const balance = async () => (await get('/api/v2/check_balance')).json().balance as number;
    const before = await balance();
    const uuid = await submitText('a vase');
    assert.equal(await balance(), before - 0.5);
    assert.equal(
      (await h.app.inject({ method: 'POST', url: `/api/v2/tasks/${uuid}/cancel`, headers: otherAuth })).statusCode,
      404,
    );
    const cancelled = await h.app.inject({ method: 'POST', url: `/api/v2/tasks/${uuid}/cancel`, headers: h.auth });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().state, 'Failed');
    assert.equal(cancelled.json().error.code, 'CANCELLED');
    assert.equal(await balance(), before);
    const again = await h.app.inject({ method: 'POST', url: `/api/v2/tasks/${uuid}/cancel`, headers: h.auth });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().error, 'TASK_ALREADY_ENDED');
    assert.match(again.json().message, /already Failed/);
    const status = await h.app.inject({
      method: 'POST',
      url: '/api/v2/status',
      headers: { ...h.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ subscription_key: cancelled.json().subscription_key }),
    });
    assert.deepEqual(
      { status: status.json().jobs[0].status, error: status.json().jobs[0].error },
      { status: 'Failed', error: 'CANCELLED' },
    );
  });

  test('delete → 409 while running, 204 once ended, then GET 404 and no longer listed; the ledger stays', async () => {
    const uuid = await submitText('a cup');
    const refused = await h.app.inject({ method: 'DELETE', url: `/api/v2/tasks/${uuid}`, headers: h.auth });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().error, 'TASK_STILL_RUNNING');
    assert.match(refused.json().message, /cancel it first/);
    await h.app.inject({ method: 'POST', url: `/api/v2/tasks/${uuid}/cancel`, headers: h.auth });
    assert.equal(
      (await h.app.inject({ method: 'DELETE', url: `/api/v2/tasks/${uuid}`, headers: otherAuth })).statusCode,
      404,
    );
    const deleted = await h.app.inject({ method: 'DELETE', url: `/api/v2/tasks/${uuid}`, headers: h.auth });
    assert.equal(deleted.statusCode, 204);
    assert.equal(deleted.body, '');
    assert.equal((await get(`/api/v2/tasks/${uuid}`)).statusCode, 404);
    assert.ok(
      !(await get('/api/v2/tasks?limit=100')).json().tasks.some((task: { uuid: string }) => task.uuid === uuid),
    );
    const { accountId } = await h.services.accounts.authenticate(h.key).then((principal) => principal!);
    const ledger = await h.services.accounts.ledger(accountId);
    assert.deepEqual(
      ledger.filter((entry) => entry.taskId === uuid).map((entry) => entry.kind),
      ['reserve', 'refund'],
    );
  });

  test('the OpenAPI document lists the three operations and the new codes', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json();
    assert.ok(doc.paths['/api/v2/tasks'].get);
    assert.ok(doc.paths['/api/v2/tasks/{uuid}/cancel'].post.responses['409']);
    assert.ok(doc.paths['/api/v2/tasks/{uuid}'].delete.responses['204']);
    const schemas = JSON.stringify(doc.components.schemas);
    for (const code of ['CANCELLED', 'TASK_ALREADY_ENDED', 'TASK_STILL_RUNNING'])
      assert.ok(schemas.includes(code), code);
  });
});
