import assert from 'node:assert/strict';
import { test } from 'node:test';
import { projectorDepths } from '../../../../src/engines/generate/image/colour-projection.ts';
import { extractForeground } from '../../../../src/engines/generate/image/foreground.ts';
import { applyTransform, outputTransform } from '../../../../src/engines/generate/image/index.ts';
import { reconstructShape } from '../../../../src/engines/generate/image/shape.ts';
import {
  bakeImageMaps,
  depthsAhead,
  gradientAhead,
  sharedFieldGradient,
} from '../../../../src/engines/generate/image/texture-bake.ts';
import { buildViews } from '../../../../src/engines/generate/image/views.ts';
import type { UvMesh } from '../../../../src/engines/generate/shared/output.ts';
import { warmBakeHelper } from '../../../../src/geometry/ops/bake-tiles.ts';
import { computeNormals, generateUvAtlas, simplifyToBudget } from '../../../../src/geometry/ops/index.ts';
import { figure } from './pictures.ts';

test('the bake set-up made ahead on the helper (gradient, depth maps of the budgeted mesh) gives the same maps', async () => {
  const picture = await figure(256);
  const foreground = await extractForeground(picture, { workingSize: 128, refine: false, seed: 3 });
  const views = buildViews([foreground], ['F']);
  const { mesh, field } = reconstructShape(views, { resolution: 32 });
  const transform = outputTransform(mesh);
  const budgeted = await simplifyToBudget(applyTransform(mesh, transform), 3000);
  const size = 1024;
  const atlas = computeNormals(
    generateUvAtlas({ ...budgeted, normals: undefined, uvs: undefined }, { textureSize: size }),
  ) as UvMesh;
  assert.ok(atlas.positions.length > budgeted.positions.length, 'the atlas split vertices at seams');
  // The atlas splits vertices but keeps triangles and positions: the views' depth maps are the same.
  const own = projectorDepths(views, atlas, transform);
  const fromBudget = projectorDepths(views, budgeted, transform, undefined, true);
  assert.ok(fromBudget[0].buffer instanceof SharedArrayBuffer);
  assert.deepEqual(
    fromBudget.map((d) => [...d]),
    own.map((d) => [...d]),
  );

  const options = { views, field, transform, metallic: 0, roughness: 0.6 };
  const plain = await bakeImageMaps(atlas, size, options);
  await warmBakeHelper();
  const ahead = { gradient: gradientAhead(field), depths: depthsAhead(views, budgeted, transform) };
  assert.ok(ahead.gradient && ahead.depths, 'a ready helper takes the set-up');
  assert.deepEqual([...(await ahead.gradient)], [...sharedFieldGradient(field)]);
  for (const threads of [1, 2]) {
    const early = await bakeImageMaps(atlas, size, { ...options, threads, ahead });
    assert.deepEqual(early.baseColor.data, plain.baseColor.data, `base colour, ${threads} thread(s)`);
    assert.deepEqual(early.normal?.data, plain.normal?.data, `normal map, ${threads} thread(s)`);
  }
  // A set-up the helper failed to make is made by the bake instead.
  const failed = { gradient: Promise.reject(new Error('helper ended')), depths: Promise.reject(new Error('ended')) };
  const fallback = await bakeImageMaps(atlas, size, { ...options, threads: 2, ahead: failed });
  assert.deepEqual(fallback.baseColor.data, plain.baseColor.data);
  assert.deepEqual(fallback.normal?.data, plain.normal?.data);
});
