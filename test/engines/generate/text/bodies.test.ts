/** The living things' proportion rows as data (generators/bodies.json): every row validates against its plan. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import {
  BODY_PLANS,
  BODY_ROWS,
  bodyFileProblems,
  bodyRowProblems,
} from '../../../../src/engines/generate/text/generators/bodies.ts';
import { SPECIES } from '../../../../src/engines/generate/text/generators/families/species.ts';
import { WOOD } from '../../../../src/engines/generate/text/generators/palette.ts';
import { generatorFor } from '../../../../src/engines/generate/text/generators/registry.ts';

test('the body file validates and each plan has rows; the checks refuse an id twice and a misspelt param', () => {
  assert.deepEqual(bodyFileProblems({ about: 'all', rows: BODY_ROWS }), []);
  for (const plan of BODY_PLANS)
    assert.ok(
      BODY_ROWS.some((row) => row.plan === plan),
      `${plan} has no rows`,
    );
  const dog = BODY_ROWS.find((row) => row.plan === 'quadruped' && row.id === 'dog');
  assert.ok(dog);
  assert.match(bodyFileProblems({ about: 'twice', rows: [dog, dog] }).join(), /quadruped\/dog: listed twice/);
  assert.notDeepEqual(bodyFileProblems({ about: 'no plan', rows: [{ ...dog, plan: 'centaur' }] }), []);
  assert.notDeepEqual(bodyFileProblems({ about: 'bad colour', rows: [{ ...dog, palette: { colour: 'NOPE' } }] }), []);
  // Loading the plans (through the registry) checked every row against its plan's schema already.
  assert.ok(generatorFor('dog'));
  const legOnly = Type.Object({ leg: Type.Number() }, { additionalProperties: false });
  assert.match(bodyRowProblems([dog], 'quadruped', legOnly).join(), /quadruped\/dog/);
});

test('a palette name in a row becomes its colour, and the quadruped defaults fill what a row leaves out', () => {
  assert.deepEqual(SPECIES.dog.colour, WOOD);
  assert.equal(SPECIES.dog.material, 'fabric');
  assert.equal(SPECIES.pig.material, 'organic');
  assert.ok(Object.isFrozen(SPECIES));
});
