import { test } from 'node:test';
import assert from 'node:assert/strict';
import { zipSync } from 'fflate';
import { detectModelFormat } from '../../../src/geometry/import/detect.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function binaryStl(triangles: number, header = 'binary stl'): Uint8Array {
  const bytes = new Uint8Array(84 + triangles * 50);
  bytes.set(enc(header).subarray(0, 80));
  new DataView(bytes.buffer).setUint32(80, triangles, true);
  return bytes;
}

const OBJ = '# made by hand\nmtllib x.mtl\no box\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nusemtl red\nf 1 2 3\n';
const ASCII_STL =
  'solid tri\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid tri\n';
const GLTF = '{\n  "asset": {"version": "2.0"},\n  "meshes": []\n}';

test('each format is recognised from its bytes even under a misleading name', () => {
  const cases: [Uint8Array, string][] = [
    [enc('glTF\u0002\u0000\u0000\u0000'), 'glb'],
    [new Uint8Array([...enc('Kaydara FBX Binary  '), 0, 0x1a, 0, 0xe8, 0x1c, 0, 0]), 'fbx'],
    [enc('; FBX 7.4.0 project file\nFBXHeaderExtension:  {\n}'), 'fbx'],
    [enc('PXR-USDC\u0000\u0007\u0000'), 'usdc'],
    [enc('#usda 1.0\n(\n)\ndef Mesh "m" {}\n'), 'usda'],
    [zipSync({ 'scene.usdc': enc('PXR-USDC'), 'tex.png': new Uint8Array(4) }, { level: 0 }), 'usdz'],
    [binaryStl(3), 'stl'],
    [binaryStl(3, 'solid but really binary'), 'stl'],
    [enc(ASCII_STL), 'stl'],
    [enc(OBJ), 'obj'],
    [enc(GLTF), 'gltf'],
  ];
  for (const [bytes, expected] of cases) {
    assert.equal(detectModelFormat(bytes), expected, `no name → ${expected}`);
    assert.equal(detectModelFormat(bytes, 'upload.png'), expected, `.png name → ${expected}`);
    const wrong = expected === 'obj' ? 'model.stl' : 'model.obj';
    assert.equal(detectModelFormat(bytes, wrong), expected, `${wrong} → ${expected}`);
  }
});

test('generated fixtures of every format are detected whatever their name says', async () => {
  const f = await import('./fixtures.ts');
  const { writeFbx } = await import('../../../src/geometry/export/fbx/index.ts');
  const { positions, indices } = f.cubeArrays();
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
  ).find((x) => x.name.endsWith('.fbx'))!.bytes;
  const cases: [Uint8Array, string][] = [
    [await f.cubeGlb(), 'glb'],
    [await f.cubeGltfEmbedded(), 'gltf'],
    [f.cubeObj().obj, 'obj'],
    [f.cubeStlAscii(), 'stl'],
    [f.cubeStlBinary(), 'stl'],
    [f.cubeUsda(), 'usda'],
    [f.cubeUsdc(), 'usdc'],
    [await f.cubeUsdz(), 'usdz'],
    [f.quadFbxAscii(), 'fbx'],
    [fbx, 'fbx'],
  ];
  for (const [bytes, expected] of cases) {
    for (const name of [undefined, 'model.glb', 'model.obj', 'model.stl', 'model.usdz', 'photo.jpg']) {
      assert.equal(detectModelFormat(bytes, name), expected, `${expected} named ${name}`);
    }
  }
});

test('files that are no model are not given a format', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  assert.equal(detectModelFormat(png, 'model.glb'), null);
  assert.equal(detectModelFormat(new Uint8Array(0), 'model.obj'), null);
  assert.equal(detectModelFormat(enc('hello world\nthis is a letter\n'), 'model.obj'), null);
  assert.equal(detectModelFormat(enc('{"name": "package", "version": "1.0.0"}'), 'package.json'), null);
  assert.equal(
    detectModelFormat(zipSync({ 'readme.txt': enc('hi') }), 'model.usdz'),
    'usdz',
    'the name decides for an ambiguous zip',
  );
  assert.equal(detectModelFormat(zipSync({ 'readme.txt': enc('hi') })), null);
  assert.equal(detectModelFormat(enc('OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n')), null);
});

test('the name breaks ties only where the bytes cannot decide', () => {
  const truncatedStl = binaryStl(10).subarray(0, 300);
  truncatedStl[5] = 1; // binary noise
  assert.equal(detectModelFormat(truncatedStl, 'part.STL'), 'stl');
  assert.equal(detectModelFormat(truncatedStl), null);
  assert.equal(detectModelFormat(enc('solid x\n'), 'part.stl'), 'stl');
  assert.equal(detectModelFormat(enc('solid x\n')), null);
  assert.equal(detectModelFormat(enc('{"asse'), 'cut.gltf'), 'gltf');
});
