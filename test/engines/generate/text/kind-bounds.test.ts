/**
 * Rules that keep a noun's reading within the kinds WordNet files it under (measured by
 * bench/wordnet-coverage.ts on nouns sampled from WordNet itself, not on any prompt portion).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../../../../src/engines/generate/text/understand/index.ts';
import { glossCategory, kindAllows } from '../../../../src/engines/generate/text/understand/definitions.ts';
import { nounSenses, readSynset, taggedSenseCount } from '../../../../src/engines/generate/text/understand/wordnet.ts';
import { assertClosedWithinBudget } from './solid-checks.ts';

warmLexicon();

const read = (prompt: string) => {
  const i = interpretPrompt(prompt);
  return { category: i.category, made: madeObject(i), summary: summarizeInterpretation(i) };
};

test("a definition word naming one of the noun's hypernyms is read in that hypernym's sense", () => {
  // "corral: a pen for cattle": the pen is the enclosure (a hypernym of corral), not the writing pen.
  assert.notEqual(glossCategory('corral')?.category, 'desk-thing');
  assert.notEqual(read('a corral').category, 'desk-thing');
  // A definition word that is no hypernym still names the kind ("roller skate: a shoe with rollers").
  assert.equal(glossCategory('roller skate')?.word, 'shoe');
});

test('a noun counted first as a thing is never read through a rarer person sense', () => {
  for (const noun of ['seed', 'root', 'nut']) {
    assert.ok(taggedSenseCount(noun) > 0, noun);
    assert.notEqual(readSynset(nounSenses(noun)[0]).lexFile, 18, noun);
    assert.notEqual(read(`a ${noun}`).category, 'person', noun);
  }
  // A noun counted first as a person still is one.
  assert.equal(read('a pirate').category, 'person');
});

test('food WordNet places only as food reaches the dish family, which makes it from its own definition', () => {
  const butter = read('a butter');
  assert.equal(butter.category, 'dish');
  assert.equal(butter.made.makes, 'butter');
  assert.match(butter.summary, /dish: /);
});

test('garments and measuring instruments reach their families through broad anchors, and say they stand in', () => {
  const thermometer = read('a thermometer');
  assert.equal(thermometer.category, 'shop-tool');
  assert.ok(thermometer.made.standIn);
  assert.match(thermometer.summary, /no thermometer form: the powered and measuring tool stands in/);
  assert.equal(read('a nightshirt').category, 'garment');
  assert.match(read('a nightshirt').summary, /no nightshirt form: the garment stands in/);
  // A person sense reaching the person beats a clothing sense only the broad anchor places.
  assert.equal(read('a lumberjack').category, 'person');
});

test('a compound stays the kind of thing WordNet files it as', () => {
  // Sawhorse and clotheshorse are only artifacts: never the horse their last word names.
  assert.equal(kindAllows('sawhorse', 'horse'), false);
  assert.notEqual(read('a sawhorse').category, 'horse');
  assert.notEqual(read('a clotheshorse').category, 'horse');
  // An animal compound may still be its last word's animal, and a word WordNet lacks is not bounded.
  assert.equal(kindAllows('horsefly', 'insect'), true);
  assert.equal(kindAllows('kitchenaid', 'appliance'), true);
});

test('an artifact is made as a figure only when its definition gives it that likeness', () => {
  // "dais: a platform … to give prominence to the person on it": no person.
  assert.notEqual(read('a dais').category, 'person');
  // "scarecrow: an effigy in the shape of a man": the person stands in.
  assert.equal(read('a scarecrow').category, 'person');
});

test('the readings these rules reach build closed solids within budget', async () => {
  await assertClosedWithinBudget(
    ['a butter', 'a hay', 'a juice', 'a supper', 'a thermometer', 'a nightshirt', 'a holster'],
    { seed: 16 },
  );
});
