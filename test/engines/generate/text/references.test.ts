import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';

test('what a subject is likened to or taken from is a reference, never the subject', () => {
  assert.equal(interpretPrompt('a deerstalker hat like sherlock holmes').category, 'hat');
  assert.equal(interpretPrompt('a cat that looks like a tiger').category, 'cat');
  // Where the subject's own noun cannot be read, the generic form says so rather than making the reference.
  assert.equal(interpretPrompt('generate a golden idol like in indiana jones, for my temple level').via, 'generic');
  assert.equal(interpretPrompt('baymax from big hero 6, studio lighting').via, 'generic');
  assert.equal(
    interpretPrompt('generate an offshore oil rig at sunset for a naval strategy game').category === 'dish',
    false,
  );
});

test('an -ing word after a noun that is also an adjective ("japanese") is a modifier, not a verb ending the phrase', () => {
  const i = interpretPrompt('a japanese folding screen painted with cranes');
  assert.equal(i.word, 'screen');
  assert.notEqual(i.category, 'person');
});

test('a hyphenated adjective in -ed describes the noun after it and is never the subject', () => {
  assert.equal(interpretPrompt('a pot-bellied pig, cute').category, 'pig');
  assert.equal(interpretPrompt('a hand-painted vase').category, 'vase');
  // A WordNet compound holding one is still read whole, spelt as the prompt spells it.
  assert.equal(interpretPrompt('a red-tailed hawk on a post').word, 'red-tailed hawk');
  // Counted parts keep their reading.
  assert.deepEqual(
    interpretPrompt('a three-legged stool').parts.map((p) => [p.name, p.count]),
    [['leg', 3]],
  );
});

test('two words WordNet writes closed as one noun are that noun, but not after a modifier word nor before a part', () => {
  assert.equal(interpretPrompt('a giant ant eater with its tongue out').word, 'anteater');
  assert.equal(interpretPrompt('a green house').category, 'house');
  // "a snake head" is a snake's head, not the snakehead fish; "a dog sled" keeps WordNet's spaced spelling.
  assert.notEqual(interpretPrompt('a snake head').word, 'snakehead');
  assert.equal(interpretPrompt('a wooden dog sled').word, 'dog sled');
});

test('a bar, deck, sheaf or stalk of something hands the subject to its of-phrase', () => {
  assert.notEqual(interpretPrompt('a sheaf of wheat').word, 'sheaf');
  assert.notEqual(interpretPrompt('a bar of dark chocolate').category, 'table');
});

test('a name first of a place is not read as someone named after it', () => {
  assert.notEqual(interpretPrompt('the london eye at sunset').category, 'person');
  // Settings read through a person's name keep their reading as places ("on the sand": George Sand).
  assert.deepEqual(interpretPrompt('a sand dollar on wet sand').settings, ['sand']);
});

test('a noun after a possessive ("in its mouth") belongs to the subject and never becomes it', () => {
  assert.notEqual(interpretPrompt('a chocolate labrador with a stick in its mouth').word, 'mouth');
});

test('after a comma, words describe a subject Kiln could not read; they do not replace it', () => {
  assert.equal(interpretPrompt('a porche 911, silver, 3/4 view').via, 'generic');
  const i = interpretPrompt('a parasaurolophus, museum reconstruction');
  assert.equal(i.via, 'generic');
  assert.deepEqual(i.settings, ['museum']);
});

test('any kind of photography, a comma clause of "<word> photo" and "tilt shift" are picture words', () => {
  const i = interpretPrompt('a mojito with mint and lime, bar photography');
  assert.ok(i.setAside.includes('bar photography'));
  assert.notEqual(i.category, 'table');
  assert.ok(interpretPrompt('a fossil ammonite, polished, museum photo').setAside.includes('museum photo'));
  // After a function word, "photography" is the subject's modifier.
  assert.equal(interpretPrompt('a photography studio').setAside.length, 0);
});

test('"prop" names the form a game asset is made as: "a flashlight prop" is a flashlight', () => {
  const i = interpretPrompt('make a game-ready flashlight prop, low poly');
  assert.equal(i.word, 'flashlight');
  assert.ok(!i.unknown.includes('prop'));
});

test('a structure the prompt names with "the" and a name Kiln cannot read as a thing is a landmark', () => {
  const i = interpretPrompt('the chrysler building, art deco, 8k');
  assert.equal(i.category, 'landmark');
  assert.ok(!i.unknown.includes('chrysler'));
  assert.equal(interpretPrompt('the brandenburg gate at night').category, 'landmark');
  // A thing's name before the structure keeps it a kind of that structure.
  assert.notEqual(interpretPrompt('the tree house').category, 'landmark');
  assert.notEqual(interpretPrompt('the old house').category, 'landmark');
});

test('where the subject moves ("across", "through", "along") is a setting, never a second object built with it', () => {
  const i = interpretPrompt('a horse galloping across sand dunes at sunset');
  assert.equal(i.category, 'horse');
  assert.deepEqual(i.companions, []);
  assert.ok(i.settings?.includes('sand dunes'));
  assert.deepEqual(interpretPrompt('a fox running through a forest').companions, []);
});
