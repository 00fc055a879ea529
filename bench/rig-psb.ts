/**
 * Rigging against the Princeton meshes of the human and four-legged categories.
 *
 *   npx tsx bench/rig-psb.ts                 both sets, then the timings
 *   --set dev|held-out                       one set only (dev: ../shared/data/psb-dev models 1, 2, 11, 12,
 *                                            381, 382, 391, 392 — the set the fitter was tuned on; held-out:
 *                                            ../shared/data/psb-rig-dev, twelve meshes not tuned on)
 *   --no-timing / --timing-only
 *   --negatives                              also run a few non-bodies (chair, cup, table, vase …) under auto
 *
 * Each mesh is uploaded as GLB and rigged under rig_type=auto with idle, walk, run and jump. The file
 * is read back with glTF-Transform (not the engine's own data) and checked: rigged as the category's
 * type; every joint inside the surface (ray parity, majority of three directions); at most four
 * joints per vertex with weights summing to 1; per clip, every key posed by linear blend skinning and
 * the edge-length ratio to rest measured over every edge (p99 and max; ≤ 1.5 and ≤ 3 pass); the walk's
 * lowest point against the rest ground (share of height). Timings: a 50k-face mesh with two clips and
 * a text-made asset, wall clock of the engine run.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseOff } from '../src/geometry/import/off.ts';
import { writeGlb } from '../src/geometry/export/index.ts';
import { sceneFromMesh } from '../src/geometry/mesh.ts';
import { subdivideToCount } from '../src/geometry/ops/index.ts';
import { runRig } from '../src/engines/rig/index.ts';
import type { RigSpec } from '../src/domain/task-spec.ts';
import { readRiggedGlb, jointsInside, weightCheck, clipStretch, walkGround } from './rig-psb/checks.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
// Beside the checkout (../shared/data), or beside the worktrees' parent when run from a worktree.
const DATA =
  ['../../shared/data/', '../../../shared/data/']
    .map((path) => fileURLToPath(new URL(path, import.meta.url)))
    .find((path) => existsSync(path)) ?? '../shared/data/';
const SETS = {
  dev: [1, 2, 11, 12, 381, 382, 391, 392].map((n) => `${DATA}psb-dev/off/${n}.off`),
  'held-out': [4, 6, 8, 14, 16, 18, 384, 386, 388, 394, 396, 398].map((n) => `${DATA}psb-rig-dev/off/${n}.off`),
};
const NEGATIVES = [21, 101, 141, 361, 121, 81].map((n) => `${DATA}psb-dev/off/${n}.off`);
const CLIPS = ['idle', 'walk', 'run', 'jump'];

function spec(extra: Partial<RigSpec> = {}): RigSpec {
  return {
    kind: 'rig',
    mode: 'custom',
    modelFormat: 'glb',
    rigType: 'auto',
    animations: CLIPS,
    geometryFileFormat: 'glb',
    seed: 0,
    ...extra,
  };
}

async function rig(bytes: Uint8Array, s: RigSpec) {
  return runRig({
    taskId: 'bench',
    spec: s,
    inputs: [{ field: 'model', filename: 'model.glb', bytes }],
    progress: () => {},
    signal: new AbortController().signal,
  });
}

const expected = (n: number) => (n <= 20 ? 'humanoid' : 'quadruped');
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

async function measureSet(name: string, files: string[]) {
  console.log(`\n## ${name}`);
  console.log('mesh | faces | type | joints inside | weights | worst clip p99 / max stretch | walk ground | s');
  let right = 0,
    allChecks = 0;
  for (const file of files) {
    const n = Number(file.split('/').pop()!.replace('.off', ''));
    const mesh = parseOff(readFileSync(file));
    const bytes = await writeGlb(sceneFromMesh(mesh));
    const t0 = performance.now();
    let line = `${n} | ${mesh.indices.length / 3}`;
    try {
      const result = await rig(bytes, spec());
      const seconds = (performance.now() - t0) / 1000;
      const notes = result.notes as { rig: { type: string } };
      const read = await readRiggedGlb(result.files[0].bytes);
      const typeOk = notes.rig.type === expected(n);
      const inside = jointsInside(read);
      const weights = weightCheck(read);
      const stretches = read.rig.clips.map((clip) => ({ clip: clip.name, ...clipStretch(read, clip) }));
      const worst = stretches.reduce((a, b) => (b.max > a.max ? b : a));
      const worstP99 = Math.max(...stretches.map((s) => s.p99));
      const ground = walkGround(read);
      const stretchOk = stretches.every((s) => s.p99 <= 1.5 && s.max <= 3);
      const ok = typeOk && inside.outside.length === 0 && weights.ok && stretchOk;
      if (typeOk) right++;
      if (ok) allChecks++;
      line += ` | ${notes.rig.type}${typeOk ? '' : ' ✗'} | ${inside.inside}/${inside.total}${inside.outside.length ? ` (out: ${inside.outside.join(',')})` : ''} | ${weights.ok ? 'ok' : weights.problem} | ${worstP99.toFixed(2)} / ${worst.max.toFixed(2)} (${worst.clip})${stretchOk ? '' : ' ✗'} | ${pct(ground)} | ${seconds.toFixed(1)}`;
    } catch (error) {
      line += ` | refused: ${(error as Error).message.slice(0, 140)}`;
    }
    console.log(line);
  }
  console.log(
    `${name}: right type ${right}/${files.length} (${pct(right / files.length)}); right type with every check ${allChecks}/${files.length} (${pct(allChecks / files.length)})`,
  );
}

async function negatives() {
  console.log('\n## non-bodies under auto');
  for (const file of NEGATIVES) {
    const bytes = await writeGlb(sceneFromMesh(parseOff(readFileSync(file))));
    try {
      const result = await rig(bytes, spec({ animations: ['idle'] }));
      console.log(`${file.split('/').pop()} | rigged as ${(result.notes as { rig: { type: string } }).rig.type}`);
    } catch (error) {
      console.log(`${file.split('/').pop()} | refused: ${(error as Error).message.slice(0, 120)}`);
    }
  }
}

async function timings() {
  console.log('\n## timings');
  const mesh = subdivideToCount(parseOff(readFileSync(`${DATA}psb-dev/off/2.off`)), 50_000);
  const bytes = await writeGlb(sceneFromMesh(mesh));
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await rig(bytes, spec({ animations: ['idle', 'walk'] }));
    runs.push((performance.now() - t0) / 1000);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `50k-face human (psb 2 subdivided), idle+walk: median ${runs[1].toFixed(2)} s (runs ${runs.map((r) => r.toFixed(2)).join(', ')})`,
  );
}

const only = option('--set') as keyof typeof SETS | undefined;
if (!existsSync(DATA)) {
  console.log(`no data at ${DATA}`);
  process.exit(0);
}
if (!args.includes('--timing-only')) {
  for (const [name, files] of Object.entries(SETS)) if (!only || only === name) await measureSet(name, files);
  if (args.includes('--negatives')) await negatives();
}
if (!args.includes('--no-timing')) await timings();
