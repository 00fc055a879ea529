import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt, madeObject, warmLexicon } from '../../../../src/engines/generate/text/understand/index.ts';

warmLexicon();

const read = (prompt: string) => {
  const i = interpretPrompt(prompt);
  return { ...i, made: madeObject(i) };
};

test('a word naming young is the young of an animal before it, never of a person', () => {
  // "newborn" is a person in WordNet: the calf and the lamb stay the subject.
  assert.equal(read('a newborn calf in the straw').category, 'cow');
  assert.equal(read('a newborn lamb').made.makes, 'sheep');
  // "seal" is first a stamp; before "pup" it is read as the animal it is a young of.
  assert.equal(read('a seal pup').made.makes !== 'appliance', true);
  assert.notEqual(read('a seal pup').family, 'prop');
  // Without a young word after it, the stamp sense is kept.
  assert.equal(read('a wax seal').family, 'prop');
});
