import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { splitMesh } from '../../../src/engines/bang/split-mesh.ts';
import { SPLIT_DEFAULTS } from '../../../src/engines/bang/split.ts';
import { buildInputSolid, loadManifold } from '../../../src/engines/bang/solid.ts';
import { pieceCountForStrength } from '../../../src/domain/index.ts';
import { isWatertight, meshVolume } from '../../../src/geometry/ops/index.ts';
import { parseOff } from '../../../src/geometry/import/index.ts';
import { limbedSolid } from './fixtures.ts';

const creature = await limbedSolid();

test('strengths 1–5 give the tabled counts of closed pieces whose volumes sum to the whole', async () => {
  const wasm = await loadManifold();
  const inputVolume = meshVolume(creature);
  for (let strength = 1; strength <= 5; strength++) {
    const count = pieceCountForStrength(strength);
    const result = await splitMesh(creature, { count });
    assert.equal(result.pieces.length, count, `strength ${strength}`);
    let sum = 0;
    for (const piece of result.pieces) {
      assert.ok(isWatertight(piece), `strength ${strength}: a piece is not closed`);
      const solid = buildInputSolid(wasm, piece).solid; // throws when not a closed 2-manifold
      sum += solid.volume();
      solid.delete();
    }
    assert.ok(
      Math.abs(sum / inputVolume - 1) < 1e-6,
      `strength ${strength}: volumes sum to ${sum}, input ${inputVolume}`,
    );
  }
});

test('pieces do not overlap: their union has the volume of their sum', async () => {
  const wasm = await loadManifold();
  const result = await splitMesh(creature, { count: 7 });
  const solids = result.pieces.map((p) => buildInputSolid(wasm, p).solid);
  const union = wasm.Manifold.union(solids);
  const sum = solids.reduce((s, m) => s + m.volume(), 0);
  assert.ok(Math.abs(union.volume() / sum - 1) < 1e-6, `union ${union.volume()} vs sum ${sum}`);
  union.delete();
  for (const s of solids) s.delete();
});

test('planes bounded to their necks from the first cut, without retries, still give closed pieces summing to the whole', async () => {
  const wasm = await loadManifold();
  const result = await splitMesh(creature, { count: 7, boundFarPlanesFrom: 0, maxRetryTriangles: 0 });
  assert.equal(result.pieces.length, 7);
  const solids = result.pieces.map((p) => buildInputSolid(wasm, p).solid); // throws when not closed
  const sum = solids.reduce((s, m) => s + m.volume(), 0);
  assert.ok(Math.abs(sum / meshVolume(creature) - 1) < 1e-6, `volumes sum to ${sum}, input ${meshVolume(creature)}`);
  const union = wasm.Manifold.union(solids);
  assert.ok(Math.abs(union.volume() / sum - 1) < 1e-6, `pieces overlap: union ${union.volume()} vs sum ${sum}`);
  union.delete();
  for (const s of solids) s.delete();
});

test('the cuts follow the limbs: at 7 pieces every piece is one of the natural parts, not a slab', async () => {
  const result = await splitMesh(creature, { count: 7 });
  assert.equal(result.fallbackSplits, 0);
  // Body + six limbs (each with its ball): the largest piece is the body, which is compact.
  const largest = result.pieces.reduce((a, b) => (meshVolume(a) > meshVolume(b) ? a : b));
  let extent = 0;
  for (let i = 0; i < largest.positions.length; i++) extent = Math.max(extent, Math.abs(largest.positions[i]));
  assert.ok(extent < 1.6, `the body piece reaches ${extent} from the centre: it still holds a limb`);
});

test('more strength refines: every piece at strength s+1 lies inside one piece at strength s', async () => {
  let previous: Int32Array | undefined;
  let previousCount = 0;
  for (const strength of [2, 3, 4, 5, 6]) {
    const result = await splitMesh(creature, { count: pieceCountForStrength(strength) });
    assert.ok(result.pieces.length >= previousCount, 'fewer pieces at higher strength');
    if (previous) {
      const parent = new Map<number, number>();
      for (let f = 0; f < previous.length; f++) {
        const known = parent.get(result.faceLabels[f]);
        if (known === undefined) parent.set(result.faceLabels[f], previous[f]);
        else
          assert.equal(
            known,
            previous[f],
            `strength ${strength}: a piece straddles two pieces of strength ${strength - 1}`,
          );
      }
    }
    previous = result.faceLabels;
    previousCount = result.pieces.length;
  }
});

test('the same seed and input give the same pieces', async () => {
  const a = await splitMesh(creature, { count: 9, seed: 7 });
  const b = await splitMesh(creature, { count: 9, seed: 7 });
  assert.equal(a.pieces.length, b.pieces.length);
  a.pieces.forEach((piece, i) => {
    assert.deepEqual(piece.positions, b.pieces[i].positions);
    assert.deepEqual(piece.indices, b.pieces[i].indices);
  });
});

test('a shape without parts is clamped: no piece below the minimum share of the volume', async () => {
  const wasm = await loadManifold();
  const cube = wasm.Manifold.cube([1, 1, 1], true);
  const { meshOf } = await import('./fixtures.ts');
  const mesh = meshOf(cube);
  cube.delete();
  const result = await splitMesh(mesh, { count: 32 });
  assert.ok(result.pieces.length >= 2);
  for (const v of result.volumes) assert.ok(v >= SPLIT_DEFAULTS.minVolumeFraction * result.inputVolume * 0.999);
});

const psb = new URL('../../../../shared/data/psb-dev/off/341.off', import.meta.url);
test('a psb-dev mesh splits into its reference count along human-like parts', {
  skip: !existsSync(psb) && 'psb-dev data absent (../shared/data/psb-dev)',
}, async () => {
  const mesh = parseOff(readFileSync(psb, 'utf8'));
  const result = await splitMesh(mesh, { count: 5 });
  assert.equal(result.pieces.length, 5);
  const sum = result.volumes.reduce((s, v) => s + v, 0);
  assert.ok(Math.abs(sum / result.inputVolume - 1) < 1e-6);
});

test('a material boundary is a cut hint: a sphere with a cap of another material splits at the cap', async () => {
  const wasm = await loadManifold();
  const ball = wasm.Manifold.sphere(1, 48);
  const { meshOf } = await import('./fixtures.ts');
  const plain = meshOf(ball);
  ball.delete();
  // Triangles of the cap (centroid above z = 0.5) last, as material 1.
  const triangles = plain.indices.length / 3;
  const z = (t: number) =>
    (plain.positions[3 * plain.indices[3 * t] + 2] +
      plain.positions[3 * plain.indices[3 * t + 1] + 2] +
      plain.positions[3 * plain.indices[3 * t + 2] + 2]) /
    3;
  const order = Array.from({ length: triangles }, (_, t) => t).sort(
    (a, b) => Number(z(a) > 0.5) - Number(z(b) > 0.5) || a - b,
  );
  const indices = new Uint32Array(plain.indices.length);
  order.forEach((t, i) => {
    indices.set(plain.indices.subarray(3 * t, 3 * t + 3), 3 * i);
  });
  const capStart = order.findIndex((t) => z(t) > 0.5);
  const mesh = {
    ...plain,
    indices,
    groups: [
      { start: 0, count: capStart, material: 0 },
      { start: capStart, count: triangles - capStart, material: 1 },
    ],
  };
  const result = await splitMesh(mesh, { count: 2 });
  assert.equal(result.pieces.length, 2);
  const capLabel = result.faceLabels[triangles - 1];
  let stray = 0;
  for (let t = 0; t < triangles; t++) if ((result.faceLabels[t] === capLabel) !== t >= capStart) stray++;
  assert.ok(stray < 0.02 * triangles, `${stray} of ${triangles} triangles on the wrong side of the material boundary`);
});

test('UVs ride through the cuts: input faces keep UVs interpolated from the input, pieces stay closed', async () => {
  const wasm = await loadManifold();
  // u = x and v = y on every vertex: a linear field, so every cut corner must carry its own (x, y).
  const uvs = new Float32Array((creature.positions.length / 3) * 2);
  for (let v = 0; v < uvs.length / 2; v++) {
    uvs[2 * v] = creature.positions[3 * v];
    uvs[2 * v + 1] = creature.positions[3 * v + 1];
  }
  const result = await splitMesh({ ...creature, uvs }, { count: 7 });
  assert.equal(result.pieces.length, 7);
  let sum = 0;
  result.pieces.forEach((piece, i) => {
    assert.ok(isWatertight(piece), 'a piece is not closed');
    const solid = buildInputSolid(wasm, piece).solid;
    sum += solid.volume();
    solid.delete();
    for (let t = 0; t < result.sourceFaces[i].length; t++) {
      if (result.sourceFaces[i][t] < 0) continue;
      for (let k = 0; k < 3; k++) {
        const v = piece.indices[3 * t + k];
        assert.ok(
          Math.abs(piece.uvs![2 * v] - piece.positions[3 * v]) < 1e-4,
          `u ${piece.uvs![2 * v]} at x ${piece.positions[3 * v]}`,
        );
        assert.ok(Math.abs(piece.uvs![2 * v + 1] - piece.positions[3 * v + 1]) < 1e-4);
      }
    }
  });
  assert.ok(Math.abs(sum / meshVolume(creature) - 1) < 1e-6);
});
