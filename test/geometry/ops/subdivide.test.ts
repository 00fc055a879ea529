import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Mesh } from '../../../src/geometry/mesh.ts';
import { isWatertight, subdivideToCount } from './helpers.ts';
import { icosphere } from './fixtures.ts';

/** The sphere with the vertices of its x < 0 triangles copied (another UV there): a UV seam all round. */
function seamedSphere(): Mesh {
  const sphere = icosphere(2);
  const P = sphere.positions;
  const vertexCount = P.length / 3;
  const positions = new Float32Array(vertexCount * 6);
  positions.set(P);
  positions.set(P, vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 4);
  for (let v = 0; v < vertexCount; v++) {
    uvs[v * 2] = 0.25 + P[v * 3] * 0.2;
    uvs[v * 2 + 1] = 0.5 + P[v * 3 + 1] * 0.2;
    uvs[(vertexCount + v) * 2] = 0.75 + P[v * 3 + 2] * 0.2;
    uvs[(vertexCount + v) * 2 + 1] = 0.5 + P[v * 3 + 1] * 0.2;
  }
  const indices = Uint32Array.from(sphere.indices);
  for (let t = 0; t < indices.length / 3; t++) {
    let x = 0;
    for (let k = 0; k < 3; k++) x += P[indices[t * 3 + k] * 3];
    if (x < 0) for (let k = 0; k < 3; k++) indices[t * 3 + k] += vertexCount;
  }
  return { positions, indices, uvs, groups: [{ start: 0, count: indices.length / 3, material: 0 }] };
}

test('subdivision splits seam edges on both sides, one midpoint per vertex pair', () => {
  const source = seamedSphere();
  const target = (source.indices.length / 3) * 10;
  const out = subdivideToCount(source, target);
  assert.ok(Math.abs(out.indices.length / 3 - target) <= 1, `got ${out.indices.length / 3} faces`);
  // Closed by position: every edge split on one side of the seam is split on the other too.
  assert.equal(isWatertight(out), true);
  // A vertex pair split twice would leave two vertices with the same position and UV.
  const seen = new Map<string, number>();
  let seamCopies = 0;
  const positionsSeen = new Set<string>();
  for (let v = 0; v < out.positions.length / 3; v++) {
    const at = `${out.positions[v * 3]},${out.positions[v * 3 + 1]},${out.positions[v * 3 + 2]}`;
    const key = `${at}|${out.uvs![v * 2]},${out.uvs![v * 2 + 1]}`;
    assert.equal(seen.has(key), false, `vertex ${v} repeats vertex ${seen.get(key)}`);
    seen.set(key, v);
    if (positionsSeen.has(at)) seamCopies++;
    positionsSeen.add(at);
  }
  // New vertices on the seam keep the two sides' own UVs (copies at one position).
  const originalCopies =
    source.positions.length / 3 -
    new Set(
      Array.from(
        { length: source.positions.length / 3 },
        (_, v) => `${source.positions[v * 3]},${source.positions[v * 3 + 1]},${source.positions[v * 3 + 2]}`,
      ),
    ).size;
  assert.ok(seamCopies > originalCopies, `seam copies ${seamCopies} vs ${originalCopies} before`);
});
