/**
 * Remote engines (issue #14): what delegating costs.
 *  1. The Kiln engine protocol against the in-process engine: the built-in text engine run by Kiln's
 *     EngineRunner, and the same job through a `kiln engine-server` (in this process, own threads) via
 *     the remote engine's kiln adapter. Ratio of wall times; the outputs must be byte-identical.
 *  2. Finishing a remote model: a 39 600-face GLB with a 1K texture (the fake Hunyuan3D model) brought
 *     to a tier's budget and texture size by the shared output pipeline, per texture size.
 *
 *   npx tsx bench/remote-engines.ts              # 3 runs each
 *   BENCH_RUNS=5 npx tsx bench/remote-engines.ts
 */
import { loadavg } from 'node:os';
import { loadConfig } from '../src/config.ts';
import { resolveGenerateRequest } from '../src/domain/generate-request.ts';
import type { GenerateSpec } from '../src/domain/task-spec.ts';
import { BUILTIN_ENGINES } from '../src/engines/builtin.ts';
import { EngineRunner } from '../src/engines/runner/index.ts';
import { createRemoteEngine } from '../src/engines/remote/engine.ts';
import { finishRemoteModel } from '../src/engines/remote/postprocess.ts';
import { startEngineServer } from '../src/engines/server/index.ts';
import { fakeModel } from '../test/engines/remote/fake-hunyuan3d.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function spec(fields: Record<string, string>): GenerateSpec {
  const raw = { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])), files: [] };
  return resolveGenerateRequest(raw).spec;
}

async function protocolOverhead(): Promise<void> {
  const textSpec = spec({ prompt: 'a red wooden chair with four legs', tier: 'Gen-2.5-Medium', seed: '7' });
  const moduleUrl = BUILTIN_ENGINES.find(([kind]) => kind === 'generate-text')![1];
  const runner = new EngineRunner({ threads: 1 });
  const server = await startEngineServer({ port: 0, threads: 1 });
  const settings = { ...loadConfig({ KILN_SIGNING_SECRET: 'bench' }).remote, pollMs: 50 };
  const remote = createRemoteEngine({
    kind: 'generate-text',
    chain: [{ name: 'kiln', adapter: 'kiln', endpoints: [server.url] }],
    settings,
  });
  const job = {
    taskId: 'bench',
    spec: textSpec,
    inputs: [],
    progress: () => undefined,
    signal: new AbortController().signal,
  };
  // Warm both (thread start, module import) before timing.
  const reference = await runner.run({ moduleUrl, ...job });
  await remote.run(job);
  const local: number[] = [];
  const viaServer: number[] = [];
  let identical = true;
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await runner.run({ moduleUrl, ...job });
    local.push(performance.now() - t);
    t = performance.now();
    const result = await remote.run(job);
    viaServer.push(performance.now() - t);
    identical &&= result.files.every((file, k) =>
      Buffer.from(file.bytes).equals(Buffer.from(reference.files[k].bytes)),
    );
  }
  console.log(
    `text→3D Gen-2.5-Medium, ${RUNS} runs: in-process median ${median(local).toFixed(0)} ms, via kiln engine-server ${median(viaServer).toFixed(0)} ms, ratio ${(median(viaServer) / median(local)).toFixed(2)}; outputs byte-identical: ${identical}`,
  );
  await server.close();
  await runner.close();
}

async function finishing(): Promise<void> {
  const glb = await fakeModel();
  const cases: [string, Record<string, string>][] = [
    ['extra-low (2k faces), 2K', { tier: 'Gen-2.5-Low', quality: 'extra-low' }],
    ['low (20k faces), 2K', { tier: 'Gen-2.5-Low', quality: 'low' }],
    ['medium (150k faces), 4K (HighPack)', { tier: 'Gen-2.5-Medium', quality: 'medium', addons: 'HighPack' }],
  ];
  for (const [label, fields] of cases) {
    const target = spec({ prompt: 'x', ...fields });
    const times: number[] = [];
    let notes: Record<string, unknown> = {};
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const result = await finishRemoteModel(glb, target, {
        service: 'bench',
        repair: true,
        progress: () => undefined,
        signal: new AbortController().signal,
      });
      times.push(performance.now() - t);
      notes = result.notes ?? {};
    }
    console.log(
      `finish 39 600 faces + 1K texture → ${label}: ${notes.faces} faces, ${notes.textureSize}² maps, median ${median(times).toFixed(0)} ms; steps ${JSON.stringify(notes.timings)}`,
    );
  }
}

console.log(
  `load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')} (shared 2-core machine)`,
);
await protocolOverhead();
await finishing();
console.log(
  `load average after ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}`,
);
