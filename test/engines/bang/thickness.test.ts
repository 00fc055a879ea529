import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadManifold } from '../../../src/engines/bang/solid.ts';
import { buildSurfaceGraph } from '../../../src/engines/bang/surface-graph.ts';
import { logThickness } from '../../../src/engines/bang/thickness.ts';
import { thinClassField } from '../../../src/engines/bang/thin-class.ts';
import { Segments } from '../../../src/engines/bang/segments.ts';
import { agglomerate } from '../../../src/engines/bang/agglomerate.ts';
import { meshOf } from './fixtures.ts';

test('thickness reads the wall: a 0.2-thick slab measures 0.2 across its broad faces', async () => {
  const wasm = await loadManifold();
  const slab = wasm.Manifold.cube([2, 2, 0.2], true);
  const graph = buildSurfaceGraph(meshOf(slab).positions, meshOf(slab).indices);
  slab.delete();
  const thickness = logThickness(graph, { smoothing: 0 });
  for (let f = 0; f < graph.faceCount; f++) {
    if (Math.abs(graph.normal[3 * f + 2]) < 0.99) continue;
    assert.ok(Math.abs(Math.exp(thickness[f]) - 0.2) < 0.01, `face ${f}: ${Math.exp(thickness[f])}`);
  }
});

/** A ball with a thin fin grown smoothly out of it (no crease to speak of at the attachment). */
async function finnedBall() {
  const wasm = await loadManifold();
  const ball = wasm.Manifold.sphere(1, 48);
  const fin = wasm.Manifold.cube([1.6, 0.08, 1.2], true).translate([1.2, 0, 0]);
  const hull = wasm.Manifold.union([ball, fin]);
  const mesh = meshOf(hull);
  for (const m of [ball, fin, hull]) m.delete();
  return mesh;
}

test('a thin fin is thinner than the body it hangs from', async () => {
  const mesh = await finnedBall();
  const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
  const thickness = logThickness(graph);
  let fin = 0,
    finCount = 0,
    body = 0,
    bodyCount = 0;
  for (let f = 0; f < graph.faceCount; f++) {
    if (graph.centroid[3 * f] > 1.5) (fin += thickness[f]), finCount++;
    else if (graph.centroid[3 * f] < 0) (body += thickness[f]), bodyCount++;
  }
  assert.ok(
    Math.exp(fin / finCount) < 0.3 * Math.exp(body / bodyCount),
    `fin ${Math.exp(fin / finCount)}, body ${Math.exp(body / bodyCount)}`,
  );
});

test('segments of different thickness merge later than their crease alone would say', () => {
  // A flat strip of four unit squares (two triangles each): faces 0–3 thick, 4–7 thin.
  const positions = new Float32Array([
    0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 2, 0, 0, 2, 1, 0, 3, 0, 0, 3, 1, 0, 4, 0, 0, 4, 1, 0,
  ]);
  const indices = new Uint32Array([0, 2, 1, 1, 2, 3, 2, 4, 3, 3, 4, 5, 4, 6, 5, 5, 6, 7, 6, 8, 7, 7, 8, 9]);
  const graph = buildSurfaceGraph(positions, indices);
  const field = Float64Array.from({ length: 8 }, (_, f) => (f < 4 ? Math.log(1) : Math.log(0.1)));
  const weights = { concavity: 24, convexity: 0, partFraction: 0.02, seam: 0.5, region: 0.1 };
  const plain = new Segments(graph, { ...weights, thickness: 0 }, { logThickness: field });
  const aware = new Segments(graph, { ...weights, thickness: 0.3 }, { logThickness: field });
  const shared = (s: Segments, a: number, b: number) => s.neighbours[a]!.get(b)!;
  // Faces 2 and 4 share an edge across the thickness change, faces 2 and 3 one inside the thick half.
  const across = [...plain.neighbours[3]!.keys()].find((g) => g >= 4)!;
  assert.ok(aware.gain(3, across, shared(aware, 3, across)) < plain.gain(3, across, shared(plain, 3, across)));
  const within = [...plain.neighbours[3]!.keys()].find((g) => g < 4)!;
  assert.equal(aware.gain(3, within, shared(aware, 3, within)), plain.gain(3, within, shared(plain, 3, within)));
});

test('thin class: a fin on a ball is the thin class, the ball the thick one; a plain ball has no classes', async () => {
  const mesh = await finnedBall();
  const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
  const field = thinClassField(graph, logThickness(graph));
  let finLow = Infinity,
    bodyHigh = -Infinity;
  for (let f = 0; f < graph.faceCount; f++) {
    if (graph.centroid[3 * f] > 1.5) finLow = Math.min(finLow, field[f]);
    else if (graph.centroid[3 * f] < 0) bodyHigh = Math.max(bodyHigh, field[f]);
  }
  assert.ok(finLow > 1, `fin faces at least ${finLow}`);
  assert.equal(bodyHigh, 0);

  const wasm = await loadManifold();
  const ball = wasm.Manifold.sphere(1, 48);
  const plain = buildSurfaceGraph(meshOf(ball).positions, meshOf(ball).indices);
  ball.delete();
  assert.ok(thinClassField(plain, logThickness(plain), 4).every((v) => v === 0));
});

test('segments of different thin-class share merge later; within one class the thickness is ignored', () => {
  const positions = new Float32Array([
    0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 2, 0, 0, 2, 1, 0, 3, 0, 0, 3, 1, 0, 4, 0, 0, 4, 1, 0,
  ]);
  const indices = new Uint32Array([0, 2, 1, 1, 2, 3, 2, 4, 3, 3, 4, 5, 4, 6, 5, 5, 6, 7, 6, 8, 7, 7, 8, 9]);
  const graph = buildSurfaceGraph(positions, indices);
  const thin = Float64Array.from({ length: 8 }, (_, f) => (f < 4 ? 0 : 1.5));
  const weights = { concavity: 24, convexity: 0, partFraction: 0.02, seam: 0.5, region: 0.1, thickness: 0 };
  const plain = new Segments(graph, weights);
  const aware = new Segments(graph, { ...weights, thinClass: 1 }, { thinClass: thin });
  const shared = (s: Segments, a: number, b: number) => s.neighbours[a]!.get(b)!;
  const across = [...plain.neighbours[3]!.keys()].find((g) => g >= 4)!;
  assert.ok(aware.gain(3, across, shared(aware, 3, across)) < plain.gain(3, across, shared(plain, 3, across)));
  const within = [...plain.neighbours[3]!.keys()].find((g) => g < 4)!;
  assert.equal(aware.gain(3, within, shared(aware, 3, within)), plain.gain(3, within, shared(plain, 3, within)));
});

test('a thickness field measured beforehand gives the same merge tree as measuring it inside agglomerate', async () => {
  const mesh = await finnedBall();
  const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
  const inside = agglomerate(graph);
  const given = agglomerate(graph, { logThickness: logThickness(graph) });
  assert.deepEqual([...given.left], [...inside.left]);
  assert.deepEqual([...given.right], [...inside.right]);
  // And the field is really used: a flat field (every face equally thick) changes the tree.
  const flat = agglomerate(graph, { logThickness: new Float64Array(graph.faceCount) });
  assert.notDeepEqual([...flat.left], [...inside.left]);
});
