import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMesh } from '../../../src/geometry/mesh.ts';
import { isWatertight, meshBoundsOf, meshFromGrid, meshVolume, simplifyToBudget } from './helpers.ts';
import { icosphere } from './fixtures.ts';

function within(actual: number, target: number): boolean {
  return Math.abs(actual - target) <= Math.max(1, target * 0.01);
}

// A closed blob with UV-free marching-tetrahedra triangles (like the engines' level sets).
function blob(n = 48) {
  const values = new Float32Array(n * n * n);
  const c = n / 2;
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++)
        values[x + n * (y + n * z)] = Math.min(
          Math.hypot(x - c, y - c, z - c) - n * 0.3,
          Math.hypot(x - c, y - n * 0.25, z - c) - n * 0.18,
        );
  return meshFromGrid(values, [n, n, n], [0, 0, 0], 1 / n, 0);
}

test('simplify lands on exact budgets below the input and keeps the shape closed', async () => {
  const source = blob();
  const faces = source.indices.length / 3;
  const volume = meshVolume(source);
  for (const budget of [2000, 5000, Math.round(faces / 3)]) {
    const out = await simplifyToBudget(source, budget);
    const got = out.indices.length / 3;
    assert.ok(within(got, budget), `budget ${budget}: got ${got}`);
    assert.equal(isWatertight(out), true, `budget ${budget} stays closed`);
    assert.ok(
      Math.abs(meshVolume(out) - volume) / volume < 0.03,
      `budget ${budget}: volume ${meshVolume(out)} vs ${volume}`,
    );
  }
});

test('below the budget the mesh is subdivided to it, shape and closedness unchanged', async () => {
  const sphere = icosphere(2); // 320 faces
  const volume = meshVolume(sphere);
  for (const budget of [1000, 4321, 50000]) {
    const out = await simplifyToBudget(sphere, budget);
    assert.ok(within(out.indices.length / 3, budget), `budget ${budget}: got ${out.indices.length / 3}`);
    assert.equal(isWatertight(out), true);
    assert.ok(Math.abs(meshVolume(out) - volume) < 1e-4, 'midpoint splits keep the volume');
    assert.deepEqual(meshBoundsOf(out), meshBoundsOf(sphere));
  }
});

test('UV seams and material groups survive simplification', async () => {
  // A sphere whose vertices are split along a seam (x < 0 halves get their own copies, other UVs).
  const sphere = icosphere(4);
  const vertexCount = sphere.positions.length / 3;
  const positions = new Float32Array(vertexCount * 6);
  positions.set(sphere.positions);
  positions.set(sphere.positions, vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 4);
  for (let v = 0; v < vertexCount; v++) {
    uvs[v * 2] = 0.25 + sphere.positions[v * 3] * 0.2;
    uvs[v * 2 + 1] = 0.5 + sphere.positions[v * 3 + 1] * 0.2;
    uvs[(vertexCount + v) * 2] = 0.75 + sphere.positions[v * 3 + 2] * 0.2;
    uvs[(vertexCount + v) * 2 + 1] = 0.5 + sphere.positions[v * 3 + 1] * 0.2;
  }
  const tris = sphere.indices.length / 3;
  const indices = new Uint32Array(sphere.indices.length);
  let east = 0;
  const order: number[] = [];
  for (let t = 0; t < tris; t++) {
    const cx =
      sphere.positions[sphere.indices[t * 3] * 3] +
      sphere.positions[sphere.indices[t * 3 + 1] * 3] +
      sphere.positions[sphere.indices[t * 3 + 2] * 3];
    if (cx >= 0) order.unshift(t), east++;
    else order.push(t);
  }
  order.forEach((t, i) => {
    for (let k = 0; k < 3; k++) indices[i * 3 + k] = sphere.indices[t * 3 + k] + (i < east ? 0 : vertexCount);
  });
  const mesh = createMesh(positions, indices, { uvs });
  mesh.groups = [
    { start: 0, count: east, material: 0 },
    { start: east, count: tris - east, material: 1 },
  ];
  const out = await simplifyToBudget(mesh, 1200);
  assert.ok(within(out.indices.length / 3, 1200), `got ${out.indices.length / 3}`);
  assert.equal(isWatertight(out), true, 'closed by position across the seam');
  assert.equal(out.groups.length, 2);
  // Every triangle of group 1 still uses only west-side UVs (u > 0.5), group 0 only east-side ones.
  for (const group of out.groups)
    for (let t = group.start; t < group.start + group.count; t++)
      for (let k = 0; k < 3; k++) {
        const u = out.uvs![out.indices[t * 3 + k] * 2];
        assert.equal(u > 0.5, group.material === 1, `triangle ${t} mixes UV islands`);
      }
});

test('with the helper thread checking closedness beside the simplifier, the same triangles come back', async () => {
  const { warmBakeHelper } = await import('../../../src/geometry/ops/bake-tiles.ts');
  await warmBakeHelper();
  const sphere = icosphere(4);
  // An open one too: the helper's answer (not closed) ends the attempts as the plain check does.
  const open = createMesh(sphere.positions, sphere.indices.slice(3));
  for (const mesh of [sphere, open]) {
    const plain = await simplifyToBudget(mesh, 1200);
    const helped = await simplifyToBudget(mesh, 1200, { helper: true });
    assert.deepEqual(helped.indices, plain.indices);
    assert.deepEqual(helped.positions, plain.positions);
  }
  assert.equal(isWatertight(await simplifyToBudget(sphere, 1200, { helper: true })), true);
});
