// A node:test reporter that records how long each test file took (wall time, from the file's start to its
// end) into test/durations.json, merged with what is recorded for files this run did not include.
// scripts/run-tests.mjs adds it when KILN_TEST_DURATIONS=write; it then orders the next runs longest first.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { DURATIONS_FILE } from './test-files.mjs';

const root = new URL('..', import.meta.url).pathname;

/** Reads test/durations.json's per-file seconds ({} when absent or unreadable). */
export function readDurations(path = `${root}${DURATIONS_FILE}`) {
  try {
    return JSON.parse(readFileSync(path, 'utf8')).seconds ?? {};
  } catch {
    return {};
  }
}

/** Writes per-file seconds, longest first, with how they were measured. */
export function writeDurations(seconds, measuredWith, path = `${root}${DURATIONS_FILE}`) {
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
  writeFileSync(path, `${JSON.stringify({ measuredWith, seconds: sorted }, null, 2)}\n`);
}

export default async function* durationsReporter(source) {
  const recorded = readDurations();
  const measuredWith = `KILN_TEST_DURATIONS=write npm test (wall seconds per file within the run, ${new Date().toISOString()})`;
  for await (const event of source) {
    // The file itself completes as a nesting-0 test named by its path (its tests carry the file too).
    if (event.type !== 'test:complete' || event.data.nesting !== 0) continue;
    const { file, name, details } = event.data;
    if (!file || name !== file) continue;
    recorded[relative(root, file)] = Math.round(details.duration_ms / 100) / 10;
    // Written at once, file by file: --test-force-exit ends the process before a reporter's last words.
    writeDurations(recorded, measuredWith);
  }
  yield '';
}
