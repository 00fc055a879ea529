import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractForeground } from '../../../../src/engines/generate/image/foreground.ts';
import { applyTransform, outputTransform } from '../../../../src/engines/generate/image/index.ts';
import { settingsFor } from '../../../../src/engines/generate/image/settings.ts';
import { reconstructShape } from '../../../../src/engines/generate/image/shape.ts';
import { bakeImageMaps } from '../../../../src/engines/generate/image/texture-bake.ts';
import { buildViews } from '../../../../src/engines/generate/image/views.ts';
import type { UvMesh } from '../../../../src/engines/generate/shared/output.ts';
import { computeNormals, generateUvAtlas, simplifyToBudget } from '../../../../src/geometry/ops/index.ts';
import { upsampleTwice } from '../../../../src/geometry/ops/upsample.ts';
import { figure, request } from './pictures.ts';

test('fast mode bakes half-size maps and doubles them: the tabled size, the half-size bake resampled', async () => {
  const picture = await figure(256);
  const { spec } = request({ tier: 'Gen-2.5-Medium', quality_override: '20000', seed: '3' }, [picture]);
  assert.ok(spec.fastMode);
  const settings = settingsFor(spec);
  assert.equal(settings.halfSizeMaps, true);
  assert.equal(settingsFor({ ...spec, fastMode: false }).halfSizeMaps, false);
  const foreground = await extractForeground(picture, { workingSize: 128, refine: false, seed: 3 });
  const views = buildViews([foreground], ['F']);
  const { mesh, field } = reconstructShape(views, { resolution: 24 });
  const transform = outputTransform(mesh);
  const budgeted = await simplifyToBudget(applyTransform(mesh, transform), 2000);
  const size = 256;
  const atlas = computeNormals(
    generateUvAtlas({ ...budgeted, normals: undefined, uvs: undefined }, { textureSize: size }),
  ) as UvMesh;
  const options = { views, field, transform, metallic: 0, roughness: 0.6, normalMap: false };
  const half = await bakeImageMaps(atlas, size, { ...options, halfSize: true });
  const small = await bakeImageMaps(atlas, size / 2, options);
  assert.deepEqual([half.baseColor.width, half.baseColor.height], [size, size]);
  assert.deepEqual(half.baseColor.data, upsampleTwice(small.baseColor).data);
  assert.deepEqual([half.metallicRoughness?.width, half.metallicRoughness?.height], [size, size]);
  assert.equal(half.normal, undefined);
});
