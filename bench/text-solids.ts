/**
 * Robustness of the text-to-3D generators: every prompt of bench/prompts/suite.tsv built three ways
 * (default; creative with a 20k budget; fast with a 2k budget and bbox_condition 1:3:2), each with its
 * own seed, and checked for a closed solid (every edge shared by exactly two opposite triangles, by
 * position) within the face budget. Prints every failure and the share that passed.
 *
 *   npx tsx bench/text-solids.ts
 */
import { readFileSync } from 'node:fs';
import { interpretPrompt } from '../src/engines/generate/text/understand/index.ts';
import { buildAsset, type BuildOptions } from '../src/engines/generate/text/generators/build.ts';
import { isWatertight } from '../src/geometry/ops/index.ts';

const rows = readFileSync(new URL('./prompts/suite.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);
const variants: [string, (k: number) => BuildOptions][] = [
  ['default', (k) => ({ seed: k * 7 + 1 })],
  ['creative, 20k faces', (k) => ({ seed: k * 13 + 5, creative: true, maxFaces: 20000 })],
  ['fast, 2k faces, bbox 1:3:2', (k) => ({ seed: k, fast: true, maxFaces: 2000, bbox: [1, 3, 2] })],
];
const started = performance.now();
let built = 0;
let open = 0;
let over = 0;
let thrown = 0;
for (const [k, prompt] of rows.entries()) {
  for (const [label, options] of variants) {
    const o = options(k);
    built++;
    try {
      const asset = await buildAsset(interpretPrompt(prompt), o);
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
console.log(`closed and within budget: ${ok}/${built} = ${((100 * ok) / built).toFixed(2)}% (not closed ${open}, over budget ${over}, failed ${thrown})`);
console.log('command: npx tsx bench/text-solids.ts');
