/** Signed webhooks over real HTTP: signatures, per-key defaults, retries with backoff, the delivery log, private targets refused. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { verifySignature } from '../../src/tasks/webhooks/index.ts';
import { startHarness, type Harness } from './harness.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

let h: Harness;
let base: string;
let receiver: Receiver;

before(async () => {
  h = await startHarness({ env: { KILN_WEBHOOK_ALLOW_PRIVATE: 'true', KILN_WEBHOOK_BACKOFF_MS: '40' } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  receiver = await startReceiver();
  h.services.startWorkers({ count: 1 });
});
after(async () => {
  await h.close();
  await receiver.close();
});

async function submit(key: string, fields: Record<string, string>): Promise<{ uuid: string }> {
  const response = await fetch(`${base}/api/v2/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'a lamp', ...fields }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

async function keyIdOf(key: string): Promise<string> {
  return (await h.services.accounts.authenticate(key))!.keyId;
}

const record = async (uuid: string) => (await fetch(`${base}/api/v2/tasks/${uuid}`, { headers: h.auth })).json();

test('done is POSTed to the webhook_url as signed JSON (Kiln-Signature over "<t>.<body>" with the key\'s secret) and logged in the task record', async () => {
  receiver.answer(() => 200);
  const start = receiver.received.length;
  const task = await submit(h.key, { webhook_url: receiver.url });
  const [hook] = (
    await receiver.until((all) => all.slice(start).some((item) => item.json.task_uuid === task.uuid))
  ).slice(start);
  const { secret } = await h.services.webhooks.keySecret(await keyIdOf(h.key));
  assert.ok(verifySignature(secret, hook!.body, hook!.headers['kiln-signature'] as string), 'valid signature');
  assert.ok(!verifySignature('another-secret', hook!.body, hook!.headers['kiln-signature'] as string));
  assert.match(hook!.headers['kiln-signature'] as string, /^t=\d+,v1=[0-9a-f]{64}$/);
  assert.equal(hook!.json.type, 'task.done');
  assert.match(hook!.json.id, /^evt_/);
  assert.equal(hook!.headers['kiln-event-id'], hook!.json.id);
  assert.equal(hook!.json.task.state, 'Done');
  assert.deepEqual(
    hook!.json.task.files.map((file: { name: string }) => file.name),
    ['base_basic_pbr.glb', 'preview.webp'],
  );
  const log = await h.services.webhooks.deliveryLog(task.uuid);
  assert.equal(log.length, 1);
  const shown = (await record(task.uuid)).webhooks;
  assert.equal(shown[0].state, 'delivered');
  assert.equal(shown[0].deliveries[0].status_code, 200);
});

test("a key's default webhook URL (kiln keys set-webhook) applies when the request has none; KILN-less keys get their own secret", async () => {
  receiver.answer(() => 200);
  const key = await h.newKey();
  await h.services.webhooks.setKeyWebhook(await keyIdOf(key), receiver.url);
  const task = await submit(key, {});
  const hooks = await receiver.until((all) => all.some((item) => item.json.task_uuid === task.uuid));
  const hook = hooks.find((item) => item.json.task_uuid === task.uuid)!;
  const own = await h.services.webhooks.keySecret(await keyIdOf(key));
  const first = await h.services.webhooks.keySecret(await keyIdOf(h.key));
  assert.notEqual(own.secret, first.secret, 'each key signs with its own secret');
  assert.ok(verifySignature(own.secret, hook.body, hook.headers['kiln-signature'] as string));
});

test('a receiver that fails three times then succeeds gets the same event once more, not lost, and the log shows every attempt', async () => {
  const start = receiver.received.length;
  receiver.answer((index) => (index - start < 3 ? 503 : 200));
  const task = await submit(h.key, { webhook_url: receiver.url });
  const mine = (await receiver.until((all) => all.slice(start).some((item) => item.answeredWith === 200))).slice(start);
  assert.deepEqual(
    mine.map((item) => item.answeredWith),
    [503, 503, 503, 200],
  );
  assert.equal(new Set(mine.map((item) => item.json.id)).size, 1, 'one event id throughout');
  assert.equal(new Set(mine.map((item) => item.body)).size, 1, 'the same body on every attempt');
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(receiver.received.length - start, 4, 'no delivery after the success');
  const shown = (await record(task.uuid)).webhooks[0];
  assert.equal(shown.state, 'delivered');
  assert.deepEqual(
    shown.deliveries.map((attempt: { status_code: number }) => attempt.status_code),
    [503, 503, 503, 200],
  );
  const gaps = shown.deliveries
    .slice(1)
    .map((attempt: { time: string }, i: number) => Date.parse(attempt.time) - Date.parse(shown.deliveries[i].time));
  assert.ok(gaps[2] >= gaps[0], `backoff grows: ${gaps.join(', ')} ms`);
});

test('webhook_progress=true adds one task.progress event per stage (with the stage in the record) beside task.done', async () => {
  receiver.answer(() => 200);
  const task = await submit(h.key, { webhook_url: receiver.url, webhook_progress: 'true' });
  const stagesOf = (all: typeof receiver.received) =>
    all
      .filter((item) => item.json.task_uuid === task.uuid)
      .map((item) => (item.json.type === 'task.done' ? 'done' : item.json.task.jobs[0].stage));
  // Engine stage messages can race the engine's result across the thread port on a loaded machine, so
  // only the worker's own last stage ('storing outputs') is certain.
  const hooks = await receiver.until((all) =>
    ['storing outputs', 'done'].every((stage) => stagesOf(all).includes(stage)),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const mine = hooks.filter((item) => item.json.task_uuid === task.uuid);
  const progress = mine.filter((item) => item.json.type === 'task.progress');
  const stages = progress.map((item) => item.json.task.jobs[0].stage);
  assert.ok(stages.includes('storing outputs'), stages.join());
  assert.equal(new Set(progress.map((item) => item.json.id)).size, progress.length, 'one event per stage');
  assert.ok(progress.every((item) => item.json.task.state === 'Generating'));
});

test('clients that send no webhook_url see no change: the same 201 body', async () => {
  const key = await h.newKey();
  const task = await submit(key, {});
  assert.deepEqual(Object.keys(task).sort(), ['consumed', 'jobs', 'message', 'prompt', 'submit_time', 'uuid']);
});

test('private, loopback and link-local targets are refused before charging unless KILN_WEBHOOK_ALLOW_PRIVATE=true', async () => {
  const strict = await startHarness({});
  try {
    for (const target of [
      'http://127.0.0.1:9/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/hook',
      'http://localhost/hook',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/v2/generate',
        headers: strict.auth,
        payload: { prompt: 'a lamp', webhook_url: target },
      });
      assert.equal(response.statusCode, 400, target);
      const body = response.json();
      assert.equal(body.error, 'INVALID_REQUEST');
      assert.match(
        body.message,
        /loopback, private or link-local address.*KILN_WEBHOOK_ALLOW_PRIVATE=true.*Nothing was charged/,
        target,
      );
    }
    const ftp = await strict.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: strict.auth,
      payload: { prompt: 'a lamp', webhook_url: 'ftp://example.com/x' },
    });
    assert.match(ftp.json().message, /https:\/\/ or http:\/\//);
    assert.equal(
      await strict.services.accounts.balance((await strict.services.accounts.authenticate(strict.key))!.accountId),
      100,
      'nothing charged',
    );
  } finally {
    await strict.close();
  }
});

test('KILN_WEBHOOK_SECRET signs for keys without their own secret', async () => {
  const own = await startHarness({
    env: { KILN_WEBHOOK_ALLOW_PRIVATE: 'true', KILN_WEBHOOK_SECRET: 'whsec_operator_default' },
  });
  try {
    own.services.startWorkers({ count: 1 });
    receiver.answer(() => 200);
    const response = await own.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: own.auth,
      payload: { prompt: 'a mug', webhook_url: receiver.url },
    });
    const uuid = response.json().uuid;
    const hooks = await receiver.until((all) => all.some((item) => item.json.task_uuid === uuid));
    const hook = hooks.find((item) => item.json.task_uuid === uuid)!;
    assert.ok(verifySignature('whsec_operator_default', hook.body, hook.headers['kiln-signature'] as string));
    const keyId = (await own.services.accounts.authenticate(own.key))!.keyId;
    assert.deepEqual(await own.services.webhooks.keySecret(keyId), {
      secret: 'whsec_operator_default',
      source: 'KILN_WEBHOOK_SECRET',
    });
  } finally {
    await own.close();
  }
});
