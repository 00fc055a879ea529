/**
 * Soak: the real `kiln serve` (built-in engines, one worker thread, embedded SQLite) under steady mixed
 * traffic for a fixed time, from a separate process: submissions of every kind (text-to-3D,
 * image-to-3D, Bang on an uploaded model and on a finished generation), status polling, download
 * lists and file fetches, balance checks, and a few hostile inputs. Reports the server's RSS over
 * time, p50/p99 latency per route, tasks completed and failed, and every answer that was not what it
 * should have been (a legit request refused, a hostile one not refused with a Kiln code).
 *
 *   npx tsx bench/soak.ts
 *   SOAK_MINUTES=30 SOAK_READS_PER_S=2 SOAK_SUBMIT_EVERY_S=20 SOAK_HOSTILE_EVERY_S=20 npx tsx bench/soak.ts  (the defaults)
 *
 * SOAK_REPORT=path also writes the markdown report there. Leaks show as RSS rising after warm-up.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import { EngineRegistry } from '../src/engines/registry.ts';
import { multipartBody } from './support/http-stack.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const READS_PER_S = Number(process.env.SOAK_READS_PER_S ?? 2);
const SUBMIT_EVERY_S = Number(process.env.SOAK_SUBMIT_EVERY_S ?? 20);
const HOSTILE_EVERY_S = Number(process.env.SOAK_HOSTILE_EVERY_S ?? 20);
const SAMPLE_EVERY_S = Number(process.env.SOAK_SAMPLE_EVERY_S ?? 30);
const WARMUP_MINUTES = Math.min(5, MINUTES / 3);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function boxObj(size: number): Uint8Array {
  const s = size / 2;
  const v = [
    [-s, -s, -s],
    [s, -s, -s],
    [s, s, -s],
    [-s, s, -s],
    [-s, -s, s],
    [s, -s, s],
    [s, s, s],
    [-s, s, s],
  ];
  const f = [
    [1, 4, 3, 2],
    [5, 6, 7, 8],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 4, 8, 7],
    [4, 1, 5, 8],
  ];
  return new TextEncoder().encode(
    `${v.map((p) => `v ${p.join(' ')}`).join('\n')}\n${f.map((q) => `f ${q.join(' ')}`).join('\n')}\n`,
  );
}

async function objectPicture(hue: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#f4f4f4"/><ellipse cx="256" cy="270" rx="150" ry="190" fill="hsl(${hue},70%,45%)"/><rect x="206" y="60" width="100" height="60" fill="hsl(${hue},60%,30%)"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

interface Answer {
  route: string;
  ms: number;
  ok: boolean;
  note?: string;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-soak-'));
  const port = await freePort();
  const env = {
    ...process.env,
    KILN_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    KILN_WORKERS: '1',
    KILN_RATE_LIMIT_PER_MINUTE: '0',
    KILN_MAX_IN_FLIGHT: '1000',
    LOG_LEVEL: 'warn',
  };
  // The key is made before the server starts, on the same data directory.
  const setup = await createServices(loadConfig(env), { engines: new EngineRegistry() });
  const { key } = await setup.accounts.createKey({ name: 'soak', credits: 1e6 });
  await setup.close();

  const server = spawn(process.execPath, ['bin/kiln.mjs', 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let serverLog = '';
  server.stderr.on('data', (chunk) => (serverLog = (serverLog + chunk.toString()).slice(-20_000)));
  let serverExited: number | null = null;
  server.on('exit', (code) => (serverExited = code ?? -1));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (i > 240 || serverExited !== null) throw new Error(`kiln serve did not start:\n${serverLog}`);
    await sleep(500);
  }

  const auth = { authorization: `Bearer ${key}` };
  const answers: Answer[] = [];
  const unexpected: string[] = [];
  const tasks = new Map<
    string,
    { kind: string; state: string; subscriptionKey: string; submitted: number; done?: number }
  >();
  const rss: Array<{ minute: number; mb: number; load: number }> = [];
  const pictures = await Promise.all([20, 140, 260].map(objectPicture));
  const prompts = [
    'a ceramic teapot',
    'a wooden chair',
    'a small lamp',
    'a coffee mug',
    'a toy car',
    'a potted cactus',
  ];

  async function call(
    route: string,
    path: string,
    init: RequestInit,
    expectOk: boolean,
  ): Promise<{ status: number; body: any } | null> {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      const ms = performance.now() - started;
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const refusedWithCode = response.status >= 400 && typeof body?.error === 'string';
      const ok = expectOk
        ? response.status < 400 && !(typeof body?.error === 'string')
        : refusedWithCode && response.status < 500;
      answers.push({ route, ms, ok });
      if (!ok) unexpected.push(`${route}: ${response.status} ${text.slice(0, 200)}`);
      return { status: response.status, body };
    } catch (error) {
      answers.push({ route, ms: performance.now() - started, ok: false });
      unexpected.push(`${route}: ${(error as Error).message}`);
      return null;
    }
  }

  let submissions = 0;
  async function submitOne(): Promise<void> {
    const n = submissions++;
    const done = [...tasks.entries()].filter(([, t]) => t.kind !== 'bang' && t.state === 'Done');
    const kind = ['text', 'image', 'bang-model', done.length > 0 ? 'bang-asset' : 'text'][n % 4];
    let result;
    if (kind === 'text') {
      result = await call(
        'POST /generate (text)',
        '/api/v2/generate',
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: prompts[n % prompts.length], tier: 'Gen-2.5-Medium' }),
        },
        true,
      );
    } else if (kind === 'image') {
      const body = multipartBody({ tier: 'Gen-2.5-Medium' }, [
        { field: 'images', filename: '0000.png', bytes: pictures[n % pictures.length] },
      ]);
      result = await call(
        'POST /generate (image)',
        '/api/v2/generate',
        { method: 'POST', headers: { ...auth, ...body.headers }, body: new Uint8Array(body.payload) },
        true,
      );
    } else if (kind === 'bang-model') {
      const body = multipartBody({ material: 'None', strength: String(3 + (n % 4)) }, [
        { field: 'model', filename: 'box.obj', bytes: boxObj(1 + (n % 3)) },
      ]);
      result = await call(
        'POST /bang (model)',
        '/api/v2/bang',
        { method: 'POST', headers: { ...auth, ...body.headers }, body: new Uint8Array(body.payload) },
        true,
      );
    } else {
      const body = multipartBody({ asset_id: done[n % done.length][0], strength: '3' });
      result = await call(
        'POST /bang (asset)',
        '/api/v2/bang',
        { method: 'POST', headers: { ...auth, ...body.headers }, body: new Uint8Array(body.payload) },
        true,
      );
    }
    if (result?.status === 201 && result.body?.uuid) {
      tasks.set(result.body.uuid, {
        kind: kind.startsWith('bang') ? 'bang' : 'generate',
        state: 'Waiting',
        subscriptionKey: result.body.jobs.subscription_key,
        submitted: Date.now(),
      });
    }
  }

  let reads = 0;
  async function readOne(): Promise<void> {
    const r = reads++;
    const open = [...tasks.entries()].filter(([, t]) => t.state !== 'Done' && t.state !== 'Failed');
    const finished = [...tasks.entries()].filter(([, t]) => t.state === 'Done');
    if (r % 5 === 4) {
      await call('GET /check_balance', '/api/v2/check_balance', { headers: auth }, true);
    } else if (open.length > 0 && r % 5 < 3) {
      const [uuid, task] = open[r % open.length];
      const result = await call(
        'POST /status',
        '/api/v2/status',
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ subscription_key: task.subscriptionKey }),
        },
        true,
      );
      const states: string[] = result?.body?.jobs?.map((job: { status: string }) => job.status) ?? [];
      if (states.length > 0 && states.every((s) => s === 'Done'))
        Object.assign(task, { state: 'Done', done: Date.now() });
      else if (states.includes('Failed')) {
        task.state = 'Failed';
        const record = await call('GET /tasks/:uuid', `/api/v2/tasks/${uuid}`, { headers: auth }, true);
        unexpected.push(
          `task ${uuid} (${task.kind}) failed: ${JSON.stringify(record?.body?.error ?? record?.body?.jobs?.[0]?.error ?? '').slice(0, 200)}`,
        );
      }
    } else if (finished.length > 0) {
      const [uuid] = finished[r % finished.length];
      const list = await call(
        'POST /download',
        '/api/v2/download',
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ task_uuid: uuid }),
        },
        true,
      );
      const first = list?.body?.list?.[r % Math.max(1, list.body.list.length)];
      if (first)
        await call('GET /files/:task/:name', new URL(first.url).pathname + new URL(first.url).search, {}, true);
    } else {
      await call('GET /healthz', '/healthz', {}, true);
    }
  }

  const usdaBomb = new TextEncoder().encode(
    '#usda 1.0\ndef Mesh "m" {\n int[] faceVertexCounts = [1000000000]\n int[] faceVertexIndices = [0, 1, 2]\n point3f[] points = [(0,0,0), (1,0,0), (0,1,0)]\n}\n',
  );
  const deepUsda = new TextEncoder().encode(`#usda 1.0\n${'def Xform "x" {\n'.repeat(5000)}${'}\n'.repeat(5000)}`);
  let hostiles = 0;
  async function hostileOne(): Promise<void> {
    const h = hostiles++ % 6;
    const headers = { ...auth };
    if (h === 0)
      await call(
        'hostile: nameless part',
        '/api/v2/download',
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=Q' },
          body: '--Q\r\nContent-Disposition: form-data\r\n\r\nx\r\n--Q--\r\n',
        },
        false,
      );
    else if (h === 1) {
      const body = multipartBody({ prompt: 'x' }, [{ field: 'images', filename: 'a.png', bytes: pictures[0] }]);
      await call(
        'hostile: truncated multipart',
        '/api/v2/generate',
        {
          method: 'POST',
          headers: { ...headers, ...body.headers },
          body: new Uint8Array(body.payload.subarray(0, 200)),
        },
        false,
      );
    } else if (h === 2) {
      const body = multipartBody({ material: 'None' }, [{ field: 'model', filename: 'bomb.usda', bytes: usdaBomb }]);
      await call(
        'hostile: USDA bomb',
        '/api/v2/bang',
        { method: 'POST', headers: { ...headers, ...body.headers }, body: new Uint8Array(body.payload) },
        false,
      );
    } else if (h === 3) {
      const body = multipartBody({ material: 'None' }, [{ field: 'model', filename: 'deep.usda', bytes: deepUsda }]);
      await call(
        'hostile: deep USDA',
        '/api/v2/bang',
        { method: 'POST', headers: { ...headers, ...body.headers }, body: new Uint8Array(body.payload) },
        false,
      );
    } else if (h === 4)
      await call(
        'hostile: no boundary',
        '/api/v2/generate',
        { method: 'POST', headers: { ...headers, 'content-type': 'multipart/form-data' }, body: 'xx' },
        false,
      );
    else
      await call(
        'hostile: long Idempotency-Key',
        '/api/v2/generate',
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(300) },
          body: '{"prompt":"x"}',
        },
        false,
      );
  }

  const started = Date.now();
  const end = started + MINUTES * 60_000;
  const inFlight = new Set<Promise<void>>();
  const fire = (work: () => Promise<void>) => {
    const p = work().finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  let nextRead = started;
  let nextSubmit = started;
  let nextHostile = started + 5_000;
  let nextSample = started;
  while (Date.now() < end && serverExited === null) {
    const now = Date.now();
    if (now >= nextSample) {
      rss.push({ minute: (now - started) / 60_000, mb: await rssMb(server.pid!), load: loadavg()[0] });
      nextSample += SAMPLE_EVERY_S * 1000;
    }
    if (now >= nextSubmit) {
      fire(submitOne);
      nextSubmit += SUBMIT_EVERY_S * 1000;
    }
    if (now >= nextHostile) {
      fire(hostileOne);
      nextHostile += HOSTILE_EVERY_S * 1000;
    }
    if (now >= nextRead) {
      fire(readOne);
      nextRead += 1000 / READS_PER_S;
    }
    await sleep(20);
  }
  await Promise.all(inFlight);
  // Let the queue drain (bounded), polling the open tasks.
  const drainUntil = Date.now() + 5 * 60_000;
  while (
    Date.now() < drainUntil &&
    serverExited === null &&
    [...tasks.values()].some((t) => t.state !== 'Done' && t.state !== 'Failed')
  ) {
    await readOne();
    await sleep(250);
    if (Date.now() >= nextSample) {
      rss.push({ minute: (Date.now() - started) / 60_000, mb: await rssMb(server.pid!), load: loadavg()[0] });
      nextSample += SAMPLE_EVERY_S * 1000;
    }
  }
  const finalRss = serverExited === null ? await rssMb(server.pid!) : 0;
  const alive =
    serverExited === null &&
    (await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false));
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });

  const report = render({ answers, unexpected, tasks, rss, finalRss, alive, started });
  console.log(report);
  if (process.env.SOAK_REPORT) await writeFile(process.env.SOAK_REPORT, report);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function render(run: {
  answers: Answer[];
  unexpected: string[];
  tasks: Map<string, { kind: string; state: string; submitted: number; done?: number }>;
  rss: Array<{ minute: number; mb: number; load: number }>;
  finalRss: number;
  alive: boolean;
  started: number;
}): string {
  const lines: string[] = [];
  const minutes = ((Date.now() - run.started) / 60_000).toFixed(1);
  lines.push(
    `Soak: ${MINUTES} min of traffic (${minutes} min with drain), reads ${READS_PER_S}/s, one submission every ${SUBMIT_EVERY_S} s, one hostile input every ${HOSTILE_EVERY_S} s; server alive at the end: ${run.alive ? 'yes' : 'NO'}.`,
  );
  lines.push('', '| route | requests | p50 ms | p99 ms | max ms | not as expected |', '|---|---|---|---|---|---|');
  const routes = [...new Set(run.answers.map((a) => a.route))].sort();
  for (const route of routes) {
    const of = run.answers.filter((a) => a.route === route);
    const ms = of.map((a) => a.ms);
    lines.push(
      `| ${route} | ${of.length} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} | ${Math.max(...ms).toFixed(0)} | ${of.filter((a) => !a.ok).length} |`,
    );
  }
  const all = [...run.tasks.values()];
  const doneTimes = all.filter((t) => t.done).map((t) => (t.done! - t.submitted) / 1000);
  lines.push(
    '',
    `Tasks: ${all.length} submitted, ${all.filter((t) => t.state === 'Done').length} Done, ${all.filter((t) => t.state === 'Failed').length} Failed, ${all.filter((t) => t.state !== 'Done' && t.state !== 'Failed').length} unfinished; submit → Done (as seen by polling) p50 ${percentile(doneTimes, 50).toFixed(1)} s, p99 ${percentile(doneTimes, 99).toFixed(1)} s.`,
  );
  const warm = run.rss.filter((s) => s.minute >= WARMUP_MINUTES);
  const firstWarm = warm.slice(0, Math.max(1, Math.floor(warm.length / 4)));
  const lastWarm = warm.slice(-Math.max(1, Math.floor(warm.length / 4)));
  const mean = (xs: Array<{ mb: number }>) => xs.reduce((s, x) => s + x.mb, 0) / Math.max(1, xs.length);
  lines.push(
    `Server RSS after ${WARMUP_MINUTES} min warm-up: first quarter mean ${mean(firstWarm).toFixed(0)} MB, last quarter mean ${mean(lastWarm).toFixed(0)} MB, max ${Math.max(0, ...warm.map((s) => s.mb)).toFixed(0)} MB; at the end ${run.finalRss.toFixed(0)} MB.`,
  );
  lines.push('', '| minute | RSS MB | load (1 min) |', '|---|---|---|');
  for (const sample of run.rss.filter((_, i) => i % 2 === 0))
    lines.push(`| ${sample.minute.toFixed(1)} | ${sample.mb.toFixed(0)} | ${sample.load.toFixed(1)} |`);
  lines.push('', `Answers not as expected: ${run.unexpected.length}${run.unexpected.length ? '' : ' (none)'}`);
  for (const line of run.unexpected.slice(0, 30)) lines.push(`- ${line}`);
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
