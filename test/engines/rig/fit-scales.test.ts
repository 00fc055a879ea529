/**
 * The fitter's scales of tip prominence (fit.ts) on a Princeton human: with more ends than a body has
 * at the coarsest scale (fingers, spikes, horns, a weapon), coarser scales are read, so the limbs'
 * ends, the most prominent, still make a body.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIT_DEFAULTS, fitBody } from '../../../src/engines/rig/fit.ts';
import { buildVertexGraph } from '../../../src/engines/rig/surface.ts';
import { parseOff } from '../../../src/geometry/import/index.ts';

const psb = ['../../../../shared/data/psb-dev/off', '../../../../../shared/data/psb-dev/off']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((path) => existsSync(path));
const skipPsb = psb ? false : 'shared/data/psb-dev not found beside the checkout';

test('a body with more ends than a body has at the coarsest scale is read at coarser scales', { skip: skipPsb }, () => {
  const mesh = parseOff(readFileSync(`${psb}/1.off`));
  const graph = buildVertexGraph(mesh.positions, mesh.indices);
  // A coarsest scale so fine that fingers and bumps count: 13 ends, more than `maxTips`.
  const crowded = { ...FIT_DEFAULTS, extremities: { ...FIT_DEFAULTS.extremities, minProminence: 0.02 } };
  const read = fitBody(graph, 'auto', crowded);
  assert.ok(!('refusal' in read), 'refusal' in read ? read.refusal : '');
  assert.equal(read.plan.rigType, 'humanoid');
  const without = fitBody(graph, 'auto', { ...crowded, coarserScales: [] });
  assert.ok('refusal' in without && /13 clear ends, more than/.test(without.refusal));
});
