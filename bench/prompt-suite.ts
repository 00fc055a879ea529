/**
 * Prompt-understanding benchmark, two suites:
 *  - bench/prompts/suite.tsv (the catalogue suite): the share whose prompt resolves to the expected
 *    category (and, where given, the expected companion of "X on Y" / "X with Y");
 *  - bench/prompts/open-suite.tsv and open-suite-fresh2.tsv … open-suite-fresh8.tsv (the open suite, written like public text-to-3D prompt collections):
 *    the share where the object Kiln says it makes (madeObject: the noun's profile when the noun is one,
 *    else the class it was found under or the family's stand-in) is one of the label's acceptable objects; every portion (split) reported apart.
 * Also the time describePrompt takes per prompt after warm-up.
 *
 *   npx tsx bench/prompt-suite.ts            # summary and every miss of the tuned-on portions
 *   npx tsx bench/prompt-suite.ts --show-untouched   # also the misses of portions never tuned on
 *   npx tsx bench/prompt-suite.ts --quiet    # summary only
 *   npx tsx bench/prompt-suite.ts --dev      # open suite misses of the dev portion only (for tuning)
 */
import { readFileSync } from 'node:fs';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../src/engines/generate/text/understand/index.ts';

const quiet = process.argv.includes('--quiet');
const devOnly = process.argv.includes('--dev');
/** Misses of a portion never tuned on stay hidden unless asked for, so tuning cannot read them by accident. */
const showUntouched = process.argv.includes('--show-untouched');
const untouched = (miss: string) => SPLIT_NOTES[miss.slice(0, 8).trim()]?.endsWith('never tuned on') ?? false;

function rowsOf(name: string): string[][] {
  return readFileSync(new URL(`./prompts/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t').map((s) => s.trim()));
}

const pct = (a: number, n: number) => `${a}/${n} = ${((100 * a) / n).toFixed(1)}%`;

const warmStart = performance.now();
warmLexicon();
interpretPrompt('a warm-up chair');
const warmMs = performance.now() - warmStart;
const times: number[] = [];

function read(prompt: string) {
  const t = performance.now();
  const i = interpretPrompt(prompt);
  const summary = summarizeInterpretation(i);
  times.push(performance.now() - t);
  return { i, summary };
}

function catalogueSuite(): void {
  const rows = rowsOf('suite.tsv').map(([prompt, category, companion]) => ({
    prompt,
    category,
    companion: companion || undefined,
  }));
  let correct = 0;
  let companionsAsked = 0;
  let companionsRight = 0;
  const misses: string[] = [];
  const categories = new Set<string>();
  for (const row of rows) {
    const { i, summary } = read(row.prompt);
    categories.add(row.category);
    if (i.category === row.category) correct++;
    else misses.push(`category   "${row.prompt}" → expected ${row.category}; ${summary}`);
    if (row.companion) {
      companionsAsked++;
      if (i.companions.some((c) => c.category === row.companion)) companionsRight++;
      else misses.push(`companion  "${row.prompt}" → expected ${row.companion}; ${summary}`);
    }
  }
  if (!quiet && !devOnly) for (const m of misses) console.log(m);
  console.log(`\ncatalogue suite (bench/prompts/suite.tsv): ${rows.length} prompts, ${categories.size} categories`);
  console.log(`category resolved correctly: ${pct(correct, rows.length)}`);
  console.log(`companion resolved correctly: ${companionsRight}/${companionsAsked}`);
}

const OPEN_SUITE_FILES = [
  'open-suite.tsv',
  'open-suite-fresh2.tsv',
  'open-suite-fresh3.tsv',
  'open-suite-fresh4.tsv',
  'open-suite-fresh5.tsv',
  'open-suite-fresh6.tsv',
  'open-suite-fresh7.tsv',
  'open-suite-fresh8.tsv',
];
const SPLIT_NOTES: Record<string, string> = {
  dev: 'tuned on',
  'held-out': 'labelled before tuning; tuned on from 2026-11-24',
  fresh: 'written after the word lists; tuned on from 2026-11-24',
  'fresh-2': 'written 2026-11-24 without reading the engine; tuned on from the third #16 session, 2026-11-24',
  'fresh-3': 'written 2026-11-24 without reading the engine; tuned on from the fourth #16 pass, 2026-11-24',
  'fresh-4': 'written 2026-11-24 without reading the engine; tuned on from the fifth #16 pass, 2026-11-24',
  'fresh-5':
    'written 2026-11-24 without reading the engine, after fresh-4 was tuned on; tuned on from the sixth #16 pass, 2026-11-24',
  'fresh-6':
    'written 2026-11-24 without reading the engine, natural subject mix, after fresh-5 was tuned on; never tuned on',
  'fresh-7': 'written 2026-11-28 without reading the engine or fresh-6, natural subject mix; never tuned on',
  'fresh-8':
    'written 2026-12-06 without reading the engine (449 prompts, natural subject mix, issue #29); never tuned on',
};

function openSuite(): void {
  const rows = OPEN_SUITE_FILES.flatMap((file) => rowsOf(file)).map(([prompt, labels, split]) => ({
    prompt,
    accept: labels.split('|'),
    split,
  }));
  const score: Record<string, { n: number; ok: number }> = {};
  let standIns = 0;
  const misses: string[] = [];
  const outcomes: boolean[] = [];
  for (const row of rows) {
    const { i, summary } = read(row.prompt);
    const made = madeObject(i);
    const ok = i.via !== 'generic' && row.accept.includes(made.makes);
    outcomes.push(ok);
    score[row.split] ??= { n: 0, ok: 0 };
    score[row.split].n++;
    if (ok) score[row.split].ok++;
    if (ok && (made.standIn || made.proportions)) standIns++;
    if (!ok && (row.split === 'dev' || !devOnly))
      misses.push(
        `${row.split.padEnd(8)} "${row.prompt}" → makes ${made.makes}, accepts ${row.accept.join('|')}; ${summary}`,
      );
  }
  if (!quiet) for (const m of misses) if (showUntouched || !untouched(m)) console.log(m);
  const all = Object.values(score).reduce((a, b) => ({ n: a.n + b.n, ok: a.ok + b.ok }));
  console.log(`\nopen suite (bench/prompts/${OPEN_SUITE_FILES.join(', ')}): ${rows.length} prompts`);
  console.log(
    `object made is an acceptable one: ${pct(all.ok, all.n)} (of which ${standIns} by a family stand-in the label allows)`,
  );
  for (const [split, s] of Object.entries(score)) {
    console.log(
      `  ${`${split} portion:`.padEnd(19)} ${pct(s.ok, s.n)}${SPLIT_NOTES[split] ? ` (${SPLIT_NOTES[split]})` : ''}`,
    );
  }
  reportNewSubjects(rows, outcomes);
}

/**
 * The newest portion is written with the natural subject mix, so some of its subjects also appear in
 * earlier (tuned-on) portions; its prompts whose subject's own name (the first label) no earlier portion
 * or catalogue row names are reported apart, as the figure for subjects the engine was never tuned on.
 */
function reportNewSubjects(rows: { accept: string[]; split: string }[], outcomes: boolean[]): void {
  const newest = rows[rows.length - 1].split;
  const seen = new Set(rowsOf('suite.tsv').map(([, category]) => category));
  for (const row of rows) if (row.split !== newest) for (const name of row.accept) seen.add(name);
  let n = 0;
  let ok = 0;
  rows.forEach((row, index) => {
    if (row.split !== newest || seen.has(row.accept[0])) return;
    n++;
    if (outcomes[index]) ok++;
  });
  console.log(
    `  ${`${newest}, new subjects:`.padEnd(19)} ${pct(ok, n)} (the subject's own name, its first label, appears in no earlier portion or catalogue row)`,
  );
}

catalogueSuite();
openSuite();
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `\ndescribe time after warm-up (${times.length} prompts): mean ${mean.toFixed(2)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(2)} ms, max ${times[times.length - 1].toFixed(1)} ms (warm-up ${warmMs.toFixed(0)} ms)`,
);
console.log('command: npx tsx bench/prompt-suite.ts');
