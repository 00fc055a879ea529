/** Client commands against a running server: generate (progress, download), status, download, clear errors. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { main } from '../../src/cli/index.ts';
import { startHarness, type Harness } from '../api/harness.ts';
import { png } from '../api/images.ts';
import { captureIo } from './io.ts';

let h: Harness;
let dir: string;
let env: NodeJS.ProcessEnv;

before(async () => {
  h = await startHarness();
  h.services.startWorkers({ count: 1 });
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'kiln-cli-client-'));
  env = { KILN_URL: url, KILN_API_KEY: h.key };
});
after(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

test('kiln generate --image waits with progress, then downloads the files', async () => {
  const image = join(dir, 'front.png');
  await writeFile(image, await png());
  const io = captureIo(env);
  const code = await main(['generate', '--image', image, '--tier', 'Gen-2.5-Low', '--field', 'uhd_texture=true', '--out', join(dir, 'out'), '--interval', '0.05'], io);
  assert.equal(code, 0, io.stderr.join('\n'));
  assert.deepEqual(io.stdout.map((path) => basename(path)).sort(), ['base_basic_pbr.glb', 'preview.webp']);
  const glb = await readFile(join(dir, 'out', 'base_basic_pbr.glb'));
  assert.equal(glb.subarray(0, 4).toString('latin1'), 'glTF');
  assert.ok(io.stderr.some((line) => /\[#+-*\] +\d+% /.test(line)), 'a progress bar was drawn');
  assert.ok(io.stderr.some((line) => /100% Done/.test(line)));

  const uuid = io.stderr.join('\n').match(/Submitted task ([0-9a-f-]{36})/)![1];
  const key = io.stderr.join('\n').match(/Subscription key: (\S+)/)![1];
  const status = captureIo(env);
  assert.equal(await main(['status', key], status), 0);
  assert.match(status.stdout[0], /Done\s+100%/);
  const record = await (await fetch(`${env.KILN_URL}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${h.key}` } })).json();
  assert.equal(record.effective.texture_resolution, '4K', '--field uhd_texture=true reached the server');
  const again = captureIo(env);
  assert.equal(await main(['download', uuid, '--out', join(dir, 'again')], again), 0);
  assert.equal(again.stdout.length, 2);
});

test('client errors say what to change', async () => {
  const noKey = captureIo({ KILN_URL: env.KILN_URL });
  assert.equal(await main(['status', 'x'], noKey), 2);
  assert.match(noKey.stderr.join('\n'), /KILN_API_KEY/);
  const badKey = captureIo({ ...env, KILN_API_KEY: 'kiln_wrong' });
  assert.equal(await main(['status', 'x'], badKey), 1);
  assert.match(badKey.stderr.join('\n'), /UNAUTHORIZED.*KILN_API_KEY/);
  const broke = captureIo({ ...env, KILN_API_KEY: await h.newKey(0) });
  assert.equal(await main(['generate', '--prompt', 'a lamp', '--no-wait'], broke), 1);
  assert.match(broke.stderr.join('\n'), /INSUFFICIENT_FUND: .*kiln credits add/);
  const unknown = captureIo(env);
  await main(['status', 'no-such-key'], unknown);
  assert.match(unknown.stderr.join('\n'), /NO_SUCH_TASK/);
  const down = captureIo({ ...env, KILN_URL: 'http://127.0.0.1:9' });
  await main(['status', 'x'], down);
  assert.match(down.stderr.join('\n'), /Cannot reach Kiln at http:\/\/127\.0\.0\.1:9.*kiln serve/);
  process.exitCode = 0;
});
