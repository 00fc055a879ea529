import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMesh, type Mesh } from '../../../src/geometry/mesh.ts';
import { bakeTexture } from '../../../src/geometry/ops/index.ts';
import { bakeTiled, callOnHelper, warmBakeHelper } from '../../../src/geometry/ops/bake-tiles.ts';
import { testLayers } from './bake-tiles-shader.ts';

const SHADER = { module: new URL('./bake-tiles-shader.ts', import.meta.url).href, name: 'testLayers' };

/**
 * Overlapping triangles of every size in UV space: large ones across many bands, slivers, and tiny ones
 * (smaller than a texel, so they get their centroid texel) placed on band boundaries.
 */
function scatter(size: number, bandRows: number): Mesh {
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const positions: number[] = [];
  const uvs: number[] = [];
  const add = (cx: number, cy: number, extent: number) => {
    for (let k = 0; k < 3; k++) {
      const u = Math.min(1, Math.max(0, cx + (random() - 0.5) * extent));
      const v = Math.min(1, Math.max(0, cy + (random() - 0.5) * extent));
      uvs.push(u, v);
      positions.push(u * 2 - 1, v * 2 - 1, random() * 0.2);
    }
  };
  for (let i = 0; i < 60; i++) add(random(), random(), 0.05 + random() * 0.5);
  for (let i = 0; i < 60; i++) {
    // Centred on a band boundary (in texels), smaller than one texel.
    const row = bandRows * (1 + Math.floor(random() * (size / bandRows - 1)));
    add(random(), (row + (random() - 0.5) * 0.8) / size, 0.6 / size);
  }
  for (let i = 0; i < 20; i++) add(random(), random(), 3 / size);
  const count = positions.length / 3;
  return createMesh(
    new Float32Array(positions),
    Uint32Array.from({ length: count }, (_, i) => i),
    {
      uvs: new Float32Array(uvs),
    },
  );
}

test('a tiled bake is texel for texel the whole-image bake, on one thread and on two', async () => {
  const size = 96;
  const bandRows = 4;
  const mesh = scatter(size, bandRows);
  const input = { red: 0.25 };
  const whole = testLayers(mesh, input).map((layer) =>
    bakeTexture(mesh, {
      size,
      channels: layer.channels,
      background: layer.background,
      padding: layer.padding,
      shade: layer.shade,
    }),
  );
  await warmBakeHelper();
  for (const threads of [1, 2]) {
    const tiled = await bakeTiled(mesh, { ...SHADER, input }, { size, threads, bandRows, minSizeForHelper: 1 });
    assert.equal(tiled.length, 2);
    for (let i = 0; i < 2; i++) {
      assert.equal(tiled[i].channels, whole[i].channels);
      const differing = tiled[i].data.findIndex((byte, k) => byte !== whole[i].data[k]);
      assert.equal(differing, -1, `threads ${threads}, layer ${i}: first differing byte ${differing}`);
    }
  }
  // The shading did run (and read its input) on both layers.
  assert.ok(whole[0].data.some((byte, k) => k % 4 === 0 && byte > 64));
  assert.ok(whole[1].data.some((byte) => byte > 0));
});

test('beforeBands fills a shared buffer after the first layer is handed over, and the second layer reads it on both threads', async () => {
  const size = 96;
  const bandRows = 4;
  const mesh = scatter(size, bandRows);
  const filled = testLayers(mesh, { red: 0, late: Float32Array.of(0.37) });
  const whole = bakeTexture(mesh, { size, channels: 1, padding: filled[1].padding, shade: filled[1].shade });
  await warmBakeHelper();
  for (const threads of [1, 2]) {
    const late = new Float32Array(new SharedArrayBuffer(4));
    const calls: number[] = [];
    const tiled = await bakeTiled(
      mesh,
      { ...SHADER, input: { red: 0, late } },
      {
        size,
        threads,
        bandRows,
        minSizeForHelper: 1,
        beforeBands: (layer) => {
          calls.push(layer);
          if (layer === 0) late[0] = 0.37;
        },
      },
    );
    assert.deepEqual(calls, [0, 1]);
    const differing = tiled[1].data.findIndex((byte, k) => byte !== whole.data[k]);
    assert.equal(differing, -1, `threads ${threads}: first differing byte ${differing}`);
  }
});

test('a tiled bake with a ready helper shares the bands between the two threads', async () => {
  const size = 128;
  const mesh = scatter(size, 2);
  const reports: Array<{ bandsHere: number; bandsHelper: number }> = [];
  const logger = { debug: (fields: { bandsHere: number; bandsHelper: number }) => reports.push(fields), warn() {} };
  await warmBakeHelper();
  await bakeTiled(
    mesh,
    { ...SHADER, input: { red: 0, slow: 400 } },
    { size, threads: 2, bandRows: 2, minSizeForHelper: 1, logger: logger as never },
  );
  const [report] = reports;
  assert.equal(report.bandsHere + report.bandsHelper, 2 * (size / 2));
  assert.ok(report.bandsHelper > 0, `the helper baked no band (${JSON.stringify(report)})`);
});

test('after a bake of maps over keepHelperUpTo the helper thread is ended, and a later bake starts another', async () => {
  const size = 64;
  const mesh = scatter(size, 2);
  const reports: Array<{ bandsHere: number; bandsHelper: number }> = [];
  const logger = { debug: (fields: { bandsHere: number; bandsHelper: number }) => reports.push(fields), warn() {} };
  const options = { size, threads: 2, bandRows: 2, minSizeForHelper: 1, logger: logger as never };
  const first = warmBakeHelper();
  await first;
  await bakeTiled(mesh, { ...SHADER, input: { red: 0 } }, { ...options, keepHelperUpTo: size - 1 });
  // The retired thread is gone: warming starts a fresh one (a new promise), not ready at once.
  const second = warmBakeHelper();
  assert.notEqual(second, first);
  await bakeTiled(mesh, { ...SHADER, input: { red: 0 } }, options);
  assert.equal(reports[1].bandsHelper, 0);
  await second;
  await bakeTiled(mesh, { ...SHADER, input: { red: 0 } }, options);
  assert.equal(warmBakeHelper(), second, 'a bake within keepHelperUpTo keeps its helper');
});

test('a missing shader export is refused', async () => {
  const mesh = scatter(32, 4);
  await assert.rejects(
    bakeTiled(mesh, { module: SHADER.module, name: 'nothing', input: {} }, { size: 32 }),
    /has no export nothing/,
  );
});

test('callOnHelper runs a module export on the ready helper; a failing call rejects and the helper stays', async () => {
  const fn = { module: SHADER.module, name: 'doubledShared' };
  await warmBakeHelper();
  const answer = await callOnHelper<{ out: Float32Array; onHelper: boolean }>({ ...fn, input: { values: [1, 2.5] } });
  assert.ok(answer, 'a ready helper takes the call');
  assert.equal(answer.onHelper, true);
  assert.ok(answer.out.buffer instanceof SharedArrayBuffer);
  assert.deepEqual([...answer.out], [2, 5]);
  await assert.rejects(callOnHelper({ ...fn, input: { values: [], fail: true } })!, /asked to fail/);
  // Still the same thread, and a bake after the calls still shares its bands with it.
  const ready = warmBakeHelper();
  const again = await callOnHelper<{ out: Float32Array }>({ ...fn, input: { values: [3] } });
  assert.deepEqual([...again!.out], [6]);
  assert.equal(warmBakeHelper(), ready);
  const reports: Array<{ bandsHelper: number }> = [];
  const logger = { debug: (fields: { bandsHelper: number }) => reports.push(fields), warn() {} };
  const mesh = scatter(64, 2);
  const options = { size: 64, threads: 2, bandRows: 2, minSizeForHelper: 1, logger: logger as never };
  await bakeTiled(mesh, { ...SHADER, input: { red: 0, slow: 200 } }, options);
  assert.equal(reports.length, 1);
});
