import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Mesh } from '../../../src/geometry/mesh.ts';
import { computeNormals, generateUvAtlas, subdivideToCount } from '../../../src/geometry/ops/index.ts';
import { warmBakeHelper } from '../../../src/geometry/ops/bake-tiles.ts';
import { SurfaceLookup } from '../../../src/engines/remote/surface-lookup.ts';
import { transferBaseColour } from '../../../src/engines/remote/texture-transfer.ts';
import type { UvMesh } from '../../../src/engines/generate/shared/output.ts';
import { sphereScene } from './fake-hunyuan3d.ts';

test('a closest-point tie goes to the lower triangle, whatever the lookup answered before', () => {
  // Two triangles of one square share the diagonal: its midpoint is on both.
  const square: Mesh = {
    positions: Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
    indices: Uint32Array.from([0, 1, 2, 0, 2, 3]),
    groups: [],
  };
  const bary = new Float64Array(3);
  for (const before of [
    [0.9, 0.1, 0],
    [0.1, 0.9, 0],
  ]) {
    const lookup = new SurfaceLookup(square);
    lookup.closestInto(before[0], before[1], before[2], bary);
    assert.equal(lookup.closestInto(0.5, 0.5, 0.25, bary), 0, `after a query at ${before}`);
  }
});

test('the server texture carried onto a new atlas on two threads is byte for byte the one-thread map', async () => {
  const scene = sphereScene(12, 24);
  const source = scene.roots[0].mesh!;
  const size = 128;
  const atlas = computeNormals(
    generateUvAtlas(subdivideToCount({ ...source, uvs: undefined }, 2400), { textureSize: size }),
  ) as UvMesh;
  const looks = {
    images: [scene.materials[0].baseColorTexture!.image],
    materialOf: new Uint32Array(source.indices.length / 3),
  };
  const reports: Array<{ bandsHelper: number }> = [];
  const logger = { debug: (fields: { bandsHelper: number }) => reports.push(fields), warn() {}, info() {}, error() {} };
  const bake = (threads: number) =>
    transferBaseColour(atlas, size, source, scene.materials, looks, {
      threads,
      logger: logger as never,
      tiling: { bandRows: 1, minSizeForHelper: 1 },
    });
  const one = await bake(1);
  await warmBakeHelper();
  // Two threads until the helper has baked some bands (it imports the module first).
  for (let round = 0; round < 30 && !reports.some((r) => r.bandsHelper > 0); round++) {
    const two = await bake(2);
    const differing = two.data.findIndex((byte, k) => byte !== one.data[k]);
    assert.equal(differing, -1, `first differing byte ${differing}`);
  }
  assert.ok(
    reports.some((r) => r.bandsHelper > 0),
    `the helper baked no band: ${JSON.stringify(reports)}`,
  );
  // Both checker colours reached the new map.
  assert.ok(one.data.some((byte, k) => k % 3 === 1 && byte < 60));
  assert.ok(one.data.some((byte, k) => k % 3 === 1 && byte > 200));
});
