import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseObj } from '../../../src/geometry/import/obj-parse.ts';
import { GeometryInputError } from '../../../src/geometry/errors.ts';

test('relative indices, v//vn corners, continuation lines and objects', () => {
  const doc = parseObj(
    [
      'mtllib a.mtl b.mtl',
      'o first',
      'v 0 0 0',
      'v 1 0 0',
      'v 1 1 0',
      'v 0 1 0',
      'vn 0 0 1',
      'usemtl red',
      'f -4//1 -3//1 -2//1 \\',
      '  -1//1',
      'o second',
      'v 5 5 5',
      'v 6 5 5',
      'v 5 6 5',
      'vt 0 0',
      'vt 1 0',
      'vt 0 1',
      'usemtl blue',
      'f 5/1 6/2 7/3',
      'usemtl red',
      'f 7/3 6/2 5/1',
    ].join('\r\n'),
  );
  assert.deepEqual(doc.mtllibs, ['a.mtl', 'b.mtl']);
  assert.deepEqual(
    doc.objects.map((o) => o.name),
    ['first', 'second'],
  );
  const [first, second] = doc.objects;
  assert.equal(first.mesh.indices.length / 3, 2, 'the quad is fanned into two triangles');
  assert.deepEqual(Array.from(first.mesh.quads!), [1, 0], 'and remembered as a quad');
  assert.equal(second.mesh.quads, undefined, 'triangle-only objects carry no quad marks');
  assert.equal(first.mesh.positions.length / 3, 4);
  assert.deepEqual(Array.from(first.mesh.normals!.subarray(0, 3)), [0, 0, 1]);
  assert.equal(first.mesh.uvs, undefined);
  assert.deepEqual(second.materialNames, ['blue', 'red']);
  assert.deepEqual(second.mesh.groups, [
    { start: 0, count: 1, material: 0 },
    { start: 1, count: 1, material: 1 },
  ]);
  assert.equal(second.mesh.positions.length / 3, 3, 'identical corners are shared');
  assert.deepEqual(Array.from(second.mesh.uvs!), [0, 1, 1, 1, 0, 0], 'v flipped to v-down');
  assert.equal(second.mesh.normals, undefined, 'normals only when every corner has one');
});

test('indices that point nowhere are refused with the line number', () => {
  for (const text of [
    'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n',
    'v 0 0 0\nf 0 1 1\n',
    'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/x 2 3\n',
    'v 0 0 0\nf 1 1\n',
  ]) {
    assert.throws(
      () => parseObj(text),
      (error: unknown) => error instanceof GeometryInputError && /Line \d/.test(error.message),
      text,
    );
  }
});
