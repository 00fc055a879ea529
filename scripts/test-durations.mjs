#!/usr/bin/env node
// Runs each test file alone (node:test through tsx, as scripts/run-tests.mjs does) and prints a table of
// wall and CPU time (user+sys of the file's process and every child it waited for), sorted by CPU.
// Wall time is inflated on a loaded machine; CPU time is the figure to rank by (plus wall for files that
// sleep or wait). (The order scripts/run-tests.mjs starts files in comes from a whole run instead:
// KILN_TEST_DURATIONS=write npm test.)
//
//   node scripts/test-durations.mjs [--jobs N] [--json out.json] [path fragments...]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { collectTestFiles } from './test-files.mjs';

const DURATIONS_DEFAULTS = {
  // One file at a time by default: two at once on two cores inflate each other's wall time.
  jobs: 1,
};

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const jobs = Number(option('--jobs') ?? DURATIONS_DEFAULTS.jobs);
const jsonOut = option('--json');
const filters = args.filter((arg) => !arg.startsWith('-'));
// In the order of the fragments given (so the files of interest are measured first), else alphabetical.
const rank = (file) => filters.findIndex((filter) => file.includes(filter));
const files = collectTestFiles(root, filters).sort((a, b) => rank(a) - rank(b));

// The child's CPU time: /usr/bin/time reports the rusage of the process it waited for, which includes the
// children that process waited for in turn (workers, Blender, Chromium, python3).
function runOne(file) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(
      '/usr/bin/time',
      [
        '-f',
        'KILN_TIME %U %S',
        process.execPath,
        '--import',
        'tsx',
        '--test',
        '--test-force-exit',
        '--test-reporter=dot',
        file,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const match = /KILN_TIME ([\d.]+) ([\d.]+)/.exec(stderr);
      const [user, sys] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
      resolve({ file, wall, user, sys, cpu: user + sys, ok: code === 0 });
    });
  });
}

const results = [];
const queue = [...files];
const loadAtStart = loadavg()[0];
async function worker() {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const result = await runOne(file);
    results.push(result);
    // Written after every file so an interrupted run keeps what it measured.
    if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
    process.stderr.write(
      `${result.ok ? 'ok  ' : 'FAIL'} ${result.cpu.toFixed(1).padStart(6)} cpu ${result.wall.toFixed(1).padStart(6)} wall  ${file}  (load ${loadavg()[0].toFixed(1)})\n`,
    );
  }
}
await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));

results.sort((a, b) => b.cpu - a.cpu);
const totalCpu = results.reduce((sum, r) => sum + r.cpu, 0);
const totalWall = results.reduce((sum, r) => sum + r.wall, 0);
console.log(`load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end; --jobs ${jobs}`);
console.log('   cpu s   wall s  file');
for (const r of results) {
  console.log(`${r.cpu.toFixed(1).padStart(8)} ${r.wall.toFixed(1).padStart(8)}  ${r.file}${r.ok ? '' : '  (FAILED)'}`);
}
console.log(`${totalCpu.toFixed(0).padStart(8)} ${totalWall.toFixed(0).padStart(8)}  total (${results.length} files)`);
