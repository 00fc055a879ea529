/**
 * A live `kiln serve` on PostgreSQL (pool, embedded SQL queue, LISTEN/NOTIFY task events) has every
 * connection of its database terminated, as a PostgreSQL restart or failover does to clients. The
 * process must log, reconnect and keep serving: health answers again, a task submitted afterwards runs
 * to Done, and the process never exits.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/index.ts';
import { captureIo } from '../cli/io.ts';
import { postgresTestSchema } from '../store/databases.ts';
import { PG_SKIP_MESSAGE, postgresReachable } from '../support/external-services.ts';
import { startKiln, type KilnProcess } from './processes.ts';
import { terminateConnections, uniqueApplicationName, waitFor } from './faults.ts';

let skipReason: string | false = false;
let schema: Awaited<ReturnType<typeof postgresTestSchema>> | undefined;
let kiln: KilnProcess | undefined;
let dir: string | undefined;

before(async () => {
  if (!(await postgresReachable())) skipReason = PG_SKIP_MESSAGE;
  else schema = await postgresTestSchema();
});

after(async () => {
  await kiln?.kill9();
  await schema?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('kiln serve on PostgreSQL survives pg_terminate_backend of all its connections and keeps serving', {
  timeout: 120_000,
}, async (t) => {
  if (skipReason) return t.skip(skipReason);
  dir = await mkdtemp(join(tmpdir(), 'kiln-pgdrop-'));
  const applicationName = uniqueApplicationName('kiln-pgdrop');
  const url = new URL(schema!.url);
  url.searchParams.set('application_name', applicationName);
  const env = {
    ...process.env,
    DATABASE_URL: url.toString(),
    KILN_DATA_DIR: dir,
    KILN_SIGNING_SECRET: 'pgdrop-secret',
    KILN_WORKERS: '1',
    HOST: '127.0.0.1',
    PORT: '0',
    REDIS_URL: '',
    KILN_S3_BUCKET: '',
  };
  const io = captureIo(env);
  assert.equal(await main(['keys', 'create', '--credits', '50'], io), 0, io.stderr.join('\n'));
  const key = io.stdout.at(-1)!;
  const server = await startKiln(['serve'], env);
  kiln = server;

  const submit = async (prompt: string) => {
    const response = await fetch(`${server.url}/api/v2/rodin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt }),
    });
    const body = (await response.json()) as { uuid?: string; subscription_key?: string };
    assert.equal(response.status, 201, JSON.stringify(body));
    return body.uuid!;
  };
  const state = async (uuid: string) => {
    const response = await fetch(`${server.url}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } });
    return response.ok ? ((await response.json()) as { state: string }).state : null;
  };
  const done = async (uuid: string) => (await state(uuid)) === 'Done';

  const running = await submit('sleep=3000 size=2048');
  await waitFor(async () => (await state(running)) === 'Generating', 20_000, 'the first task to start');
  const killed = await terminateConnections(applicationName);
  assert.ok(killed > 0, 'the Kiln process had connections to terminate');

  const recovered = Date.now();
  await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 10_000, 'readyz to answer 200');
  t.diagnostic(`healthy again ${Date.now() - recovered} ms after ${killed} connections were terminated`);
  const after = await submit('size=1024');
  await waitFor(() => done(after), 30_000, 'the task submitted after the drop to finish');
  await waitFor(() => done(running), 60_000, 'the task running during the drop to finish');
  assert.equal(server.child.exitCode, null, `the process is still running:\n${server.log().slice(-2000)}`);
  assert.doesNotMatch(server.log(), /Unhandled 'error' event/);
  assert.equal(await server.stop(), 0, server.log().slice(-2000));
});
