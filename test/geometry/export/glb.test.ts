import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Mesh as ThreeMesh, MeshStandardMaterial } from 'three';
import pino from 'pino';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { createMesh, createNode, defaultMaterial, sceneFromMesh, type Scene } from '../../../src/geometry/mesh.ts';
import { encodeImage } from '../../../src/geometry/texture.ts';
import {
  byName,
  cubeMesh,
  errorsOf,
  loadGltf,
  plainMaterial,
  texturedMaterial,
  triangleCountOf,
  twoPartScene,
  validateGlb,
} from './fixtures.ts';

async function assertValid(scene: Scene): Promise<Uint8Array> {
  const glb = await writeGlb(scene);
  const report = await validateGlb(glb);
  assert.deepEqual(errorsOf(report), [], 'the Khronos validator reports no errors');
  assert.equal(report.issues.numErrors, 0);
  return glb;
}

test('a textured PBR scene is valid glTF and keeps node names, TRS and hierarchy', async () => {
  const glb = await assertValid(twoPartScene());
  const { scene, parser } = await loadGltf(glb);
  const a = byName(scene, 'part_01');
  assert.deepEqual(a.position.toArray(), [1, 2, 3]);
  const b = byName(scene, 'part_02');
  assert.deepEqual(b.position.toArray(), [-2, 0, 0]);
  assert.ok(Math.abs(b.quaternion.y - Math.SQRT1_2) < 1e-6);
  assert.deepEqual(b.scale.toArray(), [2, 1, 1]);
  assert.equal(byName(scene, 'part_02_cap').parent?.name, 'part_02');
  assert.equal(triangleCountOf(scene), 36, 'quads are written as their triangles');
  const material = (a as ThreeMesh).material as MeshStandardMaterial;
  assert.equal(material.type, 'MeshStandardMaterial');
  // three cannot decode images in Node; the validator has checked them, here the wiring is checked.
  const def = parser.json.materials[0];
  assert.ok(def.pbrMetallicRoughness.baseColorTexture, 'base colour map');
  assert.ok(def.pbrMetallicRoughness.metallicRoughnessTexture, 'packed metal/rough map');
  assert.ok(def.normalTexture, 'normal map');
  assert.equal(parser.json.images.length, 3);
  assert.ok(parser.json.images.every((image: { mimeType: string }) => image.mimeType === 'image/png'));
});

test('an unlit material is written with KHR_materials_unlit and loads as MeshBasicMaterial', async () => {
  const unlit = { ...texturedMaterial('baked'), unlit: true };
  const glb = await assertValid(twoPartScene(unlit));
  const { scene, parser } = await loadGltf(glb);
  assert.deepEqual(parser.json.extensionsUsed, ['KHR_materials_unlit']);
  const material = (byName(scene, 'part_01') as ThreeMesh).material as { type: string };
  assert.equal(material.type, 'MeshBasicMaterial');
  const def = parser.json.materials[0];
  assert.ok(def.pbrMetallicRoughness.baseColorTexture, 'the baked colour map');
  assert.equal(def.normalTexture, undefined, 'unlit materials carry no lighting maps');
});

test('geometry without material, normals or UVs is valid', async () => {
  const bare = createMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2]));
  const glb = await assertValid({ materials: [], roots: [createNode('tri', bare)] });
  const { parser } = await loadGltf(glb);
  assert.equal(parser.json.materials, undefined);
  assert.equal(parser.json.meshes[0].primitives[0].attributes.NORMAL, undefined);
});

test('several material groups become one primitive each over shared vertex data', async () => {
  const mesh = cubeMesh();
  mesh.groups = [
    { start: 0, count: 4, material: 0 },
    { start: 4, count: 8, material: 1 },
  ];
  const glb = await assertValid({
    materials: [plainMaterial('red', [1, 0, 0, 1]), plainMaterial('blue', [0, 0, 1, 1])],
    roots: [createNode('box', mesh)],
  });
  const { parser } = await loadGltf(glb);
  const primitives = parser.json.meshes[0].primitives;
  assert.equal(primitives.length, 2);
  assert.equal(primitives[0].attributes.POSITION, primitives[1].attributes.POSITION);
  assert.deepEqual(
    primitives.map((p: { material: number }) => p.material),
    [0, 1],
  );
  assert.deepEqual(parser.json.materials[1].pbrMetallicRoughness.baseColorFactor, [0, 0, 1, 1]);
});

test('non-unit normals, a non-unit quaternion and translucency are made valid', async () => {
  const mesh = cubeMesh();
  mesh.normals = mesh.normals!.map((n) => n * 3);
  mesh.normals[0] = mesh.normals[1] = mesh.normals[2] = 0;
  const node = createNode('odd', mesh);
  node.rotation = [0, 2, 0, 2];
  const glass = plainMaterial('glass', [0.5, 0.5, 1, 0.4]);
  const glb = await assertValid({ materials: [glass], roots: [node] });
  const { parser } = await loadGltf(glb);
  assert.equal(parser.json.materials[0].alphaMode, 'BLEND');
  const [, y, , w] = parser.json.nodes[0].rotation;
  assert.ok(Math.abs(y - Math.SQRT1_2) < 1e-6 && Math.abs(w - Math.SQRT1_2) < 1e-6);
});

test('a large mesh takes 32-bit indices and stays valid', async () => {
  // 70k vertices: past the 16-bit index range.
  const n = 70_000;
  const positions = new Float32Array(n * 3);
  for (let v = 0; v < n; v++) {
    positions[v * 3] = v % 300;
    positions[v * 3 + 1] = Math.floor(v / 300);
  }
  const indices = new Uint32Array((n - 302) * 3);
  for (let t = 0; t < n - 302; t++) indices.set([t, t + 1, t + 301], t * 3);
  const glb = await assertValid(sceneFromMesh(createMesh(positions, indices), [defaultMaterial()]));
  const { parser } = await loadGltf(glb);
  const accessor = parser.json.accessors[parser.json.meshes[0].primitives[0].indices];
  assert.equal(accessor.componentType, 5125, 'UNSIGNED_INT indices');
  assert.equal(accessor.count, indices.length);
});

test('JPEG maps are embedded as they are; WebP maps become PNG (core glTF allows only those two)', async () => {
  const pixels = { width: 8, height: 8, channels: 3 as const, data: new Uint8Array(192).fill(90) };
  const material = {
    ...plainMaterial('mixed'),
    baseColorTexture: { encoded: { bytes: await encodeImage(pixels, 'image/jpeg'), mimeType: 'image/jpeg' as const } },
    normalTexture: { encoded: { bytes: await encodeImage(pixels, 'image/webp'), mimeType: 'image/webp' as const } },
  };
  const glb = await assertValid({ materials: [material], roots: [createNode('box', cubeMesh())] });
  const { parser } = await loadGltf(glb);
  assert.deepEqual(parser.json.images.map((i: { mimeType: string }) => i.mimeType).sort(), ['image/jpeg', 'image/png']);
});

test('a mesh whose groups miss triangles still writes every triangle', async () => {
  const mesh = cubeMesh();
  mesh.groups = [{ start: 2, count: 4, material: 0 }];
  const glb = await assertValid({ materials: [plainMaterial()], roots: [createNode('box', mesh)] });
  const { scene } = await loadGltf(glb);
  assert.equal(triangleCountOf(scene), 12);
});

test('nodes sharing one mesh share its data in the file', async () => {
  const mesh = cubeMesh();
  const a = createNode('a', mesh);
  const b = createNode('b', mesh);
  b.translation = [2, 0, 0];
  const glb = await assertValid({ materials: [plainMaterial()], roots: [a, b] });
  const { parser } = await loadGltf(glb);
  assert.equal(parser.json.meshes.length, 1);
  assert.deepEqual(
    parser.json.nodes.map((n: { mesh: number }) => n.mesh),
    [0, 0],
  );
});

test('vertex data put in place after the layout gives the bytes gltf-transform writes from every array', async () => {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
  // 70k vertices (32-bit indices) with an image of odd length before it (padding to 8 after images).
  const n = 70_000;
  const positions = new Float32Array(n * 3);
  const uvs = new Float32Array(n * 2);
  for (let v = 0; v < n; v++) {
    positions.set([v % 300, Math.floor(v / 300), (v * 7) % 13], v * 3);
    uvs.set([(v % 300) / 300, Math.floor(v / 300) / 240], v * 2);
  }
  positions[5] = Number.NaN; // not finite: left out of the bounds, as gltf-transform does
  const indices = new Uint32Array((n - 302) * 3);
  for (let t = 0; t < n - 302; t++) indices.set([t, t + 1, t + 301], t * 3);
  const large = createMesh(positions, indices, { uvs });
  large.groups = [
    { start: 0, count: 1000, material: 0 },
    { start: 1000, count: n - 1302, material: 1 },
  ];
  const bare = createMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint32Array([0, 1, 2]));
  const shared = cubeMesh();
  const scenes: Scene[] = [
    twoPartScene(),
    { materials: [], roots: [createNode('tri', bare)] },
    { materials: [texturedMaterial('odd'), plainMaterial('blue', [0, 0, 1, 1])], roots: [createNode('grid', large)] },
    {
      materials: [plainMaterial()],
      roots: [createNode('a', shared), createNode('b', shared), createNode('c', cubeMesh())],
    },
  ];
  for (const [i, scene] of scenes.entries()) {
    lines.length = 0;
    const placed = await writeGlb(scene, { logger });
    assert.ok(
      lines.some((line) => JSON.parse(line).vertexStandIns === true),
      `scene ${i}: the vertex data was placed`,
    );
    const plain = await writeGlb(scene, { vertexStandIns: false });
    assert.ok(Buffer.from(placed).equals(Buffer.from(plain)), `scene ${i}: same bytes`);
  }
  assert.equal((await validateGlb(await writeGlb(scenes[3]))).issues.numErrors, 0);
});
