import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Box3, Vector3, type Mesh as ThreeMesh, type MeshPhongMaterial } from 'three';
import { writeObj, writeStl } from '../../../src/geometry/export/index.ts';
import { createNode } from '../../../src/geometry/mesh.ts';
import { decodeImage, encodeImage } from '../../../src/geometry/texture.ts';
import { byName, cubeMesh, loadObj, loadStl, plainMaterial, triangleCountOf, twoPartScene } from './fixtures.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test('obj: one object per node in world space, real quads, flipped v, mtl with every map', async () => {
  const files = await writeObj(twoPartScene(), { stem: 'base_basic_pbr' });
  assert.deepEqual(
    files.map((f) => f.name),
    [
      'base_basic_pbr.obj',
      'base_basic_pbr.mtl',
      'texture_diffuse.png',
      'texture_normal.png',
      'texture_metallic.png',
      'texture_roughness.png',
    ],
  );
  const obj = text(files[0].bytes);
  const mtl = text(files[1].bytes);
  assert.match(obj, /^mtllib base_basic_pbr\.mtl$/m);
  const faces = obj.split('\n').filter((l) => l.startsWith('f '));
  assert.equal(faces.length, 18);
  assert.ok(
    faces.every((f) => f.split(' ').length === 5),
    'every face is a quad',
  );
  assert.match(obj, /^vt 0 0$/m, 'glTF (0, 1) is OBJ (0, 0)');
  for (const line of [
    'map_Kd texture_diffuse.png',
    'norm texture_normal.png',
    'map_Bump texture_normal.png',
    'map_Pm texture_metallic.png',
    'map_Pr texture_roughness.png',
  ]) {
    assert.ok(mtl.includes(line), line);
  }

  const group = loadObj(obj, mtl);
  assert.equal(triangleCountOf(group), 36);
  const part1 = byName(group, 'part_01') as ThreeMesh;
  const box = new Box3().setFromBufferAttribute(part1.geometry.attributes.position as never);
  assert.ok(box.min.distanceTo(new Vector3(0.5, 1.5, 2.5)) < 1e-6, 'translation applied');
  const part2 = byName(group, 'part_02') as ThreeMesh;
  const box2 = new Box3().setFromBufferAttribute(part2.geometry.attributes.position as never);
  // Rotated 90° about Y after a 2× stretch along x: the stretch now runs along z.
  assert.ok(Math.abs(box2.max.z - box2.min.z - 2) < 1e-5 && Math.abs(box2.max.x - box2.min.x - 1) < 1e-5);
  const cap = byName(group, 'part_02_cap') as ThreeMesh;
  const box3 = new Box3().setFromBufferAttribute(cap.geometry.attributes.position as never);
  assert.ok(Math.abs(box3.min.y - 0.75) < 1e-5, 'child placed through its parent');
  assert.equal((part1.material as MeshPhongMaterial).name, 'painted');
});

test('obj: the split metal/rough maps carry the packed channels times their factors', async () => {
  const scene = twoPartScene();
  scene.materials[0].roughness = 0.5;
  const files = await writeObj(scene);
  const metallic = await decodeImage(files.find((f) => f.name === 'texture_metallic.png')!.bytes);
  const roughness = await decodeImage(files.find((f) => f.name === 'texture_roughness.png')!.bytes);
  const pngColourType = (name: string) => files.find((f) => f.name === name)!.bytes[25];
  assert.equal(pngColourType('texture_metallic.png'), 0, 'a greyscale PNG');
  assert.equal(metallic.data[0], 100, 'B channel × metallic 1');
  assert.equal(roughness.data[0], 100, 'G channel 200 × roughness 0.5');
  const diffuse = await decodeImage(files.find((f) => f.name === 'texture_diffuse.png')!.bytes);
  assert.deepEqual([...diffuse.data.subarray(0, 3)], [200, 40, 40]);
});

test('obj: a material without maps still ships solid maps; a factor tints the colour map', async () => {
  const files = await writeObj({
    materials: [plainMaterial('red', [1, 0, 0, 1])],
    roots: [createNode('box', cubeMesh())],
  });
  const diffuse = await decodeImage(files.find((f) => f.name === 'texture_diffuse.png')!.bytes);
  assert.deepEqual([...diffuse.data.subarray(0, 3)], [255, 0, 0]);
  const normal = await decodeImage(files.find((f) => f.name === 'texture_normal.png')!.bytes);
  assert.deepEqual([...normal.data.subarray(0, 3)], [128, 128, 255], 'flat normal map');
  const roughness = await decodeImage(files.find((f) => f.name === 'texture_roughness.png')!.bytes);
  assert.equal(roughness.data[0], Math.round(0.75 * 255));

  const tinted = twoPartScene();
  tinted.materials[0].baseColor = [0.5, 1, 1, 1];
  const out = await writeObj(tinted);
  const image = await decodeImage(out.find((f) => f.name === 'texture_diffuse.png')!.bytes);
  // sRGB 200 is linear 0.578; half of it is linear 0.289, sRGB 146.
  assert.equal(image.data[0], 146);
  assert.equal(image.data[1], 40);
});

test('obj: geometry only writes neither mtl nor textures; mirrored nodes keep outward faces', async () => {
  const node = createNode('mirror', cubeMesh());
  node.scale = [-1, 1, 1];
  const files = await writeObj({ materials: [], roots: [node] });
  assert.deepEqual(
    files.map((f) => f.name),
    ['model.obj'],
  );
  const obj = text(files[0].bytes);
  assert.doesNotMatch(obj, /mtllib|usemtl/);
  const group = loadObj(obj);
  const mesh = group.children[0] as ThreeMesh;
  const p = mesh.geometry.attributes.position;
  // First triangle is the +z face: its winding must still face +z after the mirror.
  const a = new Vector3().fromBufferAttribute(p as never, 0);
  const b = new Vector3().fromBufferAttribute(p as never, 1);
  const c = new Vector3().fromBufferAttribute(p as never, 2);
  const normal = b.sub(a).cross(c.sub(a));
  assert.ok(normal.z > 0);
});

test('stl: world-space triangles with outward facet normals, quads triangulated', () => {
  const scene = twoPartScene();
  const stl = writeStl(scene);
  assert.equal(stl.length, 84 + 36 * 50);
  assert.notEqual(text(stl.subarray(0, 5)).toLowerCase(), 'solid', 'binary STL must not start with "solid"');
  const geometry = loadStl(stl);
  assert.equal(geometry.attributes.position.count, 36 * 3);
  geometry.computeBoundingBox();
  const box = geometry.boundingBox!;
  assert.ok(box.max.distanceTo(new Vector3(1.5, 2.5, 3.5)) < 1e-6);
  assert.ok(Math.abs(box.min.z - -1) < 1e-6, 'part_02 stretched along world z');
  const p = geometry.attributes.position;
  const n = geometry.attributes.normal;
  // part_01's first facet is its +z face.
  assert.ok(Math.abs(n.getZ(0) - 1) < 1e-6);
  const centre = new Vector3(1, 2, 3);
  for (let t = 0; t < 12; t++) {
    const v = new Vector3().fromBufferAttribute(p as never, t * 3).sub(centre);
    const facet = new Vector3().fromBufferAttribute(n as never, t * 3);
    assert.ok(v.dot(facet) > 0, 'facet normals point outward');
  }
});

test('stl: mirrored transforms flip the winding so facets stay outward', () => {
  const node = createNode('mirror', cubeMesh());
  node.scale = [1, 1, -1];
  const geometry = loadStl(writeStl({ materials: [], roots: [node] }));
  const p = geometry.attributes.position;
  const n = geometry.attributes.normal;
  for (let t = 0; t < 12; t++) {
    const a = new Vector3().fromBufferAttribute(p as never, t * 3);
    const b = new Vector3().fromBufferAttribute(p as never, t * 3 + 1);
    const c = new Vector3().fromBufferAttribute(p as never, t * 3 + 2);
    const winding = b.clone().sub(a).cross(c.clone().sub(a)).normalize();
    const facet = new Vector3().fromBufferAttribute(n as never, t * 3);
    assert.ok(a.add(b).add(c).dot(facet) > 0, 'outward');
    assert.ok(winding.dot(facet) > 0.99, 'winding agrees with the facet normal');
  }
});

test('obj: maps that arrive as JPEG or WebP are written as real PNGs', async () => {
  const pixels = { width: 8, height: 8, channels: 3 as const, data: new Uint8Array(192).fill(90) };
  const material = {
    ...plainMaterial('mixed', [1, 1, 1, 1]),
    baseColorTexture: { encoded: { bytes: await encodeImage(pixels, 'image/jpeg'), mimeType: 'image/jpeg' as const } },
    normalTexture: { encoded: { bytes: await encodeImage(pixels, 'image/webp'), mimeType: 'image/webp' as const } },
  };
  const files = await writeObj({ materials: [material], roots: [createNode('box', cubeMesh())] });
  for (const file of files.filter((f) => f.name.endsWith('.png'))) {
    assert.deepEqual([...file.bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], `${file.name} is a PNG`);
  }
});

test('obj: a map holding both pixels and cached JPEG bytes is still written as PNG', async () => {
  const pixels = { width: 8, height: 8, channels: 3 as const, data: new Uint8Array(192).fill(90) };
  const material = {
    ...plainMaterial('both', [1, 1, 1, 1]),
    baseColorTexture: {
      image: pixels,
      encoded: { bytes: await encodeImage(pixels, 'image/jpeg'), mimeType: 'image/jpeg' as const },
    },
  };
  const files = await writeObj({ materials: [material], roots: [createNode('box', cubeMesh())] });
  const diffuse = files.find((f) => f.name === 'texture_diffuse.png')!;
  assert.deepEqual([...diffuse.bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]);
});

test('obj: a node without UVs or normals does not shift the indices of the next', async () => {
  const bare = cubeMesh();
  delete bare.uvs;
  delete bare.normals;
  const first = createNode('bare', bare);
  const second = createNode('full', cubeMesh());
  second.translation = [3, 0, 0];
  const [obj] = await writeObj({ materials: [], roots: [first, second] });
  const text = new TextDecoder().decode(obj.bytes);
  const lastFace = text
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('f '))
    .pop()!;
  // The second cube's last quad: vertices 25+20…, its vt and vn counted from 1.
  assert.equal(lastFace, 'f 45/21/21 46/22/22 47/23/23 48/24/24');
  const group = loadObj(text);
  const full = byName(group, 'full') as ThreeMesh;
  assert.ok(full.geometry.attributes.uv && full.geometry.attributes.normal);
  assert.equal(full.geometry.attributes.uv.getY(0), 0, 'glTF v = 1 read back as OBJ v = 0 for the first corner');
});
