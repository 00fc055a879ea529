import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseOff } from '../../../src/geometry/import/off.ts';
import { GeometryInputError } from '../../../src/geometry/errors.ts';
import { meshBounds, triangleCount, vertexCount } from '../../../src/geometry/mesh.ts';

const PSB = fileURLToPath(new URL('../../../../shared/data/psb-dev', import.meta.url));

test('a hand-written OFF with a quad and comments parses to triangles', () => {
  const mesh = parseOff('OFF # header\n4 1 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n# the face\n4 0 1 2 3 255 0 0\n');
  assert.equal(vertexCount(mesh), 4);
  assert.equal(triangleCount(mesh), 2);
  assert.deepEqual(Array.from(mesh.indices), [0, 1, 2, 0, 2, 3]);
  assert.deepEqual(meshBounds(mesh), { min: [0, 0, 0], max: [1, 1, 0] });
});

test('broken OFF files are refused with a GeometryInputError', () => {
  const bad = [
    'PLY\n',
    'OFF\n3 1 0\n0 0 0\n1 0 0\n',
    'OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n',
    'OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n',
    'OFF\n3 1 0\n0 0 0\n1 nan 0\n0 1 0\n3 0 1 2\n',
    'OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n',
  ];
  for (const text of bad) assert.throws(() => parseOff(text), GeometryInputError, text);
});

test('every psb-dev mesh parses with the counts its header declares', (t) => {
  if (!existsSync(PSB)) return t.skip(`psb-dev data not found at ${PSB}`);
  const files = readdirSync(`${PSB}/off`).filter((f) => f.endsWith('.off'));
  const listed = readFileSync(`${PSB}/part-counts.txt`, 'utf8').trim().split('\n').length;
  assert.equal(files.length, listed, 'one OFF mesh per line of part-counts.txt');
  for (const file of files) {
    const text = readFileSync(`${PSB}/off/${file}`, 'utf8');
    const [nv, nf] = text.split('\n')[1].trim().split(/\s+/).map(Number);
    const mesh = parseOff(text);
    assert.equal(vertexCount(mesh), nv, file);
    assert.equal(triangleCount(mesh), nf, file);
    // The segmentation files give one line per face: face numbering must be preserved.
    const seg = readFileSync(`${PSB}/seg/${file.replace('.off', '')}/${file.replace('.off', '_0.seg')}`, 'utf8');
    assert.equal(seg.trim().split('\n').length, nf, file);
  }
});
