/**
 * Animals made from their own WordNet definition (animal-reading.ts): the body plan builds the noun
 * itself when its definition says how it looks, and says it is a stand-in when it says nothing drawn.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../../../../src/engines/generate/text/understand/index.ts';
import { DRAWN_TRAITS, classTraits, flies, readAnimal } from '../../../../src/engines/generate/text/animal-reading.ts';
import { assertClosedWithinBudget } from './solid-checks.ts';

warmLexicon();

test('a definition is read for the traits of the animal itself, not of its parts', () => {
  // "slender long-legged African wildcat having large untufted ears and tawny black-spotted coat"
  const serval = readAnimal('serval')!;
  assert.equal(serval.legs, 1.5);
  assert.equal(serval.ears, 'big');
  assert.equal(serval.pattern, 'spots');
  // "black-spotted": black is the spots' colour; the coat is tawny.
  assert.deepEqual(serval.patternColour, [0.06, 0.06, 0.06]);
  assert.notDeepEqual(serval.colour, serval.patternColour);
  // "black-and-white striped": the second colour is the coat's.
  assert.deepEqual(readAnimal('zebra')!.colour, [0.95, 0.95, 0.95]);
  // "large protruding tusks": large qualifies the tusks, not the warthog.
  assert.equal(readAnimal('warthog')!.size, undefined);
  assert.equal(readAnimal('warthog')!.tusks, true);
  // "much shorter neck" than the giraffe it is filed under.
  assert.ok(readAnimal('okapi')!.neck! < 1);
  // A definition saying nothing a body plan draws gives no reading; an animal with two animal senses neither.
  assert.equal(readAnimal('hinny'), undefined);
  assert.equal(readAnimal('beluga'), undefined);
});

test('the noun is made as itself only when its definition changes the form', () => {
  const made = (p: string) => madeObject(interpretPrompt(p));
  assert.equal(made('a serval').makes, 'serval');
  assert.match(
    summarizeInterpretation(interpretPrompt('a serval')),
    /serval \(serval → cat; quadruped body plan from its definition: long legs, large ears, tawny, spotted\)/,
  );
  assert.equal(made('a manx cat').makes, 'manx cat');
  assert.equal(made('a cardinal').makes, 'cardinal');
  assert.equal(made('a whale shark').makes, 'whale shark');
  // Size alone changes no look: a bald eagle ("large") is said to be an eagle, a pug a dog.
  assert.equal(made('a bald eagle').makes, 'eagle');
  assert.equal(made('a pug').makes, 'dog');
  // A hand-built row stays the row, claimed without a definition ("giraffe", "lynx").
  assert.equal(made('a giraffe').label, undefined);
  assert.doesNotMatch(summarizeInterpretation(interpretPrompt('a lynx')), /from its definition/);
  // The class a walk lands on is no own form: the hinny is a stand-in, not "equine".
  assert.equal(made('a hinny').makes, 'quadruped');
  assert.ok(made('a hinny').proportions);
});

test('animals made from their definitions build closed solids within budget', async () => {
  await assertClosedWithinBudget(
    [
      'a serval',
      'an okapi',
      'a warthog',
      'a zebu',
      'a kudu',
      'an ibex',
      'a manx cat',
      'a basset hound',
      'a dalmatian',
      'a cardinal',
      'a great blue heron',
      'a whale shark',
      'a harbor seal',
      'a timber wolf',
    ],
    { seed: 16 },
  );
});

test('what the prompt says of the body changes the rig, and still builds closed solids', async () => {
  // "with huge ears", "tufted ears", "long droopy ears", "a flat face", "spotted": parts and words of the prompt.
  await assertClosedWithinBudget(
    [
      'a fennec fox with huge ears',
      'a caracal with tufted ears',
      'a basset hound with long droopy ears',
      'a persian cat with a flat face',
      'a spotted fawn',
      'a striped horse with a long tail',
    ],
    { seed: 16 },
  );
});

test('a stand-in borrows the traits of the class it stands in for, without claiming the noun', () => {
  // "antelope: … with long legs and horns": a gazelle on the deer's row has horns, not antlers.
  const gazelle = classTraits('gazelle', DRAWN_TRAITS.horse)!;
  assert.equal(gazelle.horns, true);
  assert.notEqual(madeObject(interpretPrompt('a gazelle')).makes, 'gazelle');
});

test("the colour-only body plans make an animal as itself from its coat's colour", () => {
  const made = (p: string) => madeObject(interpretPrompt(p));
  // "luna moth: large American moth having light green wings with long tails"
  assert.equal(made('a luna moth').makes, 'luna moth');
  assert.equal(made('a mandrill').makes, 'mandrill');
  assert.equal(made('a gila monster').makes, 'gila monster');
});

test("an animal on the dragon's row has wings only when WordNet says it flies", () => {
  assert.equal(flies('pterodactyl'), true);
  assert.equal(flies('ichthyosaur'), false);
  // An imaginary being (no animal sense of its own) keeps its wings.
  assert.equal(flies('wyvern'), true);
});

test('the colour-only plans and the dragon rule build closed solids within budget', async () => {
  await assertClosedWithinBudget(
    ['a luna moth', 'a mandrill', 'a gila monster', 'a pterodactyl', 'an ichthyosaur', 'a gazelle', 'a moose'],
    { seed: 16 },
  );
});

test('a mammal whose definition gives it wings is drawn with them, and its kinds borrow them', async () => {
  // "bat: nocturnal mouselike mammal with forelimbs modified to form membranous wings"
  assert.equal(madeObject(interpretPrompt('a bat')).makes, 'bat');
  assert.equal(readAnimal('bat')!.wings, true);
  // A vampire bat says nothing of its own: it is made as its everyday class, the bat, with the bat's wings.
  assert.equal(madeObject(interpretPrompt('a vampire bat')).makes, 'bat');
  assert.equal(madeObject(interpretPrompt('a flying fox')).makes, 'bat');
  assert.equal(classTraits('vampire bat', DRAWN_TRAITS.quadruped)!.wings, true);
  // Only a class in everyday use names it, and only where no row reaches the noun: a water buffalo is no
  // "bovid", a mustang stays on the horse's row.
  assert.notEqual(madeObject(interpretPrompt('a water buffalo')).makes, 'bovid');
  assert.equal(madeObject(interpretPrompt('a mustang')).makes, 'horse');
  await assertClosedWithinBudget(['a bat hanging upside down', 'a vampire bat'], { seed: 16 });
});
