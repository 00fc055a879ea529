import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildAsset } from '../../../../src/engines/generate/text/generators/build.ts';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../../../../src/engines/generate/text/understand/index.ts';
import { isWatertight } from '../../../../src/geometry/ops/index.ts';
import { assertClosedWithinBudget } from './solid-checks.ts';
import { meshBounds } from '../../../../src/geometry/mesh.ts';

warmLexicon();

const made = (prompt: string) => madeObject(interpretPrompt(prompt)).makes;

test('photography and style phrases never pick the object; a low-poly phrase still sets the style', () => {
  assert.equal(made('cowboy boots, studio lighting, product photography'), 'boot');
  // The corgi's own definition ("short legs") makes it as itself (animal-reading.ts).
  assert.equal(made('a DSLR photo of a corgi'), 'corgi');
  assert.equal(made('a human skull, studio lighting, high resolution'), 'skull');
  const bus = interpretPrompt('a low poly 3d model of a school bus');
  assert.equal(bus.category, 'bus');
  assert.ok(bus.styles.includes('low-poly'));
  assert.match(summarizeInterpretation(bus), /set aside as picture words: .*low poly 3d model/);
});

test('the subject is the head noun phrase: compounds, the first of several objects, measure words, form nouns', () => {
  assert.equal(made('a vintage record player'), 'record player');
  assert.equal(made('a kitchenaid stand mixer'), 'stand mixer');
  assert.equal(made('a plate of fries and a hamburger'), 'fries');
  const tiger = interpretPrompt('a zoomed out DSLR photo of a tiger eating an ice cream cone');
  assert.equal(madeObject(tiger).makes, 'tiger');
  assert.deepEqual(
    tiger.companions.map((c) => c.category),
    ['ice-cream'],
  );
  assert.equal(made('a lion statue, bronze'), 'lion');
  assert.equal(made('a watermelon slice'), 'watermelon');
  // A word the engine does not understand never wins over one it does.
  assert.equal(interpretPrompt('a frog glorbnax').word, 'frog');
});

test('families pick a profile from the noun or its WordNet hypernyms, and say when the family stands in', () => {
  const frog = interpretPrompt('a DSLR photo of a frog');
  assert.equal(summarizeInterpretation(frog).split(';')[0], 'interpreted as: frog (amphibian body plan)');
  assert.equal(made('a tree frog'), 'frog');
  assert.equal(made('a bumblebee'), 'bee');
  assert.equal(made('a tarantula'), 'tarantula');
  assert.equal(made('a bulldozer'), 'bulldozer');
  // WordNet files a moped under motorbike, not scooter: the scooter's row lends its proportions, the family names it.
  assert.equal(made('a moped'), 'motorcycle');
  assert.equal(made('a violin'), 'violin');
  const caecilian = interpretPrompt('a caecilian');
  assert.equal(caecilian.category, 'amphibian');
  assert.equal(madeObject(caecilian).standIn, true);
  assert.match(summarizeInterpretation(caecilian), /no caecilian form: the amphibian body plan stands in/);
  // A prompt naming no object Kiln can place still gets the sculpted form, and says so.
  assert.match(
    summarizeInterpretation(interpretPrompt('a shimmering zorblax of quantum flux')),
    /^interpreted as: generic sculpted form \(no known object\)/,
  );
  // A capacitor is a device: the household appliance stands in, and the summary says it does.
  assert.match(
    summarizeInterpretation(interpretPrompt('a quantum flux capacitor')),
    /no capacitor form: the household appliance stands in/,
  );
});

test('material phrases set the material, never the object; places are settings, not second objects', () => {
  const cat = interpretPrompt('a cat carved out of marble');
  assert.equal(cat.category, 'cat');
  assert.equal(cat.material, 'marble');
  const owl = interpretPrompt('an owl made out of wood');
  assert.equal(madeObject(owl).makes, 'owl');
  assert.equal(owl.material, 'wood');
  const piano = interpretPrompt('a grand piano in a concert hall');
  assert.deepEqual(piano.companions, []);
  assert.deepEqual(piano.settings, ['concert hall']);
  // "sand" names a person only through a rare sense: the shell lies on it, it is not built.
  const shell = interpretPrompt('a seashell on the sand');
  assert.deepEqual(shell.companions, []);
  assert.deepEqual(shell.settings, ['sand']);
});

test('a material phrase reaches the body of a generator that colours its own parts; eyes keep theirs', async () => {
  const frog = await buildAsset(interpretPrompt('a frog made of gold'), { seed: 1, maxFaces: 4000 });
  assert.ok(
    frog.materials.some((m) => m.part === 'body' && m.kind === 'gold'),
    'the body is gold',
  );
  assert.ok(
    frog.materials.some((m) => m.part === 'eye' && m.kind === 'glass'),
    'the eyes are still glass',
  );
});

test('"X wearing Y" puts Y on top of X; "X riding Y" puts X on Y', async () => {
  const ratio = async (prompt: string) => {
    const asset = await buildAsset(interpretPrompt(prompt), { seed: 4, maxFaces: 6000 });
    assert.ok(isWatertight(asset.mesh), prompt);
    const b = meshBounds(asset.mesh);
    return (b.max[1] - b.min[1]) / Math.max(b.max[0] - b.min[0], b.max[2] - b.min[2]);
  };
  const wearing = interpretPrompt('a chimpanzee wearing a hat');
  assert.deepEqual(
    wearing.companions.map((c) => [c.relation, c.category]),
    [['wearing', 'hat']],
  );
  assert.ok(
    (await ratio('a chimpanzee wearing a hat')) > (await ratio('a chimpanzee')),
    'the hat adds height, not width',
  );
  assert.deepEqual(
    interpretPrompt('an astronaut riding a horse').companions.map((c) => c.relation),
    ['on'],
  );
});

test('one profile of every family builds a closed solid within a small budget, the same for the same seed', async () => {
  const prompts = [
    'a frog',
    'a salamander',
    'a gecko',
    'a chimpanzee',
    'a bee',
    'a butterfly',
    'a scorpion',
    'a lobster',
    'an octopus',
    'a starfish',
    'a hedgehog',
    'a camel',
    'a moped',
    'a tractor',
    'an excavator',
    'a covered wagon',
    'a helicopter',
    'a hot air balloon',
    'a violin',
    'a grand piano',
    'a drum kit',
    'a saxophone',
    'a toaster',
    'a gramophone',
    'a top hat',
    'a sneaker',
    'a backpack',
    'a wrench',
    'an anchor',
    'fries',
    'a pumpkin',
    'a pyramid',
    'a skull',
    'a bust',
  ];
  await assertClosedWithinBudget(prompts, { seed: 2, fast: true });
  const a = (await buildAsset(interpretPrompt('a red crab'), { seed: 9 })).mesh.positions;
  assert.deepEqual((await buildAsset(interpretPrompt('a red crab'), { seed: 9 })).mesh.positions, a);
  assert.notDeepEqual((await buildAsset(interpretPrompt('a red crab'), { seed: 10 })).mesh.positions, a);
});

test('a noun with no row of its own is said to be its class, while the geometry borrows the nearest row', () => {
  const cases: [string, string, string | undefined][] = [
    ['a yak', 'quadruped', 'bison'], // a sibling on the bison's row: the body plan, with its proportions
    ['a dormouse', 'rodent', 'mouse'], // a class word on the mouse's row (a capybara's definition now makes it itself)
    ['a lynx', 'cat', 'leopard'], // a kind of the category, not of the profile
    ['a tuatara', 'reptile', 'dragon'], // no row: the body plan by WordNet class
    ['an eel', 'fish', 'snake'],
    ['a nudibranch', 'mollusc', 'turtle'],
    ['a bassoon', 'wind-instrument', 'saxophone'], // the trombone now has a row of its own
    ['a musket', 'gun', 'rifle'], // another row of the family
    ['a grizzly bear', 'bear', undefined], // the profile itself
    ['a bumblebee', 'bee', undefined],
    ['a kitten', 'cat', undefined], // a young one whose gloss names it
  ];
  for (const [prompt, makes, proportions] of cases) {
    const m = madeObject(interpretPrompt(prompt));
    assert.equal(m.makes, makes, prompt);
    assert.equal(m.proportions, proportions, prompt);
  }
  // The geometry still uses the nearest row.
  // A walrus has a body plan of its own now (flippers), not the otter's row.
  assert.equal(interpretPrompt('a walrus').profile, 'walrus');
  assert.equal(interpretPrompt('a bassoon').profile, 'saxophone');
  assert.match(summarizeInterpretation(interpretPrompt('a tram')), /no tram form: the bus stands in/);
});
