/**
 * Bang asset mode end to end over HTTP (issue 4's last "done when"): a small text-to-3D generation →
 * POST /api/v2/bang with its uuid as asset_id → Done → a model whose nodes are the pieces `part_01` …,
 * each a closed solid, together holding the asset's volume, plus the exploded preview. And custom-model
 * mode: an untextured STL the test writes by hand plus a reference picture → pieces textured from the
 * picture at the requested `resolution`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { flattenScene, isWatertight, meshVolume } from '../../../src/geometry/ops/index.ts';
import { pieceCountForStrength } from '../../../src/domain/index.ts';
import { assertValidGlb, imageSize, reimport, walk } from './checks.ts';
import {
  balance,
  downloadList,
  fetchAll,
  generateAndFetch,
  getJson,
  isBuiltin,
  startServer,
  submit,
  TEST_TIMEOUT_MS,
  waitDone,
  type Server,
} from './server.ts';

const missing = (['generate-text', 'bang'] as const).filter((kind) => !isBuiltin(kind));
const skip = missing.length === 0 ? false : `${missing.join(' and ')} not registered in src/engines/builtin.ts yet`;
let server: Server;

before(async () => {
  if (!skip) server = await startServer({ warm: ['generate-text'] });
});
after(async () => server?.close());

test('Bang of a generated asset: part_NN nodes, every piece closed, volume kept', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const generated = await generateAndFetch(server, {
    prompt: 'a wooden table with four legs',
    tier: 'Gen-2.5-Extreme-Low',
    quality: 'extra-low',
    seed: '11',
  });
  const source = await reimport('base_basic_pbr.glb', generated.files);
  const sourceVolume = meshVolume(flattenScene(source));
  assert.ok(sourceVolume > 0);

  const before = await balance(server);
  const strength = 2;
  const accepted = await submit(server, '/api/v2/bang', {
    asset_id: generated.accepted.uuid,
    strength: String(strength),
  });
  assert.equal(accepted.consumed, 0.5);
  assert.equal('prompt' in accepted, false, 'Bang responses carry no prompt');
  assert.equal(await balance(server), before - 0.5, 'the price is reserved at submission');
  await waitDone(server, accepted);
  const files = await fetchAll(await downloadList(server, accepted.uuid));
  const models = [...files.keys()].filter((name) => name.endsWith('.glb'));
  assert.deepEqual(
    models,
    ['base_basic_pbr.glb'],
    `Bang keeps the asset's format and PBR variant: ${[...files.keys()]}`,
  );
  assert.ok(files.has('preview.webp'));
  assert.equal((await imageSize(files.get('preview.webp')!)).format, 'webp');
  await assertValidGlb(files.get('base_basic_pbr.glb')!, 'Bang output');

  const scene = await reimport('base_basic_pbr.glb', files);
  const pieces = [...walk(scene.roots)].filter((node) => node.mesh && /^part_\d\d$/.test(node.name));
  // A four-legged table has parts enough for the table's count (strength 2 → 3 pieces).
  assert.equal(
    pieces.length,
    pieceCountForStrength(strength),
    `pieces at strength ${strength}: ${[...walk(scene.roots)].map((node) => node.name)}`,
  );
  assert.deepEqual(
    pieces.map((node) => node.name),
    pieces.map((_, i) => `part_${String(i + 1).padStart(2, '0')}`),
    'pieces are numbered part_01, part_02, …',
  );
  let total = 0;
  for (const piece of pieces) {
    assert.ok(isWatertight(piece.mesh!), `${piece.name} is a closed solid`);
    const volume = meshVolume(piece.mesh!) * Math.abs(piece.scale[0] * piece.scale[1] * piece.scale[2]);
    assert.ok(volume > 0, `${piece.name} has positive volume`);
    total += volume;
  }
  assert.ok(
    Math.abs(total - sourceVolume) <= sourceVolume * 1e-4,
    `pieces hold ${total} of the asset's ${sourceVolume}`,
  );

  const record = await getJson(server, `/api/v2/tasks/${accepted.uuid}`);
  assert.equal(record.state, 'Done');
  assert.equal(await balance(server), before - 0.5, 'a finished Bang keeps its charge');
});

/** Mean RGB of an encoded picture. */
async function meanColour(bytes: Uint8Array): Promise<[number, number, number]> {
  const { channels } = await sharp(bytes).removeAlpha().stats();
  return [channels[0].mean, channels[1].mean, channels[2].mean];
}

test("Bang of an OBJ asset keeps the asset's texture (its .mtl and maps travel with the model)", {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const generated = await generateAndFetch(server, {
    prompt: 'a red wooden stool',
    tier: 'Gen-2.5-Extreme-Low',
    quality: 'extra-low',
    geometry_file_format: 'obj',
    seed: '5',
  });
  const sourceMap = generated.files.get('texture_diffuse.png');
  assert.ok(sourceMap, `the OBJ asset ships its colour map: ${[...generated.files.keys()]}`);
  const accepted = await submit(server, '/api/v2/bang', { asset_id: generated.accepted.uuid, strength: '2' });
  await waitDone(server, accepted);
  const files = await fetchAll(await downloadList(server, accepted.uuid));
  assert.ok(files.has('base_basic_pbr.obj'), `Bang keeps the asset's format: ${[...files.keys()]}`);
  const pieceMap = files.get('texture_diffuse.png');
  assert.ok(pieceMap, 'the pieces carry a colour map');
  const size = await imageSize(pieceMap);
  assert.ok(
    size.width >= 256,
    `the pieces' colour map is the asset's texture, not a flat swatch (${size.width}×${size.height})`,
  );
  const [r, g, b] = await meanColour(pieceMap);
  const [sr, _sg, sb] = await meanColour(sourceMap);
  assert.ok(r > b + 20, `a red stool stays red after splitting (mean ${r.toFixed(0)},${g.toFixed(0)},${b.toFixed(0)})`);
  assert.ok(Math.abs(r - sr) < 40 && Math.abs(b - sb) < 40, "the pieces show the asset's own colours");
});

/** An ASCII STL of an axis-aligned box centred on the origin (outward-facing triangles). */
function boxStl(sx: number, sy: number, sz: number): Uint8Array {
  const faces = [
    [
      [-1, -1, 1],
      [1, -1, 1],
      [1, 1, 1],
      [-1, 1, 1],
    ],
    [
      [1, -1, -1],
      [-1, -1, -1],
      [-1, 1, -1],
      [1, 1, -1],
    ],
    [
      [1, -1, 1],
      [1, -1, -1],
      [1, 1, -1],
      [1, 1, 1],
    ],
    [
      [-1, -1, -1],
      [-1, -1, 1],
      [-1, 1, 1],
      [-1, 1, -1],
    ],
    [
      [-1, 1, 1],
      [1, 1, 1],
      [1, 1, -1],
      [-1, 1, -1],
    ],
    [
      [-1, -1, -1],
      [1, -1, -1],
      [1, -1, 1],
      [-1, -1, 1],
    ],
  ];
  const lines = ['solid box'];
  for (const quad of faces) {
    for (const triangle of [
      [0, 1, 2],
      [0, 2, 3],
    ]) {
      lines.push('facet normal 0 0 0', 'outer loop');
      for (const i of triangle)
        lines.push(`vertex ${(quad[i][0] * sx) / 2} ${(quad[i][1] * sy) / 2} ${(quad[i][2] * sz) / 2}`);
      lines.push('endloop', 'endfacet');
    }
  }
  lines.push('endsolid box');
  return new TextEncoder().encode(lines.join('\n'));
}

test('Bang of an uploaded untextured model with a reference picture: closed pieces textured from the picture', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const red = new Uint8Array(
    await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 200, g: 40, b: 30 } } })
      .png()
      .toBuffer(),
  );
  const accepted = await submit(server, '/api/v2/bang', { strength: '1', resolution: '1024' }, [
    { field: 'model', bytes: boxStl(1, 2, 1), filename: 'box.stl' },
    { field: 'image', bytes: red, filename: 'reference.png' },
  ]);
  await waitDone(server, accepted);
  const files = await fetchAll(await downloadList(server, accepted.uuid));
  assert.deepEqual([...files.keys()].sort(), ['base_basic_pbr.glb', 'preview.webp']);
  const glb = files.get('base_basic_pbr.glb')!;
  await assertValidGlb(glb, 'custom-model Bang');
  const pieces = [...walk((await reimport('base_basic_pbr.glb', files)).roots)].filter((node) => node.mesh);
  assert.deepEqual(
    pieces.map((node) => node.name),
    ['part_01', 'part_02'],
    'strength 1 → 2 pieces',
  );
  for (const piece of pieces) assert.ok(isWatertight(piece.mesh!), `${piece.name} is a closed solid`);

  const doc = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(glb);
  const maps = doc
    .getRoot()
    .listMaterials()
    .map((material) => material.getBaseColorTexture()?.getImage())
    .filter((image) => image !== undefined && image !== null);
  assert.equal(maps.length, 1, 'one map: the projected picture');
  const meta = await sharp(maps[0]!).metadata();
  assert.deepEqual([meta.width, meta.height], [1024, 1024], 'the map has the requested resolution');
  // Texels the pieces use are the picture's red (unused atlas space is transparent, so drop it first).
  const { data, info } = await sharp(maps[0]!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let used = 0;
  let reddish = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i + 3] < 128) continue;
    used += 1;
    if (data[i] > 150 && data[i + 1] < 90 && data[i + 2] < 90) reddish += 1;
  }
  assert.ok(used > 0 && reddish / used > 0.9, `${reddish} of ${used} used texels are the picture's red`);
  const record = await getJson(server, `/api/v2/tasks/${accepted.uuid}`);
  assert.equal(record.notes.projectedImage, true);
});
