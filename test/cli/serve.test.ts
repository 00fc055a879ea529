/** `kiln serve` as `npm start` runs it: listens, answers /healthz, stops cleanly on SIGTERM. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('../../bin/kiln.mjs', import.meta.url).pathname;

test('kiln serve --port 0 listens on HOST, serves /healthz and exits 0 on SIGTERM', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'kiln-serve-'));
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
    env: { ...process.env, KILN_DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stderr.on('data', (chunk) => {
        text += chunk;
        const match = /Kiln listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
        if (match) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`serve exited early with ${code}: ${text}`)));
    });
    const health = await fetch(`${url}/healthz`);
    assert.equal(health.status, 200);
    assert.equal((await health.json()).status, 'ok');
    const unauthorized = await fetch(`${url}/api/v2/check_balance`);
    assert.equal(unauthorized.status, 401);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});
