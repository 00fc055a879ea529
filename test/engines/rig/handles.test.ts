/** Arms resting on the body are loops of the surface: found from the head and cut so the fit sees a free limb. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distanceFrom } from '../../../src/engines/rig/geodesic.ts';
import { cutGraph, handleCuts } from '../../../src/engines/rig/handles.ts';
import { buildVertexGraph } from '../../../src/engines/rig/surface.ts';

/** A closed grid surface: `point(i, j)` over rows 0 … rows (the last row wraps onto the first when `wrapRows`) and columns that wrap. */
function gridSurface(rows: number, columns: number, wrapRows: boolean, point: (u: number, v: number) => number[]) {
  const positions: number[] = [];
  const rowCount = wrapRows ? rows : rows + 1;
  for (let i = 0; i < rowCount; i++) for (let j = 0; j < columns; j++) positions.push(...point(i / rows, j / columns));
  const at = (i: number, j: number) => (i % rowCount) * columns + (j % columns);
  const indices: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
    }
  }
  return buildVertexGraph(positions, indices);
}

test('a ring (a loop like an arm from shoulder to thigh) is cut once, and once cut it is a loop no more', () => {
  const ring = gridSurface(64, 16, true, (u, v) => {
    const a = 2 * Math.PI * u,
      b = 2 * Math.PI * v;
    return [(1 + 0.25 * Math.cos(b)) * Math.cos(a), (1 + 0.25 * Math.cos(b)) * Math.sin(a), 0.25 * Math.sin(b)];
  });
  const head = distanceFrom(ring, 0);
  const cuts = handleCuts(ring, head);
  assert.equal(cuts.length, 1);
  const cut = cutGraph(ring, head, cuts);
  const after = distanceFrom(cut, 0);
  // Every vertex is still reached (the cut frees a limb, it does not drop one) …
  assert.ok(after.distance.every((d) => Number.isFinite(d)));
  // … and the loop is gone: seen from the same head, nothing joins any more.
  assert.deepEqual(handleCuts(cut, after), []);
});

test('a body without loops (a capsule) has nothing to cut', () => {
  const capsule = gridSurface(48, 16, false, (u, v) => {
    const a = Math.PI * u,
      b = 2 * Math.PI * v;
    return [0.3 * Math.sin(a) * Math.cos(b), 0.3 * Math.sin(a) * Math.sin(b), 2 * Math.cos(a)];
  });
  assert.deepEqual(handleCuts(capsule, distanceFrom(capsule, 0)), []);
});
