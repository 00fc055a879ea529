/**
 * The convert engine on a 200k-face model (a psb-dev mesh split up to 200k, uploaded as GLB): every
 * output format and every budget of the issue appears once (the full format × budget matrix runs in
 * bench/texture-convert.ts). Each output is read back by readers other than the writer: three's own
 * loaders (GLTF, FBX, OBJ, STL, USDA parser) for every format, Kiln's importer, and for GLB the Khronos
 * validator and glTF-Transform.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NodeIO } from '@gltf-transform/core';
import type { ConvertSpec, OutputFormat } from '../../../src/domain/task-spec.ts';
import { writeGlb } from '../../../src/geometry/export/index.ts';
import { parseOff } from '../../../src/geometry/import/index.ts';
import { meshBounds, sceneFromMesh, type Material } from '../../../src/geometry/mesh.ts';
import { flattenScene, generateUvAtlas, subdivideToCount } from '../../../src/geometry/ops/index.ts';
import { orthographicCamera, renderScene } from '../../../src/geometry/render/index.ts';
import { textureImage } from '../../../src/geometry/texture.ts';
import { runConvert } from '../../../src/engines/convert/index.ts';
import { assertValidGlb, reimport, triangleCount } from '../../e2e/engines/checks.ts';
import { loadFbx, loadGltf, loadObj, loadStl, loadUsdz, triangleCountOf } from '../../geometry/export/fixtures.ts';

const dataDir = fileURLToPath(new URL('../../../../shared/data/psb-dev/off', import.meta.url));
const skip = existsSync(dataDir) ? false : 'shared/data/psb-dev not found beside the checkout';
let model: Uint8Array;

before(async () => {
  if (skip) return;
  const mesh = subdivideToCount(parseOff(readFileSync(`${dataDir}/312.off`)), 200_000);
  assert.equal(mesh.indices.length / 3, 200_000);
  model = await writeGlb(sceneFromMesh(mesh));
});

function convertSpec(extra: Partial<ConvertSpec> = {}): ConvertSpec {
  return {
    kind: 'convert',
    mode: 'custom',
    modelFormat: 'glb',
    geometryFileFormat: 'glb',
    meshMode: 'Raw',
    uv: 'keep',
    pivot: 'keep',
    upAxis: 'Y',
    material: 'PBR',
    ...extra,
  };
}

async function convert(spec: ConvertSpec, bytes = model): Promise<Map<string, Uint8Array>> {
  const result = await runConvert({
    taskId: 't',
    spec,
    inputs: [{ field: 'model', filename: 'model.glb', bytes }],
    progress: () => {},
    signal: new AbortController().signal,
  });
  return new Map(result.files.map((f) => [f.name, f.bytes]));
}

/** Polygons of an OBJ by corner count. */
function objPolygons(text: string): { quads: number; triangles: number } {
  let quads = 0,
    triangles = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('f ')) continue;
    const corners = line.trim().split(/\s+/).length - 1;
    if (corners === 4) quads++;
    else if (corners === 3) triangles++;
  }
  return { quads, triangles };
}

/** Triangles as three's own loaders read the file (independent of Kiln's importer and writers). */
async function threeTriangles(format: OutputFormat, bytes: Uint8Array): Promise<number> {
  switch (format) {
    case 'glb':
      return triangleCountOf((await loadGltf(bytes)).scene);
    case 'fbx':
      return triangleCountOf(loadFbx(bytes));
    case 'obj':
      return triangleCountOf(loadObj(new TextDecoder().decode(bytes)));
    case 'usdz':
      return triangleCountOf(loadUsdz(bytes));
    case 'stl':
      return loadStl(bytes).getAttribute('position').count / 3;
  }
}

const CASES: Array<{ format: OutputFormat; faces: number; quad?: boolean }> = [
  { format: 'glb', faces: 2_000 },
  { format: 'obj', faces: 20_000, quad: true },
  { format: 'fbx', faces: 20_000, quad: true },
  { format: 'stl', faces: 2_000 },
  { format: 'usdz', faces: 500_000 },
];

for (const c of CASES) {
  test(`200k faces → ${c.format} at exactly ${c.faces}${c.quad ? ' (Quad)' : ''}, read back by an independent loader`, {
    skip,
    timeout: 120_000,
  }, async () => {
    const files = await convert(
      convertSpec({ geometryFileFormat: c.format, faceBudget: c.faces, meshMode: c.quad ? 'Quad' : 'Raw' }),
    );
    const name = c.format === 'stl' ? 'base_basic_pbr.stl' : `base_basic_pbr.${c.format}`;
    assert.ok(files.has(name), `${name} among ${[...files.keys()]}`);
    assert.ok(files.has('preview.webp'));
    if (c.format === 'glb') {
      await assertValidGlb(files.get(name)!, name);
      const doc = await new NodeIO().readBinary(files.get(name)!);
      let faces = 0;
      for (const mesh of doc.getRoot().listMeshes())
        for (const p of mesh.listPrimitives()) faces += p.getIndices()!.getCount() / 3;
      assert.equal(faces, c.faces, 'glTF-Transform counts the budget');
    }
    assert.equal(
      triangleCount(await reimport(name, files)),
      c.faces,
      `${name} re-imports with exactly ${c.faces} triangles`,
    );
    assert.equal(
      await threeTriangles(c.format, files.get(name)!),
      c.faces,
      `three's loader reads exactly ${c.faces} triangles from ${name}`,
    );
    if (c.format === 'obj') {
      const { quads, triangles } = objPolygons(new TextDecoder().decode(files.get(name)!));
      assert.equal(quads * 2 + triangles, c.faces);
      assert.ok(quads > triangles, `quad-dominant: ${quads} quads, ${triangles} triangles`);
    }
  });
}

test('scale_to, pivot bottom-centre and up_axis Z place the model; an odd budget on a closed model is even', {
  skip,
  timeout: 120_000,
}, async () => {
  const files = await convert(convertSpec({ faceBudget: 2_001, scaleTo: 2, pivot: 'bottom-centre', upAxis: 'Z' }));
  const scene = await reimport('base_basic_pbr.glb', files);
  const mesh = flattenScene(scene);
  assert.equal(mesh.indices.length / 3, 2_000);
  const b = meshBounds(mesh);
  const extents = [0, 1, 2].map((k) => b.max[k] - b.min[k]);
  assert.ok(Math.abs(Math.max(...extents) - 2) < 1e-3, `largest side 2 m: ${extents}`);
  // Bottom-centre pivot in the Y-up frame, then +Y turned to +Z: the base lies on z = 0, centred in x and y.
  assert.ok(Math.abs(b.min[2]) < 1e-4, `base on z = 0: ${b.min[2]}`);
  assert.ok(Math.abs(b.min[0] + b.max[0]) < 1e-3 && Math.abs(b.min[1] + b.max[1]) < 1e-3, 'centred in x and y');
});

test('uv=new carries the colours over to a fresh atlas at texture_resolution; the front looks the same', {
  skip,
  timeout: 120_000,
}, async () => {
  // A held-out mesh with an atlas and a two-colour map (left half red, right half blue in UV space).
  const mesh = generateUvAtlas(parseOff(readFileSync(`${dataDir}/41.off`)), { textureSize: 512 });
  const size = 256;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) data.set(x < size / 2 ? [220, 40, 40, 255] : [30, 70, 220, 255], (y * size + x) * 4);
  const material: Material = {
    name: 'two-tone',
    baseColor: [1, 1, 1, 1],
    metallic: 0,
    roughness: 0.6,
    baseColorTexture: { name: 'map', image: { width: size, height: size, channels: 4, data } },
  };
  const input = sceneFromMesh(mesh, [material]);
  const files = await convert(convertSpec({ uv: 'new', textureResolution: 512 }), await writeGlb(input));
  const glb = files.get('base_basic_pbr.glb')!;
  await assertValidGlb(glb, 'uv=new');
  const output = await reimport('base_basic_pbr.glb', files);
  assert.equal(triangleCount(output), mesh.indices.length / 3, 'faces unchanged without a budget');
  const texture = output.materials[0].baseColorTexture!;
  const image = await textureImage(texture);
  assert.deepEqual([image.width, image.height], [512, 512]);

  const b = meshBounds(mesh);
  const span = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1]);
  const centre: [number, number, number] = [
    (b.min[0] + b.max[0]) / 2,
    (b.min[1] + b.max[1]) / 2,
    (b.min[2] + b.max[2]) / 2,
  ];
  const camera = orthographicCamera({
    position: [centre[0], centre[1], b.max[2] + span],
    target: centre,
    halfHeight: span / 2,
  });
  const before = await renderScene(input, camera, { width: 256, height: 256, unlit: true });
  const after = await renderScene(output, camera, { width: 256, height: 256, unlit: true });
  let covered = 0,
    same = 0;
  for (let o = 0; o < before.data.length; o += 4) {
    if (before.data[o + 3] === 0) continue;
    covered++;
    if (
      Math.hypot(
        before.data[o] - after.data[o],
        before.data[o + 1] - after.data[o + 1],
        before.data[o + 2] - after.data[o + 2],
      ) < 60
    )
      same++;
  }
  assert.ok(same / covered > 0.95, `${((same / covered) * 100).toFixed(1)} % of the front looks the same`);
});

test('uv=keep keeps the UVs and maps, resized to texture_resolution when asked', {
  skip,
  timeout: 60_000,
}, async () => {
  const mesh = generateUvAtlas(parseOff(readFileSync(`${dataDir}/61.off`)), { textureSize: 256 });
  const data = new Uint8Array(256 * 256 * 3).fill(128);
  const material: Material = {
    name: 'grey',
    baseColor: [1, 1, 1, 1],
    metallic: 0,
    roughness: 0.6,
    baseColorTexture: { name: 'map', image: { width: 256, height: 256, channels: 3, data } },
  };
  const model = await writeGlb(sceneFromMesh(mesh, [material]));
  const kept = await reimport('base_basic_pbr.glb', await convert(convertSpec({}), model));
  assert.deepEqual(Array.from(flattenScene(kept).uvs!), Array.from(mesh.uvs), 'the same UVs');
  assert.equal((await textureImage(kept.materials[0].baseColorTexture!)).width, 256);
  const resized = await reimport('base_basic_pbr.glb', await convert(convertSpec({ textureResolution: 1024 }), model));
  const image = await textureImage(resized.materials[0].baseColorTexture!);
  assert.deepEqual([image.width, image.height], [1024, 1024]);
});
