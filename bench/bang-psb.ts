/**
 * Bang splitter against the Princeton Segmentation Benchmark (psb-dev subset in ../shared/data/psb-dev).
 *
 *   npx tsx bench/bang-psb.ts            full pipeline: solid pieces, faces labelled by the piece they end in
 *   npx tsx bench/bang-psb.ts --surface  surface segmentation only (no cutting), for diagnosis
 *   npx tsx bench/bang-psb.ts --only 1,21
 *   npx tsx bench/bang-psb.ts --surface --concavity 12   try another crease weighting (default 24)
 *
 * Prints the Rand Index error (1 − RI, over face pairs) against every human segmentation, averaged over
 * humans then meshes, per category and overall; then timing at strength 5 and for a 200k-face model.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { parseOff } from '../src/geometry/import/off.ts';
import { buildSurfaceGraph } from '../src/engines/bang/surface-graph.ts';
import { agglomerate, labelsAtCount } from '../src/engines/bang/agglomerate.ts';
import { splitMesh } from '../src/engines/bang/split-mesh.ts';
import { subdivideToCount } from '../src/geometry/ops/index.ts';

const DATA = new URL('../../shared/data/psb-dev/', import.meta.url).pathname;
const CATEGORIES = ['human', 'cup', 'glasses', 'airplane', 'ant', 'chair', 'octopus', 'table', 'teddy', 'hand',
  'plier', 'fish', 'bird', '(none)', 'armadillo', 'bust', 'mech', 'bearing', 'vase', 'four-legged'];

/** 1 − Rand Index of two labelings of the same faces. */
export function randIndexError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  const joint = new Map<number, number>();
  const ca = new Map<number, number>();
  const cb = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const key = a[i] * 1048576 + b[i];
    joint.set(key, (joint.get(key) ?? 0) + 1);
    ca.set(a[i], (ca.get(a[i]) ?? 0) + 1);
    cb.set(b[i], (cb.get(b[i]) ?? 0) + 1);
  }
  const pairs = (m: Map<number, number>) => { let s = 0; for (const c of m.values()) s += (c * (c - 1)) / 2; return s; };
  const total = (n * (n - 1)) / 2;
  const disagree = pairs(ca) + pairs(cb) - 2 * pairs(joint);
  return disagree / total;
}

const args = process.argv.slice(2);
const surfaceOnly = args.includes('--surface');
const onlyArg = args.indexOf('--only');
const timing = !args.includes('--no-timing');
const concavityArg = args.indexOf('--concavity');
const segmentation = concavityArg >= 0 ? { concavity: Number(args[concavityArg + 1]) } : undefined;
const only = onlyArg >= 0 ? new Set(args[onlyArg + 1].split(',').map(Number)) : undefined;

if (!existsSync(DATA)) {
  console.log(`psb-dev not found at ${DATA}; nothing to measure.`);
  process.exit(0);
}
const counts = new Map(readFileSync(DATA + 'part-counts.txt', 'utf8').trim().split('\n').map((l) => l.split(/\s+/).map(Number) as [number, number]));
const byCategory = new Map<string, number[]>();
const all: number[] = [];
for (const [id, count] of counts) {
  if (only && !only.has(id)) continue;
  const mesh = parseOff(readFileSync(`${DATA}off/${id}.off`, 'utf8'));
  const t0 = performance.now();
  let labels: Int32Array;
  let extra = '';
  if (surfaceOnly) {
    const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
    labels = labelsAtCount(agglomerate(graph, segmentation), count);
  } else {
    const result = await splitMesh(mesh, { count, segmentation });
    labels = result.faceLabels;
    const volume = result.volumes.reduce((a, v) => a + v, 0);
    extra = ` pieces=${result.pieces.length} (tree ${result.treeSplits}, axis ${result.fallbackSplits}) volume error ${Math.abs(volume / result.inputVolume - 1).toExponential(1)}`;
  }
  const ms = performance.now() - t0;
  const segDir = `${DATA}seg/${id}/`;
  const errors = readdirSync(segDir).filter((f) => f.endsWith('.seg')).map((f) => {
    const human = readFileSync(segDir + f, 'utf8').trim().split(/\s+/).map(Number);
    return randIndexError(labels, human);
  });
  const err = errors.reduce((s, e) => s + e, 0) / errors.length;
  const category = CATEGORIES[Math.floor((id - 1) / 20)];
  byCategory.set(category, [...(byCategory.get(category) ?? []), err]);
  all.push(err);
  console.log(`mesh ${String(id).padStart(3)} ${category.padEnd(12)} k=${String(count).padStart(2)} faces=${String(mesh.indices.length / 3).padStart(6)} RI error ${err.toFixed(3)}  ${ms.toFixed(0)} ms${extra}`);
}
console.log('\n| category | meshes | RI error |\n|---|---|---|');
for (const [c, v] of byCategory) console.log(`| ${c} | ${v.length} | ${(v.reduce((s, e) => s + e, 0) / v.length).toFixed(3)} |`);
console.log(`| **all** | ${all.length} | **${(all.reduce((s, e) => s + e, 0) / all.length).toFixed(3)}** |`);

if (timing && !surfaceOnly) {
  // Strength 5 = 7 pieces on every mesh; then a psb mesh subdivided to 200k faces at strength 12 (32 pieces).
  const times: number[] = [];
  for (const id of counts.keys()) {
    if (only && !only.has(id)) continue;
    const mesh = parseOff(readFileSync(`${DATA}off/${id}.off`, 'utf8'));
    const t0 = performance.now();
    await splitMesh(mesh, { count: 7 });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  console.log(`\nstrength 5 (7 pieces): median ${(median / 1000).toFixed(2)} s per mesh over ${times.length} meshes (max ${(times[times.length - 1] / 1000).toFixed(1)} s)`);
  const big = subdivideToCount(parseOff(readFileSync(`${DATA}off/1.off`, 'utf8')), 200_000);
  const t0 = performance.now();
  const result = await splitMesh(big, { count: 32 });
  console.log(`strength 12 (32 pieces) on psb mesh 1 subdivided to ${big.indices.length / 3} faces: ${((performance.now() - t0) / 1000).toFixed(1)} s, ${result.pieces.length} pieces`);
}
console.log('\ncommand: npx tsx bench/bang-psb.ts');
