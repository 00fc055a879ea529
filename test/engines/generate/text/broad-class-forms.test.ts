/**
 * Broad classes once the noun is known: a "plant" named in a prompt is a plant in its pot, not a garden
 * bush; a weapon WordNet files only as a weapon, an explosive or a launcher is made as its own
 * description says (brass knuckles, a flamethrower, a boomerang, a bazooka, a mine, a bomb), not as the
 * sword standing in; and the forms built are closed solids within budget, the same for the same seed.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
} from '../../../../src/engines/generate/text/understand/index.ts';
import { assertClosedWithinBudget } from './solid-checks.ts';

const made = (prompt: string) => madeObject(interpretPrompt(prompt));
const read = (prompt: string) => interpretPrompt(prompt);

test('a plant named in a prompt is a potted plant; shrubs and hedges stay the bush', () => {
  for (const prompt of [
    'a jade plant in a ceramic pot',
    'a pitcher plant',
    'a monstera plant',
    'a plant on a desk',
    'a pothos',
  ]) {
    assert.equal(read(prompt).category, 'potted-plant', prompt);
  }
  for (const prompt of ['a round bush', 'a hedge', 'a rose bush']) assert.equal(read(prompt).category, 'bush', prompt);
});

test('a grass is made as its description says: jointed canes, grain ears, plumes', () => {
  for (const [prompt, makes, label] of [
    ['a stalk of bamboo', 'bamboo', /grass: clump of jointed canes/],
    ['a sheaf of wheat', 'wheat', /grass: stalks topped with grain ears/],
    ['pampas grass', 'pampas grass', /grass: tall clump with feathery plumes/],
  ] as [string, string, RegExp][]) {
    const i = read(prompt);
    assert.equal(madeObject(i).makes, makes, prompt);
    assert.match(summarizeInterpretation(i), label, prompt);
  }
  assert.equal(made('a tulip').makes, 'flower');
  assert.equal(read('a potted plant').profile, undefined);
});

test('a weapon no row builds is made as its own description says, not as the sword', () => {
  const cases: [string, string, RegExp][] = [
    ['a flamethrower, post-apocalyptic', 'flamethrower', /weapon: nozzle gun fed by fuel tanks/],
    ['a pair of brass knuckles', 'brass knuckles', /weapon: metal rings worn over the knuckles/],
    ['an aboriginal boomerang', 'boomerang', /weapon: curved throwing wing/],
    ['a bazooka, low poly', 'bazooka', /weapon: shoulder-fired launch tube/],
    ['a land mine', 'land mine', /weapon: flat buried explosive disk/],
  ];
  for (const [prompt, makes, label] of cases) {
    const i = read(prompt);
    assert.equal(madeObject(i).makes, makes, prompt);
    assert.match(summarizeInterpretation(i), label, prompt);
  }
  // Blades keep the sword; guns and bows their own rows.
  assert.equal(made('a katana').makes, 'sword');
  assert.equal(read('a longsword').profile, undefined);
  assert.equal(read('a crossbow').category, 'weapon');
});

test('the forms these prompts reach build closed solids within budget, the same for the same seed', async () => {
  await assertClosedWithinBudget(
    [
      'a flamethrower',
      'a pair of brass knuckles',
      'a boomerang',
      'a bazooka',
      'a land mine',
      'a pipe bomb',
      'a jade plant',
      'a pothos',
      'a stalk of bamboo',
      'a sheaf of wheat',
      'pampas grass',
    ],
    { seed: 16, deterministic: true },
  );
  await assertClosedWithinBudget(
    ['a flamethrower', 'brass knuckles', 'a boomerang', 'a rocket launcher', 'bamboo', 'wheat'],
    { seed: 3, fast: true, bbox: [1, 3, 2] },
  );
  await assertClosedWithinBudget(['a flamethrower', 'brass knuckles'], { seed: 5, creative: true, maxFaces: 20000 });
});

test('a computer mouse is a pointing device, an arcade joystick a stick on a base, a jewellery box no music box', () => {
  assert.equal(made('a wireless computer mouse, product render').makes, 'computer mouse');
  assert.equal(made('a mouse').makes, 'mouse');
  assert.equal(read('a mouse').category, 'rabbit');
  assert.equal(made('an arcade joystick, red ball top').makes, 'joystick');
  assert.equal(made('an xbox controller').makes, 'game controller');
  assert.equal(made('an old crt monitor, 90s').makes, 'monitor');
  assert.equal(made('a computer').makes, 'computer');
  assert.equal(made('a jewellery box with a ballerina inside').makes, 'jewelry box');
  assert.equal(made('a music box').makes, 'music box');
  // A coffin and its kinds are a coffin, no crate; a box stays the crate.
  for (const prompt of ['a vampire coffin', 'an egyptian sarcophagus, gold', 'a casket'])
    assert.equal(made(prompt).makes, 'coffin', prompt);
  assert.equal(read('a box').category, 'crate');
  // Sticks the staff stood in for are rows of their own.
  assert.equal(made('a walking stick with a silver handle').makes, 'walking stick');
  assert.equal(made('a pool cue and chalk').makes, 'pool cue');
  assert.equal(made('a wooden slingshot').makes, 'slingshot');
  assert.equal(made('a candy cane').makes, 'candy cane');
  assert.equal(made('a wizard staff').makes, 'staff');
  // A grill for cooking outdoors is the barbecue, not a building; a claw machine an arcade machine.
  assert.equal(made('a charcoal bbq grill, kettle style').makes, 'barbecue');
  assert.equal(made('a gas grill').makes, 'barbecue');
  assert.equal(made('a claw machine full of plushies').makes, 'arcade machine');
  // Exercise machines are gym gear with forms of their own, not household appliances or a bicycle.
  assert.equal(made('a treadmill in a gym').makes, 'treadmill');
  assert.equal(made('a rowing machine').makes, 'rowing machine');
  assert.equal(made('a stationary exercise bike').makes, 'exercise bike');
  assert.equal(read('a rower').category, 'person');
  assert.equal(made('a bicycle').makes, 'bicycle');
  // A faucet is a fixture of its own, not the household appliance.
  assert.equal(made('a kitchen faucet, matte black').makes, 'faucet');
  assert.equal(made('a sink').makes, 'sink');
  // Chocolate as a solid is a bar moulded in squares; hot chocolate stays the drink.
  const bar = read('a bar of dark chocolate');
  assert.equal(madeObject(bar).makes, 'chocolate');
  assert.match(summarizeInterpretation(bar), /dish: bar of chocolate moulded in squares/);
  assert.match(summarizeInterpretation(read('hot chocolate')), /dish: drink/);
  assert.equal(made('a chocolate bar').makes, 'chocolate bar');
});

test('the device rows build closed solids within budget', async () => {
  await assertClosedWithinBudget(
    [
      'a computer mouse',
      'an arcade joystick',
      'a jewelry box',
      'a coffin',
      'a stone sarcophagus',
      'a crt monitor',
      'a monitor',
      'a walking stick',
      'a pool cue',
      'a slingshot',
      'a candy cane',
      'a treadmill',
      'a rowing machine',
      'an exercise bike',
      'a kitchen faucet',
      'a bar of dark chocolate',
      'a chocolate bar',
    ],
    { seed: 16, deterministic: true },
  );
  await assertClosedWithinBudget(
    [
      'a computer mouse',
      'an arcade joystick',
      'a jewelry box',
      'a coffin',
      'a sarcophagus',
      'a treadmill',
      'a rowing machine',
      'an exercise bike',
    ],
    { seed: 3, fast: true, bbox: [1, 3, 2] },
  );
});

test('a station housing vehicles is a hall with bay doors, a building people go to a public building: no house stands in', () => {
  for (const [prompt, makes, label] of [
    ['a red brick fire station', 'fire station', /building: hall with wide bay doors/],
    ['a hangar', 'hangar', /building: large hall with wide bay doors/],
    ['a hospital', 'hospital', /building: public building with an entrance portico/],
    ['a school', 'school', /building: public building with an entrance portico/],
  ] as [string, string, RegExp][]) {
    const i = read(prompt);
    assert.equal(madeObject(i).makes, makes, prompt);
    assert.match(summarizeInterpretation(i), label, prompt);
  }
  assert.equal(made('a cottage').makes, 'house');
  assert.equal(made('a barn').makes, 'barn');
});

test('the public buildings build closed solids within budget', async () => {
  await assertClosedWithinBudget(['a fire station', 'a hospital', 'a hangar'], { seed: 16, deterministic: true });
  await assertClosedWithinBudget(['a fire station', 'a hospital', 'a hangar'], {
    seed: 3,
    fast: true,
    bbox: [1, 3, 2],
  });
  await assertClosedWithinBudget(['a fire station', 'a museum'], { seed: 5, creative: true, maxFaces: 20000 });
});
