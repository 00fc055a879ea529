/** `kiln keys …` and `kiln credits …`: the key alone on the last line (as a script captures it), balances, usage errors. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { main } from '../../src/cli/index.ts';
import { captureIo } from './io.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/kiln.mjs', import.meta.url).pathname;
let dataDir: string;
let env: NodeJS.ProcessEnv;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kiln-cli-'));
  env = { ...process.env, KILN_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
});
after(() => rm(dataDir, { recursive: true, force: true }));

test('`kiln keys create --credits 5` (the real bin) prints the new key alone on its last line', async () => {
  const created = await run(process.execPath, [bin, 'keys', 'create', '--credits', '5', '--name', 'ci'], { env });
  const key = created.stdout.trimEnd().split('\n').at(-1)!;
  assert.match(key, /^kiln_[A-Za-z0-9_-]{20,}$/);
  assert.equal(created.stdout.trim(), key, 'stdout holds the key and nothing else');

  const shown = captureIo(env);
  assert.equal(await main(['credits', 'show', key], shown), 0);
  assert.match(shown.stdout.join('\n'), /balance 5\./);
  const added = captureIo(env);
  assert.equal(await main(['credits', 'add', key, '2.5'], added), 0);
  assert.match(added.stdout.join('\n'), /balance 7\.5\./);
  const listed = captureIo(env);
  await main(['keys', 'list'], listed);
  assert.match(listed.stdout.join('\n'), /ci\s+\S+\s+7\.5/);
});

test('keys revoke by prefix marks the key revoked in keys list', async () => {
  const created = captureIo(env);
  await main(['keys', 'create', '--credits', '1'], created);
  const key = created.stdout.at(-1)!;
  const prefix = key.slice(0, 13);
  const revoked = captureIo(env);
  assert.equal(await main(['keys', 'revoke', prefix], revoked), 0, revoked.stderr.join('\n'));
  const listed = captureIo(env);
  await main(['keys', 'list'], listed);
  assert.match(listed.stdout.find((line) => line.includes(prefix)) ?? '', /revoked/);
});

test('usage errors exit 2 and say what to change', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['keys', 'create', '--credit', '5'], /--credit.*kiln help/s],
    [['keys', 'create', '--credits', 'lots'], /--credits must be a number/],
    [['credits', 'add', 'nobody', '5'], /No account or key matches "nobody"/],
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['generate'], /--image .*--prompt/],
  ];
  for (const [argv, pattern] of cases) {
    const io = captureIo(env);
    const code = await main(argv, io);
    assert.ok(code === 1 || code === 2, `${argv.join(' ')} exit ${code}`);
    assert.match(io.stderr.join('\n'), pattern);
  }
  process.exitCode = 0;
});
