/**
 * The split roles as processes: `kiln serve --no-workers` accepts tasks but runs none; `kiln worker
 * --concurrency N` runs them with no HTTP; both stop cleanly on SIGTERM. Bad flags are usage errors.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/index.ts';
import { startKiln } from '../cluster/processes.ts';
import { captureIo } from './io.ts';

let dataDir: string;
let env: NodeJS.ProcessEnv;
before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kiln-roles-'));
  env = { ...process.env, KILN_DATA_DIR: dataDir, KILN_SIGNING_SECRET: 'roles-secret', HOST: '127.0.0.1', PORT: '0' };
});
after(() => rm(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('serve --no-workers queues without running; a separate `kiln worker --concurrency 2` runs the task and answers /healthz on --health-port', async () => {
  const keyIo = captureIo(env);
  assert.equal(await main(['keys', 'create', '--credits', '10'], keyIo), 0);
  const key = keyIo.stdout.at(-1)!;
  const api = await startKiln(['serve', '--no-workers'], env);
  let worker: Awaited<ReturnType<typeof startKiln>> | undefined;
  try {
    assert.match(api.log(), /workers: 0/);
    assert.match(api.log(), /warning: no DATABASE_URL/, 'a split deployment on the embedded database is pointed out');
    const form = new FormData();
    form.append('prompt', 'sleep=50');
    const submitted = await fetch(`${api.url}/api/v2/rodin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    assert.equal(submitted.status, 201);
    const { uuid } = await submitted.json();
    const state = async () =>
      (await (await fetch(`${api.url}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } })).json())
        .state;
    await sleep(1_000);
    assert.equal(await state(), 'Waiting', 'an HTTP-only server runs no jobs');
    worker = await startKiln(['worker', '--concurrency', '2', '--health-port', '0'], env);
    assert.match(worker.log(), /running 2 consumer\(s\)/);
    const healthUrl = /Kiln worker health on (http:\S+)/.exec(worker.log())![1];
    const health = await fetch(healthUrl);
    assert.equal(health.status, 200);
    assert.equal((await health.json()).status, 'ok');
    assert.equal((await fetch(healthUrl.replace('/healthz', '/'))).status, 404);
    let now = 'Waiting';
    for (let i = 0; i < 300 && now !== 'Done'; i++) {
      await sleep(100);
      now = await state();
    }
    assert.equal(now, 'Done');
    assert.equal(await worker.stop(), 0);
    assert.equal(await api.stop(), 0);
  } finally {
    await worker?.kill9();
    await api.kill9();
  }
});

test('bad role flags are usage errors that say what to pass', async () => {
  const io = captureIo(env);
  assert.equal(await main(['worker', '--concurrency', '0'], io), 2);
  assert.match(io.stderr.join('\n'), /--concurrency must be a whole number from 1 to 64; got "0"/);
  const portIo = captureIo(env);
  assert.equal(await main(['worker', '--health-port', 'x'], portIo), 2);
  assert.match(portIo.stderr.join('\n'), /--health-port must be a port number/);
  const serveIo = captureIo(env);
  assert.equal(await main(['serve', '--workers'], serveIo), 2);
  process.exitCode = 0; // main() marks the process failed on a usage error; this test expected them
});

test('a worker whose bucket cannot be reached exits 1 at start, naming the settings to check', async () => {
  const io = captureIo({
    ...env,
    LOG_LEVEL: 'silent',
    KILN_S3_BUCKET: 'kiln-missing',
    KILN_S3_ENDPOINT: 'http://127.0.0.1:9',
    KILN_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'x',
    AWS_SECRET_ACCESS_KEY: 'y',
    AWS_MAX_ATTEMPTS: '1',
    // Unreachable (not misconfigured) storage is waited for at start; this test asks for no wait.
    KILN_STARTUP_WAIT_SECONDS: '0',
  });
  assert.equal(await main(['worker'], io), 1);
  assert.match(
    io.stderr.join('\n'),
    /kiln: could not start: S3 bucket "kiln-missing" is not (usable|reachable): .*Check KILN_S3_BUCKET, KILN_S3_ENDPOINT/,
  );
  process.exitCode = 0;
});
