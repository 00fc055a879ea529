/** The objects' proportion tables as data (generators/proportions/*.json): every file loads, and the checks refuse bad rows. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { readdirSync } from 'node:fs';
import { proportionProblems, proportionRows } from '../../../../src/engines/generate/text/generators/proportions.ts';
import { generatorFor } from '../../../../src/engines/generate/text/generators/registry.ts';

test('every proportions file loads through the registry: its family checked each row against its schema', () => {
  const files = readdirSync(new URL('../../../../src/engines/generate/text/generators/proportions/', import.meta.url));
  assert.ok(files.filter((file) => file.endsWith('.json')).length > 0);
  // Loading the registry loads every family module, which reads (and checks) its own table.
  assert.ok(generatorFor('hat'));
});

test('the checks refuse an id listed twice, a misspelt field and a file without rows', () => {
  const schema = Type.Object({ brim: Type.Number() }, { additionalProperties: false });
  assert.deepEqual(proportionProblems({ about: 'ok', rows: [{ id: 'cap', brim: 0 }] }, schema), []);
  assert.match(
    proportionProblems(
      {
        about: 'twice',
        rows: [
          { id: 'cap', brim: 0 },
          { id: 'cap', brim: 1 },
        ],
      },
      schema,
    ).join(),
    /cap: listed twice/,
  );
  assert.match(proportionProblems({ about: 'typo', rows: [{ id: 'cap', brimm: 0 }] }, schema).join(), /^cap\//);
  assert.notDeepEqual(proportionProblems({ about: 'no rows' }, schema), []);
  assert.throws(() => proportionRows('hats', schema), /proportions\/hats\.json: top hat/);
});
