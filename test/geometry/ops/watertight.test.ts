/** isWatertight answers exactly what edgeReport's counts say, on closed meshes and on every way of breaking one. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMesh, type Mesh } from '../../../src/geometry/mesh.ts';
import { meshFromGrid } from '../../../src/geometry/ops/mesh-from-grid.ts';
import { edgeReport, isWatertight } from '../../../src/geometry/ops/measure.ts';
import { seededRandom } from '../../../src/engines/generate/image/photo/random.ts';

function byCounts(mesh: Mesh, byPosition = true): boolean {
  if (mesh.indices.length === 0) return false;
  const r = edgeReport(mesh, { byPosition });
  return r.boundaryEdges === 0 && r.badEdges === 0 && r.degenerateTriangles === 0;
}

function ball(): Mesh {
  const n = 14;
  const values = new Float32Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) values[x + n * (y + n * z)] = 5 - Math.hypot(x - 6.5, y - 6.5, z - 6.5);
  return meshFromGrid(values, [n, n, n], [0, 0, 0], 1, 0, { normals: false });
}

/** Every corner its own vertex: closed by position, open by vertex index. */
function soup(mesh: Mesh): Mesh {
  const positions = new Float32Array(mesh.indices.length * 3);
  for (const [corner, vertex] of mesh.indices.entries()) {
    positions.set(mesh.positions.subarray(vertex * 3, vertex * 3 + 3), corner * 3);
  }
  return createMesh(positions, Uint32Array.from(mesh.indices.keys()));
}

test('a closed ball is watertight, by position and by index; its soup only by position', () => {
  const closed = ball();
  assert.ok(closed.indices.length > 300);
  assert.equal(isWatertight(closed), true);
  assert.equal(isWatertight(closed, { byPosition: false }), true);
  assert.equal(isWatertight(soup(closed)), true);
  assert.equal(isWatertight(soup(closed), { byPosition: false }), false);
  assert.equal(isWatertight(createMesh(new Float32Array(0), new Uint32Array(0))), false);
});

test('removing, flipping, duplicating or collapsing triangles gives the same answer as the edge counts', () => {
  const closed = ball();
  const faces = closed.indices.length / 3;
  const random = seededRandom(5);
  let broken = 0;
  for (let trial = 0; trial < 60; trial++) {
    const indices = Array.from(closed.indices);
    const t = Math.floor(random() * faces);
    const kind = trial % 5;
    if (kind === 0) indices.splice(t * 3, 3);
    else if (kind === 1) [indices[t * 3], indices[t * 3 + 1]] = [indices[t * 3 + 1], indices[t * 3]];
    else if (kind === 2) indices.push(indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]);
    else if (kind === 3) indices[t * 3 + 2] = indices[t * 3];
    else {
      // A flipped copy glued on: every edge used four times, twice each way.
      indices.push(indices[t * 3 + 1], indices[t * 3], indices[t * 3 + 2]);
      indices.push(indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]);
    }
    const mesh = createMesh(closed.positions, Uint32Array.from(indices));
    for (const byPosition of [true, false])
      assert.equal(isWatertight(mesh, { byPosition }), byCounts(mesh, byPosition));
    if (!byCounts(mesh)) broken++;
  }
  assert.equal(broken, 60, 'every change breaks the closed surface');
});

test('a closed cone whose apex and base centre carry thousands of triangles agrees with the edge counts', () => {
  const segments = 3000;
  const positions = new Float32Array((segments + 2) * 3);
  for (let i = 0; i < segments; i++) {
    const angle = (2 * Math.PI * i) / segments;
    positions.set([Math.cos(angle), 0, Math.sin(angle)], i * 3);
  }
  positions.set([0, 1, 0], segments * 3);
  const apex = segments,
    base = segments + 1;
  const indices: number[] = [];
  for (let i = 0; i < segments; i++) {
    const next = (i + 1) % segments;
    indices.push(i, apex, next, i, next, base);
  }
  const cone = createMesh(positions, Uint32Array.from(indices));
  assert.equal(isWatertight(cone), true);
  assert.equal(isWatertight(cone), byCounts(cone));
  const open = createMesh(positions, Uint32Array.from(indices.slice(3)));
  assert.equal(isWatertight(open), false);
  assert.equal(isWatertight(open), byCounts(open));
});
