import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pieceCentroid, scenePartsFromMeshes } from '../../../src/geometry/export/index.ts';
import { exportScene, partName } from '../../../src/engines/output/index.ts';
import { createMesh, type Mesh } from '../../../src/geometry/mesh.ts';
import { byName, cubeMesh, errorsOf, loadFbx, loadGltf, plainMaterial, validateGlb } from './fixtures.ts';

function moved(mesh: Mesh, offset: [number, number, number]): Mesh {
  const positions = mesh.positions.map((v, i) => v + offset[i % 3]);
  return { ...mesh, positions };
}

/** A closed tetrahedron whose volume centroid (the vertex mean) differs from its bounding-box centre. */
function tetrahedron(): Mesh {
  const positions = new Float32Array([0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4]);
  const indices = new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
  return createMesh(positions, indices);
}

test('pieces become part_01, part_02 … with pivots at their centroids and unchanged world geometry', () => {
  const pieces = [moved(cubeMesh(), [3, 0, 0]), moved(cubeMesh(2), [0, -5, 1]), tetrahedron()];
  const scene = scenePartsFromMeshes(pieces, [plainMaterial()], partName);
  assert.deepEqual(
    scene.roots.map((n) => n.name),
    ['part_01', 'part_02', 'part_03'],
  );
  const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) < 1e-5);
  assert.ok(close(scene.roots[0].translation, [3, 0, 0]));
  assert.ok(close(scene.roots[1].translation, [0, -5, 1]));
  assert.ok(close(scene.roots[2].translation, [1, 1, 1]), 'a solid piece pivots on its centre of mass');
  scene.roots.forEach((node, i) => {
    const local = node.mesh!.positions;
    for (let k = 0; k < local.length; k++) {
      assert.ok(Math.abs(local[k] + node.translation[k % 3] - pieces[i].positions[k]) < 1e-5);
    }
  });
  assert.equal(pieces[0].positions[0], 2.5, 'input meshes are not mutated');
});

test('an open piece pivots on its surface centroid', () => {
  // A single quad, lopsided in x: the area centroid is its middle.
  const open = createMesh(new Float32Array([0, 0, 0, 2, 0, 0, 2, 0, 2, 0, 0, 2]), new Uint32Array([0, 2, 1, 0, 3, 2]));
  const [x, y, z] = pieceCentroid(open);
  assert.ok(Math.abs(x - 1) < 1e-6 && Math.abs(y) < 1e-6 && Math.abs(z - 1) < 1e-6);
});

test('names widen past 99 pieces and stay sortable', () => {
  assert.equal(partName(0, 12), 'part_01');
  assert.equal(partName(11, 12), 'part_12');
  assert.equal(partName(4, 120), 'part_005');
});

test('part nodes and pivots survive glb and fbx', async () => {
  const scene = scenePartsFromMeshes(
    [moved(cubeMesh(), [3, 0, 0]), moved(cubeMesh(), [-3, 1, 0])],
    [plainMaterial()],
    partName,
  );
  const [glb] = await exportScene(scene, { format: 'glb', material: 'PBR' });
  assert.deepEqual(errorsOf(await validateGlb(glb.bytes)), []);
  const gltf = await loadGltf(glb.bytes);
  assert.deepEqual(byName(gltf.scene, 'part_02').position.toArray(), [-3, 1, 0]);
  const [fbx] = await exportScene(scene, { format: 'fbx', material: 'None' });
  assert.deepEqual(byName(loadFbx(fbx.bytes), 'part_01').position.toArray(), [3, 0, 0]);
});
