/**
 * The Python client (clients/python) against a live Kiln: two servers on port 0 with the paced test
 * engine, the client's unittest suite run under the system `python3` with their URLs and keys in the
 * environment. Any failing or erroring Python test fails this one; its output is shown either way.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startHarness, type Harness } from '../api/harness.ts';
import { commandAvailable, requiredTool } from './tools.ts';

const ENGINE_URL = new URL('./paced-engine.ts', import.meta.url).href;
const CLIENT_DIR = fileURLToPath(new URL('../../clients/python/', import.meta.url));
const KINDS = ['generate-image', 'generate-text', 'bang', 'texture', 'convert', 'rig'] as const;

const python = await commandAvailable('python3', ['--version']);
const skip = requiredTool('python3', python, 'the Python client tests need the system python3');

let main: Harness;
let throttled: Harness;
const urls = { main: '', throttled: '' };

before(async () => {
  if (skip) return;
  [main, throttled] = await Promise.all([
    startHarness({ engineUrl: ENGINE_URL, kinds: [...KINDS] }),
    startHarness({ engineUrl: ENGINE_URL, kinds: [...KINDS], env: { KILN_MAX_IN_FLIGHT: '1' } }),
  ]);
  for (const h of [main, throttled]) h.services.startWorkers({ count: 1 });
  urls.main = await main.app.listen({ port: 0, host: '127.0.0.1' });
  urls.throttled = await throttled.app.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await Promise.all([main?.close(), throttled?.close()]);
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: CLIENT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

test('the Python client: every verb, wait with progress and timeout, download, a 429 retried', {
  skip,
  timeout: 300_000,
}, async () => {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PYTHONDONTWRITEBYTECODE: '1',
    KILN_URL: urls.main,
    KILN_API_KEY: main.key,
    KILN_POOR_KEY: await main.newKey(0),
    KILN_THROTTLED_URL: urls.throttled,
    KILN_THROTTLED_KEY: throttled.key,
  };
  const { code, output } = await run('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-v'], env);
  console.log(output);
  assert.equal(code, 0, `python3 -m unittest failed:\n${output}`);
  const summary = output.match(/Ran (\d+) tests?/);
  assert.ok(summary && Number(summary[1]) >= 26, `the whole suite ran: ${summary?.[0]}`);
  assert.match(output, /\nOK/);
  // Only the task-management tests may skip, and only while this server lacks those endpoints.
  const skipped = [...output.matchAll(/\.\.\. skipped '([^']*)'/g)].map((match) => match[1]);
  for (const reason of skipped) assert.match(reason, /no task-management endpoints/);
});
