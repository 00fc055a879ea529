import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt, madeObject } from '../../../../src/engines/generate/text/understand/index.ts';
import { compoundKind } from '../../../../src/engines/generate/text/understand/compound-kind.ts';
import { LEX_FILE } from '../../../../src/engines/generate/text/understand/wordnet.ts';

const makes = (prompt: string) => madeObject(interpretPrompt(prompt)).makes;

test("WordNet's compounds ending in a noun say what kind of thing an unlisted compound of it is", () => {
  assert.equal(compoundKind('seal', 'monk'), LEX_FILE.animal);
  assert.equal(compoundKind('trailer', 'airstream'), LEX_FILE.artifact);
  // "baseball player", "tennis player": a game before "player" names someone.
  assert.equal(compoundKind('player', 'tennis'), LEX_FILE.person);
});

test('a head noun after a modifier noun is read in the sense its compounds have, where alone it was read weakly', () => {
  assert.equal(interpretPrompt('a hawaiian monk seal on the beach').category, 'marine-mammal');
  assert.equal(interpretPrompt('a silver airstream trailer').family, interpretPrompt('a car').family);
  // "pizza cutter", "box cutter": the cutting tool of "cookie cutter", "wire cutter", not the boat.
  assert.equal(interpretPrompt('a pizza cutter').category, 'hand-tool');
  // A food before an agent noun names a machine; a game before one still names someone.
  assert.equal(makes('an ice cream maker'), 'appliance');
  assert.equal(makes('a discus thrower'), 'person');
  // A noun read in a specific sense of its own keeps it: bubble tea is a drink, although "… tea"s are mostly shrubs.
  assert.equal(interpretPrompt('bubble tea').family, 'food');
});

test('a misspelt word one letter from a WordNet thing is that thing, not a vocabulary word two letters away', () => {
  assert.equal(interpretPrompt('an orange persimon on a branch').word, 'persimmon');
  // Nor split as a closed compound ("mango" + "stein") when it is one letter from a noun that is no stein.
  assert.equal(interpretPrompt('a mangostein split open').word, 'mangosteen');
  // A closed compound whose near noun is a kind of its last word stays that kind ("blobfish": a fish).
  assert.equal(interpretPrompt('a blobfish').family, 'animal');
});

test('a colour or material given to a noun read as a landform says the made thing of that name is meant', () => {
  assert.equal(interpretPrompt('a red cape').family, interpretPrompt('a cloak').family);
  // A landform with no sense of a made thing stays one.
  assert.equal(interpretPrompt('a white cliff').family, interpretPrompt('a cliff').family);
});
