// The list of test files, shared by scripts/run-tests.mjs and scripts/test-durations.mjs.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Recorded per-file durations (written by `node scripts/test-durations.mjs --write`).
export const DURATIONS_FILE = 'test/durations.json';

function collect(root, dir) {
  const found = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...collect(root, path));
    else if (entry.endsWith('.test.ts')) found.push(relative(root, path));
  }
  return found;
}

/** Every test/**\/*.test.ts under root (relative paths, sorted), narrowed to those containing a filter. */
export function collectTestFiles(root, filters = []) {
  return collect(root, join(root, 'test')).filter(
    (file) => filters.length === 0 || filters.some((filter) => file.includes(filter)),
  );
}
