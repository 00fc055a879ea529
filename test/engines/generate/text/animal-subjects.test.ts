import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../../../../src/engines/generate/text/understand/index.ts';
import { readAnimal } from '../../../../src/engines/generate/text/animal-reading.ts';

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

test("a word the tagger calls an adjective is the noun in the first phrase's head place", () => {
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

test('a question or exclamation mark ends a clause like a comma', () => {
  // "… a blobfish? sad face": the face is said of the fish, not the subject.
  assert.equal(read('can you make me a blobfish? sad face, 3d render').family, 'animal');
  assert.notEqual(read('can you make me a blobfish? sad face, 3d render').category, 'person');
});

test('a closed compound one letter from a kind of its last noun is that noun, not the other kind', () => {
  // "blobfish" is one letter from "blowfish", a fish: it is made as a fish, never as the pufferfish.
  assert.equal(read('a blobfish').made.makes, 'fish');
  // A misspelling whose halves name no kind of it is still corrected ("chipmonk": no monk).
  assert.equal(read('a chipmonk').category, 'rabbit');
});

test("a name before a word Kiln could not read is a brand, and a coined word ending in an object's name is that object", () => {
  // "tesla" is only an inventor's name (and a unit): never the person made for a car.
  assert.notEqual(read('a tesla cybertruck, 3d model').category, 'person');
  assert.equal(read('a tesla cybertruck, 3d model').category, 'truck');
  assert.equal(read('a hoverbike').category, 'bicycle');
});

test("a definition's words about another animal are not read as the animal's own", () => {
  // "red panda: … closely related to the giant panda": no "giant".
  assert.equal(readAnimal('red panda')!.size, undefined);
  // "okapi: similar to the giraffe but smaller": "smaller" is the okapi's.
  assert.equal(readAnimal('okapi')!.size, 0.75);
});
