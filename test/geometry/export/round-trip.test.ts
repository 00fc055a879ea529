/**
 * The seam with the import side: what Kiln exports, Kiln's own importer (Bang's `model` upload path)
 * must accept — with its node names, transforms, triangle count and textured material.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OUTPUT_FORMATS } from '../../../src/domain/task-spec.ts';
import { exportScene } from '../../../src/engines/output/index.ts';
import { importModel } from '../../../src/geometry/import/index.ts';
import type { Scene, SceneNode } from '../../../src/geometry/mesh.ts';
import { twoPartScene } from './fixtures.ts';

function allNodes(scene: Scene): SceneNode[] {
  const out: SceneNode[] = [];
  const walk = (node: SceneNode) => {
    out.push(node);
    node.children.forEach(walk);
  };
  scene.roots.forEach(walk);
  return out;
}

const triangles = (scene: Scene) =>
  allNodes(scene).reduce((sum, n) => sum + (n.mesh ? n.mesh.indices.length / 3 : 0), 0);

test('every exported format imports back through importModel', async () => {
  for (const format of OUTPUT_FORMATS) {
    const files = await exportScene(twoPartScene(), { format, material: 'PBR' });
    const companions = Object.fromEntries(files.slice(1).map((f) => [f.name, f.bytes]));
    const scene = await importModel(files[0].bytes, { filename: files[0].name, companions });
    assert.equal(triangles(scene), 36, `${format}: every triangle`);
    if (format === 'stl') continue;
    const names = allNodes(scene).map((n) => n.name);
    assert.ok(names.includes('part_01') && names.includes('part_02'), `${format}: node names ${names}`);
    assert.ok(
      scene.materials.some((m) => m.baseColorTexture),
      `${format}: the colour map comes back`,
    );
    if (format === 'obj') continue;
    const part = allNodes(scene).find((n) => n.name === 'part_01')!;
    assert.deepEqual(
      part.translation.map((v) => Math.round(v * 1e5) / 1e5),
      [1, 2, 3],
      `${format}: translation`,
    );
  }
});
