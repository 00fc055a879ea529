/**
 * Service infrastructure figures, in one run so they compare as ratios on the same machine:
 * - submissions per second through TaskService.submit (one key, no uploads) on SQLite
 *   (and on PostgreSQL when BENCH_DATABASE_URL is set),
 * - status lookups per second (statusBySubscriptionKey) against a plain `select 1` on the same Db,
 * - embedded queue lease+complete cycles per second,
 * - engine round trip through the worker-thread runner (trivial engine) against a direct call.
 * Run: node --import tsx bench/tasks.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import type { GenerateSpec } from '../src/domain/task-spec.ts';
import { EngineRegistry, importEngine } from '../src/engines/registry.ts';
import { EngineRunner } from '../src/engines/runner/index.ts';
import { SqlQueue } from '../src/queue/index.ts';
import { createServices } from '../src/services.ts';
import { openSqlite } from '../src/store/db.ts';

const ENGINE = new URL('../test/fixtures/engines/scripted.ts', import.meta.url).href;
const spec = {
  kind: 'generate',
  mode: 'text',
  tier: 'Gen-2.5-Medium',
  legacy: false,
  prompt: '',
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

async function rate(
  label: string,
  count: number,
  concurrency: number,
  op: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await op(next++);
    }),
  );
  const perSecond = count / ((performance.now() - started) / 1000);
  console.log(`${label.padEnd(58)} ${perSecond.toFixed(0).padStart(8)} /s  (${count} ops, concurrency ${concurrency})`);
  return perSecond;
}

async function serviceFigures(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-'));
  const engines = new EngineRegistry();
  engines.register('generate-text', ENGINE);
  const services = await createServices(loadConfig({ KILN_DATA_DIR: dir, KILN_MAX_IN_FLIGHT: '100000', ...env }), {
    engines,
    builtins: false,
  });
  try {
    const { record } = await services.accounts.createKey({ credits: 1_000_000 });
    const principal = { accountId: record.accountId, keyId: record.id };
    const keys: string[] = [];
    const submit = await rate(`${label}: submit (reserve + task + job + enqueue)`, 1000, 16, async () => {
      const task = await services.tasks.submit({ ...principal, spec, price: 0.5, inputs: [], prompt: '' });
      keys.push(task.subscriptionKey);
    });
    const status = await rate(`${label}: statusBySubscriptionKey`, 5000, 16, (i) =>
      services.tasks.statusBySubscriptionKey(principal.accountId, keys[i % keys.length]!),
    );
    const bare = await rate(`${label}: bare "select 1" on the same Db`, 5000, 16, () =>
      sql`select 1`.execute(services.db.kysely),
    );
    console.log(
      `${label}: status / bare select ratio ${(status / bare).toFixed(2)}; submit / status ratio ${(submit / status).toFixed(3)}`,
    );
  } finally {
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await serviceFigures('SQLite', {});
if (process.env.BENCH_DATABASE_URL)
  await serviceFigures('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL });

{
  const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-'));
  const db = await openSqlite(join(dir, 'q.db'));
  const queue = new SqlQueue(db);
  for (let i = 0; i < 2000; i++) await queue.enqueue(`j${i}`, '{}');
  await rate('embedded queue: lease + complete', 2000, 4, async () => {
    const job = await queue.lease(30_000);
    if (job) await queue.complete(job.id, job.owner);
  });
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}

{
  const runner = new EngineRunner({ threads: 1 });
  await runner.run({ moduleUrl: ENGINE, taskId: 'warm', spec, inputs: [] });
  const engine = await importEngine(ENGINE);
  const bytes = () => [{ field: 'images', filename: 'a', bytes: new Uint8Array(4 * 1024 * 1024) }];
  const direct = await rate('engine run, direct call (4 MiB input)', 200, 1, () =>
    engine.run({ taskId: 'd', spec, inputs: bytes(), progress: () => undefined, signal: new AbortController().signal }),
  );
  const threaded = await rate('engine run, worker thread (4 MiB input, transferred)', 200, 1, () =>
    runner.run({ moduleUrl: ENGINE, taskId: 't', spec, inputs: bytes() }),
  );
  console.log(`worker-thread overhead: ${(1000 / threaded - 1000 / direct).toFixed(2)} ms per run`);
  await runner.close();
}
