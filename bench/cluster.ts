/**
 * The distributed stack as processes (PostgreSQL + Redis + s3rver, `kiln serve --no-workers`, `kiln
 * worker`):
 *   throughput  tasks/s with 1, 2 and 3 worker processes on the scripted test engine told to wait
 *               (`sleep=MS`), so the 2-core machine shows queue scaling rather than CPU;
 *   status      POST /api/v2/status req/s against one API server, then against two at once;
 *   large       one 280 MB output stored in S3 by a worker and downloaded through an API server, with
 *               each process's peak RSS (VmHWM) and a byte-exact check.
 * Usage: node --import tsx bench/cluster.ts [throughput|status|large …] (default: all three)
 * Knobs: BENCH_TASKS (60), BENCH_SLEEP_MS (1000), BENCH_CONCURRENCY per worker (4), BENCH_SECONDS (10),
 * BENCH_LARGE_BYTES (293601280 = 280 MiB).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openPostgres } from '../src/store/db.ts';
import { main } from '../src/cli/index.ts';
import { captureIo } from '../test/cli/io.ts';
import { postgresTestSchema } from '../test/store/databases.ts';
import { TEST_REDIS_URL } from '../test/support/external-services.ts';
import { startS3 } from '../test/support/s3-server.ts';
import { startKiln, type KilnProcess } from '../test/cluster/processes.ts';

const TASKS = Number(process.env.BENCH_TASKS ?? 60);
const SLEEP_MS = Number(process.env.BENCH_SLEEP_MS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LARGE_BYTES = Number(process.env.BENCH_LARGE_BYTES ?? 280 * 1024 * 1024);
const parts = process.argv.slice(2).length ? process.argv.slice(2) : ['throughput', 'status', 'large'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak resident set of a process so far, in MiB (Linux /proc). */
function peakRssMib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

const schema = await postgresTestSchema();
const s3 = await startS3();
const dirs: string[] = [];
const running: KilnProcess[] = [];
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...s3.env,
  DATABASE_URL: schema.url,
  REDIS_URL: TEST_REDIS_URL,
  KILN_QUEUE_NAME: `kiln-bench-${randomBytes(4).toString('hex')}`,
  KILN_SIGNING_SECRET: 'bench-secret',
  KILN_MAX_IN_FLIGHT: '100000',
  KILN_RATE_LIMIT_PER_MINUTE: '100000000', // on (so each request pays the shared Redis window), never reached
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
};
async function start(args: string[]): Promise<KilnProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'kiln-bench-cluster-'));
  dirs.push(dir);
  const process = await startKiln(args, { ...env, KILN_DATA_DIR: dir }, 180_000);
  running.push(process);
  return process;
}
const keyIo = captureIo({ ...env, KILN_DATA_DIR: tmpdir() });
await main(['keys', 'create', '--credits', '1000000'], keyIo);
const key = keyIo.stdout.at(-1)!;
const auth = { authorization: `Bearer ${key}` };
const db = await openPostgres(schema.url, { poolSize: 2 });

async function submit(base: string, prompt: string): Promise<{ uuid: string; jobs: { subscription_key: string } }> {
  const form = new FormData();
  form.append('prompt', prompt);
  const response = await fetch(`${base}/api/v2/rodin`, { method: 'POST', headers: auth, body: form });
  const body = await response.json();
  if (response.status !== 201 || body.error) throw new Error(`submission refused: ${JSON.stringify(body)}`);
  return body;
}

async function waitDone(uuids: string[], timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await db.kysely
      .selectFrom('tasks')
      .select('id')
      .where('id', 'in', uuids)
      .where('state', 'in', ['Waiting', 'Generating'])
      .execute();
    if (open.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${open.length} tasks still open`);
    await sleep(100);
  }
}

const report: string[] = [`cluster bench — Node ${process.version}, load average at start ${loadavg()[0].toFixed(1)}`];
const api = await start(['serve', '--no-workers']);

try {
  if (parts.includes('throughput')) {
    report.push(
      '',
      `tasks/s: ${TASKS} tasks of sleep=${SLEEP_MS} ms, ${CONCURRENCY} consumers per worker process`,
      '',
      '| worker processes | wall s | tasks/s | vs 1 process | ideal tasks/s |',
      '|---|---|---|---|---|',
    );
    const workers: KilnProcess[] = [];
    let single = 0;
    for (const count of [1, 2, 3]) {
      while (workers.length < count) workers.push(await start(['worker', '--concurrency', String(CONCURRENCY)]));
      await sleep(1_000);
      const started = Date.now();
      const accepted = await Promise.all(
        Array.from({ length: TASKS }, () => submit(api.url, `sleep=${SLEEP_MS} size=1024`)),
      );
      await waitDone(accepted.map((task) => task.uuid));
      const seconds = (Date.now() - started) / 1000;
      const rate = TASKS / seconds;
      if (count === 1) single = rate;
      report.push(
        `| ${count} | ${seconds.toFixed(1)} | ${rate.toFixed(2)} | ${(rate / single).toFixed(2)}× | ${((count * CONCURRENCY * 1000) / SLEEP_MS).toFixed(2)} |`,
      );
      console.error(report.at(-1));
    }
    for (const worker of workers) await worker.stop();
  }

  if (parts.includes('status')) {
    const second = await start(['serve', '--no-workers']);
    const task = await submit(api.url, 'size=1');
    const options = (base: string) => ({
      url: `${base}/api/v2/status`,
      method: 'POST' as const,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ subscription_key: task.jobs.subscription_key }),
      connections: 10,
      duration: SECONDS,
    });
    await autocannon({ ...options(api.url), duration: 2 });
    await autocannon({ ...options(second.url), duration: 2 });
    const one = await autocannon(options(api.url));
    const [a, b] = await Promise.all([autocannon(options(api.url)), autocannon(options(second.url))]);
    const errors = (r: typeof one) => r.errors + r.timeouts + r.non2xx;
    report.push(
      '',
      `/status throughput (${SECONDS} s, 10 connections per server, rate limiting on through Redis)`,
      '',
      '| API servers | req/s | p50 ms | p99 ms | errors/non-2xx |',
      '|---|---|---|---|---|',
      `| 1 | ${one.requests.average.toFixed(0)} | ${one.latency.p50} | ${one.latency.p99} | ${errors(one)} |`,
      `| 2 (sum) | ${(a.requests.average + b.requests.average).toFixed(0)} | ${a.latency.p50} / ${b.latency.p50} | ${a.latency.p99} / ${b.latency.p99} | ${errors(a) + errors(b)} |`,
    );
    console.error(report.slice(-2).join('\n'));
    await second.stop();
  }

  if (parts.includes('large')) {
    const worker = await start(['worker', '--concurrency', '1']);
    const apiBefore = peakRssMib(api.child.pid!);
    const started = Date.now();
    const task = await submit(api.url, `size=${LARGE_BYTES}`);
    await waitDone([task.uuid]);
    const stored = (Date.now() - started) / 1000;
    const listed = await fetch(`${api.url}/api/v2/download`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ task_uuid: task.uuid }),
    });
    const url = ((await listed.json()) as { list: Array<{ name: string; url: string }> }).list.find((item) =>
      item.name.endsWith('.glb'),
    )!.url;
    const downloadStart = Date.now();
    const response = await fetch(url);
    const hash = createHash('sha256');
    let received = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.byteLength;
    }
    const downloaded = (Date.now() - downloadStart) / 1000;
    // The scripted engine's bytes: byte i = (i * 31 + N) & 255, generated here in pieces.
    const expected = createHash('sha256');
    const piece = new Uint8Array(1 << 20);
    for (let offset = 0; offset < LARGE_BYTES; offset += piece.length) {
      const size = Math.min(piece.length, LARGE_BYTES - offset);
      for (let i = 0; i < size; i++) piece[i] = ((offset + i) * 31 + LARGE_BYTES) & 255;
      expected.update(piece.subarray(0, size));
    }
    const identical = hash.digest('hex') === expected.digest('hex') && received === LARGE_BYTES;
    report.push(
      '',
      `one ${(LARGE_BYTES / 1024 / 1024).toFixed(0)} MiB output through S3 (s3rver): worker stores it (multipart), API server streams it back`,
      '',
      '| measure | value |',
      '|---|---|',
      `| submit → Done (engine makes the bytes, worker uploads) | ${stored.toFixed(1)} s |`,
      `| download through the API server's signed link | ${downloaded.toFixed(1)} s (${(received / 1024 / 1024 / downloaded).toFixed(0)} MiB/s) |`,
      `| bytes identical | ${identical ? 'yes' : 'NO'} |`,
      `| API server peak RSS (VmHWM) | ${peakRssMib(api.child.pid!).toFixed(0)} MiB (${apiBefore.toFixed(0)} MiB before the task) |`,
      `| worker peak RSS (VmHWM) | ${peakRssMib(worker.child.pid!).toFixed(0)} MiB |`,
    );
    console.error(report.slice(-5).join('\n'));
    await worker.stop();
  }
} finally {
  await Promise.all(running.map((process) => process.kill9()));
  await db.close();
  await schema.drop();
  await s3.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
report.push('', `load average at end ${loadavg()[0].toFixed(1)}`);
console.log(report.join('\n'));
