import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clipByPlane } from '../../../src/engines/bang/plane-clip.ts';
import { loadManifold } from '../../../src/engines/bang/solid.ts';
import {
  closedAround,
  components,
  concat,
  isClosed,
  join,
  makeKernel,
  meshVolume,
  VertexPool,
  type SolidMesh,
} from '../../../src/engines/bang/solid-mesh.ts';

const wasm = await loadManifold();

function setup() {
  const pool = new VertexPool();
  const kernel = makeKernel(wasm, wasm.Manifold.reserveIDs(1), pool, false);
  const read = (solid: ReturnType<typeof wasm.Manifold.cube>): SolidMesh => {
    const [mesh] = kernel.fromManifold(solid, true);
    return { pool, triangles: mesh.triangles, faces: new Int32Array(mesh.faces.length), uvs: mesh.uvs };
  };
  return { pool, kernel, read };
}

test('components splits disjoint shells and keeps their volumes', () => {
  const { read } = setup();
  const a = read(wasm.Manifold.cube([1, 1, 1]));
  const b = read(wasm.Manifold.sphere(0.5, 16).translate([3, 0, 0]));
  const parts = components(concat([a, b]));
  assert.equal(parts.length, 2);
  assert.ok(Math.abs(parts[0].volume - 1) < 1e-9);
  assert.ok(Math.abs(parts[1].volume - meshVolume(b)) < 1e-12);
  for (const part of parts) assert.ok(isClosed(part.mesh));
});

test('join glues the halves of a cut without a union, and falls back to manifold-3d for foreign pieces', () => {
  const { pool, kernel, read } = setup();
  const ball = read(wasm.Manifold.sphere(1, 32));
  const first = pool.count;
  const halves = clipByPlane(wasm, [ball], [0, 0, 1], 0.2)!.halves[0]!;
  const glued = join([halves.upper, halves.lower], kernel, first);
  assert.ok(isClosed(glued));
  assert.ok(!glued.foreign, 'a union was used where the seam matched');
  assert.ok(Math.abs(meshVolume(glued) / meshVolume(ball) - 1) < 1e-12);
  // A piece made by manifold-3d shares no vertices with its neighbour: joined by a union.
  const solid = kernel.toManifold(ball);
  const [above, below] = solid.splitByPlane([0, 0, 1], 0.2);
  solid.delete();
  const foreign = [...kernel.fromManifold(above, true), ...kernel.fromManifold(below, true)];
  const united = join(foreign, kernel, first);
  assert.ok(isClosed(united));
  assert.ok(Math.abs(meshVolume(united) / meshVolume(ball) - 1) < 1e-6);
});

test('closedAround finds an opening next to new vertices', () => {
  const { pool, read } = setup();
  const ball = read(wasm.Manifold.sphere(1, 24));
  const first = pool.count;
  const halves = clipByPlane(wasm, [ball], [1, 0, 0], 0.1)!.halves[0]!;
  assert.ok(closedAround(halves.upper, first));
  // Without one cap triangle the upper half is open along the cut.
  const cap = Array.from(halves.upper.faces).findIndex((f) => f < 0);
  const kept = Array.from({ length: halves.upper.faces.length }, (_, i) => i).filter((i) => i !== cap);
  const open: SolidMesh = {
    pool,
    triangles: Uint32Array.from(kept.flatMap((i) => Array.from(halves.upper.triangles.subarray(3 * i, 3 * i + 3)))),
    faces: Int32Array.from(kept.map((i) => halves.upper.faces[i])),
  };
  assert.ok(!closedAround(open, first));
  assert.ok(!isClosed(open));
});

test('toManifold and fromManifold keep the solid and its input faces', () => {
  const { kernel, read } = setup();
  const ball = read(wasm.Manifold.sphere(1, 16));
  const faces = Int32Array.from(ball.faces.map((_, i) => i));
  const tagged: SolidMesh = { ...ball, faces };
  const [back] = kernel.fromManifold(kernel.toManifold(tagged), true);
  assert.ok(isClosed(back));
  assert.ok(Math.abs(meshVolume(back) / meshVolume(ball) - 1) < 1e-6);
  assert.deepEqual(
    [...back.faces].sort((a, b) => a - b),
    [...faces],
  );
});
