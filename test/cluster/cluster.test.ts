/**
 * The distributed stack as separate OS processes: 2 API servers (`kiln serve --no-workers`) and 3
 * workers (`kiln worker`) on PostgreSQL + Redis/BullMQ + S3 (s3rver). 200 tasks of mixed kinds (the
 * scripted test engine, a few refusals, real Bang and image→3D runs); meanwhile two workers and one API
 * server are killed with SIGKILL and started again. Then every accepted task is Done (or Failed with a
 * refund for the refusals it asked for), none is lost or charged twice, every balance equals its ledger,
 * no key keeps a task in flight, and every output downloads from either API server. Along the way the
 * per-key in-flight cap, the rate limit and Idempotency-Key replays are checked across both servers.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
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
import { cubeGlb } from '../api/fixture-engine.ts';
import sharp from 'sharp';
import { startKiln, type KilnProcess } from './processes.ts';

const TEST_TIMEOUT_MS = 420_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Planned {
  key: string;
  path: '/api/v2/rodin' | '/api/v2/bang';
  fields: Record<string, string>;
  files: Array<{ field: string; bytes: Uint8Array; filename: string }>;
  /** What the outcome must be. */
  expect: { state: 'Done'; size?: number; glb?: boolean } | { state: 'Failed'; code: string };
  idempotencyKey: string;
}

let skipReason: string | false = false;
let schema: Awaited<ReturnType<typeof postgresTestSchema>> | undefined;
let s3: TestS3 | undefined;
let db: Db | undefined;
const dirs: string[] = [];
const processes: KilnProcess[] = [];
let finished = false;

before(async () => {
  if (!(await postgresReachable())) skipReason = PG_SKIP_MESSAGE;
  else if (!(await redisReachable())) skipReason = REDIS_SKIP_MESSAGE;
  if (skipReason) return;
  schema = await postgresTestSchema();
  s3 = await startS3();
});

after(async () => {
  finished = true;
  await Promise.all(processes.map((process) => process.kill9()));
  await db?.close();
  await schema?.drop();
  await s3?.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

test('2 API servers + 3 workers survive kill -9 of two workers and one API server, losing and double-charging nothing', {
  timeout: TEST_TIMEOUT_MS,
}, async (t) => {
  if (skipReason) return t.skip(skipReason);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3!.env,
    DATABASE_URL: schema!.url,
    REDIS_URL: TEST_REDIS_URL,
    KILN_QUEUE_NAME: `kiln-cluster-${randomBytes(5).toString('hex')}`,
    KILN_SIGNING_SECRET: 'cluster-test-secret',
    // Short leases so a killed worker's jobs come back within seconds.
    KILN_LEASE_MS: '4000',
    KILN_HEARTBEAT_MS: '800',
    KILN_MAX_ATTEMPTS: '5',
    KILN_MAX_IN_FLIGHT: '40',
    KILN_RATE_LIMIT_PER_MINUTE: '300',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
  };
  const withDataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiln-cluster-'));
    dirs.push(dir);
    return { ...env, KILN_DATA_DIR: dir };
  };

  // Keys first: this also runs the migrations once, before five processes start at the same time.
  const newKey = async (credits: number) => {
    const io = captureIo(await withDataDir());
    assert.equal(await main(['keys', 'create', '--credits', String(credits)], io), 0, io.stderr.join('\n'));
    return io.stdout.at(-1)!;
  };
  const keys = await Promise.all([100, 100, 100, 100, 100, 0].map(async (credits) => newKey(credits)));
  const [capKey, rateKey] = [keys[4], keys[5]];
  db = await openPostgres(schema!.url, { poolSize: 4 });

  const start = async (role: 'api' | 'worker') => {
    const started = await startKiln(
      role === 'api' ? ['serve', '--no-workers'] : ['worker', '--concurrency', '3'],
      await withDataDir(),
      120_000,
    );
    processes.push(started); // every process, restarts included, is killed by after() whatever happens
    return started;
  };
  const apis = await Promise.all([start('api'), start('api')]);
  const workers = await Promise.all([start('worker'), start('worker'), start('worker')]);
  const api = (i: number) => apis[i % 2].url;

  // --- the plan: 160 tasks on four keys, then 40 (the in-flight probe) on the fifth ---
  const disc =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#ffffff"/><ellipse cx="128" cy="134" rx="70" ry="92" fill="#c8281e"/></svg>';
  const image = new Uint8Array(await sharp(Buffer.from(disc)).png().toBuffer());
  const cube = await cubeGlb();
  const plan: Planned[] = [];
  for (let i = 0; i < 160; i++) {
    const key = keys[i % 4];
    const idempotencyKey = `cluster-${i}-${randomBytes(4).toString('hex')}`;
    if (i === 10 || i === 90) {
      plan.push({
        key,
        path: '/api/v2/rodin',
        fields: { tier: 'Gen-2.5-Low', quality: 'extra-low' },
        files: [{ field: 'images', bytes: image, filename: 'photo.png' }],
        expect: { state: 'Done', glb: true },
        idempotencyKey,
      });
    } else if (i === 30 || i === 120) {
      plan.push({
        key,
        path: '/api/v2/bang',
        fields: { strength: '1' },
        files: [
          { field: 'model', bytes: cube, filename: 'cube.glb' },
          { field: 'image', bytes: image, filename: 'reference.png' },
        ],
        expect: { state: 'Done', glb: true },
        idempotencyKey,
      });
    } else if (i % 20 === 7) {
      plan.push({
        key,
        path: '/api/v2/rodin',
        fields: { prompt: `sleep=${100 + (i % 5) * 100} refuse` },
        files: [],
        expect: { state: 'Failed', code: 'API_OBJECT_NOT_FOUND_ON_IMAGE' },
        idempotencyKey,
      });
    } else {
      const size = 1_000 + i * 997;
      plan.push({
        key,
        path: '/api/v2/rodin',
        fields: { prompt: `sleep=${200 + (i % 7) * 150} size=${size}` },
        files: [],
        expect: { state: 'Done', size },
        idempotencyKey,
      });
    }
  }

  const post = async (
    server: number,
    item: Pick<Planned, 'key' | 'path' | 'fields' | 'files'> & { idempotencyKey?: string },
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(item.fields)) form.append(name, value);
    for (const file of item.files) form.append(file.field, new Blob([file.bytes as BlobPart]), file.filename);
    const headers: Record<string, string> = { authorization: `Bearer ${item.key}` };
    if (item.idempotencyKey) headers['idempotency-key'] = item.idempotencyKey;
    const response = await fetch(`${api(server)}${item.path}`, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: (await response.json()) as { uuid?: string; error?: string } };
  };

  /** Submits like a careful client: on a dropped connection or a 5xx, the same request (same Idempotency-Key) goes to the other server. */
  const submitted = new Map<number, string>();
  const submit = async (index: number): Promise<void> => {
    const item = plan[index];
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        const { status, body } = await post(index + attempt, item);
        if (status === 201 && body.uuid && !body.error) {
          submitted.set(index, body.uuid);
          return;
        }
        assert.ok(status >= 500, `submission ${index} refused: ${status} ${JSON.stringify(body)}`);
      } catch (error) {
        if (error instanceof assert.AssertionError) throw error;
      }
      await sleep(250);
    }
    assert.fail(`submission ${index} never got an answer`);
  };

  // --- chaos: kill -9 as submissions and jobs are under way, then start the processes again ---
  const chaos = (async () => {
    const until = async (accepted: number) => {
      // Gives up with the test, so a failed run never leaves this loop keeping the process alive.
      while (submitted.size < accepted) {
        if (finished) throw new Error('the test ended before the chaos schedule ran');
        await sleep(50);
      }
    };
    await until(40);
    await workers[0].kill9();
    await until(80);
    await apis[0].kill9();
    await sleep(500);
    await workers[1].kill9();
    await sleep(1_500);
    const [api0, worker0] = await Promise.all([start('api'), start('worker')]);
    apis[0] = api0;
    workers[0] = worker0;
    workers[1] = await start('worker');
  })();
  chaos.catch(() => undefined); // awaited below; a failure before then is reported by the assertion that caused it

  // Idempotency across servers: the same request with one key sent to both at once is one task.
  const [twinA, twinB] = await Promise.all([post(0, plan[0]), post(1, plan[0])]);
  assert.equal(twinA.status, 201, JSON.stringify(twinA.body));
  assert.equal(twinB.status, 201, JSON.stringify(twinB.body));
  assert.equal(twinA.body.uuid, twinB.body.uuid, 'one Idempotency-Key, one task, whichever server answers');
  submitted.set(0, twinA.body.uuid!);

  // The in-flight cap across servers: 45 long tasks on one key at once, spread over both servers (long
  // enough that none finishes, freeing a slot, before the last of the 45 is answered).
  const capItems = Array.from({ length: 45 }, () => ({
    key: capKey,
    path: '/api/v2/rodin' as const,
    fields: { prompt: 'sleep=6000 size=4096' },
    files: [],
  }));
  const capResults = await Promise.all(capItems.map((item, i) => post(i, item)));
  const capAccepted = capResults.filter((result) => result.status === 201 && result.body.uuid);
  assert.equal(
    capAccepted.length,
    40,
    `exactly KILN_MAX_IN_FLIGHT accepted: ${JSON.stringify(capResults.map((r) => r.status))}`,
  );
  assert.ok(
    capResults
      .filter((result) => !result.body.uuid)
      .every((result) => result.body.error === 'API_PARALLELISM_LIMIT_REACHED'),
  );
  for (const [i, result] of capAccepted.entries()) {
    plan.push({
      key: capKey,
      path: '/api/v2/rodin',
      fields: {},
      files: [],
      expect: { state: 'Done', size: 4096 },
      idempotencyKey: `cap-${i}`,
    });
    submitted.set(plan.length - 1, result.body.uuid!);
  }

  // The rate limit across servers: 300 submissions a minute per key in all, wherever they land.
  const rateResults = await Promise.all(
    Array.from({ length: 310 }, (_, i) =>
      post(i, { key: rateKey, path: '/api/v2/rodin', fields: { prompt: 'size=1' }, files: [] }),
    ),
  );
  assert.equal(
    rateResults.filter((result) => result.body.error === 'RATE_LIMITED').length,
    10,
    'the shared window allows exactly 300',
  );
  assert.ok(
    rateResults.every((result) => result.body.error === 'RATE_LIMITED' || result.body.error === 'INSUFFICIENT_FUND'),
  );

  // The main submissions, eight at a time.
  let next = 1;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < 160) await submit(next++);
    }),
  );
  await chaos;
  assert.equal(submitted.size, 200);

  // --- every task reaches a final state ---
  const accepted = [...submitted.values()];
  const deadline = Date.now() + 180_000;
  for (;;) {
    const open = await db!.kysely
      .selectFrom('tasks')
      .select('id')
      .where('state', 'in', ['Waiting', 'Generating'])
      .execute();
    if (open.length === 0) break;
    assert.ok(
      Date.now() < deadline,
      `${open.length} tasks still open; API log:\n${apis[1].log().slice(-3000)}\nworker log:\n${workers[2].log().slice(-3000)}`,
    );
    await sleep(500);
  }

  // --- none lost, none extra, each with the outcome it asked for ---
  const tasks = await db!.kysely.selectFrom('tasks').selectAll().execute();
  const byId = new Map(tasks.map((task) => [task.id, task]));
  assert.equal(new Set(accepted).size, 200, '200 distinct tasks accepted');
  assert.deepEqual(
    tasks.map((task) => task.id).sort(),
    [...accepted].sort(),
    'the database holds exactly the accepted tasks: none lost, none created twice',
  );
  for (const [index, uuid] of submitted) {
    const task = byId.get(uuid)!;
    const want = plan[index].expect;
    assert.equal(
      task.state,
      want.state,
      `task ${index} (${JSON.stringify(plan[index].fields)}) ended ${task.state}: ${task.error_code} ${task.error_message}`,
    );
    if (want.state === 'Failed') assert.equal(task.error_code, want.code);
  }

  // The kills did interrupt running jobs (else this test would prove nothing about recovery).
  const rerun = await db!.kysely.selectFrom('jobs').select('id').where('attempts', '>', 1).execute();
  assert.ok(rerun.length > 0, 'some jobs ran again after their worker was killed');
  t.diagnostic(`${rerun.length} jobs ran more than once after the kills`);

  // --- money: one reserve per task, ended once; balances = ledgers ---
  await assertLedgersBalanced(db!, tasks);

  // --- every output downloads, through links from one API server fetched from the other ---
  const done = [...submitted].filter(([, uuid]) => byId.get(uuid)!.state === 'Done');
  let cursor = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (cursor < done.length) {
        const [index, uuid] = done[cursor++];
        const from = index % 2;
        const listed = await fetch(`${api(from)}/api/v2/download`, {
          method: 'POST',
          headers: { authorization: `Bearer ${plan[index].key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ task_uuid: uuid }),
        });
        assert.equal(listed.status, 200);
        const list = ((await listed.json()) as { list: Array<{ name: string; url: string }> }).list;
        const model = list.find((item) => item.name.endsWith('.glb'));
        assert.ok(model, `task ${index} lists a GLB: ${JSON.stringify(list.map((item) => item.name))}`);
        const link = new URL(model.url);
        const other = new URL(api(from + 1));
        link.host = other.host;
        const response = await fetch(link);
        assert.equal(response.status, 200, `task ${index}: ${model.name} from the other API server`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const want = plan[index].expect as { size?: number; glb?: boolean };
        if (want.size !== undefined) {
          assert.equal(bytes.byteLength, want.size);
          for (let i = 0; i < bytes.length; i += 251)
            assert.equal(bytes[i], (i * 31 + want.size) & 255, `task ${index} byte ${i}`);
        }
        if (want.glb)
          assert.ok(
            (await new NodeIO().readBinary(bytes)).getRoot().listMeshes().length > 0,
            `task ${index}: a real GLB`,
          );
      }
    }),
  );

  // --- the processes still standing stop cleanly ---
  for (const process of [...apis, ...workers]) assert.equal(await process.stop(), 0, process.log().slice(-2000));
});
