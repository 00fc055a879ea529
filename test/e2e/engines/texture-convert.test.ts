/**
 * Retexture and convert as a client meets them, over HTTP with the real engines: refusals at
 * submission (400 naming the field, nothing charged), then a model textured through the alias path,
 * its uuid converted as an asset_id, and the converted uuid split by Bang.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { assertValidGlb, reimport, triangleCount, hasBaseColorTexture } from './checks.ts';
import {
  balance,
  downloadList,
  fetchAll,
  isBuiltin,
  startServer,
  submit,
  waitDone,
  TEST_TIMEOUT_MS,
  type Server,
  type Upload,
} from './server.ts';

const skip =
  isBuiltin('texture') && isBuiltin('convert')
    ? false
    : 'texture and convert are not registered in src/engines/builtin.ts';
const CUBE_OBJ = readFileSync(new URL('../../fixtures/models/blender-cube.obj', import.meta.url));
let server: Server;

before(async () => {
  if (skip) return;
  server = await startServer({ credits: 10, warm: ['texture', 'convert'] });
});
after(async () => server?.close());

async function picture(): Promise<Uint8Array> {
  const size = 128;
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      data.set((x >> 4) % 2 === (y >> 4) % 2 ? [230, 200, 30] : [20, 120, 60], (y * size + x) * 3);
  return new Uint8Array(
    await sharp(data, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

async function refused(path: string, fields: Record<string, string>, uploads: Upload[], field: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const upload of uploads) form.append(upload.field, new Blob([upload.bytes as BlobPart]), upload.filename);
  const before = await balance(server);
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}` },
    body: form,
  });
  const body = (await response.json()) as { error: string; message: string; field?: string };
  assert.equal(response.status, 400, `${path}: ${JSON.stringify(body)}`);
  assert.equal(body.error, 'INVALID_REQUEST');
  assert.match(body.message, new RegExp(field), `${path}: the message names ${field}: ${body.message}`);
  assert.equal(await balance(server), before, 'nothing charged');
}

const BROKEN_OBJ = new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 9\n');
const EMPTY_OBJ = new TextEncoder().encode('# nothing here\nv 0 0 0\nv 1 0 0\n');

test('bad input is refused at submission with 400 naming the field, nothing charged', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const image = await picture();
  await refused(
    '/api/v2/texture',
    {},
    [
      { field: 'model', bytes: CUBE_OBJ, filename: 'cube.obj' },
      { field: 'image', bytes: new TextEncoder().encode('not a picture'), filename: 'a.png' },
    ],
    'image',
  );
  await refused(
    '/api/v2/texture',
    {},
    [
      { field: 'model', bytes: new Uint8Array(0), filename: 'cube.obj' },
      { field: 'image', bytes: image, filename: 'a.png' },
    ],
    'model',
  );
  await refused(
    '/api/v2/texture',
    {},
    [
      { field: 'model', bytes: EMPTY_OBJ, filename: 'empty.obj' },
      { field: 'image', bytes: image, filename: 'a.png' },
    ],
    'model',
  );
  await refused(
    '/api/v2/convert',
    { quality_override: '5' },
    [{ field: 'model', bytes: CUBE_OBJ, filename: 'cube.obj' }],
    'quality_override',
  );
  await refused('/api/v2/convert', {}, [{ field: 'model', bytes: BROKEN_OBJ, filename: 'broken.obj' }], 'model');
  await refused(
    '/api/v2/convert',
    {},
    [{ field: 'model', bytes: new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 99, 0, 0, 0]), filename: 'cut.glb' }],
    'model',
  );
  await refused(
    '/api/v2/bang',
    {},
    [
      { field: 'model', bytes: BROKEN_OBJ, filename: 'broken.obj' },
      { field: 'image', bytes: image, filename: 'a.png' },
    ],
    'model',
  );
});

test('texture (alias path) → convert by asset_id → Bang by asset_id', { skip, timeout: TEST_TIMEOUT_MS }, async () => {
  const start = await balance(server);
  const textured = await submit(server, '/api/v2/rodin_texture_only', { geometry_file_format: 'glb' }, [
    { field: 'model', bytes: CUBE_OBJ, filename: 'cube.obj' },
    { field: 'image', bytes: await picture(), filename: 'front.png' },
  ]);
  assert.equal(textured.consumed, 0.5);
  await waitDone(server, textured);
  const files = await fetchAll(await downloadList(server, textured.uuid));
  await assertValidGlb(files.get('base_basic_pbr.glb')!, 'textured');
  const scene = await reimport('base_basic_pbr.glb', files);
  assert.ok(hasBaseColorTexture(scene), 'the textured model carries a base-colour map');
  const faces = triangleCount(scene);

  const converted = await submit(server, '/api/v2/convert', {
    asset_id: textured.uuid,
    geometry_file_format: 'fbx',
    quality_override: String(faces * 4),
    mesh_mode: 'Quad',
  });
  assert.equal(converted.consumed, 0.1);
  await waitDone(server, converted);
  const convertedFiles = await fetchAll(await downloadList(server, converted.uuid));
  assert.equal(triangleCount(await reimport('base_basic_pbr.fbx', convertedFiles)), faces * 4);

  const split = await submit(server, '/api/v2/bang', { asset_id: converted.uuid, strength: '1', material: 'None' });
  await waitDone(server, split);
  assert.ok(Math.abs((await balance(server)) - (start - 0.5 - 0.1 - 0.5)) < 1e-9, 'charged 0.5 + 0.1 + 0.5');
});
