/** How tips hang together: heads with many small ends fold into one, a leg paired off with a tail rejoins its hip. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readHubs, type BodyTree, type TipTree } from '../../../src/engines/rig/tip-tree.ts';

const tipsOf = (body: BodyTree | null) =>
  body?.hubs
    .map((hub) => hub.tips.map((t) => `${t.tip}:${t.length.toFixed(2)}`).sort())
    .sort((a, b) => a.length - b.length || a[0].localeCompare(b[0]));

test('a head with a horn and two ears (three short ends on a neck) folds into one head tip', () => {
  // Tips: back legs 0, 1 and tail 2 at hub 8; front legs 3, 4 at hub 9; horn 5 and ears 6, 7 at hub 10.
  const tree: TipTree = {
    tipCount: 8,
    nodeCount: 11,
    edges: [
      [0, 8, 0.3],
      [1, 8, 0.3],
      [2, 8, 0.2],
      [3, 9, 0.3],
      [4, 9, 0.3],
      [8, 9, 0.4],
      [9, 10, 0.15],
      [5, 10, 0.2],
      [6, 10, 0.1],
      [7, 10, 0.1],
    ],
  };
  const body = readHubs(tree, 0.05);
  assert.deepEqual(tipsOf(body), [
    ['0:0.30', '1:0.30', '2:0.20'],
    ['3:0.30', '4:0.30', '5:0.35'],
  ]);
  assert.equal(body?.trunk, 0.4);
});

test('a leg paired off with the tail rejoins its hip only when asked (splitHips)', () => {
  // Head 0 and front legs 1, 2 at hub 6; back leg 3 at hub 7; the other back leg 4 and the tail 5 at leaf hub 8.
  const tree: TipTree = {
    tipCount: 6,
    nodeCount: 9,
    edges: [
      [0, 6, 0.5],
      [1, 6, 0.25],
      [2, 6, 0.25],
      [6, 7, 0.12],
      [3, 7, 0.2],
      [7, 8, 0.09],
      [4, 8, 0.18],
      [5, 8, 0.25],
    ],
  };
  // Folded as if leg 4 were an ear beside the tail: one leg is lost.
  assert.deepEqual(tipsOf(readHubs(tree, 0.05)), [
    ['3:0.20', '5:0.34'],
    ['0:0.50', '1:0.25', '2:0.25'],
  ]);
  const body = readHubs(tree, 0.05, true);
  assert.deepEqual(tipsOf(body), [
    ['0:0.50', '1:0.25', '2:0.25'],
    ['3:0.20', '4:0.27', '5:0.34'],
  ]);
  assert.equal(body?.trunk, 0.12);
});
