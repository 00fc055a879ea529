import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMesh, type Mesh } from '../../../src/geometry/mesh.ts';
import { separatePinchedVertices } from '../../../src/geometry/ops/pinch.ts';
import { isWatertight, meshVolume, simplifyToBudget } from './helpers.ts';

/** Outward-wound tetrahedron on four corners. */
function tetrahedron(corners: number[][]): Mesh {
  const [a, b, c, d] = corners;
  const positions = new Float32Array([...a, ...b, ...c, ...d]);
  let indices = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3];
  const mesh = createMesh(positions, new Uint32Array(indices));
  if (meshVolume(mesh) < 0) indices = indices.map((_, i) => indices[i - (i % 3) + [0, 2, 1][i % 3]]);
  return createMesh(positions, new Uint32Array(indices));
}

/** Two solids on their own vertex ids touching along the x axis: closed by index, pinched by position. */
function pinchedPair(): Mesh {
  const first = tetrahedron([
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]);
  const second = tetrahedron([
    [0, 0, 0],
    [1, 0, 0],
    [0, -1, 0],
    [0, 0, -1],
  ]);
  const positions = new Float32Array([...first.positions, ...second.positions]);
  const indices = new Uint32Array([...first.indices, ...second.indices.map((v) => v + 4)]);
  return createMesh(positions, indices);
}

test('vertices pinched where two shells touch are moved apart so the mesh is closed by position', () => {
  const pinched = pinchedPair();
  assert.equal(isWatertight(pinched, { byPosition: false }), true);
  assert.equal(isWatertight(pinched), false, 'the fixture must be pinched by position');
  const { mesh, moved } = separatePinchedVertices(pinched);
  assert.equal(moved, 4);
  assert.equal(isWatertight(mesh), true);
  assert.ok(Math.abs(meshVolume(mesh) - meshVolume(pinched)) < 1e-4, 'the separation is a hair, not a reshaping');
});

test('a mesh without pinches is returned unchanged', () => {
  const single = tetrahedron([
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]);
  const { mesh, moved } = separatePinchedVertices(single);
  assert.equal(moved, 0);
  assert.equal(mesh, single);
});

test('a separated solid stays closed through simplification', async () => {
  const { mesh } = separatePinchedVertices(pinchedPair());
  assert.equal(isWatertight(await simplifyToBudget(mesh, 8)), true);
});
