/** snapSeamsClosed: a mesh closed up to float noise is closed by a snap; a real gap is left to the repair. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgeReport, isWatertight, meshVolume } from '../../../src/geometry/ops/measure.ts';
import { SEAM_SNAP_DEFAULTS, snapSeamsClosed } from '../../../src/geometry/ops/seam-snap.ts';
import { seamedSphere } from './fixtures.ts';

test('a sphere whose seam and poles are 1e-12 apart is closed by the snap, nothing else changed', () => {
  const noisy = seamedSphere(1e-12);
  assert.equal(isWatertight(noisy), false);
  assert.ok(edgeReport(noisy).boundaryEdges > 0);
  const snapped = snapSeamsClosed(noisy);
  assert.ok(snapped, 'closed by the snap');
  assert.equal(isWatertight(snapped.mesh), true);
  assert.deepEqual(edgeReport(snapped.mesh), { boundaryEdges: 0, badEdges: 0, degenerateTriangles: 0 });
  // The seam's 11 inner vertices and each pole's 12 odd columns moved; indices, UVs and groups are the same.
  assert.equal(snapped.snappedVertices, 11 + 2 * 12);
  assert.equal(snapped.mesh.indices, noisy.indices);
  assert.equal(snapped.mesh.uvs, noisy.uvs);
  assert.deepEqual(snapped.mesh.groups, noisy.groups);
  let moved = 0;
  for (let i = 0; i < noisy.positions.length; i++)
    moved = Math.max(moved, Math.abs(snapped.mesh.positions[i] - noisy.positions[i]));
  assert.ok(moved <= 1e-12 * 1.0001, `moved ${moved}`);
  assert.ok(Math.abs(meshVolume(snapped.mesh) - meshVolume(seamedSphere(0))) < 1e-9);
});

test('a real gap is not snapped: the seam 1e-3 apart, or anything beyond the tolerance', () => {
  assert.equal(snapSeamsClosed(seamedSphere(1e-3)), undefined);
  // The sphere's diagonal is 2√3; a gap of twice the tolerance stays open, half of it closes.
  const tolerance = 2 * Math.sqrt(3) * SEAM_SNAP_DEFAULTS.relativeTolerance;
  assert.equal(snapSeamsClosed(seamedSphere(2 * tolerance)), undefined);
  assert.ok(snapSeamsClosed(seamedSphere(tolerance / 2)));
});

test('a closed mesh, an empty one and one with a missing face give nothing to snap', () => {
  assert.equal(isWatertight(seamedSphere(0)), true);
  assert.equal(snapSeamsClosed(seamedSphere(0)), undefined);
  const empty = { ...seamedSphere(0), indices: new Uint32Array(0) };
  assert.equal(snapSeamsClosed(empty), undefined);
  const holed = seamedSphere(1e-12);
  const missing = {
    ...holed,
    indices: holed.indices.slice(3),
    groups: [{ start: 0, count: holed.indices.length / 3 - 1, material: 0 }],
  };
  assert.equal(snapSeamsClosed(missing), undefined);
});
