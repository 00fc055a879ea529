import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMesh, createNode, defaultMaterial, type Scene } from '../../../src/geometry/mesh.ts';
import {
  computeNormals,
  flattenScene,
  isWatertight,
  meshVolume,
  weld,
  edgeReport,
} from '../../../src/geometry/ops/index.ts';
import { box, icosphere, soupBox } from './fixtures.ts';

test('volume of known solids', () => {
  assert.ok(Math.abs(meshVolume(box([0, 0, 0], [2, 3, 4])) - 24) < 1e-5);
  const sphere = icosphere(4, 2);
  // An inscribed polyhedron is slightly smaller than the sphere.
  const exact = (4 / 3) * Math.PI * 8;
  assert.ok(meshVolume(sphere) < exact && meshVolume(sphere) > exact * 0.98);
});

test('watertightness: closed, open, flipped, non-manifold', () => {
  assert.equal(isWatertight(box()), true);
  assert.equal(isWatertight(icosphere(2)), true);
  const open = box();
  open.indices = open.indices.slice(0, 33);
  open.groups = [{ start: 0, count: 11, material: 0 }];
  assert.equal(isWatertight(open), false);
  assert.equal(edgeReport(open).boundaryEdges, 3);
  const flipped = box();
  flipped.indices = flipped.indices.slice();
  [flipped.indices[1], flipped.indices[2]] = [flipped.indices[2], flipped.indices[1]];
  assert.equal(isWatertight(flipped), false);
  // Soup: closed by position, open by index.
  assert.equal(isWatertight(soupBox()), true);
  assert.equal(isWatertight(soupBox(), { byPosition: false }), false);
});

test('weld merges a triangle soup into 8 shared vertices and keeps groups', () => {
  const soup = soupBox();
  soup.groups = [
    { start: 0, count: 6, material: 0 },
    { start: 6, count: 6, material: 1 },
  ];
  const welded = weld(soup);
  assert.equal(welded.positions.length / 3, 8);
  assert.equal(welded.indices.length / 3, 12);
  assert.deepEqual(welded.groups, soup.groups);
  assert.equal(isWatertight(welded, { byPosition: false }), true);
  // Tolerance merges near points; a zero tolerance does not.
  const jittered = soupBox();
  jittered.positions = jittered.positions.map((v, i) => v + (i % 7) * 1e-5);
  assert.ok(weld(jittered).positions.length / 3 > 8);
  assert.equal(weld(jittered, { tolerance: 1e-3 }).positions.length / 3, 8);
});

test('weld keeps UV seams unless told otherwise', () => {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
  const uvs = new Float32Array([0, 0, 1, 0, 0, 1, 0.5, 0, 0, 0.5, 1, 1]);
  const mesh = createMesh(positions, new Uint32Array([0, 1, 2, 3, 5, 4]), { uvs });
  assert.equal(weld(mesh).positions.length / 3, 6);
  assert.equal(weld(mesh, { keepSeams: false }).positions.length / 3, 4);
});

test('normals point outwards and are unit length', () => {
  const sphere = computeNormals(icosphere(2));
  const { positions: p, normals: n } = sphere;
  for (let v = 0; v < p.length / 3; v++) {
    const dot = p[v * 3] * n![v * 3] + p[v * 3 + 1] * n![v * 3 + 1] + p[v * 3 + 2] * n![v * 3 + 2];
    assert.ok(dot > 0.95, `normal ${v} points inwards`);
    assert.ok(Math.abs(Math.hypot(n![v * 3], n![v * 3 + 1], n![v * 3 + 2]) - 1) < 1e-5);
  }
});

test('flattenScene applies node transforms, keeps groups and fixes mirrored winding', () => {
  const child = createNode('child', box());
  child.translation = [10, 0, 0];
  child.scale = [2, 2, 2];
  const mirrored = createNode('mirror', { ...box(), groups: [{ start: 0, count: 12, material: 1 }] });
  mirrored.scale = [-1, 1, 1];
  const parent = createNode('parent', undefined, [child, mirrored]);
  // 90° about Y maps +x to -z.
  parent.rotation = [0, Math.SQRT1_2, 0, Math.SQRT1_2];
  const scene: Scene = { materials: [defaultMaterial('a'), defaultMaterial('b')], roots: [parent] };
  const flat = flattenScene(scene);
  assert.equal(flat.indices.length / 3, 24);
  assert.deepEqual(flat.groups, [
    { start: 0, count: 12, material: 0 },
    { start: 12, count: 12, material: 1 },
  ]);
  assert.ok(Math.abs(meshVolume(flat) - (8 + 1)) < 1e-4, `volume ${meshVolume(flat)}`);
  // The scaled child box sits around z = -10 … -12 after the rotation.
  const z = flat.positions.filter((_, i) => i % 3 === 2).slice(0, 8);
  assert.ok(Math.max(...z) < -9.9 && Math.min(...z) > -12.1, `z range ${Math.min(...z)}…${Math.max(...z)}`);
  assert.equal(isWatertight(flat), true);
});

test('weld with a tolerance finds neighbours across grid-cell borders', () => {
  // 125 lattice points, each present 4 times jittered by up to ±4e-4 around integer coordinates, which
  // sit exactly on the welding grid's cell borders.
  const copies = 4;
  const positions: number[] = [];
  let seed = 7;
  const jitter = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 8e-4;
  for (let c = 0; c < copies; c++)
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++) for (let z = 0; z < 5; z++) positions.push(x + jitter(), y + jitter(), z + jitter());
  const count = positions.length / 3;
  const indices = new Uint32Array(count * 3).map((_, i) => Math.floor(i / 3)); // degenerate triangles, kept
  const mesh = createMesh(new Float32Array(positions), indices);
  const welded = weld(mesh, { tolerance: 2e-3, removeDegenerate: false });
  assert.equal(welded.positions.length / 3, 125);
  assert.equal(weld(mesh, { tolerance: 1e-5, removeDegenerate: false }).positions.length / 3, count);
});
