/** `kiln texture` and `kiln convert` against a running server: the flags reach the API, the outputs land in --out. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { main } from '../../src/cli/index.ts';
import { submittedRecord, useCliServer } from './server.ts';
import { png } from '../api/images.ts';
import { captureIo } from './io.ts';

const cli = useCliServer({ kinds: ['texture', 'convert'], tempPrefix: 'kiln-cli-model' });
const CUBE = new URL('../fixtures/models/blender-cube.obj', import.meta.url);

async function effective(io: ReturnType<typeof captureIo>): Promise<Record<string, unknown>> {
  return (await submittedRecord(cli, io.stderr)).record.effective;
}

test('kiln convert --model sends the conversion options and downloads the result', async () => {
  const model = join(cli.dir, 'cube.obj');
  await writeFile(model, await readFile(CUBE));
  const io = captureIo(cli.env);
  const code = await main(
    [
      'convert',
      '--model',
      model,
      '--format',
      'fbx',
      '--faces',
      '2000',
      '--mesh-mode',
      'Quad',
      '--pivot',
      'bottom-centre',
      '--up-axis',
      'Z',
      '--scale-to',
      '1.8',
      '--out',
      join(cli.dir, 'out'),
      '--interval',
      '0.05',
    ],
    io,
  );
  assert.equal(code, 0, io.stderr.join('\n'));
  assert.ok(io.stdout.map((path) => basename(path)).includes('preview.webp'));
  const settings = await effective(io);
  assert.deepEqual(
    [
      settings.geometry_file_format,
      settings.face_budget,
      settings.mesh_mode,
      settings.pivot,
      settings.up_axis,
      settings.scale_to,
      settings.credits,
    ],
    ['fbx', 2000, 'Quad', 'bottom-centre', 'Z', 1.8, 0.1],
  );
});

test('kiln texture --model --image sends the pictures and labels; usage errors say what to change', async () => {
  const model = join(cli.dir, 'cube2.obj');
  const front = join(cli.dir, 'front.png');
  await writeFile(model, await readFile(CUBE));
  await writeFile(front, await png());
  const io = captureIo(cli.env);
  assert.equal(
    await main(
      ['texture', '--model', model, '--image', front, '--label', 'F', '--resolution', 'High', '--no-wait'],
      io,
    ),
    0,
    io.stderr.join('\n'),
  );
  const settings = await effective(io);
  assert.deepEqual([settings.images, settings.texture_resolution, settings.credits], [1, '4K', 0.5]);

  const none = captureIo(cli.env);
  assert.equal(await main(['texture', '--model', model], none), 2);
  assert.match(none.stderr.join('\n'), /1–5 pictures/);
  const both = captureIo(cli.env);
  assert.equal(await main(['convert'], both), 2);
  assert.match(both.stderr.join('\n'), /--asset .* or --model/);
  process.exitCode = 0; // main() sets it for the refused commands above
});
