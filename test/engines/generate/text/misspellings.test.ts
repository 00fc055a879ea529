import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt, madeObject, warmLexicon } from '../../../../src/engines/generate/text/understand/index.ts';
import { readUnknownWord } from '../../../../src/engines/generate/text/understand/misspelt-words.ts';
import { rarelySomeone } from '../../../../src/engines/generate/text/understand/compound-kind.ts';

warmLexicon();

const makes = (prompt: string) => madeObject(interpretPrompt(prompt)).makes;

test('a letter typed twice is undone at any length', () => {
  assert.deepEqual(readUnknownWord('cloown'), { noun: 'clown', how: 'typo' });
  assert.deepEqual(readUnknownWord('lattte'), { noun: 'latte', how: 'typo' });
  assert.deepEqual(readUnknownWord('dobermann'), { noun: 'doberman', how: 'typo' });
});

test('a short word missing one letter is the one thing that restores it, not a name before another word', () => {
  assert.deepEqual(readUnknownWord('bagipe'), { noun: 'bagpipe', how: 'typo' });
  // Someone is never read from a dropped letter ("cotta" is no cottar).
  assert.equal(readUnknownWord('cotta')?.how === 'typo' ? readUnknownWord('cotta')!.noun : undefined, undefined);
  assert.equal(interpretPrompt('a crispy masala dosa').via, 'generic');
});

test('a misspelt name the tagger takes for an adjective by its ending is still the name', () => {
  assert.equal(makes('a pachycephalosaurous head-butting'), 'dinosaur');
});

test('a rare noun naming no thing inside a compound is read as the compound misspelt', () => {
  const i = interpretPrompt('a hedge trimer, cordless, 8k');
  assert.ok(
    i.corrections.some((c) => c.from === 'trimer' && c.to === 'trimmer'),
    JSON.stringify(i.corrections),
  );
  assert.notEqual(i.category, 'bush');
});

test('coined members of spelling families with short or long shared endings', () => {
  assert.equal(makes('a carnotaurus with little horns, 3d render'), 'dinosaur');
  assert.equal(interpretPrompt('a pentaceratops').family, 'animal');
});

test('after a modifier whose compounds seldom name someone, a noun that is also an animal is the animal', () => {
  assert.ok(rarelySomeone('common'));
  assert.ok(!rarelySomeone('street'));
  assert.equal(makes('a common loon on a misty lake'), 'bird');
  // Without such a modifier the likeliest sense stays.
  assert.equal(interpretPrompt('a young boxer').category, 'person');
});

test('slips are ranked: a letter left out, two swapped, one doubled, a vowel for a vowel, then any other edit', async () => {
  const { slipRank, commonSlip, closestWord } = await import(
    '../../../../src/engines/generate/text/understand/typo.ts'
  );
  assert.equal(slipRank('pino', 'piano'), 0);
  assert.equal(slipRank('scnoe', 'scone'), 1);
  assert.equal(slipRank('cloown', 'clown'), 2);
  assert.equal(slipRank('pino', 'pine'), 3);
  assert.equal(slipRank('drll', 'doll'), 4);
  assert.ok(!commonSlip('blobfish', 'blowfish'));
  // At equal distance the commoner slip wins over the vocabulary's order.
  assert.equal(closestWord('brige', ['brie', 'bridge']), 'bridge');
});

test('a thing one common slip away is read before a vocabulary word another edit away', () => {
  assert.equal(interpretPrompt('a drll, power tool').word, 'drill');
  assert.equal(interpretPrompt('an upright pino').category, 'piano');
  assert.equal(interpretPrompt('a dobermann pincher standing alert').category, 'dog');
});

test('a closed word one common slip from a vocabulary word is that word, not a compound of its last noun', () => {
  assert.equal(interpretPrompt('a strewberry, macro').word, 'strawberry');
  assert.equal(interpretPrompt('a wendmill, dutch').word, 'windmill');
  assert.equal(interpretPrompt('a blobfish').category, 'fish');
});

test('before another word, a word no common slip from the vocabulary is a name, not a typo', () => {
  const i = interpretPrompt('a tiki statue');
  assert.ok(!i.corrections.some((c) => c.from === 'tiki'), JSON.stringify(i.corrections));
  assert.equal(interpretPrompt('a tabel lamp').category, 'lamp');
});

test('a phrase or compound with one word misspelt is read again spelt right', () => {
  assert.equal(interpretPrompt('a mobile crene lifting a steel beam').word, 'mobile crane');
  assert.equal(interpretPrompt('a red terii gate').category, interpretPrompt('a red torii gate').category);
  // As "a candy cane" is read (a cane), not as WordNet's compound placed only as a food.
  assert.equal(interpretPrompt('a cendy cane').category, interpretPrompt('a candy cane').category);
  assert.equal(interpretPrompt('a german shepard').category, 'dog');
});
