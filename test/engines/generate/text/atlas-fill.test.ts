import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateUvAtlas, subdivideToCount } from '../../../../src/geometry/ops/index.ts';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';
import { buildAsset, warmGenerators } from '../../../../src/engines/generate/text/generators/build.ts';

// At Medium (150k faces) this asset's unwrap leaves charts with no faces (merged or moved away). Packed
// with their infinite boxes they once put every chart into one shelf row: v 0.0035–0.010, the whole model
// in 13 texel rows of a 2048² map. The packing must ignore them and fill the square.
test('a text asset whose unwrap leaves empty charts still fills the atlas square', async () => {
  await warmGenerators();
  const asset = await buildAsset(interpretPrompt('a tall stone lighthouse'), {
    seed: 2,
    creative: false,
    fast: false,
    maxFaces: 150_000,
  });
  const mesh = subdivideToCount(asset.mesh, 150_000);
  const atlas = generateUvAtlas({ ...mesh, normals: undefined, uvs: undefined }, { textureSize: 2048 });
  let maxU = 0,
    maxV = 0;
  for (let i = 0; i < atlas.uvs.length; i += 2) {
    assert.ok(Number.isFinite(atlas.uvs[i]) && Number.isFinite(atlas.uvs[i + 1]));
    maxU = Math.max(maxU, atlas.uvs[i]);
    maxV = Math.max(maxV, atlas.uvs[i + 1]);
  }
  assert.ok(maxU > 0.9 && maxV > 0.9, `atlas spans ${maxU.toFixed(3)} × ${maxV.toFixed(3)} of the square`);
});
