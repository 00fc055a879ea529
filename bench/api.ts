/**
 * API benchmark: /api/v2/status throughput and /api/v2/generate submit latency against a bare Fastify
 * route answering the same requests with a fixed body, in one run, so the ratio shows what Kiln's
 * layers (auth, rate limit, validation, SQLite, multipart, image check, blobs) cost.
 *
 *   node --import tsx bench/api.ts    # BENCH_SECONDS=20 per row (BENCH_ROUNDS=5 alternating rounds)
 *
 * The servers run in a child process (this file with --serve) so the load generator does not share
 * their event loop. Embedded stack (SQLite, local blobs), no workers: tasks stay Waiting.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import sharp from 'sharp';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const STATUS_CONNECTIONS = 32;
const SUBMIT_CONNECTIONS = 8;
const PRELOADED_TASKS = 500;

interface Ready {
  kiln: string;
  bare: string;
  key: string;
  subscriptionKeys: string[];
}

async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 180, g: 90, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
}

function multipartBody(image: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----kilnbench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="0000.png"\r\n\r\n`),
    image,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="tier"\r\n\r\nGen-2.5-Medium\r\n--${boundary}--\r\n`,
    ),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Child: Kiln's app on a fresh data dir, and a bare Fastify app with the same two routes. */
async function serve(): Promise<void> {
  const { loadConfig } = await import('../src/config.ts');
  const { createServices } = await import('../src/services.ts');
  const { EngineRegistry } = await import('../src/engines/registry.ts');
  const { buildApp } = await import('../src/api/index.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-bench-'));
  const config = loadConfig({
    KILN_DATA_DIR: dataDir,
    KILN_RATE_LIMIT_PER_MINUTE: '0',
    KILN_MAX_IN_FLIGHT: '1000000000',
    KILN_WORKERS: '0',
  });
  const engines = new EngineRegistry();
  const services = await createServices(config, { engines });
  // A submission needs an engine registered for its kind; nothing runs it here (no workers).
  engines.register('generate-image', new URL('../test/api/fixture-engine.ts', import.meta.url).href);
  const kiln = await buildApp({ services, config, processMetrics: false });
  const { key } = await services.accounts.createKey({ name: 'bench', credits: 1e9 });

  const { body, contentType } = multipartBody(await pngBytes());
  const subscriptionKeys: string[] = [];
  for (let i = 0; i < PRELOADED_TASKS; i += 1) {
    const response = await kiln.inject({
      method: 'POST',
      url: '/api/v2/generate',
      headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
      payload: body,
    });
    subscriptionKeys.push(response.json().jobs.subscription_key);
  }

  const bare = Fastify();
  bare.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, payload, done) =>
    done(null, payload),
  );
  bare.post('/api/v2/status', async () => ({
    jobs: [{ uuid: '00000000-0000-4000-8000-000000000000', status: 'Waiting', progress: 0 }],
  }));
  bare.post('/api/v2/generate', async (_request, reply) =>
    reply.code(201).send({
      message: 'Submitted.',
      prompt: '',
      submit_time: new Date().toISOString(),
      uuid: '00000000-0000-4000-8000-000000000000',
      jobs: { uuids: ['00000000-0000-4000-8000-000000000001'], subscription_key: 'k' },
      consumed: 0.5,
    }),
  );
  const ready: Ready = {
    kiln: await kiln.listen({ port: 0, host: '127.0.0.1' }),
    bare: await bare.listen({ port: 0, host: '127.0.0.1' }),
    key,
    subscriptionKeys,
  };
  process.send!(ready);
  process.on('disconnect', async () => {
    await kiln.close();
    await bare.close();
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Rounds per comparison: Kiln and bare alternate so a change in machine load hits both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function measureOnce(options: autocannon.Options, seconds: number): Promise<Measured> {
  const result = await autocannon({ duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Alternating rounds; figures are medians over rounds, the ratio the median of per-round ratios. */
async function compare(
  kiln: () => autocannon.Options,
  bare: () => autocannon.Options,
): Promise<{ kiln: Measured; bare: Measured; ratio: number; latencyRatio: number }> {
  const seconds = Math.max(2, Math.round(SECONDS / ROUNDS));
  const rounds: Array<{ kiln: Measured; bare: Measured }> = [];
  for (let i = 0; i < ROUNDS; i += 1)
    rounds.push({ kiln: await measureOnce(kiln(), seconds), bare: await measureOnce(bare(), seconds) });
  const summary = (pick: (round: { kiln: Measured; bare: Measured }) => Measured): Measured => ({
    rps: median(rounds.map((round) => pick(round).rps)),
    p50: median(rounds.map((round) => pick(round).p50)),
    p99: median(rounds.map((round) => pick(round).p99)),
    errors: rounds.reduce((sum, round) => sum + pick(round).errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + pick(round).non2xx, 0),
  });
  return {
    kiln: summary((round) => round.kiln),
    bare: summary((round) => round.bare),
    ratio: median(rounds.map((round) => round.kiln.rps / round.bare.rps)),
    latencyRatio: median(rounds.map((round) => round.kiln.p50 / Math.max(round.bare.p50, 0.5))),
  };
}

function statusOptions(url: string, ready: Ready): autocannon.Options {
  let next = 0;
  return {
    url: `${url}/api/v2/status`,
    connections: STATUS_CONNECTIONS,
    requests: [
      {
        method: 'POST',
        headers: { authorization: `Bearer ${ready.key}`, 'content-type': 'application/json' },
        setupRequest: (request) => {
          const key = ready.subscriptionKeys[next++ % ready.subscriptionKeys.length];
          return { ...request, body: JSON.stringify({ subscription_key: key }) };
        },
      },
    ],
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0].toFixed(1);
  // BENCH_PROFILE=dir writes a CPU profile of the server process there.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['--serve'], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const { body, contentType } = multipartBody(await pngBytes());
  const submitOptions = (url: string): autocannon.Options => ({
    url: `${url}/api/v2/generate`,
    connections: SUBMIT_CONNECTIONS,
    method: 'POST',
    headers: { authorization: `Bearer ${ready.key}`, 'content-type': contentType },
    body,
  });

  // Warm both servers up (JIT, SQLite page cache) before measuring.
  await autocannon({ ...statusOptions(ready.kiln, ready), duration: 2 });
  await autocannon({ ...statusOptions(ready.bare, ready), duration: 2 });

  const status = await compare(
    () => statusOptions(ready.kiln, ready),
    () => statusOptions(ready.bare, ready),
  );
  const submit = await compare(
    () => submitOptions(ready.kiln),
    () => submitOptions(ready.bare),
  );
  child.disconnect();
  const [statusKiln, statusBare, submitKiln, submitBare] = [status.kiln, status.bare, submit.kiln, submit.bare];

  const row = (name: string, m: Measured) =>
    `| ${name} | ${m.rps.toFixed(0)} | ${m.p50.toFixed(1)} | ${m.p99.toFixed(1)} | ${m.errors + m.non2xx} |`;
  const lines = [
    `API benchmark — ${ROUNDS} alternating rounds of ${Math.max(2, Math.round(SECONDS / ROUNDS))}s per row (medians), ${STATUS_CONNECTIONS} connections for status, ${SUBMIT_CONNECTIONS} for submit; ${PRELOADED_TASKS} tasks preloaded; Node ${process.version}; load average before/after ${loadBefore} / ${loadavg()[0].toFixed(1)}`,
    '',
    '| measurement | req/s | p50 ms | p99 ms | errors/non-2xx |',
    '|---|---|---|---|---|',
    row('Kiln POST /api/v2/status', statusKiln),
    row('bare Fastify POST /api/v2/status', statusBare),
    row('Kiln POST /api/v2/generate (256² PNG, multipart)', submitKiln),
    row('bare Fastify POST /api/v2/generate (same body)', submitBare),
    '',
    `status throughput ratio Kiln/bare (median of rounds): ${status.ratio.toFixed(3)}; p50 latency ratio ${status.latencyRatio.toFixed(1)}×`,
    `submit throughput ratio Kiln/bare (median of rounds): ${submit.ratio.toFixed(3)}; p50 latency ratio ${submit.latencyRatio.toFixed(1)}×`,
    '',
    'command: node --import tsx bench/api.ts',
  ];
  console.log(lines.join('\n'));
  if (statusKiln.errors + statusKiln.non2xx + submitKiln.errors + submitKiln.non2xx > 0) process.exitCode = 1;
}

if (process.argv.includes('--serve')) await serve();
else await main();
