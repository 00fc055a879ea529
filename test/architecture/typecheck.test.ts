/**
 * The whole project type-checks (src, test, bench and scripts, as tsconfig.json includes them): tsx
 * runs TypeScript without checking it, so a wrong type would otherwise surface only where it breaks
 * at run time, or in a benchmark nobody ran.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const root = new URL('../..', import.meta.url).pathname;
const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;

test('the project type-checks with no errors (tsc --noEmit)', { timeout: 300_000 }, async () => {
  try {
    await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', root], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    assert.fail(`tsc reported errors:\n${stdout}${stderr}`);
  }
});
