/**
 * The distributed stack (2 API servers + 2 workers as OS processes on PostgreSQL, Redis/BullMQ and S3)
 * with each dependency's fault injected while tasks are in flight:
 * 1. PostgreSQL drops every connection of the cluster (pg_terminate_backend: a restart or failover);
 * 2. Redis comes back empty (FLUSHDB of the cluster's Redis database) right after a worker was killed
 *    mid-job, so the job it held is known to PostgreSQL alone;
 * 3. the S3 server stops answering for 15 s, then comes back on the same port.
 * After each: every task Done, no Kiln process exited by itself, service back within 10 s of the
 * dependency's return (/readyz on both API servers and a new task Done); at the end the ledger is
 * exact, each task charged once, and every output downloads from either API server.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { openPostgres, type Db } from '../../src/store/db.ts';
import { assertLedgersBalanced } from './ledger-checks.ts';
import { main } from '../../src/cli/index.ts';
import { captureIo } from '../cli/io.ts';
import { postgresTestSchema } from '../store/databases.ts';
import {
  PG_SKIP_MESSAGE,
  REDIS_SKIP_MESSAGE,
  TEST_REDIS_URL,
  postgresReachable,
  redisReachable,
} from '../support/external-services.ts';
import { startS3, type TestS3 } from '../support/s3-server.ts';
import { startKiln, type KilnProcess } from './processes.ts';
import { terminateConnections, uniqueApplicationName, waitFor } from './faults.ts';

/**
 * FLUSHDB empties a whole Redis database, so the fault test needs one of its own: other tests running
 * beside it in CI share TEST_REDIS_URL's. KILN_TEST_FAULT_REDIS_URL names it; under CI it is database
 * 15 of the CI Redis; elsewhere TEST_REDIS_URL itself (each engineer's own database index).
 */
function faultRedisUrl(): string {
  if (process.env.KILN_TEST_FAULT_REDIS_URL) return process.env.KILN_TEST_FAULT_REDIS_URL;
  if (process.env.CI !== 'true') return TEST_REDIS_URL;
  const url = new URL(TEST_REDIS_URL);
  url.pathname = '/15';
  return url.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How soon service must be back after a dependency returns (the bar). */
const RESUME_MS = 10_000;

let skipReason: string | false = false;
let schema: Awaited<ReturnType<typeof postgresTestSchema>> | undefined;
let s3: TestS3 | undefined;
let db: Db | undefined;
const dirs: string[] = [];
const processes: KilnProcess[] = [];

before(async () => {
  if (!(await postgresReachable())) skipReason = PG_SKIP_MESSAGE;
  else if (!(await redisReachable())) skipReason = REDIS_SKIP_MESSAGE;
  if (skipReason) return;
  schema = await postgresTestSchema();
  s3 = await startS3();
});

after(async () => {
  await Promise.all(processes.map((process) => process.kill9()));
  await db?.close();
  await schema?.drop();
  await s3?.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

test('the cluster rides through PostgreSQL dropping its connections, Redis coming back empty and S3 stopping for 15 s', {
  timeout: 600_000,
}, async (t) => {
  if (skipReason) return t.skip(skipReason);
  const redisUrl = faultRedisUrl();
  const applicationName = uniqueApplicationName('kiln-faults');
  const databaseUrl = new URL(schema!.url);
  databaseUrl.searchParams.set('application_name', applicationName);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3!.env,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    KILN_QUEUE_NAME: `kiln-faults-${randomBytes(5).toString('hex')}`,
    KILN_SIGNING_SECRET: 'faults-test-secret',
    KILN_LEASE_MS: '4000',
    KILN_HEARTBEAT_MS: '800',
    KILN_MAX_ATTEMPTS: '5',
    KILN_MAX_IN_FLIGHT: '60',
    KILN_RATE_LIMIT_PER_MINUTE: '1000',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
  };
  const withDataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiln-faults-'));
    dirs.push(dir);
    return { ...env, KILN_DATA_DIR: dir };
  };
  const keyIo = captureIo(await withDataDir());
  assert.equal(await main(['keys', 'create', '--credits', '500'], keyIo), 0, keyIo.stderr.join('\n'));
  const key = keyIo.stdout.at(-1)!;
  db = await openPostgres(schema!.url, { poolSize: 3 });

  const start = async (role: 'api' | 'worker') => {
    const args = role === 'api' ? ['serve', '--no-workers'] : ['worker', '--concurrency', '2'];
    const started = await startKiln(args, await withDataDir(), 240_000);
    processes.push(started);
    return started;
  };
  const apis = await Promise.all([start('api'), start('api')]);
  const workers = await Promise.all([start('worker'), start('worker')]);
  const api = (i: number) => apis[i % 2].url;

  // --- submitting and watching tasks, as a careful client would (retrying 5xx with one Idempotency-Key) ---
  const sizes = new Map<string, number>();
  let submissions = 0;
  const submit = async (prompt: string, size: number): Promise<string> => {
    const index = submissions++;
    const idempotencyKey = `faults-${index}-${randomBytes(4).toString('hex')}`;
    let last = '';
    for (let attempt = 0; attempt < 60; attempt++) {
      try {
        const response = await fetch(`${api(index + attempt)}/api/v2/rodin`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'idempotency-key': idempotencyKey,
          },
          body: JSON.stringify({ prompt: `${prompt} size=${size}` }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json()) as { uuid?: string; error?: string };
        if (response.status === 201 && body.uuid && !body.error) {
          sizes.set(body.uuid, size);
          return body.uuid;
        }
        assert.ok(response.status >= 500, `submission refused: ${response.status} ${JSON.stringify(body)}`);
        last = `${response.status} ${JSON.stringify(body)}`;
      } catch (error) {
        if (error instanceof assert.AssertionError) throw error;
        last = String(error);
      }
      await sleep(250);
    }
    assert.fail(`a submission never got an answer: ${last}`);
  };
  const submitBatch = (count: number, sleepMs: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        submit(`sleep=${sleepMs + (i % 4) * 200}`, 1_000 + submissions * 131 + i),
      ),
    );
  const states = async (ids: string[]) =>
    db!.kysely
      .selectFrom('tasks')
      .select(['id', 'state', 'error_code', 'error_message'])
      .where('id', 'in', ids)
      .execute();
  const allFinal = async (ids: string[], timeoutMs: number, what: string) => {
    await waitFor(
      async () => (await states(ids)).every((task) => task.state === 'Done' || task.state === 'Failed'),
      timeoutMs,
      what,
    ).catch(async (error) => {
      const open = (await states(ids)).filter((task) => task.state !== 'Done' && task.state !== 'Failed');
      throw new Error(
        `${(error as Error).message}: ${open.length} open (${open.map((task) => task.state).join(', ')})\nworker log:\n${workers[0].log().slice(-3000)}`,
      );
    });
  };
  const readyEverywhere = () =>
    waitFor(
      async () =>
        (await Promise.all(apis.map((server) => fetch(`${server.url}/readyz`)))).every((r) => r.status === 200),
      RESUME_MS,
      'both API servers ready',
    );
  /**
   * After a dependency returns: both API servers ready, a new submission accepted and the workers
   * working again (a task started or finished after `back`), within RESUME_MS; returns how long it took and the
   * new task (which queues behind the backlog, so it is only required to finish later).
   */
  const resumed = async (back: number, label: string) => {
    await readyEverywhere();
    const probe = await submit('', 4_000 + submissions);
    await waitFor(
      async () =>
        (await db!.kysely
          .selectFrom('tasks')
          .select('id')
          .where((where) => where.or([where('finished_at', '>', back), where('started_at', '>', back)]))
          .executeTakeFirst()) !== undefined,
      60_000,
      `a task to finish after ${label} returned`,
    );
    const ms = Date.now() - back;
    assert.ok(
      ms <= RESUME_MS,
      `service back ${ms} ms after ${label} returned\nworker log:\n${workers[0].log().slice(-2500)}\napi log:\n${apis[0].log().slice(-1500)}`,
    );
    return { ms, probe };
  };
  const generating = (ids: string[]) =>
    waitFor(async () => (await states(ids)).some((task) => task.state === 'Generating'), 30_000, 'a task to start');
  const everyone = () => [...apis, ...workers];
  const allAlive = (label: string) => {
    for (const process of everyone())
      assert.equal(process.child.exitCode, null, `${label}: a process exited:\n${process.log().slice(-2000)}`);
  };
  const accepted: string[] = [];
  const timings: string[] = [];

  // --- 1. PostgreSQL drops every connection of the cluster while tasks run ---
  {
    const batch = await submitBatch(8, 1_200);
    accepted.push(...batch);
    await generating(batch);
    const terminated = await terminateConnections(applicationName);
    assert.ok(terminated >= 4, `the cluster's connections were terminated (${terminated})`);
    const back = Date.now();
    const { ms, probe } = await resumed(back, 'PostgreSQL');
    accepted.push(probe);
    await allFinal([...batch, probe], 60_000, 'the tasks in flight when PostgreSQL dropped its connections');
    allAlive('after PostgreSQL dropped its connections');
    timings.push(`PostgreSQL: ${terminated} connections terminated, service back in ${ms} ms`);
  }

  // --- 2. a worker killed mid-job, then Redis comes back empty ---
  {
    const batch = await submitBatch(8, 2_000);
    accepted.push(...batch);
    await generating(batch);
    await sleep(500);
    await workers[1].kill9();
    processes.splice(processes.indexOf(workers[1]), 1);
    const redis = new Redis(redisUrl);
    try {
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
    const back = Date.now();
    // The replacement starts meanwhile; the surviving worker alone must resume the service in time.
    const replacement = start('worker');
    const { ms, probe } = await resumed(back, 'Redis');
    workers[1] = await replacement;
    accepted.push(probe);
    await allFinal([...batch, probe], 90_000, 'the tasks in flight when Redis lost its data');
    allAlive('after Redis lost its data');
    timings.push(`Redis: flushed with a killed worker's job in flight, service back in ${ms} ms`);
  }

  // --- 3. S3 stops answering for 15 s while jobs store their outputs, then returns on the same port ---
  {
    const batch = await submitBatch(8, 600);
    accepted.push(...batch);
    await generating(batch);
    await s3!.halt();
    const during = await submitBatch(4, 200); // text tasks need no upload: accepted while S3 is down
    accepted.push(...during);
    await sleep(15_000);
    const downNow = await fetch(`${apis[0].url}/readyz`);
    const downBody = (await downNow.json()) as { down: string[] };
    assert.equal(downNow.status, 503, 'readiness says the bucket is down');
    assert.ok(downNow.headers.get('retry-after'), 'with Retry-After');
    assert.deepEqual(downBody.down, ['storage']);
    allAlive('while S3 was down');
    await s3!.resume();
    const back = Date.now();
    const { ms, probe } = await resumed(back, 'S3');
    accepted.push(probe);
    await allFinal([...batch, ...during, probe], 90_000, 'the tasks in flight when S3 stopped');
    allAlive('after S3 came back');
    timings.push(`S3: 15 s outage, service back in ${ms} ms`);
  }
  for (const line of timings) t.diagnostic(line);

  // --- every task Done (or Failed with a reason and refunded), none lost, none created twice ---
  const tasks = await db.kysely.selectFrom('tasks').selectAll().execute();
  assert.deepEqual(tasks.map((task) => task.id).sort(), [...new Set(accepted)].sort(), 'exactly the accepted tasks');
  const failed = tasks.filter((task) => task.state !== 'Done');
  for (const task of failed) {
    assert.equal(task.state, 'Failed', `task ${task.id} ended ${task.state}`);
    assert.ok(task.error_message, `task ${task.id} failed with a reason`);
  }
  t.diagnostic(`${tasks.length} tasks, ${tasks.length - failed.length} Done, ${failed.length} Failed`);
  const rerun = await db.kysely.selectFrom('jobs').select('id').where('attempts', '>', 1).execute();
  t.diagnostic(`${rerun.length} jobs ran more than once`);

  // --- money: one reserve per task, ended once; balances = ledgers ---
  await assertLedgersBalanced(db, tasks);

  // --- every output downloads through a link from one API server fetched from the other ---
  const done = tasks.filter((task) => task.state === 'Done');
  let cursor = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (cursor < done.length) {
        const index = cursor++;
        const task = done[index];
        const listed = await fetch(`${api(index)}/api/v2/download`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ task_uuid: task.id }),
        });
        assert.equal(listed.status, 200);
        const list = ((await listed.json()) as { list: Array<{ name: string; url: string }> }).list;
        const model = list.find((item) => item.name.endsWith('.glb'));
        assert.ok(model, `task ${task.id} lists a GLB`);
        const link = new URL(model.url);
        link.host = new URL(api(index + 1)).host;
        const response = await fetch(link);
        assert.equal(response.status, 200, `task ${task.id}: ${model.name} from the other API server`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const size = sizes.get(task.id)!;
        assert.equal(bytes.byteLength, size);
        for (let i = 0; i < bytes.length; i += 251) assert.equal(bytes[i], (i * 31 + size) & 255, `byte ${i}`);
      }
    }),
  );

  // --- no process exited along the way; each stops cleanly ---
  allAlive('at the end');
  for (const process of everyone()) assert.equal(await process.stop(), 0, process.log().slice(-2000));
});
