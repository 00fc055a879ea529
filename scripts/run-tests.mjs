#!/usr/bin/env node
// Runs every test/**/*.test.ts through node:test with tsx. Node 20's --test does not expand globs,
// so the files are listed here. Extra arguments narrow the run: `npm test -- geometry` runs only
// test files whose path contains "geometry".
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const passThrough = process.argv.slice(2).filter((arg) => arg.startsWith('-'));

function collect(dir) {
  const found = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...collect(path));
    else if (entry.endsWith('.test.ts')) found.push(relative(root, path));
  }
  return found;
}

const files = collect(join(root, 'test')).filter(
  (file) => filters.length === 0 || filters.some((filter) => file.includes(filter)),
);
if (files.length === 0) {
  console.error(`No test files match ${filters.join(', ') || 'test/**/*.test.ts'}.`);
  process.exit(1);
}
const concurrency = process.env.KILN_TEST_CONCURRENCY ?? '2';
// --test-force-exit: a test file whose tests have all finished exits even if something it started left a
// handle open (seen once: test/tasks/task-management.test.ts sat for minutes after its last test under the
// full suite's load, though it exits at once alone); one leak must not hang the whole run.
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-force-exit',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    ...passThrough,
    ...files,
  ],
  { cwd: root, stdio: 'inherit' },
);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
