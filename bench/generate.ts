/**
 * Image-to-3D end to end (issue 5).
 *
 * Engine runs, each in its own child process so its wall time, CPU time and peak memory (max RSS) are
 * its own: one 1024² picture at Gen-2.5-Medium with default textures; Gen-2.5-Extreme-High with
 * texture_mode extreme-high + HighPack (12K maps) and the high-poly mesh; fast mode
 * (quality_override 20000) against the same spec with fastMode switched off. Then over HTTP (Fastify
 * inject on the real stack: SQLite, embedded queue, one worker thread running the built-in engine):
 * the Medium request from submission to Done.
 *
 *   npx tsx bench/generate.ts                 # all cases, HTTP runs: BENCH_RUNS (default 2)
 *   npx tsx bench/generate.ts --case medium   # one engine case in this process (prints JSON)
 *   npx tsx bench/generate.ts --skip-extreme  # leave out the 12K case
 *   npx tsx bench/generate.ts --case medium --helper-threads 0  # the bake on one thread (default 1 helper
 *                                                               # while a core is free, as KILN_HELPER_THREADS)
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolveGenerateRequest, type GenerateSpec } from '../src/domain/index.ts';
import { figurePicture as picture } from './support/pictures.ts';

const { values: args } = parseArgs({
  options: { case: { type: 'string' }, 'skip-extreme': { type: 'boolean' }, 'helper-threads': { type: 'string' } },
});

const CASES: Record<string, { fields: Record<string, string>; fastMode?: boolean; label: string }> = {
  medium: { label: 'Gen-2.5-Medium, default textures (150k faces, 2K PBR)', fields: { tier: 'Gen-2.5-Medium' } },
  extreme: {
    label: 'Gen-2.5-Extreme-High, extreme-high + HighPack (12K PBR) + high-poly mesh',
    fields: { tier: 'Gen-2.5-Extreme-High', texture_mode: 'extreme-high', addons: 'HighPack' },
  },
  fast: {
    label: 'Gen-2.5-Medium, quality_override 20000 (fast mode)',
    fields: { tier: 'Gen-2.5-Medium', quality_override: '20000' },
  },
  'fast-off': {
    label: 'the same request with fast mode switched off',
    fields: { tier: 'Gen-2.5-Medium', quality_override: '20000' },
    fastMode: false,
  },
};

async function runCase(name: string): Promise<void> {
  const { fields, fastMode } = CASES[name];
  const { default: engine } = await import('../src/engines/generate/image/index.ts');
  const bytes = await picture();
  const raw = {
    fields: Object.fromEntries(Object.entries({ seed: '7', ...fields }).map(([k, v]) => [k, [v]])),
    files: [{ field: 'images', filename: '0000.png', bytes }],
  };
  const submission = resolveGenerateRequest(raw);
  const spec = { ...(submission.spec as GenerateSpec), ...(fastMode === undefined ? {} : { fastMode }) };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // As the engine runner does: this run counts as one busy core, a helper may take a free one.
  const { createCpuSlots, occupy } = await import('../src/engines/cpu-slots.ts');
  const cores = createCpuSlots(Number(args['helper-threads'] ?? 1));
  occupy(cores);
  const result = await engine.run({
    cpu: cores,
    taskId: 'bench',
    spec,
    inputs: submission.inputs,
    progress: () => {},
    signal: new AbortController().signal,
  });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const notes = result.notes as Record<string, unknown>;
  // Every GLB through the Khronos validator (its image checks read headers, so 12K maps are cheap).
  const { default: validator } = await import('gltf-validator');
  const glbErrors: Record<string, number> = {};
  for (const f of result.files.filter((file) => file.name.endsWith('.glb'))) {
    const report = (await validator.validateBytes(f.bytes, { maxIssues: 10 })) as { issues: { numErrors: number } };
    glbErrors[f.name] = report.issues.numErrors;
  }
  console.log(
    JSON.stringify({
      glbErrors,
      ms: Math.round(ms),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      fastMode: spec.fastMode,
      textureSize: notes.textureSize,
      faces: notes.faces,
      highPolyFaces: notes.highPolyFaces,
      files: result.files.map((f) => `${f.name} ${(f.bytes.length / 1e6).toFixed(1)} MB`),
      timings: notes.timings,
    }),
  );
}

function child(name: string): Record<string, unknown> {
  const out = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--case', name], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`case ${name} failed: ${out.stderr.slice(-2000)}`);
  }
}

async function overHttp(runs: number): Promise<number[]> {
  // Loaded here, not at the top: the per-case child processes never start the service.
  const { startHttpStack, multipartBody, submitUntilDone } = await import('./support/http-stack.ts');
  const { app, auth, close } = await startHttpStack('imagebench');
  const { payload, headers } = multipartBody({ tier: 'Gen-2.5-Medium' }, [
    { field: 'images', filename: '0000.png', bytes: await picture() },
  ]);
  const times: number[] = [];
  // The first task also starts the worker thread and loads OpenCV there: run it once before timing.
  for (let r = 0; r <= runs; r++) {
    const t0 = performance.now();
    await submitUntilDone({ app, auth }, '/api/v2/generate', { payload, headers });
    if (r > 0) times.push(performance.now() - t0);
    else console.log(`HTTP warm-up task (cold worker): ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  }
  await close();
  return times;
}

async function main(): Promise<void> {
  if (args.case) return runCase(args.case);
  console.log(`command: npx tsx bench/generate.ts ${process.argv.slice(2).join(' ')}`);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores, shared)`,
  );
  console.log('\n| engine run (own process, cold) | wall | CPU | peak RSS | maps | faces | high-poly |');
  console.log('|---|---|---|---|---|---|---|');
  const results: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(CASES)) {
    if (name === 'extreme' && args['skip-extreme']) continue;
    const r = (results[name] = child(name));
    console.log(
      `| ${CASES[name].label} | ${((r.ms as number) / 1000).toFixed(2)} s | ${((r.cpuMs as number) / 1000).toFixed(2)} s | ${r.maxRssMB} MB | ${r.textureSize}² | ${r.faces} | ${r.highPolyFaces ?? '–'} |`,
    );
    console.error(JSON.stringify({ case: name, timings: r.timings, files: r.files, glbErrors: r.glbErrors }));
  }
  const fast = results.fast,
    off = results['fast-off'];
  console.log(
    `\nfast mode / same request without it: wall ${((fast.ms as number) / (off.ms as number)).toFixed(2)}, CPU ${((fast.cpuMs as number) / (off.cpuMs as number)).toFixed(2)}`,
  );
  const runs = Number(process.env.BENCH_RUNS ?? 2);
  const times = await overHttp(runs);
  console.log(
    `HTTP, Gen-2.5-Medium 1024² picture, submit → Done: ${times.map((t) => (t / 1000).toFixed(2) + ' s').join(', ')}`,
  );
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

await main();
