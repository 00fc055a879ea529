/**
 * Task event streams at scale: N concurrent streams (default 1,000, one per task) on one server.
 * - memory per stream: the server's heap and RSS after a GC, with all streams open, minus before;
 * - delay from a job's progress to the client: the server records progress (the worker's own
 *   recordProgress: database write, then publish) for every task, R rounds paced over one second each;
 *   a client process (bench/support/event-clients.ts) takes receive time − event time; p50/p99/max.
 * `--redis` runs the same with REDIS_URL (events over Redis pub/sub, through a round trip to Redis);
 * `--postgres` with DATABASE_URL alone (rows in PostgreSQL, events over LISTEN/NOTIFY), on a fresh
 * schema of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards.
 * Run: node --expose-gc --import tsx bench/events.ts [--streams 1000] [--rounds 5] [--redis | --postgres]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/api/index.ts';
import { loadConfig } from '../src/config.ts';
import type { GenerateSpec } from '../src/domain/task-spec.ts';
import { EngineRegistry } from '../src/engines/registry.ts';
import { createServices } from '../src/services.ts';
import { recordProgress, startAttempt } from '../src/tasks/transitions.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
    redis: { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
  },
});
const STREAMS = Number(values.streams);
const ROUNDS = Number(values.rounds);
const spec = {
  kind: 'generate',
  mode: 'text',
  tier: 'Gen-2.5-Medium',
  legacy: false,
  prompt: 'bench',
  imageCount: 0,
  imageLabels: [],
  meshMode: 'Raw',
  quality: 'medium',
  faceBudget: 50_000,
  geometryFileFormat: 'glb',
  material: 'PBR',
  textureMode: 'medium',
  textureResolution: 2048,
  uhdTexture: false,
  addons: [],
  creative: false,
  fastMode: true,
  highPolyMesh: false,
  seed: 0,
  useOriginalAlpha: false,
  taPose: false,
  conditionMode: 'concat',
  previewRender: false,
} as GenerateSpec;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function memory(): { heap: number; rss: number } {
  for (let i = 0; i < 3; i++) (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
}

const dataDir = mkdtempSync(join(tmpdir(), 'kiln-bench-events-'));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgSchema = `kiln_bench_events_${randomBytes(4).toString('hex')}`;
async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}
if (values.postgres) await pgAdmin(`create schema ${pgSchema}`);
const pgUrl = new URL(PG_URL);
pgUrl.searchParams.set('options', `-c search_path=${pgSchema}`);
const config = loadConfig({
  KILN_DATA_DIR: dataDir,
  KILN_MAX_IN_FLIGHT: String(STREAMS + 10),
  KILN_EVENTS_MAX_STREAMS_PER_KEY: String(STREAMS),
  KILN_RATE_LIMIT_PER_MINUTE: '0',
  ...(values.postgres ? { DATABASE_URL: pgUrl.toString() } : {}),
  ...(values.redis
    ? {
        REDIS_URL: process.env.KILN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        KILN_QUEUE_NAME: `kiln-bench-${randomBytes(4).toString('hex')}`,
      }
    : {}),
});
const engines = new EngineRegistry();
engines.register('generate-text', new URL('../test/fixtures/engines/scripted.ts', import.meta.url).href);
const services = await createServices(config, { engines, builtins: false });
const app = await buildApp({ services, config, processMetrics: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
try {
  const { key, record } = await services.accounts.createKey({ credits: STREAMS });
  const tasks: Array<{ taskId: string; jobId: string }> = [];
  for (let i = 0; i < STREAMS; i++) {
    const task = await services.tasks.submit({
      accountId: record.accountId,
      keyId: record.id,
      spec,
      price: 0.5,
      inputs: [],
      prompt: 'bench',
    });
    tasks.push({ taskId: task.uuid, jobId: task.jobs[0]!.uuid });
    await startAttempt(services.db, task.uuid, task.jobs[0]!.uuid, 1); // Generating, as a worker would (no worker runs)
  }
  const before = memory();
  const clients = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./support/event-clients.ts', import.meta.url).pathname],
    {
      env: { ...process.env, KILN_API_KEY: key },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: clients.stdout! })[Symbol.asyncIterator]();
  clients.stdin!.write(`${tasks.map((task) => `${base}/api/v2/tasks/${task.taskId}/events`).join('\n')}\nend\n`);
  const connectStart = Date.now();
  if ((await lines.next()).value !== 'connected') throw new Error('clients failed to connect');
  const connectMs = Date.now() - connectStart;
  await sleep(500);
  const open = memory();
  const following = services.feed.following;

  for (let round = 1; round <= ROUNDS; round++) {
    const started = Date.now();
    for (let i = 0; i < tasks.length; i++) {
      await recordProgress(services.db, tasks[i]!.jobId, 'shape', round * 15, services.events);
      // Pace: one round per second, spread evenly.
      const due = started + ((i + 1) * 1000) / tasks.length;
      if (Date.now() < due) await sleep(due - Date.now());
    }
  }
  // End every stream (failed is final; the bench does not need outputs) so the clients report.
  for (const task of tasks)
    await services.events.publish({
      type: 'failed',
      taskId: task.taskId,
      error: { code: 'UNKNOWN', message: 'bench over' },
      at: Date.now(),
    });
  const result = JSON.parse((await lines.next()).value as string) as {
    streams: number;
    events: number;
    errors: number;
    p50: number;
    p99: number;
    max: number;
  };
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `publisher: ${services.events.kind}; streams followed by the server: ${following}; all ${STREAMS} connected in ${connectMs} ms`,
  );
  console.log(
    `memory per open stream: heap ${kib((open.heap - before.heap) / STREAMS)} KiB, RSS ${kib((open.rss - before.rss) / STREAMS)} KiB`,
  );
  console.log(
    `progress → client delay over ${result.events} live events (${ROUNDS} rounds × ${STREAMS} streams, ${STREAMS} events/s): p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms; client errors ${result.errors}`,
  );
} finally {
  await app.close();
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (values.postgres) await pgAdmin(`drop schema ${pgSchema} cascade`);
}
