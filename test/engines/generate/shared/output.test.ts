import type { RasterImage } from '../../../../src/geometry/mesh.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import sharp from 'sharp';
import { resolveGenerateRequest, type GenerateSpec } from '../../../../src/domain/index.ts';
import { meshFromGrid } from '../../../../src/geometry/ops/index.ts';
import { unitByte, writeGenerationOutputs } from '../../../../src/engines/generate/shared/output.ts';

/** A size × size map of one value per channel, as the engines' uniform maps were made before they were encoded from their colour. */
function uniformImage(size: number, values: number[]): RasterImage {
  const channels = values.length as RasterImage['channels'];
  const data = new Uint8Array(size * size * channels);
  for (let i = 0; i < data.length; i++) data[i] = unitByte(values[i % channels]);
  return { width: size, height: size, channels, data };
}

function specOf(fields: Record<string, string>): GenerateSpec {
  const raw = { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])), files: [] };
  return resolveGenerateRequest(raw).spec as GenerateSpec;
}

function sphere() {
  const n = 24;
  const values = new Float32Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        values[x + n * (y + n * z)] = Math.hypot(x - 11.5, y - 11.5, z - 11.5) / 10 - 1;
      }
  return meshFromGrid(values, [n, n, n], [-1, -1, -1], 2 / (n - 1));
}

const noop = () => {};

test('All + Extreme-High: PBR and Shaded models, preview, a high-poly model, every GLB valid, maps at the tabled size', async () => {
  const spec = specOf({ prompt: 'ball', tier: 'Gen-2.5-Extreme-High', quality: 'extra-low', material: 'All' });
  assert.equal(spec.highPolyMesh, true);
  let bakedAt = 0;
  const { files, stats } = await writeGenerationOutputs({
    spec: { ...spec, textureResolution: 2048 },
    mesh: sphere(),
    bake(mesh, size) {
      bakedAt = size;
      assert.ok(mesh.uvs.length === (mesh.positions.length / 3) * 2);
      return { baseColor: uniformImage(size, [0.8, 0.2, 0.1]), metallicRoughness: uniformImage(size, [1, 0.5, 0]) };
    },
    progress: noop,
    signal: new AbortController().signal,
    highPolyFaces: 40_000,
  });
  assert.equal(bakedAt, 2048);
  assert.deepEqual(files.map((f) => f.name).sort(), [
    'base_basic_highpoly.glb',
    'base_basic_pbr.glb',
    'base_basic_shaded.glb',
    'preview.webp',
  ]);
  assert.ok(Math.abs(stats.faces - spec.faceBudget) <= spec.faceBudget * 0.01);
  assert.ok(stats.highPolyFaces! >= 39_000 && stats.highPolyFaces! <= 41_000, `high-poly ${stats.highPolyFaces}`);
  for (const f of files.filter((f) => f.name.endsWith('.glb'))) {
    const report = (await validator.validateBytes(f.bytes, { maxIssues: 10 })) as {
      issues: { numErrors: number; messages: unknown[] };
    };
    assert.equal(report.issues.numErrors, 0, `${f.name}: ${JSON.stringify(report.issues.messages)}`);
    const doc = await new NodeIO().readBinary(f.bytes);
    for (const t of doc.getRoot().listTextures()) {
      const meta = await sharp(t.getImage()!).metadata();
      assert.deepEqual([meta.width, meta.height], [2048, 2048], `${f.name} texture`);
    }
  }
  // The extra mesh embeds the very maps of the main model (from their cached PNG bytes: its pixels
  // were dropped before it was built).
  const texturesOf = async (name: string) =>
    (await new NodeIO().readBinary(files.find((f) => f.name === name)!.bytes))
      .getRoot()
      .listTextures()
      .map((t) => Buffer.from(t.getImage()!).toString('base64'));
  assert.deepEqual(await texturesOf('base_basic_highpoly.glb'), await texturesOf('base_basic_pbr.glb'));
});

test('material None writes geometry only, without calling the baker; a wrong map size is refused', async () => {
  const spec = specOf({ prompt: 'ball', tier: 'Gen-2.5-Low', quality: 'extra-low', material: 'None' });
  const { files, stats } = await writeGenerationOutputs({
    spec,
    mesh: sphere(),
    bake() {
      throw new Error('no baking for None');
    },
    progress: noop,
    signal: new AbortController().signal,
  });
  assert.deepEqual(files.map((f) => f.name).sort(), ['base_basic.glb', 'preview.webp']);
  assert.equal(stats.textureSize, null);
  const textured = specOf({ prompt: 'ball', tier: 'Gen-2.5-Low', quality: 'extra-low' });
  await assert.rejects(
    writeGenerationOutputs({
      spec: textured,
      mesh: sphere(),
      bake: () => ({ baseColor: uniformImage(512, [1, 1, 1]) }),
      progress: noop,
      signal: new AbortController().signal,
    }),
    /exactly 2048×2048/,
  );
});

/** A bake whose colour varies over the atlas, so that its PNG is not trivially small. */
const variedMaps: Parameters<typeof writeGenerationOutputs>[0]['bake'] = (_mesh, size) => {
  const data = new Uint8Array(size * size * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 11)) & 255;
  return {
    baseColor: { width: size, height: size, channels: 3, data },
    metallicRoughness: uniformImage(size, [1, 0.5, 0]),
    normal: uniformImage(size, [0.5, 0.5, 1]),
  };
};

test('PBR GLB + Extreme-High: the high-poly mesh built while the maps encode gives the same files, byte for byte', async () => {
  const spec = specOf({ prompt: 'ball', tier: 'Gen-2.5-Extreme-High', quality: 'extra-low', material: 'PBR' });
  const run = (overlapHighPoly: boolean) =>
    writeGenerationOutputs({
      spec: { ...spec, textureResolution: 2048, geometryFileFormat: 'glb' },
      mesh: sphere(),
      bake: variedMaps,
      progress: noop,
      signal: new AbortController().signal,
      highPolyFaces: 20_000,
      overlapHighPoly,
    });
  const plain = await run(false);
  const overlapped = await run(true);
  assert.deepEqual(
    overlapped.files.map((f) => f.name),
    plain.files.map((f) => f.name),
  );
  assert.deepEqual(plain.files.map((f) => f.name).sort(), [
    'base_basic_highpoly.glb',
    'base_basic_pbr.glb',
    'preview.webp',
  ]);
  for (let i = 0; i < plain.files.length; i++)
    assert.ok(Buffer.from(overlapped.files[i].bytes).equals(Buffer.from(plain.files[i].bytes)), plain.files[i].name);
  assert.deepEqual(Object.keys(overlapped.stats.timings).sort(), Object.keys(plain.stats.timings).sort());
});

test('PBR or All, GLB or USDZ: the maps encoded while the preview renders give the same files, byte for byte', async () => {
  for (const [material, format] of [
    ['PBR', 'glb'],
    ['All', 'usdz'],
  ] as const) {
    const spec = specOf({ prompt: 'ball', tier: 'Gen-2.5-Medium', material, geometry_file_format: format });
    const run = (overlapPreview: boolean) =>
      writeGenerationOutputs({
        spec,
        mesh: sphere(),
        bake: variedMaps,
        progress: noop,
        signal: new AbortController().signal,
        overlapPreview,
      });
    const plain = await run(false);
    const overlapped = await run(true);
    assert.deepEqual(
      overlapped.files.map((f) => f.name),
      plain.files.map((f) => f.name),
    );
    assert.ok(plain.files.some((f) => f.name === 'preview.webp'));
    for (let i = 0; i < plain.files.length; i++)
      assert.ok(Buffer.from(overlapped.files[i].bytes).equals(Buffer.from(plain.files[i].bytes)), plain.files[i].name);
    assert.deepEqual(Object.keys(overlapped.stats.timings).sort(), Object.keys(plain.stats.timings).sort());
    // The overlapped order ran: the preview's lap ends before the export's.
    assert.deepEqual(Object.keys(overlapped.stats.timings).slice(-2), ['preview', 'export']);
    assert.deepEqual(Object.keys(plain.stats.timings).slice(-2), ['export', 'preview']);
  }
});
