import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MODEL_FORMATS, OUTPUT_FORMATS } from '../../src/domain/task-spec.ts';
import * as geometry from '../../src/geometry/formats.ts';

// domain/ (the request vocabulary) and geometry/ (what the readers and writers handle) each hold their
// list so neither imports the other; they must name the same formats.
test('every output format a request may ask for is one geometry writes, and back', () => {
  assert.deepEqual([...OUTPUT_FORMATS].sort(), [...geometry.EXPORT_FORMATS].sort());
});

test('every model format a Bang upload may be in is one geometry reads, and back', () => {
  assert.deepEqual([...MODEL_FORMATS].sort(), [...geometry.MODEL_FORMATS].sort());
});
