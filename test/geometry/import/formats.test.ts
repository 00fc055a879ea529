import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importModel } from '../../../src/geometry/import/index.ts';
import type { Material, Scene } from '../../../src/geometry/mesh.ts';
import { writeFbx } from '../../../src/geometry/export/fbx/index.ts';
import {
  cubeArrays,
  cubeGlb,
  cubeUsdc,
  cubeGltfEmbedded,
  cubeObj,
  cubeStlAscii,
  cubeStlBinary,
  cubeUsda,
  cubeUsdz,
  quadFbxAscii,
  redPng,
  sceneBounds,
  sceneTriangles,
} from './fixtures.ts';

const near = (actual: number[], expected: number[], what: string) =>
  actual.forEach((v, i) => {
    assert.ok(Math.abs(v - expected[i]) < 1e-5, `${what}: ${actual} ≠ ${expected}`);
  });

function assertCubeAt(scene: Scene, centre: [number, number, number], label: string): void {
  assert.equal(sceneTriangles(scene), 12, `${label}: triangle count`);
  const bounds = sceneBounds(scene);
  near(
    bounds.min,
    centre.map((c) => c - 0.5),
    `${label}: min`,
  );
  near(
    bounds.max,
    centre.map((c) => c + 0.5),
    `${label}: max`,
  );
}

/** At every corner position, the imported UVs are the cube's (v-down), whatever the vertex order. */
function assertUvsMatch(scene: Scene, offset: [number, number, number], label: string): void {
  const key = (x: number, y: number, z: number) => [x, y, z].map((v) => v.toFixed(3)).join(',');
  const uvKey = (u: number, v: number) => `${u.toFixed(3)},${v.toFixed(3)}`;
  const collect = (positions: ArrayLike<number>, uvs: ArrayLike<number>, shift: number[]) => {
    const out = new Map<string, Set<string>>();
    for (let i = 0; i < positions.length / 3; i++) {
      const k = key(positions[i * 3] + shift[0], positions[i * 3 + 1] + shift[1], positions[i * 3 + 2] + shift[2]);
      if (!out.has(k)) out.set(k, new Set());
      out.get(k)!.add(uvKey(uvs[i * 2], uvs[i * 2 + 1]));
    }
    return out;
  };
  const { positions, uvs } = cubeArrays();
  const expected = collect(positions, uvs, offset);
  const mesh = meshes(scene)[0];
  assert.ok(mesh.uvs, `${label}: has UVs`);
  const actual = collect(mesh.positions, mesh.uvs, [0, 0, 0]);
  for (const [k, set] of expected)
    assert.deepEqual([...(actual.get(k) ?? [])].sort(), [...set].sort(), `${label}: UVs at ${k}`);
}

function materialNamed(scene: Scene, name: string): Material {
  const found = scene.materials.find((m) => m.name === name);
  assert.ok(found, `material ${name} among ${scene.materials.map((m) => m.name)}`);
  return found;
}

function meshes(scene: Scene) {
  const out: NonNullable<Scene['roots'][number]['mesh']>[] = [];
  const visit = (n: Scene['roots'][number]) => {
    if (n.mesh) out.push(n.mesh);
    n.children.forEach(visit);
  };
  scene.roots.forEach(visit);
  return out;
}

/** Triangles drawn with each material name. */
function trianglesPerMaterial(scene: Scene): Record<string, number> {
  const out: Record<string, number> = {};
  for (const mesh of meshes(scene))
    for (const g of mesh.groups)
      out[scene.materials[g.material].name] = (out[scene.materials[g.material].name] ?? 0) + g.count;
  return out;
}

test('glb: nodes, transforms, PBR factors, base colour texture and UVs survive', async () => {
  const scene = await importModel(await cubeGlb(), { filename: 'cube.glb' });
  assertCubeAt(scene, [1, 2, 3], 'glb');
  assert.equal(scene.roots[0].name, 'Box');
  assert.deepEqual(scene.roots[0].translation, [1, 2, 3]);
  const red = materialNamed(scene, 'red');
  assert.deepEqual([red.baseColor, red.metallic, red.roughness], [[1, 0, 0, 1], 0.25, 0.75]);
  assert.equal(red.baseColorTexture?.encoded?.mimeType, 'image/png');
  assert.deepEqual(red.baseColorTexture?.encoded?.bytes, await redPng());
  assert.deepEqual(trianglesPerMaterial(scene), { red: 6, blue: 6 });
  const mesh = meshes(scene)[0];
  assert.equal(mesh.positions.length / 3, 24, 'vertices shared by both primitives are not duplicated');
  near(Array.from(mesh.uvs!.subarray(0, 4)), cubeArrays().uvs.slice(0, 4), 'glTF UVs are kept as they are');
  assertUvsMatch(scene, [0, 0, 0], 'glb');
});

test('Draco-compressed glb decodes to the same cube', async () => {
  const { NodeIO } = await import('@gltf-transform/core');
  const { KHRONOS_EXTENSIONS } = await import('@gltf-transform/extensions');
  const { draco } = await import('@gltf-transform/functions');
  const draco3d = (await import('draco3dgltf')).default;
  const { cubeGltfDocument } = await import('./fixtures.ts');
  const io = new NodeIO()
    .registerExtensions(KHRONOS_EXTENSIONS)
    .registerDependencies({ 'draco3d.encoder': await draco3d.createEncoderModule() });
  const doc = await cubeGltfDocument();
  await doc.transform(draco({ quantizePosition: 14 }));
  const bytes = await io.writeBinary(doc);
  assert.match(new TextDecoder().decode(bytes.subarray(0, 2000)), /KHR_draco_mesh_compression/);
  const scene = await importModel(bytes);
  assert.equal(sceneTriangles(scene), 12);
  const bounds = sceneBounds(scene);
  bounds.min.forEach((v, i) => {
    assert.ok(Math.abs(v - [0.5, 1.5, 2.5][i]) < 1e-3, `draco min ${bounds.min}`);
  });
  assert.deepEqual(trianglesPerMaterial(scene), { red: 6, blue: 6 });
});

test('the bytes win over a wrong name and a wrong declared format', async () => {
  const scene = await importModel(await cubeGlb(), { filename: 'cube.obj', format: 'obj' });
  assertCubeAt(scene, [1, 2, 3], 'glb named obj');
});

test('gltf with embedded data: URIs reads like the glb', async () => {
  const scene = await importModel(await cubeGltfEmbedded());
  assertCubeAt(scene, [1, 2, 3], 'gltf');
  assert.equal(materialNamed(scene, 'red').baseColorTexture?.encoded?.mimeType, 'image/png');
});

test('obj with its mtl and texture as companions: materials, groups and flipped UVs', async () => {
  const { obj, mtl } = cubeObj();
  const scene = await importModel(obj, { companions: { 'cube.mtl': mtl, 'red.png': await redPng() } });
  assertCubeAt(scene, [1, 2, 3], 'obj');
  assert.deepEqual(trianglesPerMaterial(scene), { red: 6, blue: 6 });
  const red = materialNamed(scene, 'red');
  assert.deepEqual([red.baseColor, red.metallic, red.roughness], [[1, 0, 0, 1], 0.25, 0.75]);
  assert.equal(red.baseColorTexture?.encoded?.mimeType, 'image/png');
  const mesh = meshes(scene)[0];
  const vertices = mesh.positions.length / 3;
  assert.ok(
    vertices >= 8 && vertices <= 24,
    `OBJ corners are re-indexed, not left as 36-corner triangle soup (${vertices})`,
  );
  assertUvsMatch(scene, [1, 2, 3], 'obj (v flipped back to v-down)');
  assert.equal(
    mesh.quads?.reduce((n, q) => n + q, 0),
    6,
    'the six quad faces stay marked as quads',
  );
});

test('obj alone (no mtl) still imports with default materials', async () => {
  const scene = await importModel(cubeObj().obj);
  assertCubeAt(scene, [1, 2, 3], 'obj without mtl');
  assert.deepEqual(Object.keys(trianglesPerMaterial(scene)).sort(), ['blue', 'red']);
});

test('stl ascii and binary (with a header that starts with "solid") weld into a closed cube', async () => {
  for (const [bytes, label] of [
    [cubeStlAscii(), 'ascii'],
    [cubeStlBinary(), 'binary'],
  ] as const) {
    const scene = await importModel(bytes);
    assertCubeAt(scene, [0, 0, 0], `stl ${label}`);
    assert.equal(meshes(scene)[0].positions.length / 3, 8, `stl ${label}: shared corners weld`);
  }
});

test('usda: xform, GeomSubset materials with UsdPreviewSurface values', async () => {
  const scene = await importModel(cubeUsda(), { filename: 'cube.usda' });
  assertCubeAt(scene, [1, 2, 3], 'usda');
  assert.deepEqual(trianglesPerMaterial(scene), { red: 6, blue: 6 });
  assertUvsMatch(scene, [0, 0, 0], 'usda');
  const red = materialNamed(scene, 'red');
  assert.deepEqual([red.metallic, red.roughness], [0.25, 0.75]);
  near(red.baseColor, [1, 0, 0, 1], 'usda red');
});

test('usdz: the packaged layer and its texture', async () => {
  const scene = await importModel(await cubeUsdz());
  assertCubeAt(scene, [1, 2, 3], 'usdz');
  const red = materialNamed(scene, 'red');
  assert.equal(red.baseColorTexture?.encoded?.mimeType, 'image/png');
  assert.deepEqual(red.baseColorTexture?.encoded?.bytes, await redPng());
});

test('usdc (crate 0.8.0): xform, quads and display colour', async () => {
  const scene = await importModel(cubeUsdc(), { filename: 'cube.usdc' });
  assertCubeAt(scene, [1, 2, 3], 'usdc');
  near(scene.materials[0].baseColor, [0.2, 0.4, 0.6, 1], 'usdc display colour');
});

test('usdz whose root layer is usdc', async () => {
  const { zipSync } = await import('fflate');
  const scene = await importModel(zipSync({ 'cube.usdc': cubeUsdc() }, { level: 0 }));
  assertCubeAt(scene, [1, 2, 3], 'usdz with usdc');
});

test('usdz PBR maps: base colour, normal, and separate roughness/metallic maps packed the glTF way', async () => {
  const { texturedQuadUsdz } = await import('./fixtures.ts');
  const { decodeImage } = await import('../../../src/geometry/texture.ts');
  const scene = await importModel(await texturedQuadUsdz());
  assert.equal(sceneTriangles(scene), 2);
  const material = materialNamed(scene, 'Painted');
  assert.deepEqual(material.baseColorTexture?.encoded?.bytes, await redPng());
  assert.ok(material.normalTexture?.encoded, 'normal map kept');
  assert.deepEqual([material.metallic, material.roughness], [1, 1], 'factors are 1 so the packed map decides');
  const packed = await decodeImage(material.metallicRoughnessTexture!.encoded!.bytes);
  assert.deepEqual(Array.from(packed.data.subarray(0, 3)), [255, 200, 50], 'G = roughness, B = metallic');
});

test('files exported by Blender 3.4 (committed fixtures): FBX in centimetres and OBJ+MTL agree', async () => {
  const { readFileSync } = await import('node:fs');
  const dir = new URL('../../fixtures/models/', import.meta.url);
  const read = (name: string) => new Uint8Array(readFileSync(new URL(name, dir)));
  // Blender's cube of edge 2 at (1, 2, 3) Z-up is (1, 3, -2) Y-up.
  const expected = { min: [0, 2, -3], max: [2, 4, -1] };
  for (const [name, options] of [
    ['blender-cube.fbx', {}],
    ['blender-cube.obj', { companions: { 'blender-cube.mtl': read('blender-cube.mtl') } }],
  ] as const) {
    const scene = await importModel(read(name), options);
    assert.equal(sceneTriangles(scene), 12, name);
    const bounds = sceneBounds(scene);
    near(bounds.min, expected.min, `${name} min`);
    near(bounds.max, expected.max, `${name} max`);
    const [r, g, b] = materialNamed(scene, 'Clay').baseColor;
    assert.ok(b > g && g > r, `${name}: Blender's blue-grey clay (${r}, ${g}, ${b})`);
  }
});

test('fbx ascii: a quad and a triangle with a Phong material', async () => {
  const scene = await importModel(quadFbxAscii());
  assert.equal(sceneTriangles(scene), 3);
  const bounds = sceneBounds(scene);
  near(bounds.min, [1, 2, 3], 'fbx min');
  near(bounds.max, [3, 4, 3], 'fbx max');
  near(materialNamed(scene, 'Green').baseColor, [0, 1, 0, 1], 'fbx colour');
});

test('fbx binary written by the export module reads back with nodes and materials', async () => {
  const { positions, uvs, indices } = cubeArrays();
  const source: Scene = {
    materials: [
      {
        name: 'red',
        baseColor: [1, 0, 0, 1],
        metallic: 0,
        roughness: 0.5,
        baseColorTexture: { encoded: { bytes: await redPng(), mimeType: 'image/png' } },
      },
      { name: 'blue', baseColor: [0, 0, 1, 1], metallic: 0, roughness: 0.5 },
    ],
    roots: [
      {
        name: 'part_01',
        translation: [1, 2, 3],
        rotation: [0, 0, 0, 1],
        scale: [1, 1, 1],
        children: [],
        mesh: {
          positions: new Float32Array(positions),
          uvs: new Float32Array(uvs),
          indices: new Uint32Array(indices),
          groups: [
            { start: 0, count: 6, material: 0 },
            { start: 6, count: 6, material: 1 },
          ],
        },
      },
    ],
  };
  const files = await writeFbx(source);
  const fbx = files.find((f) => f.name.endsWith('.fbx'))!;
  const scene = await importModel(fbx.bytes, { filename: 'model.fbx' });
  assertCubeAt(scene, [1, 2, 3], 'fbx binary');
  assert.deepEqual(trianglesPerMaterial(scene), { red: 6, blue: 6 });
  assert.ok(materialNamed(scene, 'red').baseColorTexture?.encoded, 'the embedded texture is captured as bytes');
  assertUvsMatch(scene, [0, 0, 0], 'fbx binary');
});
