import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { shadedScene } from '../../../src/geometry/export/index.ts';
import { exportScene } from '../../../src/engines/output/index.ts';
import { OUTPUT_FORMATS, type MaterialVariant } from '../../../src/domain/task-spec.ts';
import { createMesh, createNode, type RasterImage } from '../../../src/geometry/mesh.ts';
import { decodeImage } from '../../../src/geometry/texture.ts';
import {
  cubeMesh,
  errorsOf,
  loadGltf,
  plainMaterial,
  twoPartScene,
  validateGlb,
} from '../../geometry/export/fixtures.ts';

const TEXTURES = ['texture_diffuse.png', 'texture_normal.png', 'texture_metallic.png', 'texture_roughness.png'];

const expectedNames: Record<string, Record<MaterialVariant, string[]>> = {
  glb: {
    PBR: ['base_basic_pbr.glb'],
    Shaded: ['base_basic_shaded.glb'],
    All: ['base_basic_pbr.glb', 'base_basic_shaded.glb'],
    None: ['base_basic.glb'],
  },
  usdz: {
    PBR: ['base_basic_pbr.usdz'],
    Shaded: ['base_basic_shaded.usdz'],
    All: ['base_basic_pbr.usdz', 'base_basic_shaded.usdz'],
    None: ['base_basic.usdz'],
  },
  fbx: {
    PBR: ['base_basic_pbr.fbx', ...TEXTURES],
    Shaded: ['base_basic_shaded.fbx', 'texture_diffuse.png'],
    All: ['base_basic_pbr.fbx', ...TEXTURES, 'base_basic_shaded.fbx', 'texture_diffuse_shaded.png'],
    None: ['base_basic.fbx'],
  },
  obj: {
    PBR: ['base_basic_pbr.obj', 'base_basic_pbr.mtl', ...TEXTURES],
    Shaded: ['base_basic_shaded.obj', 'base_basic_shaded.mtl', 'texture_diffuse.png'],
    All: [
      'base_basic_pbr.obj',
      'base_basic_pbr.mtl',
      ...TEXTURES,
      'base_basic_shaded.obj',
      'base_basic_shaded.mtl',
      'texture_diffuse_shaded.png',
    ],
    None: ['base_basic.obj'],
  },
  stl: {
    PBR: ['base_basic_pbr.stl'],
    Shaded: ['base_basic_shaded.stl'],
    All: ['base_basic_pbr.stl', 'base_basic_shaded.stl'],
    None: ['base_basic.stl'],
  },
};

test('every format × material variant gives the documented, unique file names', async () => {
  for (const format of OUTPUT_FORMATS) {
    for (const material of ['PBR', 'Shaded', 'All', 'None'] as const) {
      const files = await exportScene(twoPartScene(), { format, material, shadedTextureSize: 32 });
      assert.deepEqual(
        files.map((f) => f.name),
        expectedNames[format][material],
        `${format} ${material}`,
      );
      assert.ok(files.every((f) => f.bytes.length > 0 && f.contentType.length > 0));
    }
  }
});

test('glb variants: PBR keeps the maps, Shaded is unlit with one baked map, None has no material; all valid', async () => {
  const files = await exportScene(twoPartScene(), { format: 'glb', material: 'All' });
  const none = await exportScene(twoPartScene(), { format: 'glb', material: 'None' });
  for (const file of [...files, ...none]) assert.deepEqual(errorsOf(await validateGlb(file.bytes)), [], file.name);
  const pbr = (await loadGltf(files[0].bytes)).parser.json;
  assert.equal(pbr.images.length, 3);
  assert.equal(pbr.extensionsUsed, undefined);
  const shaded = (await loadGltf(files[1].bytes)).parser.json;
  assert.deepEqual(shaded.extensionsUsed, ['KHR_materials_unlit']);
  assert.equal(shaded.images.length, 1);
  assert.equal(shaded.materials[0].normalTexture, undefined);
  const bare = (await loadGltf(none[0].bytes)).parser.json;
  assert.equal(bare.materials, undefined);
  assert.equal(bare.images, undefined);
});

/** Mean sRGB colour of a square region of the bake. */
function regionMean(image: RasterImage, u0: number, u1: number, v0: number, v1: number): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(v0 * image.height); y < Math.floor(v1 * image.height); y++) {
    for (let x = Math.floor(u0 * image.width); x < Math.floor(u1 * image.width); x++) {
      for (let c = 0; c < 3; c++) sum[c] += image.data[(y * image.width + x) * image.channels + c];
      n++;
    }
  }
  return sum.map((s) => s / n);
}

test('Shaded bakes a lit colour map: faces towards the key light are brighter, hue is kept', async () => {
  const scene = { materials: [plainMaterial('clay', [0.8, 0.8, 0.8, 1])], roots: [createNode('cube', cubeMesh())] };
  const shaded = await shadedScene(scene, { textureSize: 96 });
  const material = shaded.materials[0];
  assert.equal(material.unlit, true);
  const image = material.baseColorTexture!.image!;
  assert.equal(image.width, 96);
  // Cube faces (see fixtures): 0 +z, 1 -z, 2 +x, 3 -x, 4 +y, 5 -y, each in its sixth of u.
  const face = (k: number) => regionMean(image, (k + 0.25) / 6, (k + 0.75) / 6, 0.25, 0.75)[0];
  const [front, back, right, left, top, bottom] = [0, 1, 2, 3, 4, 5].map(face);
  assert.ok(top > bottom + 40, `top ${top} vs bottom ${bottom}`);
  assert.ok(front > back && right > left, 'the key light is front-right');
  assert.ok(bottom > 20, 'ambient keeps the shadow side visible');

  // A two-colour map keeps its hue under the light.
  const textured = await shadedScene(twoPartScene(), { textureSize: 32 });
  const baked = textured.materials[0].baseColorTexture!.image!;
  assert.equal(baked.width, 16, 'the bake keeps the colour map resolution');
  const [r, g, b] = regionMean(baked, 0.05, 0.15, 0.3, 0.7);
  assert.ok(r > g * 2 && r > b * 2, `left part stays red: ${[r, g, b]}`);
});

test('Shaded unwraps meshes without UVs into their own atlas instead of failing', async () => {
  const mesh = cubeMesh();
  delete mesh.uvs;
  const files = await exportScene(
    { materials: [plainMaterial()], roots: [createNode('scan', mesh), createNode('box', cubeMesh())] },
    { format: 'glb', material: 'Shaded', shadedTextureSize: 64 },
  );
  assert.deepEqual(errorsOf(await validateGlb(files[0].bytes)), []);
  const json = (await loadGltf(files[0].bytes)).parser.json;
  assert.equal(json.materials.length, 2, 'the unwrapped mesh gets its own baked material');
  assert.ok(
    json.meshes.every(
      (m: { primitives: { attributes: Record<string, number> }[] }) =>
        m.primitives[0].attributes.TEXCOORD_0 !== undefined,
    ),
  );
});

test('fbx All: the shaded colour map has its own name and the shaded fbx points at it', async () => {
  const files = await exportScene(twoPartScene(), { format: 'fbx', material: 'All', shadedTextureSize: 32 });
  const shadedFbx = files.find((f) => f.name === 'base_basic_shaded.fbx')!;
  const text = new TextDecoder('latin1').decode(shadedFbx.bytes);
  assert.ok(text.includes('texture_diffuse_shaded.png'));
  assert.ok(!text.includes('texture_normal.png'));
  const map = await decodeImage(files.find((f) => f.name === 'texture_diffuse_shaded.png')!.bytes);
  assert.equal(map.width, 16);
});

test('usdz Shaded packs the baked map; None packs none', async () => {
  const [shaded] = await exportScene(twoPartScene(), { format: 'usdz', material: 'Shaded' });
  assert.equal(Object.keys(unzipSync(shaded.bytes)).length, 2);
  const [none] = await exportScene(twoPartScene(), { format: 'usdz', material: 'None' });
  const files = unzipSync(none.bytes);
  assert.deepEqual(Object.keys(files), ['scene.usda']);
  assert.doesNotMatch(new TextDecoder().decode(files['scene.usda']), /Material/);
});

test('a scene with an empty mesh node still exports everywhere', async () => {
  const empty = createNode('empty', createMesh(new Float32Array(0), new Uint32Array(0)));
  const scene = twoPartScene();
  scene.roots.push(empty);
  for (const format of OUTPUT_FORMATS) {
    const files = await exportScene(scene, { format, material: 'PBR' });
    assert.ok(files.length > 0, format);
    if (format === 'glb') assert.deepEqual(errorsOf(await validateGlb(files[0].bytes)), []);
  }
});

test('a second model of a task takes its own stem and shares the texture names', async () => {
  const files = await exportScene(twoPartScene(), { format: 'obj', material: 'PBR', baseName: 'base_basic_highpoly' });
  assert.deepEqual(
    files.map((f) => f.name),
    ['base_basic_highpoly_pbr.obj', 'base_basic_highpoly_pbr.mtl', ...TEXTURES],
  );
  assert.match(new TextDecoder().decode(files[0].bytes), /^mtllib base_basic_highpoly_pbr\.mtl$/m);
});
