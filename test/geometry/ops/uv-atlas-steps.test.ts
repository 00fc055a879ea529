/**
 * The UV atlas's face adjacency and overlap check give the same answers as the plain forms they
 * replaced for speed (a find-or-insert edge table; every separating axis normalised before comparing),
 * on inputs where the differences would show: edges used three and four times, a fan with one
 * vertex of high valence, and triangle soups full of overlaps, where the order of the check decides
 * which triangle of a pair is flagged.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { faceNeighbours } from '../../../src/geometry/ops/uv-chart-steps.ts';
import {
  boxOverlapPairs,
  OVERLAP_TREE_MIN_PAIRS_PER_FACE,
  overlappingTriangles,
} from '../../../src/geometry/ops/uv-overlap.ts';
import { canonicalVertices } from '../../../src/geometry/ops/weld.ts';
import { warmBakeHelper } from '../../../src/geometry/ops/bake-tiles.ts';
import { icosphere } from './fixtures.ts';

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Adjacency as a find-or-insert table of edges gives it: each edge pairs its first two uses. */
function neighboursByTable(I: Uint32Array, pid: Uint32Array | Int32Array): Int32Array {
  const faces = I.length / 3;
  const firstUse = new Map<string, number>();
  const neighbours = new Int32Array(faces * 3).fill(-1);
  for (let t = 0; t < faces; t++)
    for (let k = 0; k < 3; k++) {
      const a = pid[I[t * 3 + k]],
        b = pid[I[t * 3 + ((k + 1) % 3)]];
      const key = `${Math.min(a, b)},${Math.max(a, b)}`;
      const other = firstUse.get(key);
      if (other === undefined) firstUse.set(key, t * 3 + k);
      else if (neighbours[other] < 0 && neighbours[t * 3 + k] < 0) {
        neighbours[other] = t;
        neighbours[t * 3 + k] = Math.floor(other / 3);
      }
    }
  return neighbours;
}

test('face adjacency pairs the first two uses of each edge, as an edge table does', () => {
  const sphere = icosphere(3);
  const cases: { name: string; indices: Uint32Array; positions: Float32Array }[] = [
    { name: 'icosphere', indices: sphere.indices, positions: sphere.positions },
  ];
  // A fan of 3000 triangles around vertex 0, then the same fan again twice: every spoke edge is used
  // four to six times and the rim edges three times.
  const fan: number[] = [];
  const fanPositions = [0, 0, 0];
  for (let i = 0; i < 3000; i++) {
    fanPositions.push(Math.cos(i / 477), Math.sin(i / 477), 0);
    fan.push(0, 1 + i, 1 + ((i + 1) % 3000));
  }
  const reversedFan = fan.map((_, i) => fan[i - (i % 3) + ((3 - (i % 3)) % 3)]); // (a, b, c) → (a, c, b)
  cases.push({
    name: 'tripled fan',
    indices: new Uint32Array([...fan, ...fan, ...reversedFan]),
    positions: new Float32Array(fanPositions),
  });
  const next = random(7);
  const soup: number[] = [];
  for (let t = 0; t < 4000; t++) soup.push(...[0, 1, 2].map(() => Math.floor(next() * 300)));
  cases.push({
    name: 'random soup with degenerate and repeated edges',
    indices: new Uint32Array(soup),
    positions: new Float32Array(Array.from({ length: 900 }, () => Math.floor(next() * 40))),
  });
  for (const { name, indices, positions } of cases) {
    const pid = canonicalVertices(positions, 0);
    assert.deepEqual(faceNeighbours(indices, pid, indices.length / 3), neighboursByTable(indices, pid), name);
  }
});

/** The overlap check as first written: every axis normalised, flagged pairs skipped as they come. */
function overlapsNormalised(I: Uint32Array, uvs: Float32Array): Uint8Array {
  const faces = I.length / 3;
  const flagged = new Uint8Array(faces);
  const grid = Math.max(1, Math.min(4096, Math.ceil(Math.sqrt(faces))));
  const cellOf = (x: number) => Math.min(grid - 1, Math.max(0, Math.floor(x * grid)));
  const corner = (t: number, k: number, axis: number) => uvs[I[t * 3 + k] * 2 + axis];
  const boxOf = (t: number) => {
    const us = [0, 1, 2].map((k) => corner(t, k, 0)),
      vs = [0, 1, 2].map((k) => corner(t, k, 1));
    return [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)].map(Math.fround);
  };
  const boxes = Array.from({ length: faces }, (_, t) => boxOf(t));
  const lists: number[][] = Array.from({ length: grid * grid }, () => []);
  boxes.forEach(([u0, u1, v0, v1], t) => {
    for (let y = cellOf(v0); y <= cellOf(v1); y++)
      for (let x = cellOf(u0); x <= cellOf(u1); x++) lists[y * grid + x].push(t);
  });
  const area = (t: number) =>
    (corner(t, 1, 0) - corner(t, 0, 0)) * (corner(t, 2, 1) - corner(t, 0, 1)) -
    (corner(t, 1, 1) - corner(t, 0, 1)) * (corner(t, 2, 0) - corner(t, 0, 0));
  const separated = (t: number, u: number) => {
    const xs = [0, 1, 2].map((k) => corner(t, k, 0)).concat([0, 1, 2].map((k) => corner(u, k, 0)));
    const ys = [0, 1, 2].map((k) => corner(t, k, 1)).concat([0, 1, 2].map((k) => corner(u, k, 1)));
    const eps =
      Math.max(Math.abs(xs[1] - xs[0]), Math.abs(ys[1] - ys[0]), Math.abs(xs[4] - xs[3]), Math.abs(ys[4] - ys[3])) *
      1e-6;
    for (let tri = 0; tri < 2; tri++)
      for (let k = 0; k < 3; k++) {
        const i = tri * 3 + k,
          j = tri * 3 + ((k + 1) % 3);
        const nx = ys[j] - ys[i],
          ny = xs[i] - xs[j];
        const len = Math.hypot(nx, ny);
        if (len === 0) return true;
        const a = [0, 1, 2].map((m) => (xs[m] * nx + ys[m] * ny) / len);
        const b = [3, 4, 5].map((m) => (xs[m] * nx + ys[m] * ny) / len);
        if (Math.max(...a) <= Math.min(...b) + eps || Math.max(...b) <= Math.min(...a) + eps) return true;
      }
    return false;
  };
  lists.forEach((list, cell) => {
    const cx = cell % grid,
      cy = Math.floor(cell / grid);
    for (let i = 1; i < list.length; i++) {
      const t = list[i];
      for (let j = 0; j < i && !flagged[t]; j++) {
        const u = list[j];
        const [a, b] = [boxes[t], boxes[u]];
        if (flagged[u] || a[0] >= b[1] || b[0] >= a[1] || a[2] >= b[3] || b[2] >= a[3]) continue;
        if (Math.max(cellOf(a[0]), cellOf(b[0])) !== cx || Math.max(cellOf(a[2]), cellOf(b[2])) !== cy) continue;
        const shared = [0, 1, 2].filter((k) => [0, 1, 2].some((m) => I[t * 3 + k] === I[u * 3 + m])).length;
        if (shared === 2 && area(t) * area(u) > 0) continue;
        if (!separated(t, u)) flagged[t] = 1;
      }
    }
  });
  return flagged;
}

/** The overlapping soups of the first test, for the walk on two threads. */
const soups: Array<[Uint32Array, Float32Array, Uint8Array]> = [];

test('the overlap check flags the same triangles as normalising every axis, overlaps or none', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const next = random(seed);
    const faces = 600 + seed * 150;
    // Small triangles scattered over the square (many overlaps, some sharing corners and edges), and
    // a strip of edge neighbours that only touch.
    const uvs: number[] = [];
    const indices: number[] = [];
    for (let t = 0; t < faces; t++) {
      const [u, v, s] = [next(), next(), 0.01 + next() * 0.05];
      const base = uvs.length / 2;
      uvs.push(u, v, Math.min(1, u + s), v + next() * s * 0.2, u + next() * s, Math.min(1, v + s));
      indices.push(base, base + 1, base + 2);
      if (t % 7 === 0 && t > 0) indices.push(base, base - 2, base + 1); // shares corners with a neighbour
    }
    // A strip of quads, two triangles each across their diagonal: neighbours touching along edges.
    const strip = uvs.length / 2;
    for (let i = 0; i <= 200; i++) uvs.push(0.2 + i * 0.003, 0.5, 0.2 + i * 0.003, 0.503);
    for (let i = 0; i < 200; i++) {
      const [a, b, c, d] = [strip + i * 2, strip + i * 2 + 2, strip + i * 2 + 3, strip + i * 2 + 1];
      indices.push(a, b, c, a, c, d);
    }
    const I = new Uint32Array(indices),
      U = new Float32Array(uvs);
    const expected = overlapsNormalised(I, U);
    assert.ok(expected.some(Boolean), 'the soup should overlap somewhere');
    assert.deepEqual(overlappingTriangles(I, U), expected, `seed ${seed}`);
    // Crowded enough for the box tree by default; the cell walk gives the same answer.
    assert.ok(gridPairsPerFace(I, U) > OVERLAP_TREE_MIN_PAIRS_PER_FACE);
    assert.deepEqual(overlappingTriangles(I, U, Infinity), expected, `seed ${seed}, cell walk`);
    soups.push([I, U, expected]);
  }
  // A closed surface laid out flat per triangle without overlap: nothing flagged by either.
  const sphere = icosphere(2);
  const faces = sphere.indices.length / 3;
  const side = Math.ceil(Math.sqrt(faces));
  const uvs = new Float32Array(faces * 6);
  const indices = new Uint32Array(faces * 3);
  for (let t = 0; t < faces; t++) {
    const [x, y] = [(t % side) / side, Math.floor(t / side) / side];
    uvs.set([x, y, x + 0.9 / side, y, x, y + 0.9 / side], t * 6);
    indices.set([t * 3, t * 3 + 1, t * 3 + 2], t * 3);
  }
  assert.deepEqual(overlappingTriangles(indices, uvs), overlapsNormalised(indices, uvs));
  assert.ok(!overlappingTriangles(indices, uvs).some(Boolean));
  assert.ok(!overlappingTriangles(indices, uvs, 0).some(Boolean), 'box tree');
});

test('the cell walk shared with the bake helper thread flags the same triangles, chunk for chunk', async () => {
  assert.ok(soups.length > 0);
  await warmBakeHelper();
  for (const [I, U, expected] of soups) {
    assert.deepEqual(overlappingTriangles(I, U, Infinity, true), expected);
    // Slivers across many cells and chunks.
    const stretched = U.map((x, i) => (i % 2 === 0 ? x : x * 0.1 + (i % 6) * 0.15));
    assert.deepEqual(overlappingTriangles(I, stretched, Infinity, true), overlapsNormalised(I, stretched));
  }
});

/** Pairs of triangles sharing a cell of the check's grid, as the choice between its two paths counts them. */
function gridPairsPerFace(I: Uint32Array, uvs: Float32Array): number {
  const faces = I.length / 3;
  const grid = Math.max(1, Math.min(4096, Math.ceil(Math.sqrt(faces))));
  const cellOf = (x: number) => Math.min(grid - 1, Math.max(0, Math.floor(x * grid)));
  const counts = new Map<number, number>();
  for (let t = 0; t < faces; t++) {
    const us = [0, 1, 2].map((k) => uvs[I[t * 3 + k] * 2]),
      vs = [0, 1, 2].map((k) => uvs[I[t * 3 + k] * 2 + 1]);
    for (let y = cellOf(Math.min(...vs)); y <= cellOf(Math.max(...vs)); y++)
      for (let x = cellOf(Math.min(...us)); x <= cellOf(Math.max(...us)); x++)
        counts.set(y * grid + x, (counts.get(y * grid + x) ?? 0) + 1);
  }
  let pairs = 0;
  for (const c of counts.values()) pairs += (c * (c - 1)) / 2;
  return pairs / faces;
}

test('crowded layouts (every triangle in one strip, long slivers) take the box tree and flag the same triangles', () => {
  for (const seed of [11, 12, 13, 14]) {
    const next = random(seed);
    const faces = 1500 + seed * 100;
    const uvs: number[] = [];
    const indices: number[] = [];
    for (let t = 0; t < faces; t++) {
      const base = uvs.length / 2;
      if (t % 5 === 0) {
        // A sliver across a tenth of the strip, at a slant.
        const [u, v] = [next() * 0.9, next() * 0.02];
        uvs.push(u, v, u + 0.1, v + next() * 0.004, u + 0.1, v + 0.0005);
      } else {
        // Small triangles packed into a strip 0.025 high, a sixth of them sharing an edge with the last.
        const [u, v, s] = [next(), next() * 0.02, 0.001 + next() * 0.004];
        uvs.push(u, v, Math.min(1, u + s), v + next() * s * 0.2, u + next() * s, v + s);
      }
      indices.push(base, base + 1, base + 2);
      if (t % 6 === 0 && t > 0) indices.push(base, base - 2, base + 1);
    }
    const I = new Uint32Array(indices),
      U = new Float32Array(uvs);
    assert.ok(gridPairsPerFace(I, U) > OVERLAP_TREE_MIN_PAIRS_PER_FACE, `seed ${seed}: crowded enough for the tree`);
    const expected = overlapsNormalised(I, U);
    assert.ok(expected.some(Boolean), 'the strip should overlap somewhere');
    assert.deepEqual(overlappingTriangles(I, U), expected, `seed ${seed}`);
  }
});

test('the box tree reports every overlapping pair of boxes once, as comparing all pairs does', () => {
  for (const [seed, count] of [
    [1, 1],
    [2, 7],
    [3, 9],
    [4, 300],
    [5, 1000],
  ]) {
    const next = random(seed);
    const box = new Float32Array(count * 4);
    for (let i = 0; i < count; i++) {
      // Some boxes repeated exactly, some touching the last along an edge (touching is not overlapping).
      const [u, v, w, h] = [next(), next() * 0.3, next() * 0.2, next() * 0.05];
      if (i > 0 && i % 9 === 0) box.set(box.subarray((i - 1) * 4, i * 4), i * 4);
      else if (i > 0 && i % 7 === 0) box.set([box[(i - 1) * 4 + 1], box[(i - 1) * 4 + 1] + w, v, v + h], i * 4);
      else box.set([u, u + w, v, v + h], i * 4);
    }
    const expected: string[] = [];
    for (let a = 0; a < count; a++)
      for (let b = 0; b < a; b++)
        if (
          !(box[a * 4] >= box[b * 4 + 1] || box[b * 4] >= box[a * 4 + 1]) &&
          !(box[a * 4 + 2] >= box[b * 4 + 3] || box[b * 4 + 2] >= box[a * 4 + 3])
        )
          expected.push(`${a},${b}`);
    const found: string[] = [];
    boxOverlapPairs(box, (a, b) => found.push(`${Math.max(a, b)},${Math.min(a, b)}`));
    assert.deepEqual(found.sort(), expected.sort(), `seed ${seed}, ${count} boxes`);
  }
});
