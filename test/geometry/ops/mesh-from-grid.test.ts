import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isWatertight, meshFromGrid, meshVolume } from '../../../src/geometry/ops/index.ts';

function sphereField(n: number, r: number): Float32Array {
  const values = new Float32Array(n * n * n);
  const c = (n - 1) / 2;
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) values[x + n * (y + n * z)] = Math.hypot(x - c, y - c, z - c) - r;
  return values;
}

test('a sphere field gives a closed, outward surface of the right volume', () => {
  const n = 48,
    r = 18,
    spacing = 0.5;
  const mesh = meshFromGrid(sphereField(n, r), [n, n, n], [0, 0, 0], spacing, 0);
  assert.equal(isWatertight(mesh, { byPosition: false }), true);
  const expected = (4 / 3) * Math.PI * (r * spacing) ** 3;
  const volume = meshVolume(mesh);
  assert.ok(Math.abs(volume - expected) / expected < 0.01, `volume ${volume} vs ${expected}`);
  // Centre of the sphere lies at origin + spacing * c.
  const c = ((n - 1) / 2) * spacing;
  const p = mesh.positions;
  for (let v = 0; v < p.length / 3; v += 97) {
    const d = Math.hypot(p[v * 3] - c, p[v * 3 + 1] - c, p[v * 3 + 2] - c);
    assert.ok(Math.abs(d - r * spacing) < spacing, `vertex ${v} at radius ${d}`);
  }
});

test('iso selects the level and a region touching the grid border is still closed', () => {
  const n = 16;
  const values = new Float32Array(n * n * n).fill(-1);
  const mesh = meshFromGrid(values, [n, n, n], [0, 0, 0], 1, 0);
  assert.equal(isWatertight(mesh), true);
  // Capped half a spacing beyond the outer samples: close to (n - 1 + 1)^3.
  assert.ok(meshVolume(mesh) > (n - 1) ** 3 && meshVolume(mesh) <= n ** 3);
  const inner = meshFromGrid(sphereField(n, 4), [n, n, n], [0, 0, 0], 1, 2);
  const v = meshVolume(inner);
  assert.ok(Math.abs(v - (4 / 3) * Math.PI * 216) / ((4 / 3) * Math.PI * 216) < 0.05, `iso 2 volume ${v}`);
  assert.equal(meshFromGrid(new Float32Array(27).fill(1), [3, 3, 3]).indices.length, 0);
});

test('two separate blobs give two closed shells', () => {
  const n = 32;
  const values = new Float32Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++)
        values[x + n * (y + n * z)] = Math.min(
          Math.hypot(x - 8, y - 16, z - 16) - 5,
          Math.hypot(x - 24, y - 16, z - 16) - 5,
        );
  const mesh = meshFromGrid(values, [n, n, n]);
  assert.equal(isWatertight(mesh), true);
  const expected = 2 * (4 / 3) * Math.PI * 125;
  assert.ok(Math.abs(meshVolume(mesh) - expected) / expected < 0.03);
});
