/**
 * Bang against the Princeton Segmentation Benchmark (psb-dev subset, ../shared/data/psb-dev: 76 meshes).
 *
 *   npx tsx bench/bang-psb.ts                    full pipeline on all 76 (solid pieces; each face labelled
 *                                                by the piece holding most of its area), then timings
 *   npx tsx bench/bang-psb.ts --surface          surface segmentation only (no cutting), for diagnosis
 *   --only 1,21          these models            --category fish,bust   these categories
 *   --half old|new       models 1, 11, … (old development set) or 2, 12, … (new)
 *   --jobs N             worker processes (default 2: the machine has 2 shared cores)
 *   --no-timing          skip the strength-5 and 200k-face timings
 *   --timing-only        only the timings (no scoring at the reference counts)
 *   --set key=value      a segmentation option (AgglomerateOptions), e.g. --set concavity=12; repeatable
 *
 * Prints the Rand Index error (1 − RI over face pairs) against every human segmentation, averaged over
 * humans then meshes: per mesh, per category (old / new / all) and overall; the time per mesh at its
 * reference count; then the median time at strength 5 (7 pieces) and a 200k-face model at strength 12.
 */
import { readFileSync } from 'node:fs';
import { parseOff } from '../src/geometry/import/off.ts';
import { splitMesh } from '../src/engines/bang/split-mesh.ts';
import { isWatertight, subdivideToCount } from '../src/geometry/ops/index.ts';
import type { AgglomerateOptions } from '../src/engines/bang/agglomerate.ts';
import { DATA, categoryOf, halfOf, partCounts, psbAvailable } from './bang-psb/psb.ts';
import { runJobs } from './bang-psb/pool.ts';
import type { MeasureJob, Measurement } from './bang-psb/measure.ts';
import { sourceHash, sourceLine } from './bang-psb/source-hash.ts';

// Read as the run starts (the modules are loaded by now): the figures are this code's.
const codeHash = sourceHash();

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const surface = args.includes('--surface');
const timing = !args.includes('--no-timing');
const scoring = !args.includes('--timing-only');
const jobs = Number(option('--jobs') ?? 2);
const only = option('--only') ? new Set(option('--only')!.split(',').map(Number)) : undefined;
const categories = option('--category') ? new Set(option('--category')!.split(',')) : undefined;
const half = option('--half');
const segmentation: Record<string, number | boolean> = {};
if (option('--concavity')) segmentation.concavity = Number(option('--concavity'));
args.forEach((a, i) => {
  if (a !== '--set') return;
  const [key, value] = args[i + 1].split('=');
  segmentation[key] = value === 'true' ? true : value === 'false' ? false : Number(value);
});

if (!psbAvailable()) {
  console.log(`psb-dev not found at ${DATA}; nothing to measure.`);
  process.exit(0);
}
const counts = partCounts();
const ids = [...counts.keys()].filter(
  (id) => (!only || only.has(id)) && (!categories || categories.has(categoryOf(id))) && (!half || halfOf(id) === half),
);
const faceCount = (id: number) =>
  Number(readFileSync(`${DATA}off/${id}.off`, 'utf8').split('\n', 2)[1].trim().split(/\s+/)[1]);
const bySize = [...ids].sort((a, b) => faceCount(b) - faceCount(a));
const seg = Object.keys(segmentation).length ? (segmentation as AgglomerateOptions) : undefined;

const line = (m: Measurement) =>
  `mesh ${String(m.id).padStart(3)} ${categoryOf(m.id).padEnd(12)} k=${String(m.count).padStart(2)} faces=${String(m.faces).padStart(6)} RI error ${m.error!.toFixed(3)}  ${m.ms.toFixed(0)} ms` +
  (m.pieces !== undefined
    ? ` pieces=${m.pieces} (tree ${m.treeSplits}, axis ${m.fallbackSplits}) volume error ${m.volumeError!.toExponential(1)}`
    : '');
const scored = !scoring
  ? []
  : await runJobs(
      bySize.map((id): MeasureJob => ({ id, count: counts.get(id)!, surface, score: true, segmentation: seg })),
      jobs,
      (m) => console.log(line(m)),
    );
scored.sort((a, b) => a.id - b.id);
if (scoring) report(scored);

function report(scored: Measurement[]): void {
  const mean = (v: number[]) => (v.length ? v.reduce((s, e) => s + e, 0) / v.length : NaN);
  const cell = (v: number[]) => (v.length ? mean(v).toFixed(3) : '–');
  const errorsOf = (list: Measurement[]) => list.map((m) => m.error!);
  console.log('\n| category | old (1, 11) | new (2, 12) | all |\n|---|---|---|---|');
  for (const category of [...new Set(scored.map((m) => categoryOf(m.id)))]) {
    const inCategory = scored.filter((m) => categoryOf(m.id) === category);
    console.log(
      `| ${category} | ${cell(errorsOf(inCategory.filter((m) => halfOf(m.id) === 'old')))} | ${cell(errorsOf(inCategory.filter((m) => halfOf(m.id) === 'new')))} | ${cell(errorsOf(inCategory))} |`,
    );
  }
  const old = scored.filter((m) => halfOf(m.id) === 'old'),
    fresh = scored.filter((m) => halfOf(m.id) === 'new');
  console.log(
    `| **all** (${old.length} / ${fresh.length} / ${scored.length} meshes) | **${cell(errorsOf(old))}** | **${cell(errorsOf(fresh))}** | **${cell(errorsOf(scored))}** |`,
  );
  const worstCategory = Math.max(
    ...[...new Set(scored.map((m) => categoryOf(m.id)))].map((c) =>
      mean(errorsOf(scored.filter((m) => categoryOf(m.id) === c))),
    ),
  );
  const slowest = scored.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    `\nworst category ${worstCategory.toFixed(3)}; at the reference count: slowest mesh ${slowest.id} ${(slowest.ms / 1000).toFixed(1)} s, ` +
      `${scored.filter((m) => m.ms > 3000).length} meshes over 3 s (${jobs} job${jobs > 1 ? 's' : ''} in parallel)`,
  );
  if (!surface) {
    console.log(`largest volume error ${Math.max(...scored.map((m) => m.volumeError!)).toExponential(1)}`);
    const open = scored.filter((m) => m.openPieces! > 0);
    const total = scored.reduce((a, m) => a + m.pieces!, 0);
    console.log(
      `pieces not closed (by position): ${open.reduce((a, m) => a + m.openPieces!, 0)} of ${total}${open.map((m) => ` mesh ${m.id}: ${m.openPieces}`).join(',')}`,
    );
  }
}

if (timing && !surface) {
  const times = (
    await runJobs(
      bySize.map((id): MeasureJob => ({ id, count: 7, surface: false, score: false, segmentation: seg })),
      jobs,
      () => {},
    )
  )
    .map((m) => m.ms)
    .sort((a, b) => a - b);
  const median =
    times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  console.log(
    `strength 5 (7 pieces): median ${(median / 1000).toFixed(2)} s per mesh over ${times.length} meshes (max ${(times[times.length - 1] / 1000).toFixed(1)} s)`,
  );
  const big = subdivideToCount(parseOff(readFileSync(`${DATA}off/1.off`, 'utf8')), 200_000);
  const t0 = performance.now();
  const result = await splitMesh(big, { count: 32, segmentation: seg });
  const seconds = (performance.now() - t0) / 1000;
  const open = result.pieces.filter((piece) => !isWatertight(piece, { byPosition: true })).length;
  console.log(
    `strength 12 (32 pieces) on psb mesh 1 subdivided to ${big.indices.length / 3} faces: ${seconds.toFixed(1)} s, ${result.pieces.length} pieces, ${open} not closed (alone in this process)`,
  );
}
console.log(`\n${sourceLine(codeHash)}`);
console.log(`command: npx tsx bench/bang-psb.ts ${args.join(' ')}`);
