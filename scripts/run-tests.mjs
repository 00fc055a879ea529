#!/usr/bin/env node
// Runs every test/**/*.test.ts through node:test with tsx. Node 20's --test does not expand globs,
// so the files are listed here. Extra arguments narrow the run: `npm test -- geometry` runs only
// test files whose path contains "geometry".
import { spawn } from 'node:child_process';
import { readDurations } from './durations-reporter.mjs';
import { collectTestFiles } from './test-files.mjs';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const passThrough = process.argv.slice(2).filter((arg) => arg.startsWith('-'));

const files = collectTestFiles(root, filters);
if (files.length === 0) {
  console.error(`No test files match ${filters.join(', ') || 'test/**/*.test.ts'}.`);
  process.exit(1);
}

const RUN_ORDER_DEFAULTS = {
  /** Estimate for a file test/durations.json does not list yet (a new test): between the long and the short. */
  unrecordedSeconds: 10,
};

/**
 * Longest files first. node:test starts files in the order given, `concurrency` at a time; a long file that
 * happens to start last runs alone at the end while the other slot idles. The recorded durations
 * (test/durations.json, written by a run with KILN_TEST_DURATIONS=write) order the files longest first;
 * a file not recorded yet counts as RUN_ORDER_DEFAULTS.unrecordedSeconds. Ties keep the alphabetical order.
 */
function longestFirst(list) {
  const recorded = readDurations();
  const estimate = (file) => recorded[file] ?? RUN_ORDER_DEFAULTS.unrecordedSeconds;
  return [...list].sort((a, b) => estimate(b) - estimate(a));
}

const concurrency = process.env.KILN_TEST_CONCURRENCY ?? '2';
// KILN_TEST_DURATIONS=write: a second reporter records each file's wall time in test/durations.json.
const reporters =
  process.env.KILN_TEST_DURATIONS === 'write'
    ? ['--test-reporter=spec', '--test-reporter-destination=stdout'].concat([
        '--test-reporter=./scripts/durations-reporter.mjs',
        '--test-reporter-destination=stdout',
      ])
    : ['--test-reporter=spec'];
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
    ...reporters,
    ...passThrough,
    ...longestFirst(files),
  ],
  { cwd: root, stdio: 'inherit' },
);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
