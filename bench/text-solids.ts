/**
 * Robustness of the text-to-3D generators: every prompt of a suite built three ways (default; creative
 * with a 20k budget; fast with a 2k budget and bbox_condition 1:3:2), each with its own seed, and
 * checked for a closed solid (every edge shared by exactly two opposite triangles, by position) within
 * the face budget. Prints every failure and the share that passed.
 *
 *   npx tsx bench/text-solids.ts                     # the catalogue suite (bench/prompts/suite.tsv)
 *   npx tsx bench/text-solids.ts --suite open        # the open suite's first portions (bench/prompts/open-suite.tsv)
 *   npx tsx bench/text-solids.ts --suite open-all    # every open-suite portion (open-suite*.tsv: fresh-2 … fresh-7 too)
 *   npx tsx bench/text-solids.ts --suite open-suite-fresh7.tsv   # one portion's file of bench/prompts
 *   npx tsx bench/text-solids.ts --suite profiles    # every profile of every family, by its own name
 *   npx tsx bench/text-solids.ts --suite profiles --family weapon   # one family's profiles only
 *   npx tsx bench/text-solids.ts --suite open --part 0/3   # every third prompt from the first (add up the parts)
 *
 * manifold-3d's WASM memory grows by 1.5–4 MB per build in one process (also before the family
 * generators: a leak the arena does not catch), and after ~1300 builds the module fails with "memory
 * access out of bounds"; so a large suite is run in parts, each in its own process (open-all, 3,288
 * prompts × 3 builds since fresh-7: `--part K/12`; in 8 parts the fifth ran out).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { CATEGORIES } from '../src/engines/generate/text/catalog.ts';
import { interpretPrompt, type Interpretation } from '../src/engines/generate/text/understand/index.ts';
import { buildAsset, type BuildOptions } from '../src/engines/generate/text/generators/build.ts';
import { isWatertight } from '../src/geometry/ops/index.ts';

const suiteAt = process.argv.indexOf('--suite');
const suite = suiteAt > 0 ? process.argv[suiteAt + 1] : 'catalogue';
const fromFile = (name: string) =>
  readFileSync(new URL(`./prompts/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t')[0]);
// The profile sweep builds each row of each proportions table (and the family's default form), and
// the examples of families that build a noun from its own description (a dish read from WordNet).
const familyAt = process.argv.indexOf('--family');
const onlyFamily = familyAt > 0 ? process.argv[familyAt + 1] : undefined;
const profileCases = (): [string, () => Interpretation][] =>
  CATEGORIES.filter((c) => c.profiles && (!onlyFamily || c.id === onlyFamily)).flatMap((c) =>
    [undefined, ...Object.keys(c.profiles!), ...(c.examples ?? [])].map((p): [string, () => Interpretation] => [
      `${c.id}/${p ?? 'default'}`,
      () => ({ ...interpretPrompt(p ?? c.id), category: c.id, profile: p }),
    ]),
  );
const openPortions = () =>
  readdirSync(new URL('./prompts/', import.meta.url))
    .filter((f) => /^open-suite.*\.tsv$/.test(f))
    .sort();
const promptFiles =
  suite === 'open-all'
    ? openPortions()
    : suite.endsWith('.tsv')
      ? [suite]
      : [suite === 'open' ? 'open-suite.tsv' : 'suite.tsv'];
const cases: [string, () => Interpretation][] =
  suite === 'profiles' ? profileCases() : promptFiles.flatMap(fromFile).map((p) => [p, () => interpretPrompt(p)]);
const partAt = process.argv.indexOf('--part');
const [part, parts] = partAt > 0 ? process.argv[partAt + 1].split('/').map(Number) : [0, 1];
const variants: [string, (k: number) => BuildOptions][] = [
  ['default', (k) => ({ seed: k * 7 + 1 })],
  ['creative, 20k faces', (k) => ({ seed: k * 13 + 5, creative: true, maxFaces: 20000 })],
  ['fast, 2k faces, bbox 1:3:2', (k) => ({ seed: k, fast: true, maxFaces: 2000, bbox: [1, 3, 2] })],
];
const started = performance.now();
/** Shape-step times of the default variant (the Medium tier's path), to compare suites in one run. */
const buildMs: number[] = [];
let built = 0;
let open = 0;
let over = 0;
let thrown = 0;
for (const [k, [prompt, interpret]] of cases.entries()) {
  if (k % parts !== part) continue;
  for (const [label, options] of variants) {
    const o = options(k);
    built++;
    try {
      const t0 = performance.now();
      const asset = await buildAsset(interpret(), o);
      if (label === 'default') buildMs.push(performance.now() - t0);
      if (!isWatertight(asset.mesh)) {
        open++;
        console.log(`not closed: "${prompt}" (${label}, seed ${o.seed})`);
      }
      if (o.maxFaces && asset.mesh.indices.length / 3 > o.maxFaces) {
        over++;
        console.log(`over budget: "${prompt}" (${label}): ${asset.mesh.indices.length / 3} > ${o.maxFaces}`);
      }
    } catch (error) {
      thrown++;
      console.log(`failed: "${prompt}" (${label}): ${(error as Error).message}`);
    }
  }
}
const ok = built - open - over - thrown;
console.log(`\nassets built: ${built} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(
  `closed and within budget: ${ok}/${built} = ${((100 * ok) / built).toFixed(2)}% (not closed ${open}, over budget ${over}, failed ${thrown})`,
);
buildMs.sort((a, b) => a - b);
console.log(
  `shape build, default variant: median ${buildMs[Math.floor(buildMs.length / 2)].toFixed(0)} ms, p95 ${buildMs[Math.floor(buildMs.length * 0.95)].toFixed(0)} ms (load average ${loadavg()[0].toFixed(1)})`,
);
console.log(
  `command: npx tsx bench/text-solids.ts${suiteAt > 0 ? ` --suite ${suite}` : ''}${onlyFamily ? ` --family ${onlyFamily}` : ''}${partAt > 0 ? ` --part ${part}/${parts}` : ''}`,
);
