/**
 * The TypeScript SDK (clients/ts), built with tsc into a temporary directory and loaded as plain
 * JavaScript, against a real Kiln listening on an ephemeral port: every verb, waitFor with progress
 * and abort, download, typed errors, and a real 429 (the key's in-flight cap) retried after Retry-After.
 */
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { join } from 'node:path';
import validator from 'gltf-validator';
import type * as Sdk from '../../clients/ts/src/index.ts';
import { startHarness, type Harness } from '../api/harness.ts';
import { cubeGlb } from '../api/fixture-engine.ts';
import { png } from '../api/images.ts';
import { buildTsSdk } from './build-ts-sdk.ts';
import { tempDir } from '../store/databases.ts';

let h: Harness;
let sdk: typeof Sdk;
let client: Sdk.KilnClient;
let baseUrl: string;
const temp = tempDir('kiln-sdk-');

before(async () => {
  [sdk, h] = await Promise.all([
    buildTsSdk(join(temp.dir, 'dist')),
    startHarness({
      env: { KILN_MAX_IN_FLIGHT: '3' },
      kinds: ['generate-image', 'generate-text', 'bang', 'texture', 'convert'],
    }),
  ]);
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const address = h.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  client = new sdk.KilnClient({ baseUrl, apiKey: h.key, pollMs: 200 });
});
after(async () => {
  await h.close();
  temp.remove();
});

describe('the TypeScript SDK against a live Kiln', () => {
  test('balance, tasks, cancel and delete (no workers yet: tasks stay Waiting)', async () => {
    const before = await client.balance();
    const task = await client.generate({ prompt: 'a wooden chair' });
    assert.equal(await client.balance(), before - task.consumed);
    const page = await client.tasks({ state: ['Waiting'], kind: 'generate', limit: 5 });
    assert.equal(page.tasks[0]?.uuid, task.uuid);
    const cancelled = await client.cancel(task);
    assert.equal(cancelled.state, 'Failed');
    assert.equal(cancelled.error?.code, 'CANCELLED');
    assert.equal(await client.balance(), before);
    await assert.rejects(client.cancel(task.uuid), { name: 'KilnApiError', code: 'TASK_ALREADY_ENDED', status: 409 });
    await client.deleteTask(task);
    await assert.rejects(client.task(task), { name: 'KilnApiError', code: 'NO_SUCH_TASK', status: 404 });
    await assert.rejects(client.generate({}), { name: 'KilnApiError', code: 'INVALID_REQUEST', status: 400 });
    const broke = new sdk.KilnClient({ baseUrl, apiKey: 'kiln_nope' });
    await assert.rejects(broke.balance(), { code: 'UNAUTHORIZED', status: 401 });
    h.services.startWorkers({ count: 1 });
  });

  test('generate from images, waitFor with progress, download writes every file (a valid GLB)', async () => {
    const task = await client.generate({
      images: [{ data: await png(), filename: 'chair.png' }],
      tier: 'Gen-2.5-Medium',
    });
    const seen: Sdk.Progress[] = [];
    const record = await client.waitFor(task, { onProgress: (progress) => seen.push(progress), timeoutMs: 120_000 });
    assert.equal(record.state, 'Done');
    assert.ok(seen.length >= 2, JSON.stringify(seen));
    assert.ok(seen.some((progress) => progress.state === 'Generating' || progress.progress > 0));
    assert.equal(seen.at(-1)?.state, 'Done');
    const dir = join(temp.dir, 'download');
    const written = await client.download(record, dir);
    assert.deepEqual((await readdir(dir)).sort(), record.files.map((file) => file.name).sort());
    const glb = written.find((path) => path.endsWith('.glb'))!;
    const report = (await validator.validateBytes(new Uint8Array(await readFile(glb)))) as {
      issues: { numErrors: number };
    };
    assert.equal(report.issues.numErrors, 0);
  });

  test('bang, texture and convert from the generated asset and from an uploaded model', async () => {
    const source = await client.generate({ prompt: 'a stone lamp' });
    await client.waitFor(source, { timeoutMs: 120_000 });
    const bang = await client.bang({ asset_id: source.uuid });
    const texture = await client.texture({
      model: { data: await cubeGlb(), filename: 'cube.glb' },
      image: [{ data: await png(), filename: 'look.png' }],
    });
    const convert = await client.convert({ asset_id: source.uuid, geometry_file_format: 'obj' });
    for (const task of [bang, texture, convert]) {
      const record = await client.waitFor(task, { timeoutMs: 120_000 });
      assert.equal(record.state, 'Done', `${record.kind} ended Done`);
      const files = await client.download(record, join(temp.dir, record.uuid));
      assert.ok(files.length > 0);
    }
    const status = await client.status(convert.jobs.subscription_key);
    assert.equal(status.jobs[0]?.status, 'Done');
  });

  test('waitFor stops when its signal aborts, and after timeoutMs with KilnTimeoutError', async () => {
    const task = await client.generate({ prompt: 'a teapot' });
    const controller = new AbortController();
    await assert.rejects(
      client.waitFor(task, {
        signal: controller.signal,
        onProgress: () => controller.abort(new Error('stop waiting')),
      }),
      /stop waiting/,
    );
    await assert.rejects(client.waitFor(task, { timeoutMs: 1 }), { name: 'KilnTimeoutError' });
    await client.waitFor(task, { timeoutMs: 120_000 });
  });

  test('a 429 (three tasks in flight on this key) is retried after Retry-After until accepted', async () => {
    const statuses: number[] = [];
    const counting = new sdk.KilnClient({
      baseUrl,
      apiKey: h.key,
      maxRetries: 60,
      maxRetryDelayMs: 250, // the server suggests 5 s; the cap keeps the test short
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(response.status);
        return response;
      },
    });
    const tasks = await Promise.all([1, 2, 3, 4].map((n) => counting.generate({ prompt: `a cup ${n}` })));
    assert.equal(new Set(tasks.map((task) => task.uuid)).size, 4, 'each submission accepted once');
    assert.ok(statuses.includes(429), `a 429 was met and retried (${statuses.join(',')})`);
    await Promise.all(tasks.map((task) => counting.waitFor(task, { timeoutMs: 120_000 })));
  });
});
