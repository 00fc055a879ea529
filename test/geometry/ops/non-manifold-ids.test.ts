/** The face budget's check for edges left with other than two triangles finds the same positions as the edge graph. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgeGraph } from '../../../src/geometry/ops/clean.ts';
import { nonManifoldPositionIds } from '../../../src/geometry/ops/simplify.ts';
import { seededRandom } from '../../../src/engines/generate/image/photo/random.ts';

function byEdgeGraph(pid: Uint32Array): number[] {
  const graph = edgeGraph(pid);
  const bad = new Set<number>();
  for (let t = 0; t < pid.length / 3; t++)
    for (let k = 0; k < 3; k++) {
      if (graph.uses[graph.side[t * 3 + k]] === 2) continue;
      bad.add(pid[t * 3 + k]);
      bad.add(pid[t * 3 + ((k + 1) % 3)]);
    }
  return [...bad].sort((a, b) => a - b);
}

/** A closed strip of quads around a ring (a torus-like band of `n` × 4 quads), each quad two triangles. */
function closedTorus(n: number): number[] {
  const m = 4;
  const id = (i: number, j: number) => (i % n) * m + (j % m);
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++)
      out.push(id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i, j + 1));
  return out;
}

test('a closed surface has none; removed, duplicated, fin-glued and collapsed triangles are found as the edge graph finds them', () => {
  const closed = closedTorus(12);
  assert.deepEqual(nonManifoldPositionIds(Uint32Array.from(closed)), []);
  const random = seededRandom(9);
  const faces = closed.length / 3;
  for (let trial = 0; trial < 80; trial++) {
    const pid = [...closed];
    for (let change = 0; change < 1 + (trial % 3); change++) {
      const t = Math.floor(random() * (pid.length / 3));
      const kind = Math.floor(random() * 4);
      if (kind === 0) pid.splice(t * 3, 3);
      else if (kind === 1) pid.push(pid[t * 3 + 1], pid[t * 3], pid[t * 3 + 2]);
      else if (kind === 2) pid[t * 3 + 1] = pid[t * 3];
      else pid[t * 3 + 2] = Math.floor(random() * faces);
    }
    const ids = Uint32Array.from(pid);
    const found = nonManifoldPositionIds(ids);
    assert.deepEqual(found, byEdgeGraph(ids), `trial ${trial}`);
    assert.ok(found.length > 0, `trial ${trial}: every change leaves some edge without exactly two triangles`);
  }
});
