import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zipSync, zlibSync } from 'fflate';
import { importModel } from '../../../src/geometry/import/index.ts';
import { GeometryInputError, type GeometryInputReason } from '../../../src/geometry/errors.ts';
import { refusalOf } from '../../../src/engines/geometry-refusal.ts';
import {
  crateFrame,
  cubeGlb,
  cubeGltfEmbedded,
  cubeObj,
  cubeStlAscii,
  cubeStlBinary,
  cubeUsda,
  enc,
  redPng,
} from './fixtures.ts';

async function refused(
  bytes: Uint8Array,
  reason: GeometryInputReason,
  options: Parameters<typeof importModel>[1] = {},
): Promise<GeometryInputError> {
  try {
    await importModel(bytes, options);
  } catch (error) {
    assert.ok(error instanceof GeometryInputError, `expected GeometryInputError, got ${error}`);
    assert.equal(error.reason, reason, error.message);
    // What the task fails with: a catalogue error about the `model` field, in words a user can act on.
    const refusal = refusalOf(error);
    assert.equal(refusal.code, 'INVALID_REQUEST');
    assert.equal(refusal.details.field, 'model');
    assert.equal(refusal.message, error.message);
    assert.doesNotMatch(error.message, /THREE\.|undefined|Cannot read|at \w+ \(/);
    return error;
  }
  assert.fail(`expected a refusal (${reason})`);
}

/** A binary FBX 7400 with one top-level node holding one float64 array property. */
function fbxWithArray(declaredLength: number, encoding: number, payload: Uint8Array): Uint8Array {
  const name = enc('Bomb');
  const property = new Uint8Array(1 + 12 + payload.length);
  property[0] = 'd'.charCodeAt(0);
  const pv = new DataView(property.buffer);
  pv.setUint32(1, declaredLength, true);
  pv.setUint32(5, encoding, true);
  pv.setUint32(9, payload.length, true);
  property.set(payload, 13);
  const header = new Uint8Array(27);
  header.set(enc('Kaydara FBX Binary  '));
  header.set([0, 0x1a, 0], 20);
  new DataView(header.buffer).setUint32(23, 7400, true);
  const nodeLength = 13 + name.length + property.length;
  const out = new Uint8Array(27 + nodeLength + 13);
  out.set(header);
  const view = new DataView(out.buffer);
  view.setUint32(27, 27 + nodeLength, true);
  view.setUint32(31, 1, true);
  view.setUint32(35, property.length, true);
  out[39] = name.length;
  out.set(name, 40);
  out.set(property, 40 + name.length);
  return out;
}

test('empty, unknown and oversized files are refused before parsing', async () => {
  await refused(new Uint8Array(0), 'empty');
  await refused(await redPng(), 'unknown-format', { filename: 'model.glb' });
  const error = await refused(cubeStlBinary(), 'too-large', { limits: { maxBytes: 100 } });
  assert.match(error.message, /limit/);
});

test('the triangle and vertex limits apply to every format', async () => {
  await refused(cubeStlBinary(), 'too-large', { limits: { maxTriangles: 11 } });
  const { countAsciiFacets } = await import('../../../src/geometry/import/stl.ts');
  assert.equal(countAsciiFacets(cubeStlAscii()), 12);
  await refused(cubeStlAscii(), 'too-large', { limits: { maxTriangles: 11 } });
  await refused(await cubeGlb(), 'too-large', { limits: { maxVertices: 10 } });
  await refused(cubeObj().obj, 'too-large', { limits: { maxTriangles: 5 } });
  await refused(cubeUsda(), 'too-large', { limits: { maxTriangles: 5 } });
  // Binary FBX: refused from the declared PolygonVertexIndex and Vertices arrays, before FBXLoader runs.
  const { writeFbx } = await import('../../../src/geometry/export/fbx/index.ts');
  const { cubeArrays } = await import('./fixtures.ts');
  const { positions, indices } = cubeArrays();
  const fbx = (
    await writeFbx({
      materials: [{ name: 'm', baseColor: [1, 1, 1, 1], metallic: 0, roughness: 1 }],
      roots: [
        {
          name: 'n',
          translation: [0, 0, 0],
          rotation: [0, 0, 0, 1],
          scale: [1, 1, 1],
          children: [],
          mesh: {
            positions: new Float32Array(positions),
            indices: new Uint32Array(indices),
            groups: [{ start: 0, count: 12, material: 0 }],
          },
        },
      ],
    })
  ).find((f) => f.name.endsWith('.fbx'))!.bytes;
  const { scanBinaryFbx } = await import('../../../src/geometry/import/fbx-scan.ts');
  const scan = scanBinaryFbx(fbx, 1 << 30);
  assert.equal(scan.corners, 36, 'the writer stores the 12 triangles as 36 corners');
  assert.equal(scan.vertices, 24);
  await refused(fbx, 'too-large', { limits: { maxVertices: 20 } });
});

test('OBJ faces are counted from the bytes before parsing', async () => {
  const { countObjTriangles } = await import('../../../src/geometry/import/obj.ts');
  assert.equal(countObjTriangles(cubeObj().obj), 12);
  assert.equal(countObjTriangles(enc('v 0 0 0\r\n  f 1 2 3 4 5\r\nf\t1 2 3\nfo 1 2 3\n# f 1 2 3\n')), 4);
});

test('truncated files of each binary format are refused as truncated', async () => {
  const glb = await cubeGlb();
  await refused(glb.subarray(0, glb.length - 40), 'truncated');
  const stl = cubeStlBinary();
  await refused(stl.subarray(0, stl.length - 7), 'truncated', { filename: 'cube.stl' });
  const fbx = fbxWithArray(2, 0, new Uint8Array(16));
  await refused(fbx.subarray(0, fbx.length - 20), 'truncated');
});

test('absurd declared counts are refused without allocating them', async () => {
  const stl = cubeStlBinary();
  new DataView(stl.buffer).setUint32(80, 0xfffffff0, true);
  await refused(stl, 'too-large', { filename: 'cube.stl' });
  await refused(fbxWithArray(0x7fffffff, 1, zlibSync(new Uint8Array(64))), 'too-large');
  // A glb whose accessor claims more elements than its buffer view holds.
  const { NodeIO } = await import('@gltf-transform/core');
  const json = await new NodeIO().binaryToJSON(await cubeGlb());
  json.json.accessors![0].count = 5000;
  await refused(await glbFromJson(json.json, json.resources), 'absurd-count');
  json.json.accessors![0].count = 2 ** 31;
  await refused(await glbFromJson(json.json, json.resources), 'too-large');
});

async function glbFromJson(json: any, resources: Record<string, Uint8Array>): Promise<Uint8Array> {
  const bin = Object.values(resources)[0];
  const text = enc(JSON.stringify(json));
  const jsonPad = (4 - (text.length % 4)) % 4;
  const binPad = (4 - (bin.length % 4)) % 4;
  const total = 12 + 8 + text.length + jsonPad + 8 + bin.length + binPad;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(enc('glTF'));
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, text.length + jsonPad, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + text.length + jsonPad);
  const binAt = 20 + text.length + jsonPad;
  view.setUint32(binAt, bin.length + binPad, true);
  view.setUint32(binAt + 4, 0x004e4942, true);
  out.set(bin, binAt + 8);
  return out;
}

test('a compressed FBX array that inflates past its declared size is refused without expanding', async () => {
  const bomb = zlibSync(new Uint8Array(20 * 1024 * 1024));
  const before = process.memoryUsage().arrayBuffers;
  await refused(fbxWithArray(8, 1, bomb), 'malformed');
  assert.ok(process.memoryUsage().arrayBuffers - before < 10 * 1024 * 1024, 'the bomb was not inflated');
});

test('usdz: compressed entries (a zip bomb) are refused from the central directory, nothing inflated', async () => {
  const bombLayer = new Uint8Array(20 * 1024 * 1024).fill(0x20);
  bombLayer.set(enc('#usda 1.0\n'));
  const bomb = zipSync({ 'scene.usda': bombLayer }, { level: 9 });
  assert.ok(bomb.length < 200_000);
  const before = process.memoryUsage().arrayBuffers;
  const error = await refused(bomb, 'compressed-entry');
  assert.match(error.message, /uncompressed/);
  assert.ok(process.memoryUsage().arrayBuffers - before < 10 * 1024 * 1024, 'the bomb was not inflated');
});

test('usdz: missing or external references, a texture-first package and truncation are refused', async () => {
  const referencing = enc('#usda 1.0\ndef Xform "A" (\n    references = @./other.usda@\n)\n{\n}\n');
  await refused(zipSync({ 'scene.usda': referencing }, { level: 0 }), 'external-reference');
  await refused(referencing, 'external-reference', { filename: 'scene.usda' });
  await refused(zipSync({ 'scene.usda': cubeUsda('textures/missing.png') }, { level: 0 }), 'external-reference');
  await refused(zipSync({ 'tex.png': await redPng(), 'scene.usda': cubeUsda() }, { level: 0 }), 'malformed', {
    filename: 'cube.usdz',
  });
  const good = zipSync({ 'scene.usda': cubeUsda() }, { level: 0 });
  await refused(good.subarray(0, good.length - 30), 'truncated', { filename: 'cube.usdz' });
});

test('a standalone usda whose texture is elsewhere still imports, without the texture', async () => {
  const scene = await importModel(cubeUsda('textures/red.png'));
  assert.ok(scene.materials.every((m) => !m.baseColorTexture));
});

test('gltf that points at external files is refused with the file it needs', async () => {
  const json = JSON.parse(new TextDecoder().decode(await cubeGltfEmbedded()));
  json.buffers[0].uri = 'cube.bin';
  const error = await refused(enc(JSON.stringify(json)), 'external-reference');
  assert.match(error.message, /cube\.bin/);
});

test('NaN or infinite coordinates and faceless files are refused', async () => {
  await refused(enc('v 0 0 0\nv 1 nan 0\nv 0 1 0\nf 1 2 3\n'), 'non-finite');
  await refused(enc('v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n'), 'empty');
  await refused(
    enc(
      'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1e39 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n',
    ),
    'non-finite',
  );
  const usda = new TextDecoder().decode(cubeUsda()).replace('(0.5, 0.5, 0.5)', '(inf, 0.5, 0.5)');
  await refused(enc(usda), 'non-finite');
  await refused(enc('#usda 1.0\ndef Xform "Empty"\n{\n}\n'), 'empty');
});

test('old FBX versions are refused with what to export instead', async () => {
  const error = await refused(
    enc('; FBX 6.1.0 project file\nFBXHeaderExtension:  {\n\tFBXVersion: 6100\n}\n'),
    'unsupported',
  );
  assert.match(error.message, /7\.4/);
});

test('usdc: forged table counts are refused before the parser loops over them', async () => {
  const tokens = new Uint8Array(24);
  new DataView(tokens.buffer).setBigUint64(0, 16n, true); // uncompressed size
  new DataView(tokens.buffer).setBigUint64(8, 8n, true); // stored size
  const started = Date.now();
  await refused(crateFrame([{ name: 'TOKENS', count: 1n << 40n, body: tokens }]), 'malformed');
  await refused(crateFrame([{ name: 'PATHS', count: 50_000_000n, body: new Uint8Array(16) }]), 'malformed');
  await refused(crateFrame([{ name: 'STRINGS', count: 1000n, body: new Uint8Array(8) }]), 'malformed');
  const cut = crateFrame([{ name: 'SPECS', count: 1n, body: new Uint8Array(64) }]);
  await refused(cut.subarray(0, cut.length - 10), 'truncated');
  assert.ok(Date.now() - started < 5000, 'refused without looping over the forged counts');
});
