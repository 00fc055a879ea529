/** Client commands against a running server: generate (progress, download), status, download, clear errors. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { main } from '../../src/cli/index.ts';
import { submittedRecord, useCliServer } from './server.ts';
import { png } from '../api/images.ts';
import { captureIo } from './io.ts';

const cli = useCliServer({ tempPrefix: 'kiln-cli-client' });

test('kiln generate --image waits with progress, then downloads the files', async () => {
  const image = join(cli.dir, 'front.png');
  await writeFile(image, await png());
  const io = captureIo(cli.env);
  const code = await main(
    [
      'generate',
      '--image',
      image,
      '--tier',
      'Gen-2.5-Low',
      '--field',
      'uhd_texture=true',
      '--out',
      join(cli.dir, 'out'),
      '--interval',
      '0.05',
    ],
    io,
  );
  assert.equal(code, 0, io.stderr.join('\n'));
  assert.deepEqual(io.stdout.map((path) => basename(path)).sort(), ['base_basic_pbr.glb', 'preview.webp']);
  const glb = await readFile(join(cli.dir, 'out', 'base_basic_pbr.glb'));
  assert.equal(glb.subarray(0, 4).toString('latin1'), 'glTF');
  assert.ok(
    io.stderr.some((line) => /\[#+-*\] +\d+% /.test(line)),
    'a progress bar was drawn',
  );
  assert.ok(io.stderr.some((line) => /100% Done/.test(line)));

  const key = io.stderr.join('\n').match(/Subscription key: (\S+)/)![1];
  const status = captureIo(cli.env);
  assert.equal(await main(['status', key], status), 0);
  assert.match(status.stdout[0], /Done\s+100%/);
  const { uuid, record } = await submittedRecord(cli, io.stderr);
  assert.equal(record.effective.texture_resolution, '4K', '--field uhd_texture=true reached the server');
  const again = captureIo(cli.env);
  assert.equal(await main(['download', uuid, '--out', join(cli.dir, 'again')], again), 0);
  assert.equal(again.stdout.length, 2);
});

test('client errors say what to change', async () => {
  const noKey = captureIo({ KILN_URL: cli.env.KILN_URL });
  assert.equal(await main(['status', 'x'], noKey), 2);
  assert.match(noKey.stderr.join('\n'), /KILN_API_KEY/);
  const badKey = captureIo({ ...cli.env, KILN_API_KEY: 'kiln_wrong' });
  assert.equal(await main(['status', 'x'], badKey), 1);
  assert.match(badKey.stderr.join('\n'), /UNAUTHORIZED.*KILN_API_KEY/);
  const broke = captureIo({ ...cli.env, KILN_API_KEY: await cli.h.newKey(0) });
  assert.equal(await main(['generate', '--prompt', 'a lamp', '--no-wait'], broke), 1);
  assert.match(broke.stderr.join('\n'), /INSUFFICIENT_FUND: .*kiln credits add/);
  const unknown = captureIo(cli.env);
  await main(['status', 'no-such-key'], unknown);
  assert.match(unknown.stderr.join('\n'), /NO_SUCH_TASK/);
  const down = captureIo({ ...cli.env, KILN_URL: 'http://127.0.0.1:9' });
  await main(['status', 'x'], down);
  assert.match(down.stderr.join('\n'), /Cannot reach Kiln at http:\/\/127\.0\.0\.1:9.*kiln serve/);
  process.exitCode = 0;
});
