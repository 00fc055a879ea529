/**
 * The remote finish's repair decision (postprocess.ts closedSolid): a model closed only up to float
 * noise along its seams skips the full repair and is still closed; a model with a real gap is repaired.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isWatertight } from '../../../src/geometry/ops/measure.ts';
import { closedSolid } from '../../../src/engines/remote/postprocess.ts';
import { seamedSphere } from '../../geometry/ops/fixtures.ts';

test('seams 1e-12 apart: no full repair, the snapped mesh is closed', async () => {
  const noisy = seamedSphere(1e-12);
  assert.equal(isWatertight(noisy), false);
  let announced = 0;
  const solid = await closedSolid(noisy, true, () => announced++);
  assert.equal(solid.repaired, false);
  assert.equal(solid.snappedVertices, 35);
  assert.equal(isWatertight(solid.mesh), true);
  assert.equal(solid.mesh.indices.length, noisy.indices.length);
  // With the smooth normals the full repair gives (the face budget's simplifier weighs them).
  assert.equal(solid.mesh.normals?.length, noisy.positions.length);
  assert.equal(announced, 1);
});

test('a seam 1e-3 apart is a real gap: the full repair runs and closes it', async () => {
  const open = seamedSphere(1e-3);
  const solid = await closedSolid(open, true);
  assert.equal(solid.repaired, true);
  assert.equal(solid.snappedVertices, undefined);
  assert.equal(isWatertight(solid.mesh), true);
});

test('a closed model, or repair turned off, is used as it is', async () => {
  const closed = seamedSphere(0);
  let announced = 0;
  const solid = await closedSolid(closed, true, () => announced++);
  assert.deepEqual([solid.mesh === closed, solid.repaired, announced], [true, false, 0]);
  const noisy = seamedSphere(1e-12);
  const unrepaired = await closedSolid(noisy, false);
  assert.deepEqual([unrepaired.mesh === noisy, unrepaired.repaired], [true, false]);
});
