/**
 * Every geometry_file_format and every material variant through the real text-to-3D engine over HTTP,
 * on five small generations chosen so each format and each variant appears at least once:
 * glb+All, usdz+None, fbx+Shaded, obj+PBR (with mesh_mode=Quad), stl+PBR. Each output is read back
 * by a reader other than the writer (the Khronos validator and glTF-Transform for GLB, Kiln's importer
 * for the rest) with the download names docs/spec/compat.md lists.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { assertValidGlb, baseColorSizes, hasBaseColorTexture, imageSize, reimport, triangleCount } from './checks.ts';
import {
  downloadList,
  fetchAll,
  isBuiltin,
  startServer,
  submit,
  TEST_TIMEOUT_MS,
  waitDone,
  type Accepted,
  type Server,
} from './server.ts';

const skip = isBuiltin('generate-text') ? false : 'generate-text is not registered in src/engines/builtin.ts yet';
const FACES = 2000;

interface Case {
  format: 'glb' | 'usdz' | 'fbx' | 'obj' | 'stl';
  material: 'PBR' | 'Shaded' | 'All' | 'None';
  names: string[];
  extra?: Record<string, string>;
}

const CASES: Case[] = [
  { format: 'glb', material: 'All', names: ['base_basic_pbr.glb', 'base_basic_shaded.glb', 'preview.webp'] },
  { format: 'usdz', material: 'None', names: ['base_basic.usdz', 'preview.webp'] },
  { format: 'fbx', material: 'Shaded', names: ['base_basic_shaded.fbx', 'preview.webp', 'texture_diffuse.png'] },
  {
    format: 'obj',
    material: 'PBR',
    extra: { mesh_mode: 'Quad' },
    names: [
      'base_basic_pbr.mtl',
      'base_basic_pbr.obj',
      'preview.webp',
      'texture_diffuse.png',
      'texture_metallic.png',
      'texture_normal.png',
      'texture_roughness.png',
    ],
  },
  { format: 'stl', material: 'PBR', names: ['base_basic_pbr.stl', 'preview.webp'] },
];

let server: Server;
const outputs = new Map<string, Promise<Map<string, Uint8Array>>>();

before(async () => {
  if (skip) return;
  server = await startServer({ warm: ['generate-text'] });
  // All five are queued at once (one worker runs them in turn); each test awaits its own.
  for (const c of CASES) {
    const accepted: Accepted = await submit(server, '/api/v2/generate', {
      prompt: 'a green stone vase',
      tier: 'Gen-2.5-Extreme-Low',
      quality: 'extra-low',
      geometry_file_format: c.format,
      material: c.material,
      seed: '3',
      ...c.extra,
    });
    const done = waitDone(server, accepted).then(async () => fetchAll(await downloadList(server, accepted.uuid)));
    done.catch(() => {}); // observed by the test of this case
    outputs.set(`${c.format}+${c.material}`, done);
  }
});
after(async () => server?.close());

async function filesOf(c: Case): Promise<Map<string, Uint8Array>> {
  const files = await outputs.get(`${c.format}+${c.material}`)!;
  assert.deepEqual([...files.keys()].sort(), c.names, `${c.format}+${c.material} download names`);
  assert.equal((await imageSize(files.get('preview.webp')!)).format, 'webp');
  return files;
}

function assertFaces(count: number, label: string): void {
  assert.ok(Math.abs(count - FACES) <= FACES * 0.02, `${label}: ${count} triangles for quality=extra-low (${FACES})`);
}

test('glb + All: a PBR and an unlit Shaded GLB, both validator-clean with 2K colour maps', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const files = await filesOf(CASES[0]);
  for (const name of ['base_basic_pbr.glb', 'base_basic_shaded.glb']) {
    const glb = files.get(name)!;
    await assertValidGlb(glb, name);
    assertFaces(triangleCount(await reimport(name, files)), name);
    const sizes = await baseColorSizes(glb);
    assert.ok(sizes.length > 0, `${name} has a base-colour map`);
    for (const size of sizes) assert.deepEqual(size, [2048, 2048], name);
  }
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  const pbr = await io.readBinary(files.get('base_basic_pbr.glb')!);
  assert.ok(
    pbr
      .getRoot()
      .listMaterials()
      .some((m) => m.getMetallicRoughnessTexture()),
    'PBR carries a metallic-roughness map',
  );
  const shaded = await io.readBinary(files.get('base_basic_shaded.glb')!);
  assert.ok(
    shaded
      .getRoot()
      .listExtensionsUsed()
      .some((e) => e.extensionName === 'KHR_materials_unlit'),
    'Shaded is unlit',
  );
});

test('usdz + None: geometry only, re-imported', { skip, timeout: TEST_TIMEOUT_MS }, async () => {
  const files = await filesOf(CASES[1]);
  const scene = await reimport('base_basic.usdz', files);
  assertFaces(triangleCount(scene), 'usdz');
  assert.equal(hasBaseColorTexture(scene), false, 'None carries no texture');
});

test('fbx + Shaded: the model and its baked colour map, re-imported with the map', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const files = await filesOf(CASES[2]);
  const scene = await reimport('base_basic_shaded.fbx', files);
  assertFaces(triangleCount(scene), 'fbx');
  assert.ok(hasBaseColorTexture(scene), 'the FBX finds its colour map');
  assert.deepEqual(await imageSize(files.get('texture_diffuse.png')!), { width: 2048, height: 2048, format: 'png' });
});

test('obj + PBR + Quad: quad-dominant obj, mtl and the four maps at 2K, re-imported with its material', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const files = await filesOf(CASES[3]);
  const faceLines = new TextDecoder()
    .decode(files.get('base_basic_pbr.obj')!)
    .split('\n')
    .filter((line) => line.startsWith('f '));
  const quads = faceLines.filter((line) => line.trim().split(/\s+/).length === 5).length;
  assert.ok(quads * 2 > faceLines.length, `mesh_mode=Quad writes mostly quads: ${quads} of ${faceLines.length} faces`);
  const scene = await reimport('base_basic_pbr.obj', files);
  assertFaces(triangleCount(scene), 'obj');
  assert.ok(hasBaseColorTexture(scene), 'the OBJ finds texture_diffuse.png through its .mtl');
  for (const map of ['texture_diffuse.png', 'texture_normal.png', 'texture_metallic.png', 'texture_roughness.png']) {
    assert.deepEqual(await imageSize(files.get(map)!), { width: 2048, height: 2048, format: 'png' }, map);
  }
});

test('stl + PBR: geometry under the variant name, re-imported', { skip, timeout: TEST_TIMEOUT_MS }, async () => {
  const files = await filesOf(CASES[4]);
  assertFaces(triangleCount(await reimport('base_basic_pbr.stl', files)), 'stl');
});
