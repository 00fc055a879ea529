/**
 * The project is formatted and linted by Biome (biome.json) with zero findings: `biome ci` fails on an
 * unformatted file or any lint diagnostic, so style drift shows up in the suite, not in review.
 * `npm run format` fixes what it can.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const root = new URL('../..', import.meta.url).pathname;
const biome = new URL('../../node_modules/@biomejs/biome/bin/biome', import.meta.url).pathname;

test('Biome finds nothing to format or lint (biome ci)', { timeout: 120_000 }, async () => {
  try {
    await promisify(execFile)(process.execPath, [biome, 'ci', '--colors=off', '.'], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    assert.fail(`biome ci reported findings (run npm run format, then fix what remains):\n${stdout}${stderr}`);
  }
});
