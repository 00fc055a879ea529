import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Euler, Quaternion, type Mesh as ThreeMesh, type MeshPhongMaterial } from 'three';
import { fbxEulerDegrees, writeFbx } from '../../../src/geometry/export/index.ts';
import { createNode } from '../../../src/geometry/mesh.ts';
import { textureSource } from '../../../src/geometry/import/three-shim.ts';
import {
  byName,
  cubeMesh,
  findRecords,
  loadFbx,
  plainMaterial,
  polygonSizes,
  readFbxRecords,
  triangleCountOf,
  twoPartScene,
} from './fixtures.ts';

test('a binary FBX 7.4 with header, footer and Y-up metre settings', async () => {
  const [model] = await writeFbx(twoPartScene(), { stem: 'base_basic_pbr' });
  assert.equal(model.name, 'base_basic_pbr.fbx');
  const bytes = model.bytes;
  assert.equal(new TextDecoder().decode(bytes.subarray(0, 20)), 'Kaydara FBX Binary  ');
  const { version, records } = readFbxRecords(bytes);
  assert.equal(version, 7400);
  const footerVersionAt = bytes.length - 140;
  assert.equal(footerVersionAt % 16, 0, 'the footer version sits on a 16-byte boundary');
  assert.equal(new DataView(bytes.buffer, bytes.byteOffset).getUint32(footerVersionAt, true), 7400);
  assert.deepEqual([...bytes.subarray(bytes.length - 16, bytes.length - 12)], [0xf8, 0x5a, 0x8c, 0x6a]);
  const props = findRecords(findRecords(records, 'GlobalSettings'), 'P');
  const setting = (name: string) => props.find((p) => p.props[0] === name)?.props[4];
  assert.equal(setting('UpAxis'), 1);
  assert.equal(setting('FrontAxis'), 2);
  assert.equal(setting('UnitScaleFactor'), 100);
  assert.deepEqual(
    records.map((r) => r.name),
    [
      'FBXHeaderExtension',
      'FileId',
      'CreationTime',
      'Creator',
      'GlobalSettings',
      'Documents',
      'References',
      'Definitions',
      'Objects',
      'Connections',
    ],
  );
});

test('marked quads are written as 4-corner polygons; normals, UVs and materials per layer', async () => {
  const [model] = await writeFbx(twoPartScene());
  const { records } = readFbxRecords(model.bytes);
  const geometries = findRecords(records, 'Geometry');
  assert.equal(geometries.length, 3);
  for (const geometry of geometries) {
    const pvi = findRecords(geometry.children, 'PolygonVertexIndex')[0].props[0] as Int32Array;
    assert.deepEqual(polygonSizes(pvi), [4, 4, 4, 4, 4, 4]);
    const normals = findRecords(geometry.children, 'Normals')[0].props[0] as Float64Array;
    assert.equal(normals.length, 24 * 3, 'one normal per control point');
    assert.deepEqual([...normals.subarray(0, 3)], [0, 0, 1]);
    const uvIndex = findRecords(geometry.children, 'UVIndex')[0].props[0] as Int32Array;
    assert.equal(uvIndex.length, 24);
    const uv = findRecords(geometry.children, 'UV')[0].props[0] as Float64Array;
    assert.deepEqual([uv[0], uv[1]], [0, 0], 'v flipped: glTF (0, 1) is FBX (0, 0)');
  }
  const polygonsTriangulated = triangleCountOf(loadFbx(model.bytes));
  assert.equal(polygonsTriangulated, 36, 'three.js FBXLoader reads every polygon');
});

test('three.js FBXLoader reads node names, hierarchy, transforms and geometry placement', async () => {
  const [model] = await writeFbx(twoPartScene());
  const group = loadFbx(model.bytes);
  const a = byName(group, 'part_01');
  assert.deepEqual(a.position.toArray(), [1, 2, 3]);
  const b = byName(group, 'part_02');
  assert.deepEqual(b.position.toArray(), [-2, 0, 0]);
  assert.ok(b.quaternion.angleTo(new Quaternion(0, Math.SQRT1_2, 0, Math.SQRT1_2)) < 1e-5);
  assert.ok(Math.abs(b.scale.x - 2) < 1e-9);
  const cap = byName(group, 'part_02_cap');
  assert.equal(cap.parent?.name, 'part_02');
  group.updateMatrixWorld(true);
  const geometry = (cap as ThreeMesh).geometry;
  geometry.computeBoundingBox();
  const box = geometry.boundingBox!.clone().applyMatrix4(cap.matrixWorld);
  // The cap (side 0.5) sits 1 above part_02's origin; part_02's x-stretch is along world z after the turn.
  assert.ok(Math.abs(box.min.y - 0.75) < 1e-5 && Math.abs(box.max.y - 1.25) < 1e-5);
  assert.ok(Math.abs(box.max.z - box.min.z - 1) < 1e-5, 'the parent stretch applies to the child');
});

test('materials keep colour and factors; maps are referenced beside the file and embedded', async () => {
  const files = await writeFbx(twoPartScene(), { stem: 'm' });
  assert.deepEqual(
    files.map((f) => f.name),
    ['m.fbx', 'texture_diffuse.png', 'texture_normal.png', 'texture_metallic.png', 'texture_roughness.png'],
  );
  const { records } = readFbxRecords(files[0].bytes);
  const names = findRecords(records, 'RelativeFilename').map((r) => r.props[0]);
  assert.ok(names.includes('texture_diffuse.png') && names.includes('texture_roughness.png'));
  const content = findRecords(records, 'Content').map((r) => r.props[0] as Uint8Array);
  assert.equal(content.length, 4, 'every map embedded');
  const links = findRecords(records, 'C')
    .filter((c) => c.props[0] === 'OP')
    .map((c) => c.props[3]);
  assert.deepEqual(links.sort(), ['DiffuseColor', 'NormalMap', 'ReflectionFactor', 'ShininessExponent']);

  const group = loadFbx(files[0].bytes);
  const material = (byName(group, 'part_01') as ThreeMesh).material as MeshPhongMaterial;
  assert.equal(material.name, 'painted');
  assert.ok(textureSource(material.map)?.blob, 'the colour map loads from the embedded content');
  assert.ok(material.normalMap, 'the normal map is wired');

  const plain = await writeFbx({
    materials: [plainMaterial('red', [1, 0, 0, 1])],
    roots: [createNode('box', cubeMesh())],
  });
  const red = (byName(loadFbx(plain[0].bytes), 'box') as ThreeMesh).material as MeshPhongMaterial;
  assert.deepEqual(
    red.color.toArray().map((c) => Math.round(c * 100) / 100),
    [1, 0, 0],
  );
});

test('several materials on one mesh map polygons to slots', async () => {
  const mesh = cubeMesh();
  mesh.groups = [
    { start: 0, count: 4, material: 1 },
    { start: 4, count: 8, material: 0 },
  ];
  const scene = { materials: [plainMaterial('a'), plainMaterial('b')], roots: [createNode('box', mesh)] };
  const [model] = await writeFbx(scene);
  const { records } = readFbxRecords(model.bytes);
  const slots = findRecords(records, 'Materials')[0].props[0] as Int32Array;
  assert.deepEqual([...slots], [1, 1, 0, 0, 0, 0], 'per polygon (quads), in the order materials connect');
  const loaded = byName(loadFbx(model.bytes), 'box') as ThreeMesh;
  assert.ok(Array.isArray(loaded.material) && loaded.material.length === 2);
  assert.equal(loaded.geometry.groups.length, 2);
});

test('geometry only: no materials, no textures', async () => {
  const files = await writeFbx({ materials: [], roots: [createNode('box', cubeMesh())] });
  assert.equal(files.length, 1);
  const { records } = readFbxRecords(files[0].bytes);
  assert.equal(findRecords(records, 'Material').length, 0);
  assert.equal(findRecords(records, 'LayerElementMaterial').length, 0);
  assert.equal(triangleCountOf(loadFbx(files[0].bytes)), 12);
});

test('Euler angles follow FBX rotation order XYZ (three order ZYX)', () => {
  for (const q of [
    [0.1, 0.2, 0.3, 0.9],
    [0.5, -0.5, 0.5, 0.5],
    [0, 0.7, 0, 0.7],
    [0.3, -0.1, 0.8, -0.2],
  ]) {
    const quaternion = new Quaternion(q[0], q[1], q[2], q[3]).normalize();
    const degrees = fbxEulerDegrees(q);
    const [x, y, z] = degrees.map((d) => (d * Math.PI) / 180);
    const back = new Quaternion().setFromEuler(new Euler(x, y, z, 'ZYX'));
    assert.ok(back.angleTo(quaternion) < 1e-6, `round trip of ${q}`);
  }
});

test('maps can stay out of the file: then only RelativeFilename points at them', async () => {
  const files = await writeFbx(twoPartScene(), { embedTextures: false });
  const { records } = readFbxRecords(files[0].bytes);
  assert.equal(findRecords(records, 'Content').length, 0);
  assert.equal(findRecords(records, 'RelativeFilename').length, 8, 'Texture and Video of each of the four maps');
  assert.equal(files.length, 5);
});
