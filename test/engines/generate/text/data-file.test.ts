import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Type } from '@sinclair/typebox';
import { byWord, readDataFile } from '../../../../src/engines/generate/text/data-file.ts';
import { MATERIAL_WORDS, RELATION_WORDS } from '../../../../src/engines/generate/text/understand/vocabulary.ts';

const ROWS = Type.Object({ sizes: Type.Record(Type.String(), Type.Array(Type.String())) });

function fileWith(text: string): URL {
  const path = join(mkdtempSync(join(tmpdir(), 'kiln-data-file-')), 'rows.yaml');
  writeFileSync(path, text);
  return pathToFileURL(path);
}

test('a data file that fits its schema is read as written, rows in order', () => {
  const rows = readDataFile(fileWith('sizes:\n  tall: [high, towering]\n  short: [low]\n'), ROWS);
  assert.deepEqual(byWord(rows.sizes, 'rows.yaml'), { high: 'tall', towering: 'tall', low: 'short' });
  assert.deepEqual(Object.keys(byWord(rows.sizes, 'rows.yaml')), ['high', 'towering', 'low']);
});

test('a row that breaks the schema is refused at load, naming the file and the place', () => {
  const url = fileWith('sizes:\n  tall: [high, 3]\n');
  assert.throws(() => readDataFile(url, ROWS), /rows\.yaml: \/sizes\/tall\/1: Expected string/);
});

test('a word listed under two rows is refused rather than the later row silently winning', () => {
  assert.throws(
    () => byWord({ tall: ['high'], big: ['large', 'high'] }, 'rows.yaml'),
    /"high" is listed under tall and big/,
  );
});

test('the vocabulary rows read as the tables the tokenizer uses', () => {
  assert.equal(MATERIAL_WORDS.oaken, 'wood');
  assert.equal(MATERIAL_WORDS['stainless steel'], 'metal');
  assert.deepEqual(
    RELATION_WORDS.filter(([, relation]) => relation === 'of').map(([phrase]) => phrase),
    ['made of', 'made from', 'of'],
  );
});
