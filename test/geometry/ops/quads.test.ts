import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Mesh } from '../../../src/geometry/mesh.ts';
import { createNode, defaultMaterial } from '../../../src/geometry/mesh.ts';
import { flattenScene, isWatertight, meshVolume, quadStats, toQuadDominant } from './helpers.ts';
import { box, icosphere } from './fixtures.ts';

/** Checks the mesh.ts contract: a flag at t pairs (a,b,c),(a,c,d), never overlapping another pair. */
function assertValidQuads(mesh: Mesh): void {
  const quads = mesh.quads!;
  const I = mesh.indices;
  const faces = I.length / 3;
  assert.equal(quads.length, faces);
  for (let t = 0; t < faces; t++) {
    if (!quads[t]) continue;
    assert.ok(t + 1 < faces, 'a quad flag on the last triangle');
    assert.equal(quads[t + 1], 0, `triangle ${t + 1} is both a quad's second half and a quad start`);
    assert.equal(I[t * 3 + 3], I[t * 3], `quad ${t}: second triangle must start at a`);
    assert.equal(I[t * 3 + 4], I[t * 3 + 2], `quad ${t}: second triangle must continue at c`);
    const d = I[t * 3 + 5];
    assert.ok(d !== I[t * 3 + 1] && d !== I[t * 3] && d !== I[t * 3 + 2], `quad ${t} is degenerate`);
    t++;
  }
}

test('a box becomes six quads with its faces and volume unchanged', () => {
  const quad = toQuadDominant(box());
  assertValidQuads(quad);
  assert.deepEqual(quadStats(quad), { quads: 6, triangles: 0 });
  assert.equal(isWatertight(quad), true);
  assert.ok(Math.abs(meshVolume(quad) - 1) < 1e-6);
  // Each quad's four corners lie in one box face (one coordinate constant).
  for (let t = 0; t < 12; t += 2) {
    const corners = [0, 1, 2, 5].map((k) => quad.indices[t * 3 + k]);
    const constant = [0, 1, 2].some((axis) => new Set(corners.map((v) => quad.positions[v * 3 + axis])).size === 1);
    assert.ok(constant, `quad ${t / 2} is not planar on a box face`);
  }
});

test('a sphere becomes quad-dominant with valid flags and the same surface', () => {
  const sphere = icosphere(3);
  const quad = toQuadDominant(sphere);
  assertValidQuads(quad);
  const stats = quadStats(quad);
  assert.ok(stats.quads * 2 > 0.7 * (sphere.indices.length / 3), `only ${stats.quads} quads`);
  assert.equal(isWatertight(quad), true);
  assert.ok(Math.abs(meshVolume(quad) - meshVolume(sphere)) < 1e-6);
});

test('quads never cross material groups and groups keep their triangles', () => {
  const mesh = box();
  // Split every box face across two materials: triangle 2k in group 0, 2k+1 in group 1.
  const order = [0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11];
  const indices = new Uint32Array(36);
  order.forEach((t, i) => {
    indices.set(mesh.indices.subarray(t * 3, t * 3 + 3), i * 3);
  });
  const split: Mesh = {
    ...mesh,
    indices,
    groups: [
      { start: 0, count: 6, material: 0 },
      { start: 6, count: 6, material: 1 },
    ],
  };
  const quad = toQuadDominant(split);
  assert.deepEqual(quadStats(quad), { quads: 0, triangles: 12 });
  assert.deepEqual(quad.groups, split.groups);
});

test('flattening a mirrored node keeps its quads valid and outward', () => {
  const node = createNode('mirrored', toQuadDominant(box()));
  node.scale = [1, -1, 1];
  const flat = flattenScene({ materials: [defaultMaterial()], roots: [node] });
  assertValidQuads(flat);
  assert.deepEqual(quadStats(flat), { quads: 6, triangles: 0 });
  assert.equal(isWatertight(flat), true);
  assert.ok(Math.abs(meshVolume(flat) - 1) < 1e-6);
});
