/** `kiln rig` against a running server: the rig options reach the API and the outputs land in --out. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '../../src/cli/index.ts';
import { submittedRecord, useCliServer } from './server.ts';
import { captureIo } from './io.ts';

const cli = useCliServer({ kinds: ['rig'], tempPrefix: 'kiln-cli-rig' });
const CUBE = new URL('../fixtures/models/blender-cube.obj', import.meta.url);

test('kiln rig --model sends the rig type, clips and height and downloads the result', async () => {
  const model = join(cli.dir, 'cube.obj');
  await writeFile(model, await readFile(CUBE));
  const io = captureIo(cli.env);
  const code = await main(
    [
      'rig',
      '--model',
      model,
      '--rig-type',
      'quadruped',
      '--animations',
      'walk',
      '--animations',
      'trot',
      '--height',
      '0.6',
      '--out',
      join(cli.dir, 'out'),
      '--interval',
      '0.05',
    ],
    io,
  );
  assert.equal(code, 0, io.stderr.join('\n'));
  assert.ok(io.stdout.length > 0, 'the downloaded files are listed');
  const { record } = await submittedRecord(cli, io.stderr);
  assert.equal(record.effective.rig_type, 'quadruped');
  assert.deepEqual(record.effective.animations, ['walk', 'trot']);
  assert.equal(record.effective.height_meters, 0.6);
});

test('kiln rig refuses an unknown clip before anything is charged', async () => {
  const model = join(cli.dir, 'cube2.obj');
  await writeFile(model, await readFile(CUBE));
  const io = captureIo(cli.env);
  const code = await main(['rig', '--model', model, '--animations', 'moonwalk', '--no-wait'], io);
  assert.equal(code, 1);
  assert.match(io.stderr.join('\n'), /moonwalk/);
  process.exitCode = 0; // main() marks refusals on the process; this one was expected
});
