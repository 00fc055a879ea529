import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMesh, type Mesh } from '../../../src/geometry/mesh.ts';
import { edgeReport, isWatertight, meshVolume, repairToSolid } from './helpers.ts';
import { box, concat, icosphere, soupBox } from './fixtures.ts';

function withoutTriangles(mesh: Mesh, drop: (t: number) => boolean): Mesh {
  const kept: number[] = [];
  for (let t = 0; t < mesh.indices.length / 3; t++) if (!drop(t)) kept.push(...mesh.indices.subarray(t * 3, t * 3 + 3));
  return createMesh(mesh.positions, new Uint32Array(kept), mesh.uvs ? { uvs: mesh.uvs } : {});
}

test('a cube with a hole is closed without a rebuild', async () => {
  const holed = withoutTriangles(box(), (t) => t >= 10); // the +x face is missing
  assert.equal(isWatertight(holed), false);
  const { mesh, report } = await repairToSolid(holed);
  assert.equal(report.before.watertight, false);
  assert.equal(report.before.boundaryEdges, 4);
  assert.equal(report.after.watertight, true);
  assert.equal(report.filledHoles, 1);
  assert.equal(report.rebuilt, false);
  assert.equal(isWatertight(mesh), true);
  assert.ok(Math.abs(meshVolume(mesh) - 1) < 1e-5);
  assert.ok(report.steps.some((s) => s.includes('filled 1 holes')));
});

test('flipped faces are turned outwards, an inside-out mesh entirely', async () => {
  const flipped = box();
  flipped.indices = flipped.indices.slice();
  for (const t of [0, 5, 7])
    [flipped.indices[t * 3 + 1], flipped.indices[t * 3 + 2]] = [flipped.indices[t * 3 + 2], flipped.indices[t * 3 + 1]];
  const one = await repairToSolid(flipped);
  assert.equal(one.report.flippedTriangles, 3);
  assert.equal(isWatertight(one.mesh), true);
  assert.ok(Math.abs(meshVolume(one.mesh) - 1) < 1e-5);

  const inverted = box();
  inverted.indices = inverted.indices.map((v, i, a) => (i % 3 === 1 ? a[i + 1] : i % 3 === 2 ? a[i - 1] : v));
  assert.ok(meshVolume(inverted) < 0);
  const two = await repairToSolid(inverted);
  assert.equal(two.report.flippedTriangles, 12);
  assert.ok(Math.abs(meshVolume(two.mesh) - 1) < 1e-5);
});

test('duplicated vertices and faces are merged and dropped', async () => {
  const soup = soupBox();
  const doubled = concat(soup, soup); // every face twice, every vertex six times
  const { mesh, report } = await repairToSolid(doubled);
  assert.equal(report.weldedVertices, 72 - 8);
  assert.equal(report.removedDuplicates, 12);
  assert.equal(mesh.indices.length / 3, 12);
  assert.equal(mesh.positions.length / 3, 8);
  assert.equal(isWatertight(mesh, { byPosition: false }), true);
  assert.ok(Math.abs(meshVolume(mesh) - 1) < 1e-5);
});

test('overlapping closed shells are united into one solid by manifold-3d, materials and UVs kept', async () => {
  const shells = concat(box([0, 0, 0], [2, 2, 2]), box([1, 1, 1], [3, 3, 3]));
  shells.groups = [
    { start: 0, count: 12, material: 0 },
    { start: 12, count: 12, material: 1 },
  ];
  shells.uvs = new Float32Array(32).map((_, i) => (i < 16 ? 0.25 : 0.75)); // one UV per shell
  const { mesh, report } = await repairToSolid(shells);
  assert.equal(report.unionedShells, 2);
  assert.equal(report.rebuilt, false);
  assert.ok(Math.abs(meshVolume(mesh) - 15) < 1e-4, `volume ${meshVolume(mesh)}`);
  assert.equal(report.after.watertight, true);
  assert.deepEqual(
    mesh.groups.map((g) => g.material),
    [0, 1],
  );
  // Triangles of material 1 come from the second shell and carry its UV.
  for (const group of mesh.groups)
    for (let t = group.start; t < group.start + group.count; t++)
      for (let k = 0; k < 3; k++) assert.equal(mesh.uvs![mesh.indices[t * 3 + k] * 2], group.material ? 0.75 : 0.25);
});

test('a non-manifold union (cubes sharing an edge) is rebuilt into a closed solid', async () => {
  const touching = concat(box([0, 0, 0], [1, 1, 1]), box([1, 1, 0], [2, 2, 1]));
  assert.ok(edgeReport(touching).badEdges > 0 || !isWatertight(touching));
  const { mesh, report } = await repairToSolid(touching, { resolution: 48 });
  assert.equal(report.rebuilt, true);
  assert.equal(report.rebuildResolution, 48);
  assert.equal(report.after.watertight, true);
  assert.equal(isWatertight(mesh), true);
  assert.ok(Math.abs(meshVolume(mesh) - 2) < 0.1, `volume ${meshVolume(mesh)}`);
});

test('a large hole is rebuilt and an open sheet becomes a thin solid', async () => {
  const sphere = icosphere(3);
  const cap = withoutTriangles(sphere, (t) => {
    const y = sphere.positions[sphere.indices[t * 3] * 3 + 1];
    return y > 0.6; // a hole far larger than maxHoleEdges
  });
  const { mesh, report } = await repairToSolid(cap, { maxHoleEdges: 8, resolution: 48 });
  assert.ok(report.unfilledHoles >= 1);
  assert.equal(report.rebuilt, true);
  assert.equal(isWatertight(mesh), true);
  const full = (4 / 3) * Math.PI;
  assert.ok(meshVolume(mesh) > 0.8 * full && meshVolume(mesh) < 1.05 * full, `volume ${meshVolume(mesh)}`);

  const sheet = createMesh(new Float32Array([0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1]), new Uint32Array([0, 2, 1, 0, 3, 2]));
  const thin = await repairToSolid(sheet, { maxHoleEdges: 2, resolution: 32 });
  assert.equal(isWatertight(thin.mesh), true);
  assert.ok(meshVolume(thin.mesh) > 0 && meshVolume(thin.mesh) < 0.2, `sheet volume ${meshVolume(thin.mesh)}`);
});

test('a mesh that needs no rebuild keeps its UVs and material groups', async () => {
  const sphere = icosphere(2);
  const uvs = new Float32Array((sphere.positions.length / 3) * 2).map((_, i) => (i % 2 ? 0.3 : 0.7));
  const mesh = createMesh(sphere.positions, sphere.indices, { uvs });
  mesh.groups = [
    { start: 0, count: 100, material: 2 },
    { start: 100, count: 220, material: 5 },
  ];
  const { mesh: out, report } = await repairToSolid(mesh);
  assert.equal(report.rebuilt, false);
  assert.deepEqual(out.groups, mesh.groups);
  assert.ok(out.uvs?.every((v, i) => v === (i % 2 ? 0.3 : 0.7) || Math.abs(v - (i % 2 ? 0.3 : 0.7)) < 1e-6));
});
