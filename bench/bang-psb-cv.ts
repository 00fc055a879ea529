/**
 * Leave-one-category-out cross-validation of Bang's segmentation weights on psb-dev (76 meshes).
 *
 *   npx tsx bench/bang-psb-cv.ts --grid thickness=0,0.3,0.5 --grid partFraction=0.01,0.02 [--surface] [--jobs 2] [--baseline]
 *
 * Every combination of the grid is scored on every mesh (surface segmentation with --surface, else the
 * full pipeline without timings). For each category, the combination with the lowest mean error on
 * the OTHER categories is chosen and scored on the held-out category; the mean of those held-out
 * scores is the cross-validated error, an honest estimate of what fitting the weights buys.
 */
import { categoryOf, halfOf, partCounts, psbAvailable } from './bang-psb/psb.ts';
import { runJobs } from './bang-psb/pool.ts';
import type { Measurement } from './bang-psb/measure.ts';

const args = process.argv.slice(2);
const surface = args.includes('--surface');
const jobsArg = args.indexOf('--jobs');
const jobs = jobsArg >= 0 ? Number(args[jobsArg + 1]) : 2;
const grid: [string, number[]][] = [];
args.forEach((a, i) => {
  if (a !== '--grid') return;
  const [key, values] = args[i + 1].split('=');
  grid.push([key, values.split(',').map(Number)]);
});
if (!psbAvailable() || grid.length === 0) {
  console.log(grid.length ? 'psb-dev not found; nothing to measure.' : 'give at least one --grid key=v1,v2');
  process.exit(0);
}
let combos: Record<string, number>[] = [{}];
for (const [key, values] of grid) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
// --baseline: the engine's defaults compete as one more combination.
if (args.includes('--baseline')) combos.unshift({});

const counts = partCounts();
const ids = [...counts.keys()];
const mean = (v: number[]) => v.reduce((s, e) => s + e, 0) / v.length;
const scores: Map<number, number>[] = [];
for (const combo of combos) {
  const results: Measurement[] = await runJobs(
    ids.map((id) => ({ id, count: counts.get(id)!, surface, score: true, segmentation: combo })),
    jobs,
    () => {},
  );
  scores.push(new Map(results.map((m) => [m.id, m.error!])));
  const all = results.map((m) => m.error!);
  const byCategory = [...new Set(ids.map(categoryOf))]
    .map((c) => [c, mean(results.filter((m) => categoryOf(m.id) === c).map((m) => m.error!))] as const)
    .sort((x, y) => y[1] - x[1]);
  console.log(
    `${JSON.stringify(combo)}: all ${mean(all).toFixed(4)}, old ${mean(results.filter((m) => halfOf(m.id) === 'old').map((m) => m.error!)).toFixed(3)}, new ${mean(results.filter((m) => halfOf(m.id) === 'new').map((m) => m.error!)).toFixed(3)}; ` +
      `worst ${byCategory
        .slice(0, 4)
        .map(([c, e]) => `${c} ${e.toFixed(3)}`)
        .join(', ')}`,
  );
}
const categories = [...new Set(ids.map(categoryOf))];
const held: number[] = [];
console.log('\n| held-out category | chosen on the other 18 | held-out error |\n|---|---|---|');
for (const category of categories) {
  const train = ids.filter((id) => categoryOf(id) !== category),
    test = ids.filter((id) => categoryOf(id) === category);
  let best = 0;
  combos.forEach((_, c) => {
    if (mean(train.map((id) => scores[c].get(id)!)) < mean(train.map((id) => scores[best].get(id)!))) best = c;
  });
  const errors = test.map((id) => scores[best].get(id)!);
  held.push(...errors);
  console.log(`| ${category} | ${JSON.stringify(combos[best])} | ${mean(errors).toFixed(3)} |`);
}
console.log(`\ncross-validated error (leave one category out): ${mean(held).toFixed(3)} over ${held.length} meshes`);
console.log(`command: npx tsx bench/bang-psb-cv.ts ${args.join(' ')}`);
