import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadManifold } from '../../../src/engines/bang/solid.ts';
import { buildSurfaceGraph } from '../../../src/engines/bang/surface-graph.ts';
import { agglomerate, labelsAtCount } from '../../../src/engines/bang/agglomerate.ts';
import { meshOf } from './fixtures.ts';

/**
 * A round bar (length 4, radius 0.5, along x) with a small stub (radius 0.2) standing 0.5 out of its
 * top, finely meshed. Creases and thickness are switched off, so only the cut's normalisation decides.
 */
async function stubbedBar() {
  const wasm = await loadManifold();
  const bar = wasm.Manifold.cylinder(4, 0.5, 0.5, 32, true).rotate([0, 90, 0]);
  const stub = wasm.Manifold.cylinder(1, 0.2, 0.2, 24, false);
  const whole = wasm.Manifold.union([bar, stub]);
  const fine = whole.refineToLength(0.1);
  const mesh = meshOf(fine);
  for (const m of [bar, stub, whole, fine]) m.delete();
  return mesh;
}

/** Of the two parts at count 2: how many stub faces share a part with how many bar faces. */
function stubPart(exponent: number, graph: ReturnType<typeof buildSurfaceGraph>) {
  const labels = labelsAtCount(
    agglomerate(graph, { concavity: 0, thickness: 0, thinClass: 0, areaExponent: exponent }),
    2,
  );
  const stubFaces: number[] = [];
  for (let f = 0; f < graph.faceCount; f++) if (graph.centroid[3 * f + 2] > 0.55) stubFaces.push(f);
  const stubLabel = labels[stubFaces[0]];
  let barFacesWithStub = 0;
  for (let f = 0; f < graph.faceCount; f++)
    if (graph.centroid[3 * f + 2] < 0.45 && labels[f] === stubLabel) barFacesWithStub++;
  return { stubSplit: stubFaces.some((f) => labels[f] !== stubLabel), barFacesWithStub };
}

test('below 1, the area exponent splits a protrusion off before it slices the body it stands on', async () => {
  const mesh = await stubbedBar();
  const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
  // The classic normalised cut prefers near-equal halves: the first split goes across the bar.
  const classic = stubPart(1, graph);
  assert.ok(classic.barFacesWithStub > 0.1 * graph.faceCount, `classic: ${JSON.stringify(classic)}`);
  const salient = stubPart(0.75, graph);
  assert.equal(salient.stubSplit, false);
  assert.equal(salient.barFacesWithStub, 0, `exponent 0.75: ${JSON.stringify(salient)}`);
});

test('the default exponent is the classic normalised cut', async () => {
  const mesh = await stubbedBar();
  const graph = buildSurfaceGraph(mesh.positions, mesh.indices);
  const a = agglomerate(graph),
    b = agglomerate(graph, { areaExponent: 1 });
  assert.deepEqual(labelsAtCount(a, 5), labelsAtCount(b, 5));
});
