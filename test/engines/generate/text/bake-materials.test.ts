import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeNormals, generateUvAtlas, subdivideToCount } from '../../../../src/geometry/ops/index.ts';
import { warmBakeHelper } from '../../../../src/geometry/ops/bake-tiles.ts';
import { bakeMaterials, bakeMaterialsTiled } from '../../../../src/engines/generate/text/materials/bake-materials.ts';
import type { PartMaterial } from '../../../../src/engines/generate/text/generators/build.ts';
import { box } from '../../../geometry/ops/fixtures.ts';

const MATERIALS: PartMaterial[] = [
  { kind: 'wood', colour: [0.6, 0.35, 0.2], part: 'body' },
  { kind: 'metal', colour: [0.7, 0.7, 0.75], part: 'leg' },
];

test('the text maps baked in bands on two threads are byte for byte the maps baked on one', async () => {
  const size = 128;
  const mesh = computeNormals(
    generateUvAtlas(subdivideToCount(box([-0.5, -0.5, -0.5], [0.5, 0.5, 0.5]), 600), { textureSize: size }),
  );
  // Parts alternate by triangle, so both shaders run in every band.
  const triangleMaterials = Uint16Array.from({ length: mesh.indices.length / 3 }, (_, t) => t % 2);
  const options = { size, seed: 11, style: { weathered: true, flat: false }, triangleMaterials };
  const whole = bakeMaterials(mesh, MATERIALS, options);
  await warmBakeHelper();
  const reports: Array<{ bandsHelper: number }> = [];
  const logger = { debug: (fields: { bandsHelper: number }) => reports.push(fields), warn() {}, info() {}, error() {} };
  // One thread, then two until the helper has baked some bands (it imports the shader module first).
  for (let round = 0; round < 30 && !reports.some((r) => r.bandsHelper > 0); round++) {
    const threads = round === 0 ? 1 : 2;
    const tiled = await bakeMaterialsTiled(mesh, MATERIALS, {
      ...options,
      threads,
      logger: logger as never,
      tiling: { bandRows: 1, minSizeForHelper: 1 },
    });
    for (const key of ['baseColor', 'metallicRoughness', 'normal'] as const) {
      const a = whole[key]!.data,
        b = tiled[key]!.data;
      assert.equal(b.length, a.length);
      const differing = b.findIndex((byte, k) => byte !== a[k]);
      assert.equal(differing, -1, `threads ${threads}, ${key}: first differing byte ${differing}`);
    }
  }
  assert.ok(
    reports.some((r) => r.bandsHelper > 0),
    `the helper baked no band: ${JSON.stringify(reports)}`,
  );
  // Not a vacuous comparison: the maps vary, and the roughness side buffer was written.
  assert.ok(new Set(whole.baseColor.data.filter((_, k) => k % 4 === 0)).size > 20);
  assert.ok(whole.metallicRoughness.data.some((byte, k) => k % 3 === 1 && byte !== 200 && byte !== 0));
});
