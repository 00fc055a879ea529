/**
 * The rig benchmark's joints-inside check (bench/rig-psb/checks.ts): the generalised winding number is
 * 1 inside a closed box and 0 outside, keeps an open box's inside above a half where three-ray parity
 * flips for a ray through the hole, and reads a box written with its winding turned as −1.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WINDING_INSIDE, windingNumber } from '../../../bench/rig-psb/checks.ts';
import { box } from '../../geometry/ops/fixtures.ts';

const { positions, indices } = box([0, 0, 0], [1, 1, 1]);

test('closed box: 1 inside, 0 outside', () => {
  assert.ok(Math.abs(windingNumber([0.5, 0.5, 0.5], positions, indices) - 1) < 1e-9);
  assert.ok(Math.abs(windingNumber([0.2, 0.9, 0.4], positions, indices) - 1) < 1e-9);
  assert.ok(Math.abs(windingNumber([1.5, 0.5, 0.5], positions, indices)) < 1e-9);
  assert.ok(Math.abs(windingNumber([-3, 2, 7], positions, indices)) < 1e-9);
});

test('a box with its top open stays inside near its floor and reads outside above the hole', () => {
  // Drop the two triangles whose corners all lie on y = 1.
  const kept: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const corners = [indices[t], indices[t + 1], indices[t + 2]];
    if (!corners.every((v) => positions[3 * v + 1] === 1)) kept.push(...corners);
  }
  assert.equal(kept.length, indices.length - 6);
  const deep = windingNumber([0.5, 0.2, 0.5], positions, kept);
  assert.ok(deep > WINDING_INSIDE && deep < 1, `near the floor ${deep}`);
  assert.ok(windingNumber([0.5, 1.5, 0.5], positions, kept) < WINDING_INSIDE);
});

test('a box with its winding turned reads −1 inside: the check takes the magnitude', () => {
  const turned = Uint32Array.from(indices);
  for (let t = 0; t < turned.length; t += 3) [turned[t + 1], turned[t + 2]] = [turned[t + 2], turned[t + 1]];
  assert.ok(Math.abs(windingNumber([0.5, 0.5, 0.5], positions, turned) + 1) < 1e-9);
});
