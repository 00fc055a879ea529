/**
 * The whole project type-checks (src, test, bench and scripts, as tsconfig.json includes them): tsx
 * runs TypeScript without checking it, so a wrong type would otherwise surface only where it breaks
 * at run time, or in a benchmark nobody ran.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';

const root = new URL('../..', import.meta.url).pathname;
const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;
/**
 * tsc's incremental record of the last check (what each file's types were, and the errors found): the next
 * run re-checks only the files that changed and those depending on them, and reports the recorded errors of
 * the rest again. 38 s of CPU for a full check, 12 s when nothing changed (docs/testing.md). It lives under
 * node_modules, so it is never committed and `npm ci` starts from a full check.
 */
const buildInfo = new URL('../../node_modules/.cache/kiln/typecheck.tsbuildinfo', import.meta.url).pathname;

test('the project type-checks with no errors (tsc --noEmit)', { timeout: 300_000 }, async () => {
  mkdirSync(dirname(buildInfo), { recursive: true });
  try {
    await promisify(execFile)(
      process.execPath,
      [tsc, '--noEmit', '-p', root, '--incremental', '--tsBuildInfoFile', buildInfo],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    assert.fail(`tsc reported errors:\n${stdout}${stderr}`);
  }
});
