import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt, madeObject, summarizeInterpretation, warmLexicon } from '../../../../src/engines/generate/text/understand/index.ts';

warmLexicon();

const summary = (prompt: string) => summarizeInterpretation(interpretPrompt(prompt));
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

test('a WordNet compound is read whole with one word misspelt, closed up, or with an elided "of"', () => {
  // The misspelt word is no word the prompt could mean ("shepard" is only a playwright's name).
  assert.equal(read('a german shepard sitting').made.makes, 'dog');
  assert.match(summary('a german shepard sitting'), /corrected shepard→shepherd/);
  assert.equal(read('a golden retreiver').category, 'dog');
  // A word the prompt could mean as it stands is not corrected into a compound ("red cat" is no "red bat").
  assert.equal(read('a red cat').category, 'cat');
  assert.equal(read('a starfruit slice').word, 'starfruit');
  assert.match(summary('a starfruit'), /corrected starfruit→star fruit/);
  assert.equal(read("a portuguese man o' war floating").made.makes, 'jellyfish');
  assert.equal(read("a jack o' lantern").category, 'apple');
});

test('a word the tagger calls an adjective is the noun in the first phrase\'s head place', () => {
  assert.equal(read('a northern cardinal in the snow').category, 'bird');
  // Misspelt there too: read through WordNet's nouns ("cardnial" → cardinal).
  assert.equal(read('a northern cardnial in the snow').category, 'bird');
});

test('what the subject is made of, or where an unread subject is, never becomes the subject', () => {
  assert.notEqual(read('a scallop shell cast in silver').category, 'trophy');
  assert.equal(read('a scallop shell cast in silver').material, 'silver');
  // "silver" qualifies a word Kiln could not read: no trophy, and the aquarium is where it is.
  assert.equal(read('a silver arowana in an aquarium').via, 'generic');
  // A relation word ending a compound that names no thing ("lying-in") stays the relation.
  assert.equal(read('a spotted fawn lying in the ferns').category, 'horse');
});
