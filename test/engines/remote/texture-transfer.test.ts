import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Mesh } from '../../../src/geometry/mesh.ts';
import { computeNormals, generateUvAtlas, subdivideToCount } from '../../../src/geometry/ops/index.ts';
import { warmBakeHelper } from '../../../src/geometry/ops/bake-tiles.ts';
import { SurfaceLookup } from '../../../src/engines/remote/surface-lookup.ts';
import { sample, transferBaseColour } from '../../../src/engines/remote/texture-transfer.ts';
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

test('the bilinear sample wraps like a modulo on every side, inside and on the last row and column', () => {
  // The sample wraps a texel offset only when it leaves the image; the plain wrap of every offset is
  // the reference, at texel centres, borders, whole-number UVs and far outside the unit square.
  for (const [width, height, channels] of [
    [5, 3, 3],
    [4, 4, 4],
    [1, 2, 1],
  ] as const) {
    const data = new Uint8Array(width * height * channels);
    for (let i = 0; i < data.length; i++) data[i] = (i * 73 + 11) % 256;
    const image = { width, height, channels, data };
    const reference = (u: number, v: number) => {
      const x = (u - Math.floor(u)) * width - 0.5;
      const y = (v - Math.floor(v)) * height - 0.5;
      const x0 = Math.floor(x),
        y0 = Math.floor(y);
      const fx = x - x0,
        fy = y - y0;
      const wrap = (n: number, m: number) => ((n % m) + m) % m;
      const at = (xx: number, yy: number, c: number) =>
        data[(wrap(yy, height) * width + wrap(xx, width)) * channels + Math.min(c, channels - 1)];
      return [0, 1, 2].map((c) => {
        const upper = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const lower = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        return Math.fround((upper * (1 - fy) + lower * fy) / 255);
      });
    };
    const out = new Float32Array(3);
    const uvs = [-1.3, -1, -0.5, -1e-9, 0, 0.05, 0.1, 0.5, 0.93, 0.99, 1 - 1e-9, 1, 1.07, 2.5, 17.25];
    for (const u of uvs)
      for (const v of uvs) {
        sample(image, u, v, out);
        assert.deepEqual([...out], reference(u, v), `${width}×${height}×${channels} at (${u}, ${v})`);
      }
  }
});
