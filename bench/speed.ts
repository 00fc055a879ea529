/**
 * Issue #31: every row of the speed table in one run, each beside the figures of the previous
 * recorded run (bench/data/speed-previous.json, committed with the commit it measured), so a
 * regression shows in review.
 *
 * Rows (median of --runs, default 3; wall time, CPU time of the process doing the work, peak RSS where
 * the row runs in its own process):
 *   png-medium     image-to-3D Medium, one 1024² PNG, submit → Done over HTTP (warm worker)
 *   photo-medium   image-to-3D Medium, one 1024² JPEG photograph, submit → Done over HTTP (warm worker)
 *   text-medium    text-to-3D Medium, submit → Done over HTTP (warm worker; three prompts in turn)
 *   extreme-12k    Extreme-High + extreme-high + HighPack (12K) + high-poly mesh, engine run in its own process
 *   fast-ratio     fast mode (quality_override 20000) ÷ the same request with fast mode off, own processes
 *   remote-medium  a remote model's 39 600-face GLB (1K texture) finished at Medium: Kiln's own time, run
 *                  as the remote engine runs it (cpu slots; the transfer's helper thread started while the
 *                  server works, so the transfer bakes on two threads when a core is free)
 *   remote-12k     the same GLB finished at Extreme-High + extreme-high + HighPack (12K), own process
 *
 * HTTP rows run on the real stack (Fastify inject, SQLite, embedded queue, one worker thread); their CPU
 * time is this process's (worker thread included) over the request. Wall times on a shared machine are
 * noisy: the load average is printed beside every row, and CPU time is the figure to compare under load.
 *
 *   npx tsx bench/speed.ts                      # all rows, 3 runs each, beside the previous figures
 *   npx tsx bench/speed.ts --only png-medium,remote-medium --runs 1
 *   npx tsx bench/speed.ts --record             # also write the figures as the new previous ones
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolveGenerateRequest, type GenerateSpec } from '../src/domain/index.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    runs: { type: 'string', default: '3' },
    record: { type: 'boolean', default: false },
    case: { type: 'string' },
    previous: { type: 'string', default: new URL('./data/speed-previous.json', import.meta.url).pathname },
  },
});

/** One row's figures: medians over its runs (seconds, MB), plus the stage timings of the median run. */
export interface RowFigures {
  wallS: number;
  cpuS: number;
  peakRssMB?: number;
  /** Every run's wall time, seconds. */
  runsS: number[];
  stages?: Record<string, number>;
  load: string;
}
interface Recorded {
  commit: string;
  date: string;
  note?: string;
  rows: Record<string, RowFigures>;
}

const ROWS: { id: string; label: string; target: string }[] = [
  { id: 'png-medium', label: 'image→3D Medium, 1024² PNG, submit → Done', target: '≤ 2 s' },
  { id: 'photo-medium', label: 'image→3D Medium, 1024² JPEG photograph, submit → Done', target: '≤ 3 s' },
  { id: 'text-medium', label: 'text→3D Medium, submit → Done', target: '≤ 1.5 s' },
  { id: 'extreme-12k', label: 'Extreme-High + extreme-high + HighPack (12K) + high-poly', target: '≤ 25 s, ≤ 2 GB' },
  { id: 'fast-ratio', label: 'fast mode ÷ the same request without it', target: '≤ 0.4' },
  { id: 'remote-medium', label: 'remote 39.6k-face GLB finished at Medium (Kiln time)', target: '≤ 1.5 s' },
  { id: 'remote-12k', label: 'remote 39.6k-face GLB finished at Extreme 12K (Kiln time)', target: '≤ 15 s' },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

function specOf(fields: Record<string, string>): GenerateSpec {
  const raw = { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])), files: [] };
  return resolveGenerateRequest(raw).spec;
}

const REMOTE_FIELDS: Record<string, Record<string, string>> = {
  'remote-medium': { tier: 'Gen-2.5-Medium' },
  'remote-12k': { tier: 'Gen-2.5-Extreme-High', texture_mode: 'extreme-high', addons: 'HighPack' },
};

/** Child-process case: one remote finish, printed as JSON (wall, CPU, peak RSS, stage timings). */
async function remoteCase(name: string): Promise<void> {
  const { finishRemoteModel } = await import('../src/engines/remote/postprocess.ts');
  const { fakeModel } = await import('../test/engines/remote/fake-hunyuan3d.ts');
  const { createCpuSlots, occupy, hasSpare } = await import('../src/engines/cpu-slots.ts');
  const { warmBakeHelper } = await import('../src/geometry/ops/bake-tiles.ts');
  const glb = await fakeModel();
  const spec = specOf({ prompt: 'x', seed: '7', ...REMOTE_FIELDS[name] });
  // As the engine runner does: this run counts as one busy core, the transfer's helper may take a free
  // one. As the remote engine does (engine.ts `attempt`): the helper starts while the server works,
  // which is not Kiln's time, so its start is awaited before the clock starts.
  const cores = createCpuSlots();
  occupy(cores);
  if (hasSpare(cores)) await warmBakeHelper().catch(() => undefined);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await finishRemoteModel(glb, spec, {
    service: 'bench',
    repair: true,
    progress: () => undefined,
    signal: new AbortController().signal,
    cpu: cores,
  });
  console.log(
    JSON.stringify({
      ms: Math.round(performance.now() - t0),
      cpuMs: Math.round(cpuSeconds(cpu0) * 1000),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      timings: result.notes?.timings,
    }),
  );
}

interface ChildFigures {
  ms: number;
  cpuMs: number;
  maxRssMB: number;
  timings?: Record<string, number>;
}

function child(script: string, name: string): ChildFigures {
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', new URL(script, import.meta.url).pathname, '--case', name],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  try {
    return JSON.parse(out.stdout.trim().split('\n').pop() ?? '');
  } catch {
    throw new Error(`case ${name} failed: ${out.stderr.slice(-2000)}`);
  }
}

function childRow(script: string, name: string, runs: number): RowFigures {
  const all = Array.from({ length: runs }, () => child(script, name));
  const mid = [...all].sort((a, b) => a.ms - b.ms)[Math.floor(all.length / 2)];
  return {
    wallS: mid.ms / 1000,
    cpuS: median(all.map((r) => r.cpuMs)) / 1000,
    peakRssMB: Math.max(...all.map((r) => r.maxRssMB)),
    runsS: all.map((r) => r.ms / 1000),
    stages: mid.timings,
    load: load(),
  };
}

async function httpRows(wanted: Set<string>, runs: number): Promise<Record<string, RowFigures>> {
  const { startHttpStack, multipartBody, submitUntilDone } = await import('./support/http-stack.ts');
  const { figurePicture, jugPhotograph } = await import('./support/pictures.ts');
  const stack = await startHttpStack('speedbench');
  const prompts = ['a red wooden chair with four legs', 'a tall stone lighthouse', 'a cute cartoon dog'];
  const requests: Record<string, (run: number) => Promise<ReturnType<typeof multipartBody> & { route: string }>> = {
    'png-medium': async () => ({
      route: '/api/v2/generate',
      ...multipartBody({ tier: 'Gen-2.5-Medium', seed: '7' }, [
        { field: 'images', filename: '0000.png', bytes: await figurePicture() },
      ]),
    }),
    'photo-medium': async () => ({
      route: '/api/v2/rodin',
      ...multipartBody({ tier: 'Gen-2.5-Medium', seed: '5', geometry_file_format: 'glb' }, [
        { field: 'images', filename: 'photo.jpg', bytes: await jugPhotograph() },
      ]),
    }),
    'text-medium': async (run) => ({
      route: '/api/v2/generate',
      ...multipartBody({ tier: 'Gen-2.5-Medium', prompt: prompts[run % prompts.length], seed: String(run + 1) }),
    }),
  };
  const rows: Record<string, RowFigures> = {};
  try {
    for (const [id, request] of Object.entries(requests)) {
      if (!wanted.has(id)) continue;
      const walls: number[] = [];
      const cpus: number[] = [];
      const stages: Record<string, number>[] = [];
      // Run 0 warms the worker (thread start, module loads, OpenCV/WordNet): not counted.
      for (let r = -1; r < runs; r++) {
        const { route, payload, headers } = await request(Math.max(0, r));
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const uuid = await submitUntilDone(stack, route, { payload, headers });
        const wall = (performance.now() - t0) / 1000;
        const cpu = cpuSeconds(cpu0);
        if (r < 0) continue;
        walls.push(wall);
        cpus.push(cpu);
        const record = (
          await stack.app.inject({ method: 'GET', url: `/api/v2/tasks/${uuid}`, headers: stack.auth })
        ).json() as { notes?: { timings?: Record<string, number>; timingsMs?: Record<string, number> } };
        stages.push(record.notes?.timings ?? record.notes?.timingsMs ?? {});
      }
      const midIndex = walls.indexOf(median(walls));
      rows[id] = { wallS: walls[midIndex], cpuS: median(cpus), runsS: walls, stages: stages[midIndex], load: load() };
      report(id, rows[id]);
    }
  } finally {
    await stack.close();
  }
  return rows;
}

function report(id: string, row: RowFigures): void {
  console.error(`${id}: ${JSON.stringify(row)}`);
}

function fmtRow(row: RowFigures | undefined, id: string): string {
  if (!row) return '–';
  if (id === 'fast-ratio') return `${row.wallS.toFixed(2)} (CPU ${row.cpuS.toFixed(2)})`;
  const rss = row.peakRssMB ? `, ${(row.peakRssMB / 1024).toFixed(2)} GB` : '';
  return `${row.wallS.toFixed(2)} s (CPU ${row.cpuS.toFixed(2)} s${rss})`;
}

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', 'src'], { encoding: 'utf8' });
    return dirty.trim() ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  if (args.case) return remoteCase(args.case);
  const runs = Math.max(1, Number(args.runs));
  const wanted = new Set(args.only ? args.only.split(',') : ROWS.map((r) => r.id));
  const unknown = [...wanted].filter((id) => !ROWS.some((r) => r.id === id));
  if (unknown.length)
    throw new Error(`unknown rows ${unknown.join(', ')}; rows are ${ROWS.map((r) => r.id).join(', ')}`);
  let previous: Recorded | undefined;
  try {
    previous = JSON.parse(readFileSync(args.previous!, 'utf8')) as Recorded;
  } catch {
    previous = undefined;
  }
  console.log(`command: npx tsx bench/speed.ts ${process.argv.slice(2).join(' ')}`);
  console.log(`commit ${commitOf()}, load average at start: ${load()} (2 cores, shared)`);
  const rows: Record<string, RowFigures> = await httpRows(wanted, runs);
  for (const [id, script, name] of [
    ['extreme-12k', './generate.ts', 'extreme'],
    ['remote-medium', './speed.ts', 'remote-medium'],
    ['remote-12k', './speed.ts', 'remote-12k'],
  ] as const) {
    if (!wanted.has(id)) continue;
    rows[id] = childRow(script, name, runs);
    report(id, rows[id]);
  }
  if (wanted.has('fast-ratio')) {
    const fast = childRow('./generate.ts', 'fast', runs);
    const off = childRow('./generate.ts', 'fast-off', runs);
    report('fast', fast);
    report('fast-off', off);
    rows['fast-ratio'] = {
      wallS: fast.wallS / off.wallS,
      cpuS: fast.cpuS / off.cpuS,
      runsS: [...fast.runsS, ...off.runsS],
      stages: fast.stages,
      load: load(),
    };
  }
  const before = previous ? `previous (${previous.commit})` : 'previous';
  console.log(`\n| row | target | ${before} | now (${commitOf()}) | now ÷ previous (wall, CPU) | load during row |`);
  console.log('|---|---|---|---|---|---|');
  for (const { id, label, target } of ROWS) {
    const now = rows[id];
    if (!now) continue;
    const prev = previous?.rows[id];
    const ratio = prev ? `${(now.wallS / prev.wallS).toFixed(2)}, ${(now.cpuS / prev.cpuS).toFixed(2)}` : '–';
    console.log(`| ${label} | ${target} | ${fmtRow(prev, id)} | ${fmtRow(now, id)} | ${ratio} | ${now.load} |`);
  }
  console.log('\nstage timings of the median run (ms):');
  for (const [id, row] of Object.entries(rows)) console.log(`  ${id}: ${JSON.stringify(row.stages ?? {})}`);
  console.log(`load average at end: ${load()}`);
  if (args.record) {
    const recorded: Recorded = {
      commit: commitOf(),
      date: new Date().toISOString(),
      note: `npx tsx bench/speed.ts ${process.argv.slice(2).join(' ')}; load at end ${load()}`,
      rows: { ...previous?.rows, ...rows },
    };
    writeFileSync(args.previous!, JSON.stringify(recorded, null, 2) + '\n');
    console.log(`recorded as the previous figures: ${args.previous}`);
  }
}

await main();
