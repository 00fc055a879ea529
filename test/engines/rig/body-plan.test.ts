/**
 * Body plans of six ends (body-plan.ts) on bodies built from capsules: a short-legged two-legged figure
 * with a tail, whose arms hang beside its legs so that its four limb ends have the body on one side,
 * is a humanoid (its legs run along the plane of those ends, not up from it); an animal standing on
 * four legs that rise from that plane is a quadruped. And the rings joints sit in (fit-skeleton.ts): on a
 * coarse part a narrow band holds a patch of the surface, which is widened into a loop.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BODY_PLAN_DEFAULTS } from '../../../src/engines/rig/body-plan.ts';
import { FIT_DEFAULTS, fitBody } from '../../../src/engines/rig/fit.ts';
import { JOINT_RING_DEFAULTS, loopAt } from '../../../src/engines/rig/fit-skeleton.ts';
import { distanceFrom } from '../../../src/engines/rig/geodesic.ts';
import { ringAt } from '../../../src/engines/rig/rings.ts';
import { buildVertexGraph } from '../../../src/engines/rig/surface.ts';
import { meshFromGrid } from '../../../src/geometry/ops/mesh-from-grid.ts';
import { icosphere } from '../../geometry/ops/fixtures.ts';

type V = [number, number, number];
/** A segment a → b swept by a ball of radius r. */
type Capsule = [V, V, number];

/** The closed surface of a union of capsules, sampled on a grid of the given spacing. */
function capsules(parts: Capsule[], spacing = 0.025) {
  const low: V = [Infinity, Infinity, Infinity];
  const high: V = [-Infinity, -Infinity, -Infinity];
  for (const [a, b, r] of parts) {
    for (let k = 0; k < 3; k++) {
      low[k] = Math.min(low[k], a[k] - r, b[k] - r);
      high[k] = Math.max(high[k], a[k] + r, b[k] + r);
    }
  }
  const origin = low.map((x) => x - 2 * spacing) as V;
  const dims = high.map((x, k) => Math.ceil((x - origin[k]) / spacing) + 3) as V;
  const values = new Float32Array(dims[0] * dims[1] * dims[2]);
  for (let z = 0; z < dims[2]; z++) {
    for (let y = 0; y < dims[1]; y++) {
      for (let x = 0; x < dims[0]; x++) {
        const p: V = [origin[0] + x * spacing, origin[1] + y * spacing, origin[2] + z * spacing];
        let distance = Infinity;
        for (const [a, b, r] of parts) {
          const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
          const ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
          const along = (ab[0] * ap[0] + ab[1] * ap[1] + ab[2] * ap[2]) / (ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2 || 1);
          const t = Math.max(0, Math.min(1, along));
          distance = Math.min(distance, Math.hypot(ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2]) - r);
        }
        values[x + dims[0] * (y + dims[1] * z)] = distance;
      }
    }
  }
  return meshFromGrid(values, dims, origin, spacing, 0, { normals: false });
}

function readPlan(parts: Capsule[], bodyPlan = BODY_PLAN_DEFAULTS) {
  const mesh = capsules(parts);
  const read = fitBody(buildVertexGraph(mesh.positions, mesh.indices), 'auto', { ...FIT_DEFAULTS, bodyPlan });
  assert.ok(!('refusal' in read), 'refusal' in read ? read.refusal : '');
  return read.plan;
}

// Up is +y, the front +z.
/** Short legs stepping forward, arms hanging back beside the hips to their level, a big head, a tail. */
const shortLeggedWithTail: Capsule[] = [
  [[0, 0, 0], [0, 0.55, 0], 0.16],
  [[0, 0.55, 0], [0, 0.75, 0.04], 0.09],
  [[0, 0.93, 0.06], [0, 0.93, 0.06], 0.19],
  [[0.12, -0.05, 0.02], [0.2, -0.45, 0.3], 0.075],
  [[-0.12, -0.05, 0.02], [-0.2, -0.45, 0.3], 0.075],
  [[0.15, 0.52, 0.02], [0.45, 0, -0.2], 0.06],
  [[-0.15, 0.52, 0.02], [-0.45, 0, -0.2], 0.06],
  [[0, 0.05, -0.12], [0, 0.12, -0.55], 0.045],
];

/** A trunk level over four straight legs, a head held up in front, a tail behind. */
const standingAnimal: Capsule[] = [
  [[0, 0.5, -0.3], [0, 0.5, 0.3], 0.14],
  [[0, 0.5, 0.3], [0, 0.72, 0.5], 0.08],
  [[0, 0.78, 0.6], [0, 0.78, 0.6], 0.12],
  [[0.1, 0.45, 0.25], [0.12, 0, 0.27], 0.06],
  [[-0.1, 0.45, 0.25], [-0.12, 0, 0.27], 0.06],
  [[0.1, 0.45, -0.25], [0.12, 0, -0.27], 0.06],
  [[-0.1, 0.45, -0.25], [-0.12, 0, -0.27], 0.06],
  [[0, 0.52, -0.4], [0, 0.3, -0.75], 0.04],
];

test('a short-legged figure with a tail whose hands hang by its hips is a humanoid: its legs run along the plane of its four limb ends', () => {
  const plan = readPlan(shortLeggedWithTail);
  assert.match(plan.evidence, /^six ends/);
  assert.equal(plan.rigType, 'humanoid', plan.evidence);
  // The same body read as before the legs' rise and the trunk's length were asked: the four limb ends make a floor.
  const floorOnly = readPlan(shortLeggedWithTail, { ...BODY_PLAN_DEFAULTS, legsOffFloor: 0, shortTrunk: 0 });
  assert.equal(floorOnly.rigType, 'quadruped', floorOnly.evidence);
});

test('an animal on four legs that rise from the plane of its feet is a quadruped', () => {
  const plan = readPlan(standingAnimal);
  assert.match(plan.evidence, /^six ends/);
  assert.equal(plan.rigType, 'quadruped', plan.evidence);
});

/** Crouched on upright legs under a short trunk, arms reaching forward and down to its feet's floor, a tail. */
const crouchedWithTail: Capsule[] = [
  [[0, 0.6, 0], [0, 0.9, 0.1], 0.15],
  [[0, 0.9, 0.1], [0, 1.02, 0.15], 0.08],
  [[0, 1.14, 0.2], [0, 1.14, 0.2], 0.14],
  [[0.12, 0.58, 0], [0.2, 0, 0.05], 0.07],
  [[-0.12, 0.58, 0], [-0.2, 0, 0.05], 0.07],
  [[0.16, 0.88, 0.1], [0.26, 0.02, 0.6], 0.06],
  [[-0.16, 0.88, 0.1], [-0.26, 0.02, 0.6], 0.06],
  [[0, 0.58, -0.12], [0, 0.35, -0.55], 0.045],
];

test('a crouched figure with a tail whose hands reach its feet is a humanoid: its trunk is short beside its legs', () => {
  const plan = readPlan(crouchedWithTail);
  assert.match(plan.evidence, /^six ends/);
  assert.equal(plan.rigType, 'humanoid', plan.evidence);
  // Without the trunk's length read, the four limb ends on one floor made it an animal.
  const floorOnly = readPlan(crouchedWithTail, { ...BODY_PLAN_DEFAULTS, shortTrunk: 0 });
  assert.equal(floorOnly.rigType, 'quadruped', floorOnly.evidence);
});

test('a joint ring of a handful of vertices on a coarse part is widened into a loop around it, its centroid inside', () => {
  const mesh = icosphere(1);
  const graph = buildVertexGraph(mesh.positions, mesh.indices);
  const field = distanceFrom(graph, 0);
  let far = 0;
  for (let v = 1; v < graph.vertexCount; v++) if (field.distance[v] > field.distance[far]) far = v;
  // Halfway round from vertex 0, with a band far narrower than the sphere's edges.
  const t = field.distance[far] / 2;
  const band = 0.1;
  const patch = ringAt(graph, field, far, t, band);
  assert.ok(patch.vertexCount < JOINT_RING_DEFAULTS.minVertices, `${patch.vertexCount} vertices`);
  const loop = loopAt(graph, field, far, t, band);
  assert.ok(loop.vertexCount >= JOINT_RING_DEFAULTS.minVertices, `${loop.vertexCount} vertices`);
  const fromCentre = (p: number[]) => Math.hypot(p[0], p[1], p[2]);
  assert.ok(fromCentre(patch.centroid) > 0.8, `patch centroid ${fromCentre(patch.centroid)} from the centre`);
  assert.ok(fromCentre(loop.centroid) < 0.5, `loop centroid ${fromCentre(loop.centroid)} from the centre`);
});
