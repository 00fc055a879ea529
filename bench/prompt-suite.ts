/**
 * Prompt-understanding benchmark: the share of bench/prompts/suite.tsv whose prompt resolves to the
 * expected category (and, where given, the expected companion of "X on Y" / "X with Y"), plus the
 * time describePrompt takes per prompt after warm-up.
 *
 *   npx tsx bench/prompt-suite.ts            # summary and every miss
 *   npx tsx bench/prompt-suite.ts --quiet    # summary only
 */
import { readFileSync } from 'node:fs';
import { interpretPrompt, summarizeInterpretation, warmLexicon } from '../src/engines/generate/text/understand/index.ts';

const quiet = process.argv.includes('--quiet');
const file = new URL('./prompts/suite.tsv', import.meta.url);
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [prompt, category, companion] = line.split('\t').map((s) => s?.trim());
    return { prompt, category, companion: companion || undefined };
  });

const warmStart = performance.now();
warmLexicon();
interpretPrompt('a warm-up chair');
const warmMs = performance.now() - warmStart;

let correct = 0;
let companionsAsked = 0;
let companionsRight = 0;
const times: number[] = [];
const misses: string[] = [];
const byFamily = new Map<string, { n: number; ok: number }>();
for (const row of rows) {
  const t = performance.now();
  const i = interpretPrompt(row.prompt);
  const summary = summarizeInterpretation(i);
  times.push(performance.now() - t);
  const ok = i.category === row.category;
  if (ok) correct++;
  const fam = byFamily.get(row.category) ?? { n: 0, ok: 0 };
  fam.n++;
  if (ok) fam.ok++;
  byFamily.set(row.category, fam);
  if (row.companion) {
    companionsAsked++;
    if (i.companions.some((c) => c.category === row.companion)) companionsRight++;
    else misses.push(`companion  "${row.prompt}" → expected ${row.companion}; ${summary}`);
  }
  if (!ok) misses.push(`category   "${row.prompt}" → expected ${row.category}; ${summary}`);
}

times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const p95 = times[Math.floor(times.length * 0.95)];
const max = times[times.length - 1];
if (!quiet) for (const m of misses) console.log(m);
console.log('');
console.log(`prompts: ${rows.length}, categories covered: ${byFamily.size}`);
console.log(`category resolved correctly: ${correct}/${rows.length} = ${((100 * correct) / rows.length).toFixed(1)}%`);
console.log(`companion resolved correctly: ${companionsRight}/${companionsAsked}`);
console.log(`describe time after warm-up: mean ${mean.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${max.toFixed(1)} ms (warm-up ${warmMs.toFixed(0)} ms)`);
console.log('command: npx tsx bench/prompt-suite.ts');
