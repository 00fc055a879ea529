/** The grid minimum cut: its flow equals the cheapest labelling found by exhaustive search on tiny grids. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createGridGraph,
  minCut,
  neighbourOf,
  setEdge,
} from '../../../../../src/engines/generate/image/photo/maxflow.ts';
import { seededRandom } from '../../../../../src/engines/generate/image/photo/random.ts';

function energy(labels: number[], terminal: Int32Array, weights: Int32Array, w: number, h: number): number {
  let e = 0;
  for (let p = 0; p < w * h; p++) {
    // Source side (1) pays the sink capacity, sink side (0) pays the source capacity.
    if (labels[p] === 1 && terminal[p] < 0) e += -terminal[p];
    if (labels[p] === 0 && terminal[p] > 0) e += terminal[p];
    for (let k = 0; k < 8; k++) {
      const q = neighbourOf(w, h, p, k);
      if (q >= 0 && labels[p] === 1 && labels[q] === 0) e += weights[p * 8 + k];
    }
  }
  return e;
}

test('minimum cut on random 3×3 and 4×3 grids matches exhaustive search', () => {
  const random = seededRandom(11);
  for (let trial = 0; trial < 40; trial++) {
    const w = trial % 2 ? 3 : 4,
      h = 3,
      n = w * h;
    const graph = createGridGraph(w, h);
    for (let p = 0; p < n; p++) {
      graph.terminal[p] = Math.round((random() - 0.5) * 40);
      for (const k of [0, 2, 4, 6]) setEdge(graph, p, k, Math.round(random() * 12));
    }
    const terminal = Int32Array.from(graph.terminal),
      weights = Int32Array.from(graph.capacity);
    let best = Infinity;
    for (let bits = 0; bits < 1 << n; bits++) {
      best = Math.min(
        best,
        energy(
          Array.from({ length: n }, (_, p) => (bits >> p) & 1),
          terminal,
          weights,
          w,
          h,
        ),
      );
    }
    const { source, flow } = minCut(graph);
    // Flow counts only what crossed; the terminal costs shared by both labels are not part of it.
    const ownEnergy = energy(Array.from(source), terminal, weights, w, h);
    assert.equal(ownEnergy, best, `trial ${trial}: cut energy ${ownEnergy} vs best ${best}`);
    assert.equal(flow, best, `trial ${trial}: flow ${flow} vs best ${best}`);
  }
});

test('a cut started from the flow of the last round (retargetTerminals) gives the cut of the changed graph from no flow', async () => {
  const { retargetTerminals } = await import('../../../../../src/engines/generate/image/photo/maxflow.ts');
  const random = seededRandom(5);
  for (let trial = 0; trial < 30; trial++) {
    const w = 6 + (trial % 5),
      h = 5 + (trial % 3),
      n = w * h;
    const edges = createGridGraph(w, h);
    for (let p = 0; p < n; p++) for (const k of [0, 2, 4, 6]) setEdge(edges, p, k, Math.round(random() * 30));
    const warm = createGridGraph(w, h);
    warm.capacity.set(edges.capacity);
    let previous = new Int32Array(n);
    for (let round = 0; round < 4; round++) {
      // Terminals that move a little between rounds, as a refitted colour model's do, plus a few hard ones.
      const next = Int32Array.from({ length: n }, (_, p) =>
        p % 11 === 0 ? (round % 2 ? 1 << 20 : -(1 << 20)) : Math.round((random() - 0.5) * 60) + (p % 7) * 3 - 9,
      );
      retargetTerminals(warm, previous, next);
      previous = next;
      const fresh = createGridGraph(w, h);
      fresh.capacity.set(edges.capacity);
      fresh.terminal.set(next);
      assert.deepEqual(minCut(warm).source, minCut(fresh).source, `trial ${trial}, round ${round}`);
    }
  }
});
