/**
 * Bang's CPU time (process.cpuUsage, one process), for comparisons that survive a loaded machine: run
 * it on this tree and on another revision's `src` exported beside it, one after the other.
 *
 *   npx tsx bench/bang-cpu.ts                        this tree
 *   git archive main src | tar -x -C /tmp/main && ln -s $PWD/node_modules /tmp/main/
 *   npx tsx bench/bang-cpu.ts --src /tmp/main        the same measurements with main's engine
 *
 * Measures: strength 5 (7 pieces) on 14 psb-dev meshes spread over the categories; the slowest meshes
 * at their reference counts; psb mesh 1 subdivided to 200k faces at strength 12 (32 pieces).
 *
 *   npx tsx bench/bang-cpu.ts --all-reference      also every psb-dev mesh at its reference count
 *                                                  (the slowest five and how many take over 3 s)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DATA, partCounts, psbAvailable } from './bang-psb/psb.ts';

const args = process.argv.slice(2);
const srcArg = args.indexOf('--src');
const root = srcArg >= 0 ? resolve(args[srcArg + 1]) : new URL('..', import.meta.url).pathname;
if (!psbAvailable()) {
  console.log(`psb-dev not found at ${DATA}; nothing to measure.`);
  process.exit(0);
}
const { parseOff } = await import(`${root}/src/geometry/import/off.ts`);
const { splitMesh } = await import(`${root}/src/engines/bang/split-mesh.ts`);
const { subdivideToCount } = await import(`${root}/src/geometry/ops/index.ts`);
const load = (id: number) => parseOff(readFileSync(`${DATA}off/${id}.off`, 'utf8'));
const cpu = async (work: () => Promise<unknown>): Promise<number> => {
  const c0 = process.cpuUsage();
  await work();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
};

await splitMesh(load(341), { count: 2 }); // load the geometry kernel outside the measurements
let total = 0;
for (const id of [1, 22, 42, 62, 101, 142, 151, 182, 222, 252, 301, 322, 361, 392]) {
  const mesh = load(id);
  total += await cpu(() => splitMesh(mesh, { count: 7 }));
}
console.log(`strength 5 (7 pieces), 14 meshes: ${total.toFixed(1)} s CPU`);
const reference: string[] = [];
for (const [id, count] of [
  [361, 11],
  [142, 9],
  [281, 18],
  [312, 7],
  [151, 5],
]) {
  const mesh = load(id);
  reference.push(`${id} at ${count}: ${(await cpu(() => splitMesh(mesh, { count }))).toFixed(1)} s`);
}
console.log(`reference counts: ${reference.join(', ')}`);
if (args.includes('--all-reference')) {
  const times: [number, number, number][] = [];
  for (const [id, count] of partCounts()) {
    const mesh = load(id);
    times.push([id, count, await cpu(() => splitMesh(mesh, { count }))]);
  }
  times.sort((a, b) => b[2] - a[2]);
  const median = times.map((t) => t[2]).sort((a, b) => a - b)[times.length >> 1];
  console.log(
    `every mesh at its reference count (${times.length}): ${times.filter((t) => t[2] > 3).length} over 3 s CPU, median ${median.toFixed(2)} s; ` +
      `slowest ${times
        .slice(0, 5)
        .map(([id, count, s]) => `${id} at ${count} ${s.toFixed(1)} s`)
        .join(', ')}`,
  );
}
const big = subdivideToCount(load(1), 200_000);
console.log(
  `200k faces at strength 12 (32 pieces): ${(await cpu(() => splitMesh(big, { count: 32 }))).toFixed(1)} s CPU`,
);
console.log(`\ncommand: npx tsx bench/bang-cpu.ts ${args.join(' ')} (engine from ${root})`);
