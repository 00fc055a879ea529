import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  earliest,
  firstMatch,
  kindWords,
  patternTable,
  sensesOf,
} from '../../../../src/engines/generate/text/reading-kit.ts';

const SHAPES = ['hoop', 'disk', 'rod'] as const;

test('a pattern row joins its alternatives into one pattern, rows kept in order', () => {
  const table = patternTable(
    [
      ['hoop', '\\bhoops?\\b', '\\brings?\\b'],
      ['rod', '\\brods?\\b'],
    ],
    SHAPES,
    'rows.yaml',
  );
  assert.deepEqual(
    table.map(([pattern, value]) => [pattern.source, value]),
    [
      ['\\bhoops?\\b|\\brings?\\b', 'hoop'],
      ['\\brods?\\b', 'rod'],
    ],
  );
  assert.equal(firstMatch(table, 'a ring on a rod'), 'hoop');
  // The rod is named first: the earliest match wins, whatever the rows' order.
  assert.equal(earliest(table, 'a rod with a ring'), 'rod');
  assert.equal(earliest(table, 'a plain slab'), undefined);
});

test('a pattern row whose value the reader does not make is refused, naming the file and the row', () => {
  assert.throws(
    () =>
      patternTable(
        [
          ['hoop', 'ring'],
          ['cube', 'box'],
        ],
        SHAPES,
        'rows.yaml',
      ),
    /rows\.yaml: row 2: "cube" is not one of hoop,disk,rod/,
  );
});

test('the classes above a sense are read nearest first, as many levels as asked', () => {
  const [sense] = sensesOf('bazooka');
  const one = kindWords(sense, 1);
  const two = kindWords(sense, 2);
  assert.ok(one.length > 0);
  assert.deepEqual(two.slice(0, one.length), one);
  assert.ok(two.length > one.length);
});
