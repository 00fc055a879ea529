import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import type { Mesh as ThreeMesh } from 'three';
import { crc32, storedZip, writeUsdz } from '../../../src/geometry/export/index.ts';
import { createNode } from '../../../src/geometry/mesh.ts';
import {
  byName,
  cubeMesh,
  loadUsdz,
  plainMaterial,
  texturedMaterial,
  triangleCountOf,
  twoPartScene,
} from './fixtures.ts';

interface LocalEntry {
  name: string;
  method: number;
  dataOffset: number;
  size: number;
  compressedSize: number;
}

/** Walks the local headers the way a strict USDZ reader does. */
function localEntries(bytes: Uint8Array): LocalEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: LocalEntry[] = [];
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const method = view.getUint16(at + 8, true);
    const compressedSize = view.getUint32(at + 18, true);
    const size = view.getUint32(at + 22, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const dataOffset = at + 30 + nameLength + extraLength;
    out.push({ name, method, dataOffset, size, compressedSize });
    at = dataOffset + compressedSize;
  }
  return out;
}

test('a usdz package is stored, 64-byte aligned, starts with its usda layer and holds the textures', async () => {
  const usdz = await writeUsdz(twoPartScene());
  const entries = localEntries(usdz);
  assert.equal(entries[0].name, 'scene.usda', 'the root layer comes first');
  assert.equal(entries.length, 4, 'layer + colour, metal/rough and normal maps');
  for (const entry of entries) {
    assert.equal(entry.method, 0, `${entry.name} is stored`);
    assert.equal(entry.size, entry.compressedSize);
    assert.equal(entry.dataOffset % 64, 0, `${entry.name} data is 64-byte aligned`);
  }
  const files = unzipSync(usdz);
  assert.deepEqual(
    Object.keys(files).sort(),
    entries.map((e) => e.name).sort(),
    'a standard unzip agrees (CRCs and directory)',
  );
  for (const name of Object.keys(files).filter((n) => n.startsWith('textures/'))) {
    assert.deepEqual([...files[name].subarray(1, 4)], [0x50, 0x4e, 0x47], `${name} is a PNG`);
  }
  const usda = new TextDecoder().decode(files['scene.usda']);
  assert.match(usda, /^#usda 1\.0/);
  assert.match(usda, /upAxis = "Y"/);
  assert.match(usda, /metersPerUnit = 1/);
  assert.match(usda, /defaultPrim = "Root"/);
  for (const name of Object.keys(files).filter((n) => n.startsWith('textures/'))) {
    assert.ok(usda.includes(`@${name}@`), `${name} is referenced by a material`);
  }
});

test('the usda layer carries points, quads, normals, flipped st and per-node transforms', async () => {
  const files = unzipSync(await writeUsdz(twoPartScene()));
  const usda = new TextDecoder().decode(files['scene.usda']);
  const points = [...usda.matchAll(/point3f\[\] points = \[([^\]]*)\]/g)].map((m) => m[1].split('), (').length);
  assert.deepEqual(points, [24, 24, 24], 'three cubes of 24 points');
  const counts = [...usda.matchAll(/int\[\] faceVertexCounts = \[([^\]]*)\]/g)].map((m) => m[1]);
  assert.deepEqual(counts, ['4, 4, 4, 4, 4, 4', '4, 4, 4, 4, 4, 4', '4, 4, 4, 4, 4, 4'], 'marked quads stay quads');
  assert.match(usda, /normal3f\[\] normals = \[\(0, 0, 1\)/);
  // First corner has glTF uv (0, 1): USD's st is (0, 0).
  assert.match(usda, /texCoord2f\[\] primvars:st = \[\(0, 0\), \(0\.166667, 0\)/);
  assert.match(usda, /def Xform "part_01"\s*\{\s*double3 xformOp:translate = \(1, 2, 3\)/);
  assert.match(usda, /quatf xformOp:orient = \(0\.707106781, 0, 0\.707106781, 0\)/, 'USD writes w first');
  assert.match(usda, /rel material:binding = <\/Root\/Materials\/painted>/);
  assert.match(usda, /token inputs:sourceColorSpace = "raw"/, 'data maps are not colour-managed');
});

test('three.js USD reader (USDAParser + USDComposer) reads the package back with names, transforms and every triangle', async () => {
  const group = loadUsdz(await writeUsdz(twoPartScene()));
  assert.deepEqual(byName(group, 'part_01').position.toArray(), [1, 2, 3]);
  const part2 = byName(group, 'part_02');
  assert.deepEqual(part2.position.toArray(), [-2, 0, 0]);
  assert.ok(Math.abs(part2.quaternion.y - Math.SQRT1_2) < 1e-6);
  assert.ok(Math.abs(part2.scale.x - 2) < 1e-6);
  assert.equal(byName(group, 'part_02_cap').parent?.name, 'part_02');
  assert.equal(triangleCountOf(group), 36);
  assert.equal(group.textures.length, 3, 'colour, metal/rough and normal maps are requested from the package');
});

test('materials: unlit colour goes to emission, several groups become GeomSubsets, odd names are made valid', async () => {
  const mesh = cubeMesh();
  mesh.groups = [
    { start: 0, count: 6, material: 0 },
    { start: 6, count: 6, material: 1 },
  ];
  const baked = { ...texturedMaterial('baked colour'), unlit: true };
  const files = unzipSync(
    await writeUsdz({ materials: [baked, plainMaterial('2nd')], roots: [createNode('my box!', mesh)] }),
  );
  const usda = new TextDecoder().decode(files['scene.usda']);
  assert.match(usda, /def Xform "my_box_"/);
  assert.match(usda, /def Material "baked_colour"/);
  assert.match(usda, /def Material "_2nd"/);
  assert.match(
    usda,
    /color3f inputs:emissiveColor\.connect = <\/Root\/Materials\/baked_colour\/BaseColor\.outputs:rgb>/,
  );
  assert.equal((usda.match(/def GeomSubset/g) ?? []).length, 2);
  assert.match(usda, /int\[\] indices = \[0, 1, 2\]/, 'subset face indices count quads, not triangles');
  assert.equal(Object.keys(files).length, 2, 'an unlit material packs only its colour map');
  const group = loadUsdz(await writeUsdz({ materials: [plainMaterial()], roots: [createNode('plain', cubeMesh())] }));
  const loaded = byName(group, 'plain').children[0] as ThreeMesh;
  assert.ok(loaded.isMesh);
});

test('the packer aligns entries whatever the name lengths', () => {
  const entries = Array.from({ length: 9 }, (_, i) => ({
    name: 'x'.repeat(i * 7 + 1),
    bytes: new Uint8Array(i * 13 + 1).fill(i),
  }));
  const zip = storedZip(entries);
  const local = localEntries(zip);
  assert.equal(local.length, 9);
  for (const entry of local) assert.equal(entry.dataOffset % 64, 0);
  const files = unzipSync(zip);
  for (const entry of entries) assert.deepEqual(files[entry.name], entry.bytes);
});

test('an entry given in parts is stored as one file with the CRC of the whole', () => {
  const whole = new Uint8Array(1000).map((_, i) => (i * 7) % 251);
  const parted = storedZip([
    { name: 'a.usda', bytes: [whole.subarray(0, 333), whole.subarray(333, 900), whole.subarray(900)] },
  ]);
  assert.deepEqual(parted, storedZip([{ name: 'a.usda', bytes: whole }]));
  assert.equal(crc32(whole.subarray(500), crc32(whole.subarray(0, 500))), crc32(whole));
  // The CRC-32 check value of the ASCII digits 1–9.
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
});
