/** The task event stream over real HTTP: submit to done, resume with Last-Event-ID, the signed events URL. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startHarness, type Harness } from './harness.ts';
import { openStream } from './events-client.ts';

let h: Harness;
let base: string;

before(async () => {
  h = await startHarness({ env: { KILN_EVENTS_HEARTBEAT_MS: '200' } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => h.close());

async function submitText(prompt = 'a red chair'): Promise<{ uuid: string; jobs: { uuids: string[] } }> {
  const response = await fetch(`${base}/api/v2/generate`, {
    method: 'POST',
    headers: { ...h.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

test('a stream follows a task from submission to done: waiting, started, progress by stage, done with signed downloads; then it ends', async () => {
  const task = await submitText();
  const stream = await openStream(`${base}/api/v2/tasks/${task.uuid}/events`, h.auth);
  await stream.until(1);
  assert.equal(stream.events[0]!.event, 'waiting');
  assert.equal(stream.events[0]!.data.position, 1);
  const pool = h.services.startWorkers({ count: 1 });
  try {
    await stream.ended;
    const kinds = stream.events.map((event) => event.event);
    assert.equal(kinds.at(-1), 'done');
    assert.ok(kinds.includes('started'), kinds.join());
    const stages = stream.events.filter((event) => event.event === 'progress').map((event) => event.data.stage);
    // Engine stage messages can race the engine's result across the thread port on a loaded machine;
    // the worker's own last stage is certain.
    assert.ok(
      stages.includes('storing outputs') && stages.every((stage) => typeof stage === 'string' && stage !== ''),
      stages.join(),
    );
    const ids = stream.events.map((event) => event.id);
    assert.deepEqual(
      [...ids].sort((a, b) => a - b),
      ids,
      'ids increase',
    );
    assert.equal(new Set(ids).size, ids.length, 'no event twice');
    const progress = stream.events.filter((event) => event.event === 'progress').map((event) => event.data.progress);
    assert.ok(progress.every((value, i) => value >= 0 && value <= 99 && (i === 0 || value >= progress[i - 1])));
    const done = stream.events.at(-1)!.data;
    assert.equal(done.status, 'Done');
    assert.equal(done.progress, 100);
    assert.deepEqual(done.list.map((item: { name: string }) => item.name).sort(), [
      'base_basic_pbr.glb',
      'preview.webp',
    ]);
    const glb = await fetch(done.list.find((item: { name: string }) => item.name.endsWith('.glb')).url);
    assert.equal(glb.status, 200, 'the signed link downloads without Authorization');
  } finally {
    await pool.stop();
  }
});

test('Last-Event-ID resumes after that event; a reconnect after the final event gets 204 No Content', async () => {
  const task = await submitText();
  const first = await openStream(`${base}/api/v2/tasks/${task.uuid}/events`, h.auth);
  const [waiting] = await first.until(1);
  first.close();
  const resumed = await openStream(`${base}/api/v2/tasks/${task.uuid}/events`, {
    ...h.auth,
    'last-event-id': String(waiting!.id),
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(resumed.events.length, 0, 'nothing new while the task still waits at the same position');
  assert.ok(resumed.events.length === 0);
  const pool = h.services.startWorkers({ count: 1 });
  try {
    await resumed.ended;
    assert.ok(resumed.events.every((event) => event.id > waiting!.id));
    assert.equal(resumed.events.at(-1)!.event, 'done');
    const mid = resumed.events.find((event) => event.event === 'progress')!;
    const late = await openStream(`${base}/api/v2/tasks/${task.uuid}/events`, {
      ...h.auth,
      'last-event-id': String(mid.id),
    });
    await late.ended;
    assert.deepEqual(
      late.events.map((event) => event.event),
      ['done'],
      'only what came after the given id',
    );
    const finished = await fetch(`${base}/api/v2/tasks/${task.uuid}/events`, {
      headers: { ...h.auth, 'last-event-id': String(resumed.events.at(-1)!.id) },
    });
    assert.equal(finished.status, 204, 'EventSource stops reconnecting on 204');
  } finally {
    await pool.stop();
  }
});

test('the task record carries a signed events URL that works without Authorization (EventSource); tampered or missing signatures are refused', async () => {
  const task = await submitText();
  const record = await (await fetch(`${base}/api/v2/tasks/${task.uuid}`, { headers: h.auth })).json();
  assert.match(record.events_url, new RegExp(`/api/v2/tasks/${task.uuid}/events\\?expires=\\d+&sig=`));
  const pool = h.services.startWorkers({ count: 1 });
  try {
    const stream = await openStream(record.events_url);
    await stream.ended;
    assert.equal(stream.events.at(-1)!.event, 'done');
  } finally {
    await pool.stop();
  }
  // Change the signature's first character to a different one (a fixed 'A' left it unchanged whenever the
  // signature began with 'A', one run in 64, and the "tampered" URL was the real one).
  const tampered = await fetch(
    record.events_url.replace(/sig=(.)/, (_: string, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`),
  );
  assert.equal(tampered.status, 401);
  assert.match((await tampered.json()).message, /invalid signature.*fresh events_url/);
  const bare = await fetch(`${base}/api/v2/tasks/${task.uuid}/events`);
  assert.equal(bare.status, 401);
  const other = await fetch(`${base}/api/v2/tasks/${task.uuid}/events`, {
    headers: { authorization: `Bearer ${await h.newKey()}` },
  });
  assert.equal(other.status, 404, 'another account cannot follow the task');
});

test('heartbeats keep an idle stream alive', async () => {
  const task = await submitText();
  const response = await fetch(`${base}/api/v2/tasks/${task.uuid}/events`, { headers: h.auth });
  const reader = response.body!.getReader();
  let text = '';
  const deadline = Date.now() + 5_000;
  while (!text.includes(': heartbeat') && Date.now() < deadline)
    text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  assert.match(text, /: heartbeat\n\n/);
});

test('closing the server ends its open streams (so shutdown never waits on them)', async () => {
  const other = await startHarness();
  const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
  const response = await other.app.inject({
    method: 'POST',
    url: '/api/v2/generate',
    headers: other.auth,
    payload: { prompt: 'a bowl' },
  });
  const stream = await openStream(`${url}/api/v2/tasks/${response.json().uuid}/events`, other.auth);
  await stream.until(1);
  const started = Date.now();
  await other.close();
  await stream.ended;
  assert.ok(Date.now() - started < 5_000, `closed in ${Date.now() - started} ms`);
});

test('open streams per key are capped (KILN_EVENTS_MAX_STREAMS_PER_KEY); a closed one frees its place', async () => {
  const capped = await startHarness({ env: { KILN_EVENTS_MAX_STREAMS_PER_KEY: '2' } });
  try {
    const url = await capped.app.listen({ port: 0, host: '127.0.0.1' });
    const accepted = await capped.app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: capped.auth,
      payload: { prompt: 'a jug' },
    });
    const events = `${url}/api/v2/tasks/${accepted.json().uuid}/events`;
    const first = await openStream(events, capped.auth);
    const second = await openStream(events, capped.auth);
    await Promise.all([first.until(1), second.until(1)]);
    const third = await fetch(events, { headers: capped.auth });
    assert.equal(third.status, 429);
    assert.match((await third.json()).message, /already has 2 event streams open/);
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await openStream(events, capped.auth);
    await again.until(1);
    again.close();
    second.close();
  } finally {
    await capped.close();
  }
});
