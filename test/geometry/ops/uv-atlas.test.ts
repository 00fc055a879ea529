import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Mesh } from '../../../src/geometry/mesh.ts';
import {
  generateUvAtlas,
  isWatertight,
  meshFromGrid,
  simplifyToBudget,
  toQuadDominant,
  packCharts,
  subdivideToCount,
} from './helpers.ts';
import { box, icosphere } from './fixtures.ts';

/**
 * Rasterises every triangle's UV image at `size` (strict interiors) and counts texels claimed twice:
 * an independent check that no two triangles, in one chart or in two, share atlas area.
 */
function overlapTexels(mesh: Mesh, size: number): number {
  const owner = new Int32Array(size * size).fill(-1);
  const I = mesh.indices,
    U = mesh.uvs!;
  let overlaps = 0;
  for (let t = 0; t < I.length / 3; t++) {
    const [ax, ay, bx, by, cx, cy] = [0, 1, 2].flatMap((k) => [
      U[I[t * 3 + k] * 2] * size,
      U[I[t * 3 + k] * 2 + 1] * size,
    ]);
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0) continue;
    for (
      let y = Math.max(0, Math.floor(Math.min(ay, by, cy)));
      y <= Math.min(size - 1, Math.ceil(Math.max(ay, by, cy)));
      y++
    )
      for (
        let x = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
        x <= Math.min(size - 1, Math.ceil(Math.max(ax, bx, cx)));
        x++
      ) {
        const px = x + 0.5,
          py = y + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        if (w0 <= 0 || w1 <= 0 || 1 - w0 - w1 <= 0) continue;
        if (owner[y * size + x] >= 0) overlaps++;
        owner[y * size + x] = t;
      }
  }
  return overlaps;
}

function assertAtlas(source: Mesh, atlas: Mesh, size: number): void {
  assert.ok(atlas.uvs, 'no uvs');
  assert.equal(atlas.indices.length, source.indices.length);
  assert.deepEqual(atlas.groups, source.groups);
  for (const v of atlas.uvs!) assert.ok(v >= 0 && v <= 1, `uv ${v} outside [0, 1]`);
  assert.equal(overlapTexels(atlas, size), 0);
  // Same surface: each triangle keeps its corner positions.
  for (let i = 0; i < source.indices.length; i += 97)
    for (let k = 0; k < 3; k++)
      assert.equal(atlas.positions[atlas.indices[i] * 3 + k], source.positions[source.indices[i] * 3 + k]);
  assert.equal(isWatertight(atlas), isWatertight(source), 'seam splits must not open the surface by position');
}

test('a box gets six non-overlapping charts inside the unit square', () => {
  const source = box();
  const atlas = generateUvAtlas(source);
  assertAtlas(source, atlas, 256);
  assert.equal(atlas.positions.length / 3, 24, 'each face its own chart: 6 × 4 corners');
  // Charts are scaled uniformly: every face of the unit cube covers the same UV area.
  const areas = [0, 2, 4, 6, 8, 10].map((t) => {
    let sum = 0;
    for (const u of [t, t + 1]) {
      const [a, b, c] = [0, 1, 2].map((k) => atlas.indices[u * 3 + k]);
      const U = atlas.uvs;
      sum +=
        Math.abs(
          (U[b * 2] - U[a * 2]) * (U[c * 2 + 1] - U[a * 2 + 1]) - (U[b * 2 + 1] - U[a * 2 + 1]) * (U[c * 2] - U[a * 2]),
        ) / 2;
    }
    return sum;
  });
  for (const a of areas) assert.ok(Math.abs(a - areas[0]) < 1e-6);
});

test('a noisy level-set surface (as the engines make) gets a valid atlas, quads kept whole', async () => {
  const n = 40;
  const values = new Float32Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++)
        values[x + n * (y + n * z)] =
          Math.min(Math.hypot(x - 20, y - 20, z - 20) - 12, Math.hypot(x - 20, y - 8, z - 20) - 7) +
          1.5 * Math.sin(x * 0.9) * Math.cos(y * 0.7);
  const surface = meshFromGrid(values, [n, n, n], [0, 0, 0], 0.05, 0);
  const atlas = generateUvAtlas(surface);
  assertAtlas(surface, atlas, 1024);

  const quads = toQuadDominant(await simplifyToBudget(surface, 4000));
  const quadAtlas = generateUvAtlas(quads);
  assertAtlas(quads, quadAtlas, 1024);
  for (let t = 0; t < quads.indices.length / 3; t++) {
    if (!quads.quads![t]) continue;
    assert.equal(quadAtlas.quads![t], 1);
    // Both halves still share the diagonal vertices (one chart).
    assert.equal(quadAtlas.indices[t * 3 + 3], quadAtlas.indices[t * 3]);
    assert.equal(quadAtlas.indices[t * 3 + 4], quadAtlas.indices[t * 3 + 2]);
  }
});

test('the gutter between charts is at least the padding at the target texture size', () => {
  const atlas = generateUvAtlas(icosphere(3), { textureSize: 512, padding: 4 });
  assertAtlas(icosphere(3), atlas, 512);
  const rects = [
    { width: 1, height: 2 },
    { width: 3, height: 1 },
    { width: 1, height: 1 },
  ];
  const pack = packCharts(rects, 0.5);
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) {
      const gapX = Math.max(pack.x[j] - (pack.x[i] + rects[i].width), pack.x[i] - (pack.x[j] + rects[j].width));
      const gapY = Math.max(pack.y[j] - (pack.y[i] + rects[i].height), pack.y[i] - (pack.y[j] + rects[j].height));
      assert.ok(Math.max(gapX, gapY) >= 0.5 - 1e-9, `charts ${i} and ${j} closer than the gutter`);
    }
  for (let i = 0; i < rects.length; i++)
    assert.ok(pack.x[i] + rects[i].width <= pack.side && pack.y[i] + rects[i].height <= pack.side);
});

test('a long thin part is cut into pieces so the charts fill the square instead of one strip', () => {
  // 40 × 1 × 1: unsplit, the square is as wide as the 40-long sides and the charts cover 10 % of it.
  const source = subdivideToCount(box([0, 0, 0], [40, 1, 1]), 6000);
  const atlas = generateUvAtlas(source);
  assertAtlas(source, atlas, 1024);
  let covered = 0;
  const U = atlas.uvs;
  for (let t = 0; t < atlas.indices.length / 3; t++) {
    const [a, b, c] = [0, 1, 2].map((k) => atlas.indices[t * 3 + k]);
    covered +=
      Math.abs(
        (U[b * 2] - U[a * 2]) * (U[c * 2 + 1] - U[a * 2 + 1]) - (U[b * 2 + 1] - U[a * 2 + 1]) * (U[c * 2] - U[a * 2]),
      ) / 2;
  }
  assert.ok(covered > 0.4, `charts cover ${(covered * 100).toFixed(1)} % of the square`);
});
