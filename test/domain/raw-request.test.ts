import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KilnError } from '../../src/errors.ts';
import { booleanField, listField, rawRequest } from '../../src/domain/index.ts';

const booleanCases: Array<[string, boolean]> = [
  ['true', true],
  ['false', false],
  ['True', true],
  ['False', false],
  ['1', true],
  ['0', false],
  ['TRUE', true],
];
for (const [sent, expected] of booleanCases) {
  test(`boolean "${sent}" reads as ${expected}`, () => {
    assert.equal(booleanField(rawRequest({ uhd_texture: sent }), 'uhd_texture', !expected), expected);
  });
}

test('a boolean that is not one names the field', () => {
  assert.throws(
    () => booleanField(rawRequest({ uhd_texture: 'maybe' }), 'uhd_texture', false),
    (error: KilnError) => error.code === 'INVALID_REQUEST' && /uhd_texture/.test(error.message),
  );
});

const listCases: Array<[string, Parameters<typeof rawRequest>[0], string[]]> = [
  ['repeated fields', { addons: ['HighPack', 'Other'] }, ['HighPack', 'Other']],
  ['a JSON array string', { addons: '["HighPack"]' }, ['HighPack']],
  ['a JSON number array', { bbox_condition: '[100, 100, 100]' }, ['100', '100', '100']],
  ['a comma list', { addons: 'HighPack,Other' }, ['HighPack', 'Other']],
  ['a comma list with spaces', { bbox_condition: '100, 50 ,25' }, ['100', '50', '25']],
  ['an empty JSON array', { addons: '[]' }, []],
  ['the [] suffix of form arrays', { 'addons[]': ['HighPack'] }, ['HighPack']],
];
for (const [name, fields, expected] of listCases) {
  test(`arrays arrive as ${name}`, () => {
    const key = Object.keys(fields)[0].replace('[]', '');
    assert.deepEqual(listField(rawRequest(fields), key), expected);
  });
}
