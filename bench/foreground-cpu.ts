/**
 * CPU time of the image engine's foreground stage alone (issue #31): `extractForeground` on the speed
 * bench's pictures, several runs in one process, the first (module loads, JIT) left out of the figures.
 * CPU time rather than wall time, so two trees can be compared on a shared, loaded machine; run the
 * trees alternately and compare medians.
 *
 *   npx tsx bench/foreground-cpu.ts --picture photo --mode full --runs 5
 *   npx tsx bench/foreground-cpu.ts --tree /path/to/other/checkout --picture png --mode fast
 *
 * The stage runs here outside the engine runner, so without its core count (cpu-slots.ts): one thread,
 * which is what a CPU-time comparison wants (a helper's CPU would count the same; only wall time changes).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { figurePicture, jugPhotograph } from './support/pictures.ts';

const { values: args } = parseArgs({
  options: {
    tree: { type: 'string', default: new URL('..', import.meta.url).pathname },
    picture: { type: 'string', default: 'photo' },
    mode: { type: 'string', default: 'full' },
    runs: { type: 'string', default: '5' },
  },
});

const { extractForeground } = (await import(
  `${args.tree.replace(/\/$/, '')}/src/engines/generate/image/foreground.ts`
)) as typeof import('../src/engines/generate/image/foreground.ts');
const photo = args.picture === 'photo';
const fast = args.mode === 'fast';
const bytes = photo ? await jugPhotograph() : await figurePicture();
const cpuMs: number[] = [];
const wallMs: number[] = [];
for (let run = 0; run < Number(args.runs); run++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // The settings the image engine uses at Medium (settings.ts): working size 320, or 224 in fast mode.
  await extractForeground(bytes, { workingSize: fast ? 224 : 320, refine: !fast, seed: photo ? 5 : 7 });
  const cpu = process.cpuUsage(cpu0);
  cpuMs.push(Math.round((cpu.user + cpu.system) / 1000));
  wallMs.push(Math.round(performance.now() - t0));
}
const warm = cpuMs.slice(1).sort((a, b) => a - b);
console.log(
  JSON.stringify({
    tree: args.tree,
    picture: args.picture,
    mode: args.mode,
    cpuMinMs: warm[0],
    cpuMedianMs: warm[Math.floor(warm.length / 2)],
    cpuMs,
    wallMs,
    load: loadavg().map((l) => Number(l.toFixed(1))),
  }),
);
