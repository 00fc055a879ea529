import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../../../../src/engines/generate/text/understand/index.ts';
import { CATEGORIES } from '../../../../src/engines/generate/text/catalog.ts';

warmLexicon();

test('words of the vocabulary, WordNet hyponyms and typos resolve to their categories', () => {
  const cases: [string, string][] = [
    ['a red wooden chair', 'chair'],
    ['a poodle', 'dog'], // poodle → dog (WordNet)
    ['armchair', 'chair'],
    ['a dachshund puppy', 'dog'],
    ['a mansion on a hill', 'house'],
    ['a sedan', 'car'],
    ['a golden retriever', 'dog'], // WordNet compound
    ['a tabel', 'table'], // typo
    ['a draggon', 'dragon'],
    ['a submarine', 'boat'],
    ['an orange', 'apple'],
    ['an orange cat', 'cat'], // colour word before a noun is a colour
    ['a glass bottle', 'bottle'],
    ['a stack of pancakes', 'pizza'], // quantity noun: the of-clause names the object
    ['three-tier wedding cake', 'cake'],
  ];
  for (const [prompt, category] of cases) assert.equal(interpretPrompt(prompt).category, category, prompt);
});

test('colours with modifiers, materials, sizes and styles are read', () => {
  const i = interpretPrompt('a tall pale blue ceramic vase in low-poly style');
  assert.equal(i.category, 'vase');
  assert.equal(i.material, 'ceramic');
  assert.deepEqual(i.sizes, ['tall']);
  assert.deepEqual(i.styles, ['low-poly']);
  assert.equal(i.colours.length, 1);
  const [r, g, b] = i.colours[0].rgb;
  assert.ok(b > r && b > g, 'still blue');
  assert.ok(r > 0.4, 'pale lifts the darker channels');
});

test('parts and counts: "with four legs", "two handles", "three-legged", part materials', () => {
  const stool = interpretPrompt('a three-legged stool');
  assert.deepEqual(
    stool.parts.map((p) => [p.name, p.count]),
    [['leg', 3]],
  );
  const mug = interpretPrompt('a white mug with two handles');
  assert.deepEqual(
    mug.parts.map((p) => [p.name, p.count]),
    [['handle', 2]],
  );
  const chair = interpretPrompt('a chair with four metal legs and a red leather seat');
  const legs = chair.parts.find((p) => p.name === 'leg');
  const seat = chair.parts.find((p) => p.name === 'seat');
  assert.equal(legs?.count, 4);
  assert.equal(legs?.material, 'metal');
  assert.equal(seat?.material, 'leather');
  assert.equal(seat?.colours[0]?.name, 'red');
});

test('"X on Y" and "X with Y" compose two known objects', () => {
  const cat = interpretPrompt('a cat sitting on a chair');
  assert.equal(cat.category, 'cat');
  assert.deepEqual(
    cat.companions.map((c) => [c.relation, c.category]),
    [['on', 'chair']],
  );
  const robot = interpretPrompt('a robot holding a sword');
  assert.deepEqual(
    robot.companions.map((c) => [c.relation, c.category]),
    [['with', 'sword']],
  );
});

test('unknown objects fall back to the generic form and the summary names the words not understood', () => {
  const i = interpretPrompt('a glowing thingamajig');
  assert.equal(i.category, 'blob');
  assert.ok(i.unknown.includes('thingamajig'));
  const summary = summarizeInterpretation(i);
  assert.match(summary, /^interpreted as: generic/);
  assert.match(summary, /not understood: .*thingamajig/);
});

test('the summary line reads like the spec example', () => {
  assert.equal(
    summarizeInterpretation(interpretPrompt('a red wooden chair')),
    'interpreted as: chair; colour red; material wood',
  );
  assert.match(summarizeInterpretation(interpretPrompt('a poodle')), /dog \(poodle → dog\)/);
  // a listed word made by another object's form says what it is, and whose proportions stand in
  assert.equal(
    summarizeInterpretation(interpretPrompt('a swan')),
    "interpreted as: bird (no swan form: built with the duck's proportions)",
  );
  assert.equal(madeObject(interpretPrompt('a dormouse')).makes, 'rodent');
  assert.equal(madeObject(interpretPrompt('a dormouse')).proportions, 'mouse');
  // A noun whose definition changes the form is made as itself ("capybara: … tailless …").
  assert.match(
    summarizeInterpretation(interpretPrompt('a capybara')),
    /capybara \(capybara → rodent; quadruped body plan from its definition: tailless/,
  );
  assert.equal(madeObject(interpretPrompt('a bassoon')).makes, 'wind-instrument'); // no row of its own (the trombone has one now)
  assert.equal(madeObject(interpretPrompt('a tuatara')).makes, 'reptile');
  assert.equal(madeObject(interpretPrompt('a bumblebee')).makes, 'bee');
  assert.match(summarizeInterpretation(interpretPrompt('a girl with a swan')), /; with bird$/); // a companion too
  assert.equal(madeObject(interpretPrompt('a kitten')).makes, 'cat'); // "young domestic cat"
});

test('the catalogue has at least 60 categories in all ten families', () => {
  assert.ok(CATEGORIES.length >= 60);
  const families = new Set(CATEGORIES.map((c) => c.family));
  for (const f of ['furniture', 'vessel', 'tool', 'building', 'plant', 'vehicle', 'animal', 'food', 'prop', 'terrain'])
    assert.ok(families.has(f as never), f);
});

test('typo tolerance does not invent objects from short foreign words; very long prompts are cut and say so', () => {
  const german = interpretPrompt('Ein roter Stuhl aus Holz');
  assert.equal(german.category, 'blob');
  assert.ok(german.unknown.includes('stuhl') && german.unknown.includes('aus'));
  assert.equal(interpretPrompt('a dgo').category, 'dog', 'a swapped pair in three letters is still a typo');
  const long = interpretPrompt(`a red chair ${'and more words '.repeat(40)}`);
  assert.equal(long.category, 'chair');
  assert.ok(long.ignoredWords > 0);
  assert.match(summarizeInterpretation(long), /words past the first 60 not read/);
});

test('an unknown word is read through WordNet: one edit from a single concrete noun, or the class its spelling family shares', () => {
  warmLexicon();
  const typo = interpretPrompt('a pair of binoculers');
  assert.equal(typo.word, 'binoculars');
  assert.ok(typo.corrections.some((c) => c.from === 'binoculers' && c.to === 'binoculars'));
  // Many WordNet dinosaurs end in "saurus": a genus WordNet lacks is read as one of them, and says so.
  const coined = interpretPrompt('a spinosaurus wading');
  assert.ok(coined.corrections.some((c) => c.from === 'spinosaurus' && c.to === 'dinosaur'));
  assert.match(summarizeInterpretation(coined), /spinosaurus→dinosaur/);
  // An adjective the engine does not know stays not understood, not a member of a spelling family.
  assert.equal(interpretPrompt('a cinematic chair').category, 'chair');
});

test('accented letters are dropped, not read as word breaks', () => {
  warmLexicon();
  const i = interpretPrompt('a crème brûlée with a cracked sugar top');
  assert.equal(i.word, 'creme brulee');
  assert.doesNotMatch(summarizeInterpretation(i), /\bcr\b|\bbr\b/);
});

test('a noun that is only a unit of measure is a measure word: its of-phrase is the subject', () => {
  warmLexicon();
  assert.equal(interpretPrompt('a pint of beer').word, 'beer');
  assert.equal(interpretPrompt('a gallon of milk').word, 'milk');
  // A cup is also a vessel: it stays the subject.
  assert.notEqual(interpretPrompt('a cup of coffee').word, 'coffee');
});

test('a noun before its own part or its young is the whole, not a modifier of an unplaced noun', () => {
  warmLexicon();
  assert.equal(interpretPrompt('an abalone shell').word, 'abalone');
  assert.equal(interpretPrompt('a giant panda cub').word, 'giant panda');
});

test("compounds are head-final: a vocabulary word as a WordNet compound's modifier does not name the object", () => {
  warmLexicon();
  assert.equal(interpretPrompt('a wooden coat rack').word, 'coat rack');
  // As the compound's last word it still does ("black panther" is read through its head).
  assert.equal(interpretPrompt('a black panther').category, 'cat');
});

test('a noun that is no thing before an -ing word and another noun is a compound modifier ("fire-breathing")', () => {
  warmLexicon();
  assert.equal(interpretPrompt('a fire breathing dragon').category, 'dragon');
  assert.equal(interpretPrompt('a front loading washing machine').word, 'washing machine');
  // An animal doing something stays the subject.
  assert.equal(interpretPrompt('a dog eating bones').category, 'dog');
});

test('a word WordNet also knows as an adjective, before a word Kiln could not read, is its modifier, not the object', () => {
  warmLexicon();
  const i = interpretPrompt('a japanese kabuto');
  assert.equal(i.category, 'blob'); // not a person made for "japanese"
  assert.ok(i.unknown.includes('kabuto'));
});

test('a measure word in the plural still hands the subject to its of-phrase', () => {
  warmLexicon();
  assert.equal(interpretPrompt('three slices of pizza').category, 'pizza');
  assert.equal(interpretPrompt('two pairs of boots').word, 'boot');
});

test('a compound naming no thing keeps its words together only when none of them names a thing by itself', () => {
  warmLexicon();
  // "ping pong" is an activity: "pong" is no typo for pony.
  assert.ok(!interpretPrompt('a ping pong paddle').corrections.some((c) => c.from === 'pong'));
  // "greyhound racing" is an activity too, but a greyhound is a dog.
  assert.equal(interpretPrompt('a greyhound racing').category, 'dog');
});

test('an imaginary being is built as the animal its definition names, and says the stand-in', () => {
  warmLexicon();
  // (pegasus, cerberus, griffin and phoenix have forms of their own in the mythical family.)
  assert.equal(interpretPrompt('a chimera').word, 'chimera'); // "... a lion's head and a goat's body": the first animal
  assert.equal(interpretPrompt('a chimera').category, 'cat');
  assert.match(summarizeInterpretation(interpretPrompt('a manticore')), /no manticore form: the lion stands in/);
  // Beings defined as people stay people.
  assert.equal(interpretPrompt('a troll').category, 'person');
  assert.equal(interpretPrompt('a faun').category, 'person');
});

test('a vocabulary word several categories list is read by its likeliest WordNet sense', () => {
  warmLexicon();
  assert.equal(interpretPrompt('a japanese taiko drum').category, 'drum'); // a percussion instrument first, a container second
  assert.equal(interpretPrompt('a bird crane').category, 'bird');
});

test('a plant WordNet places only as a plant, defined by its flowers, is made as a flower', () => {
  warmLexicon();
  assert.equal(interpretPrompt('a bunch of daffodils').category, 'flower'); // "... having showy often yellow flowers"
  assert.match(
    summarizeInterpretation(interpretPrompt('a bunch of daffodils')),
    /no daffodils form: the flower stands in/,
  );
  // One defined otherwise stays the plant family's stand-in.
  assert.equal(interpretPrompt('a thistle').category, 'potted-plant'); // "... having prickly-edged leaves": the potted plant stands in for a plant placed only as one
  assert.equal(interpretPrompt('a bunch of tulips').category, 'flower');
});

test("the row a noun picks follows the sense it was read in, not WordNet's first sense", () => {
  warmLexicon();
  // A beluga is first a sturgeon to WordNet, but it is read as the white whale (a cetacean).
  const i = interpretPrompt('a beluga');
  assert.match(summarizeInterpretation(i), /beluga → cetacean/);
  assert.notEqual(i.profile, 'fish');
});

test('a part or young that named its whole is not reported as not understood', () => {
  warmLexicon();
  assert.doesNotMatch(summarizeInterpretation(interpretPrompt('a lobster claw')), /not understood/);
  assert.doesNotMatch(summarizeInterpretation(interpretPrompt('an abalone shell')), /not understood/);
});
