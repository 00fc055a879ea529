import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Manifold } from 'manifold-3d';
import { clipByBox, clipByPlane } from '../../../src/engines/bang/plane-clip.ts';
import { loadManifold } from '../../../src/engines/bang/solid.ts';
import {
  components,
  dropSeams,
  isClosed,
  makeKernel,
  meshVolume,
  VertexPool,
  type SolidMesh,
} from '../../../src/engines/bang/solid-mesh.ts';

const wasm = await loadManifold();

/** `solid` (consumed) as a SolidMesh of a fresh pool, every triangle standing for input face 0. */
function solidMesh(solid: Manifold): SolidMesh {
  const pool = new VertexPool();
  const [mesh] = makeKernel(wasm, wasm.Manifold.reserveIDs(1), pool, false).fromManifold(solid, true);
  return { pool, triangles: mesh.triangles, faces: new Int32Array(mesh.faces.length), uvs: mesh.uvs };
}

const torus = () => wasm.Manifold.revolve(wasm.CrossSection.circle(0.5, 24).translate([2, 0]), 48);

function assertSplits(whole: SolidMesh, parts: SolidMesh[], what: string, tolerance = 1e-12): void {
  for (const part of parts) assert.ok(isClosed(part), `${what}: a part is not closed`);
  const sum = parts.reduce((s, p) => s + meshVolume(p), 0);
  assert.ok(
    Math.abs(sum / meshVolume(whole) - 1) < tolerance,
    `${what}: volumes sum to ${sum}, whole ${meshVolume(whole)}`,
  );
}

test('a plane across a torus: closed halves with two-disc caps, volumes as manifold-3d has them', () => {
  const shape = torus();
  const [above, below] = shape.splitByPlane([0, 0.3, 1], 0.1);
  const expected = [above.volume(), below.volume()];
  above.delete();
  below.delete();
  const mesh = solidMesh(shape);
  const clipped = clipByPlane(wasm, [mesh], [0, 0.3 / Math.hypot(0.3, 1), 1 / Math.hypot(0.3, 1)], 0.1);
  const halves = clipped?.halves[0];
  assert.ok(halves, 'the section could not be capped');
  assertSplits(mesh, [halves.upper, halves.lower], 'torus');
  assert.ok(
    Math.abs(meshVolume(halves.upper) / expected[0] - 1) < 1e-3,
    `upper ${meshVolume(halves.upper)} vs ${expected[0]}`,
  );
  assert.ok(Math.abs(meshVolume(halves.lower) / expected[1] - 1) < 1e-3);
  // A plane through the middle of the torus, along its axis: each half is two separate arcs.
  const across = clipByPlane(wasm, [mesh], [1, 0, 0], 0)!.halves[0]!;
  assert.equal(components(across.upper).length, 1);
  const ring = clipByPlane(wasm, [mesh], [0, 0, 1], 0)!.halves[0]!;
  assertSplits(mesh, [ring.upper, ring.lower], 'torus across its ring');
});

test('a plane through mesh vertices is moved off them: the halves stay closed and sum to the whole', () => {
  const mesh = solidMesh(wasm.Manifold.cube([1, 1, 1], true));
  // x + y = 0 runs through four corners of the cube.
  const halves = clipByPlane(wasm, [mesh], [Math.SQRT1_2, Math.SQRT1_2, 0], 0)!.halves[0]!;
  assertSplits(mesh, [halves.upper, halves.lower], 'cube through its corners');
  assert.ok(Math.abs(meshVolume(halves.upper) - 0.5) < 1e-5);
});

test('dropSeams glues the halves of a cut back into one closed solid of the same volume', () => {
  const mesh = solidMesh(torus());
  const first = clipByPlane(wasm, [mesh], [1, 0, 0], 0.3)!.halves[0]!;
  // A second plane cuts the upper half; the lower half, which shares the first cap, is refined along it.
  const second = clipByPlane(wasm, [first.upper], [0, 1, 0], 0.2, [first.lower])!;
  const pieces = [second.halves[0]!.upper, second.halves[0]!.lower, second.refined[0]];
  assertSplits(mesh, pieces, 'two planes');
  const glued = dropSeams(pieces);
  assert.ok(isClosed(glued), 'the glued solid is not closed');
  assert.ok(Math.abs(meshVolume(glued) / meshVolume(mesh) - 1) < 1e-12);
  assert.equal(glued.faces.filter((f) => f < 0).length, 0, 'cut faces left inside the glued solid');
  // Gluing only two of the three pieces keeps the cap towards the third.
  const pair = dropSeams([pieces[0], pieces[2]]);
  assert.ok(isClosed(pair));
});

test('a box cut gives a closed inside and a closed outside that sum to the whole, as manifold-3d does', () => {
  const shape = torus();
  const box = wasm.Manifold.cube([1.5, 1.5, 1.5], true).translate([2, 0, 0]);
  const [inBox, outBox] = shape.split(box);
  const expected = inBox.volume();
  inBox.delete();
  outBox.delete();
  box.delete();
  const mesh = solidMesh(shape);
  const planes = [
    { normal: [1, 0, 0], offset: 2.75 },
    { normal: [-1, 0, 0], offset: -1.25 },
    { normal: [0, 1, 0], offset: 0.75 },
    { normal: [0, -1, 0], offset: 0.75 },
    { normal: [0, 0, 1], offset: 0.75 },
    { normal: [0, 0, -1], offset: 0.75 },
  ];
  const clipped = clipByBox(wasm, mesh, planes)!;
  assertSplits(mesh, [clipped.inside, clipped.outside], 'box');
  assert.ok(
    Math.abs(meshVolume(clipped.inside) / expected - 1) < 1e-3,
    `inside ${meshVolume(clipped.inside)} vs ${expected}`,
  );
  assert.equal(components(clipped.outside).length, 1, 'the outside is one piece (its slices are glued)');
});

test('clipping is deterministic: the same mesh and plane give the same triangles', () => {
  const run = () => {
    const mesh = solidMesh(torus());
    const halves = clipByPlane(wasm, [mesh], [0.6, 0, 0.8], 0.4)!.halves[0]!;
    return [Array.from(halves.upper.triangles), Array.from(mesh.pool.positions.subarray(0, 3 * mesh.pool.count))];
  };
  assert.deepEqual(run(), run());
});

test('UVs ride along: a cut triangle gets UVs interpolated along its edges', () => {
  const pool = new VertexPool();
  // A tetrahedron with UV u = x on every corner of every face.
  const corners = [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (const [x, y, z] of corners) pool.add(x, y, z);
  const triangles = Uint32Array.from([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
  const uvs = new Float32Array(24);
  for (let c = 0; c < 12; c++) uvs[2 * c] = corners[triangles[c]][0];
  const mesh: SolidMesh = { pool, triangles, faces: Int32Array.from([0, 1, 2, 3]), uvs };
  const halves = clipByPlane(wasm, [mesh], [1, 0, 0], 0.5)!.halves[0]!;
  assertSplits(mesh, [halves.upper, halves.lower], 'tetrahedron');
  for (const half of [halves.upper, halves.lower]) {
    for (let c = 0; c < half.triangles.length; c++) {
      if (half.faces[Math.floor(c / 3)] < 0) continue;
      const x = pool.positions[3 * half.triangles[c]];
      assert.ok(Math.abs(half.uvs![2 * c] - x) < 1e-6, `corner at x=${x} has u=${half.uvs![2 * c]}`);
    }
  }
});

test('cut points closer than 32-bit floats resolve are merged: a needle face leaves no two corners at one position', () => {
  const pool = new VertexPool();
  // A unit cube whose edge x = 1, z = 0 carries an extra vertex 1e-9 from its corner, so the bottom
  // face has a needle triangle (0, 8, 1) that x = 0.5 crosses at two points 5e-10 apart.
  const corners = [
    [0, 0, 0],
    [1, 0, 0],
    [1, 1, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 0, 1],
    [1, 1, 1],
    [0, 1, 1],
    [1, 1e-9, 0],
  ];
  for (const [x, y, z] of corners) pool.add(x, y, z);
  const triangles = Uint32Array.from([
    0,
    3,
    2,
    0,
    2,
    8,
    0,
    8,
    1, // bottom, with the needle
    5,
    1,
    8,
    5,
    8,
    2,
    5,
    2,
    6, // x = 1
    4,
    5,
    6,
    4,
    6,
    7,
    0,
    4,
    7,
    0,
    7,
    3,
    0,
    1,
    5,
    0,
    5,
    4,
    3,
    7,
    6,
    3,
    6,
    2,
  ]);
  const mesh: SolidMesh = { pool, triangles, faces: new Int32Array(triangles.length / 3) };
  assert.ok(isClosed(mesh));
  const halves = clipByPlane(wasm, [mesh], [1, 0, 0], 0.5)!.halves[0]!;
  // Merging the two points drops the needle's sliver between them (1e-10 of the volume here).
  assertSplits(mesh, [halves.upper, halves.lower], 'cube with a needle face', 1e-9);
  for (const half of [halves.upper, halves.lower]) {
    const seen = new Set<string>();
    for (const v of new Set(half.triangles)) {
      const key = Array.from(Float32Array.from(pool.positions.subarray(3 * v, 3 * v + 3))).join(',');
      assert.ok(!seen.has(key), `two corners at ${key}`);
      seen.add(key);
    }
  }
});
