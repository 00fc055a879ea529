import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildAsset } from '../../../../src/engines/generate/text/generators/build.ts';
import {
  interpretPrompt,
  madeObject,
  summarizeInterpretation,
  warmLexicon,
} from '../../../../src/engines/generate/text/understand/index.ts';
import { produceForm } from '../../../../src/engines/generate/text/produce-reading.ts';
import { implementForm } from '../../../../src/engines/generate/text/implement-reading.ts';
import { shapeForm } from '../../../../src/engines/generate/text/shape-reading.ts';
import { garmentForm } from '../../../../src/engines/generate/text/garment-reading.ts';
import { jewelryForm } from '../../../../src/engines/generate/text/jewelry-reading.ts';
import { buildingForm } from '../../../../src/engines/generate/text/building-reading.ts';
import { knifeForm } from '../../../../src/engines/generate/text/knife-reading.ts';
import { cycleForm } from '../../../../src/engines/generate/text/cycle-reading.ts';
import { percussionForm } from '../../../../src/engines/generate/text/percussion-reading.ts';
import { assertClosedWithinBudget } from './solid-checks.ts';
import { meshBounds } from '../../../../src/geometry/mesh.ts';

warmLexicon();

const made = (prompt: string) => madeObject(interpretPrompt(prompt));

test('a fruit or vegetable is read from its own description: shape, rind, colour, size', () => {
  assert.equal(produceForm('fig')!.shape, 'pear');
  assert.equal(produceForm('banana')!.shape, 'crescent');
  assert.equal(produceForm('durian')!.surface, 'spiny');
  assert.equal(produceForm('durian')!.size, 'huge');
  assert.equal(produceForm('carambola')!.surface, 'ridged');
  assert.equal(produceForm('potato')!.shape, 'tuber');
  assert.equal(produceForm('kohlrabi')!.shape, 'bulb');
  assert.equal(produceForm('parsnip')!.shape, 'root');
  assert.equal(produceForm('celery')!.shape, 'stalks');
  assert.equal(produceForm('okra')!.shape, 'pod');
  // A plain outline ("flat mild onion") gives the proportion of the kind's own form (a bulb), not a new form.
  assert.equal(produceForm('red onion')!.shape, 'bulb');
  assert.ok(produceForm('red onion')!.stretch < 1);
  // A hypernym fills what the gloss leaves out: a cabbage's leaves make a leafy head.
  assert.equal(produceForm('cabbage')!.shape, 'head');
  // The skin's colour, not the flesh's.
  assert.match(produceForm('cantaloupe')!.summary, /tan/);
  // A class word is no kind of its own.
  assert.equal(produceForm('fruit'), undefined);
});

test('a fruit or vegetable with no row of its own is made as itself, and the summary says how it was read', () => {
  for (const [prompt, noun] of [
    ['a ripe persimmon', 'persimmon'],
    ['a quince on a table', 'quince'],
    ['a rutabaga', 'rutabaga'],
    ['a bunch of asparagus', 'asparagus'],
    ['an eggplant', 'eggplant'],
    ['an alligator pear', 'avocado'],
    ['a globe artichoke', 'artichoke'],
  ] as const) {
    const m = made(prompt);
    assert.equal(m.makes, noun, prompt);
    assert.equal(m.standIn, false, prompt);
  }
  assert.match(summarizeInterpretation(interpretPrompt('a papaya')), /papaya \(.*fruit: large yellow oval fruit\)/);
  // The hand-built rows keep their own form, and a bare class word still stands in.
  assert.equal(made('an orange').makes, 'orange');
  assert.equal(made('a carrot').makes, 'carrot');
  assert.equal(interpretPrompt('a vegetable').profile, undefined);
});

test('a hand implement is read from its own description: its handle and its working head', () => {
  assert.equal(implementForm('whisk')!.head, 'wires');
  assert.equal(implementForm('colander')!.head, 'perforated bowl');
  assert.equal(implementForm('plunger')!.head, 'suction cup');
  assert.equal(implementForm('pitchfork')!.head, 'teeth');
  assert.equal(implementForm('pitchfork')!.handle, 'long');
  assert.equal(implementForm('scythe')!.head, 'curved blade');
  assert.equal(implementForm('rolling pin')!.handle, 'both ends');
  assert.equal(implementForm('corkscrew')!.head, 'spiral');
  // "between the teeth" is what a toothpick is used on, not a row of teeth.
  assert.notEqual(implementForm('toothpick')?.head, 'teeth');
});

test('an implement is made as itself; a compound that is a kind of its last noun is made as that noun', () => {
  for (const [prompt, noun] of [
    ['a wire whisk', 'whisk'],
    ['a steel colander', 'colander'],
    ['a garden rake', 'rake'],
    ['a wood chisel', 'chisel'],
    ['an old scythe', 'scythe'],
    ['a sieve', 'sieve'],
  ] as const) {
    const m = made(prompt);
    assert.equal(m.makes, noun, prompt);
    assert.equal(m.standIn, false, prompt);
  }
  assert.match(summarizeInterpretation(interpretPrompt('a pitchfork')), /hand tool: a row of teeth on a long handle/);
  assert.equal(made('a wrench').makes, 'wrench');
});

test('fruit, vegetables and implements read from their description build closed solids within budget', async () => {
  const prompts = [
    'a durian',
    'a fig',
    'a cabbage',
    'a red onion',
    'a potato',
    'a globe artichoke',
    'a celery',
    'an okra',
    'a chickpea',
    'corn',
    'a banana',
    'a pineapple',
    'a carambola',
    'a whisk',
    'a colander',
    'a grater',
    'a plunger',
    'a mop',
    'a corkscrew',
    'a rolling pin',
    'a pitchfork',
    'a scythe',
    'a funnel',
    'a meat hook',
  ];
  await assertClosedWithinBudget(prompts, { seed: 5, deterministic: true });
  await assertClosedWithinBudget(['a durian', 'a whisk', 'a mop', 'a globe artichoke'], { seed: 9, maxFaces: 30000 });
  const whisk = await buildAsset(interpretPrompt('a whisk'), { seed: 1, maxFaces: 6000 });
  assert.ok(whisk.materials.some((m) => m.part === 'wire'));
});

test('an artifact met only by a broad stand-in is made as the plain solid its description names', () => {
  assert.equal(shapeForm('frisbee')!.shape, 'disk');
  assert.equal(shapeForm('hula hoop')!.shape, 'hoop');
  assert.equal(shapeForm('kaleidoscope')!.shape, 'tube');
  assert.equal(shapeForm('carabiner')!.shape, 'hoop');
  assert.equal(shapeForm('ironing board')!.shape, 'board');
  assert.ok(shapeForm('ironing board')!.proportions.includes('narrow'));
  // "pocket-size case" is a case, not a pocket.
  assert.equal(shapeForm('wallet')!.shape, 'box');
  for (const [prompt, noun] of [
    ['a frisbee', 'frisbee'],
    ['a hockey puck', 'hockey puck'],
    ['a picture frame', 'picture frame'],
    ['a locket', 'locket'],
  ] as const) {
    assert.equal(made(prompt).makes, noun, prompt);
  }
  assert.match(summarizeInterpretation(interpretPrompt('a frisbee')), /read as a plastic disk/);
  // A category's own words and anchored kinds keep the category's form; a broad anchor's own word is no kind.
  assert.equal(made('a box').makes, 'crate');
  assert.equal(made('a teddy bear').makes, 'teddy-bear');
  assert.equal(interpretPrompt('a toaster').profile, 'toaster');
});

test('plain solids read from a description build closed within budget', async () => {
  await assertClosedWithinBudget(
    ['a frisbee', 'a hula hoop', 'a kaleidoscope', 'a carabiner', 'a picture frame', 'an ironing board', 'a wallet'],
    { seed: 4, deterministic: true },
  );
});

test('an upper or full-length garment is cut as its description says; legwear is left to its rows', () => {
  assert.equal(garmentForm('poncho')!.cloak, true);
  assert.equal(garmentForm('vest')!.sleeves, 'none');
  assert.equal(garmentForm('cardigan')!.openFront, true);
  assert.equal(garmentForm('cardigan')!.knitted, true);
  assert.ok(garmentForm('kimono')!.length >= 1.4);
  assert.equal(garmentForm('hooded cloak')!.hood, true);
  assert.equal(garmentForm('trousers'), undefined);
  // A noun listed on a row only for its proportions is made as itself when its description can be read.
  for (const [prompt, noun] of [
    ['a mexican poncho', 'poncho'],
    ['a fluffy bathrobe', 'bathrobe'],
    ['a knitted sweater', 'sweater'],
    ['a silk kimono', 'kimono'],
    ['a toga', 'toga'],
  ] as const) {
    assert.equal(made(prompt).makes, noun, prompt);
  }
  assert.match(
    summarizeInterpretation(interpretPrompt('a cardigan')),
    /garment: knitted long-sleeved top with an open front/,
  );
  assert.equal(made('a t-shirt').makes !== 'garment', true);
  assert.equal(interpretPrompt('a pair of jeans').profile, 'trousers');
});

test('garments cut from a description build closed within budget', async () => {
  await assertClosedWithinBudget(
    ['a poncho', 'a bathrobe', 'a sweater', 'a cardigan', 'a hooded cloak', 'a vest', 'a toga'],
    { seed: 2, deterministic: true },
  );
});

test('jewellery that is no ring is made as its description says: necklace, pin, earrings, pendant, band', () => {
  assert.equal(jewelryForm('necklace')!.shape, 'necklace');
  assert.equal(jewelryForm('brooch')!.shape, 'brooch');
  assert.equal(jewelryForm('earring')!.shape, 'earrings');
  assert.equal(jewelryForm('drop earring')!.shape, 'earrings');
  assert.equal(jewelryForm('cufflink')!.shape, 'cufflinks');
  assert.equal(jewelryForm('wedding ring'), undefined);
  for (const [prompt, noun] of [
    ['a pearl necklace', 'necklace'],
    ['a vintage brooch', 'brooch'],
    ['a gold bangle', 'bangle'],
    ['a pair of cufflinks', 'cufflink'],
  ] as const) {
    assert.match(made(prompt).makes, new RegExp(`^${noun}`), prompt);
  }
  assert.equal(made('a diamond ring').makes, 'ring');
});

test('jewellery read from a description builds closed within budget', async () => {
  await assertClosedWithinBudget(
    [
      'a necklace',
      'a brooch with a gem',
      'a pair of earrings',
      'a choker',
      'a bangle',
      'a pair of cufflinks',
      'a pearl necklace',
    ],
    { seed: 6, deterministic: true },
  );
});

test('a building whose description says how it is built is made that way: shed, barn, coop, tiered', () => {
  assert.equal(buildingForm('shed')!.kind, 'shed');
  assert.equal(buildingForm('chicken coop')!.kind, 'coop');
  assert.equal(buildingForm('barn')!.kind, 'barn');
  assert.equal(buildingForm('ziggurat')!.kind, 'tiered');
  assert.equal(buildingForm('bungalow')!.floors, 1);
  // A gloss that says only what the building is for gives no build.
  assert.equal(buildingForm('warehouse'), undefined);
  for (const [prompt, noun] of [
    ['a garden shed', 'shed'],
    ['a chicken coop', 'chicken coop'],
    ['a red barn', 'barn'],
    ['an outhouse', 'outhouse'],
  ] as const) {
    assert.equal(made(prompt).makes, noun, prompt);
  }
  // A kind of house is still the house.
  assert.equal(made('a cottage').makes, 'house');
});

test('buildings read from a description build closed within budget', async () => {
  await assertClosedWithinBudget(['a garden shed', 'a chicken coop', 'a barn', 'a ziggurat', 'a stable', 'a gazebo'], {
    seed: 8,
    deterministic: true,
  });
});

test('a knife is made as its description says; a compound knife WordNet lacks is a knife', () => {
  assert.equal(knifeForm('cleaver')!.square, true);
  assert.equal(knifeForm('pocketknife')!.folding, true);
  assert.ok(knifeForm('machete')!.length > 1);
  assert.equal(knifeForm('machete')!.heavy, true);
  for (const [prompt, noun] of [
    ['a machete', 'machete'],
    ['a meat cleaver', 'meat cleaver'],
    ['a bowie knife', 'bowie knife'],
    ['a kitchen knife', 'knife'],
    ['a knife', 'knife'],
  ] as const) {
    assert.equal(made(prompt).makes, noun, prompt);
  }
  assert.equal(made('a dagger').makes, 'dagger');
});

test('knives read from a description build closed within budget', async () => {
  await assertClosedWithinBudget(
    ['a machete', 'a meat cleaver', 'a pocketknife', 'a bowie knife', 'a kitchen knife', 'a scalpel'],
    { seed: 3, deterministic: true },
  );
});

test('a cycle whose description gives its wheels or seats is made as itself, even a kind of bicycle', () => {
  assert.equal(cycleForm('unicycle')!.wheels, 1);
  assert.equal(cycleForm('tricycle')!.wheels, 3);
  assert.equal(cycleForm('tandem')!.tandem, true);
  assert.equal(cycleForm('bicycle'), undefined);
  for (const [prompt, noun] of [
    ['a circus unicycle', 'unicycle'],
    ["a child's tricycle", 'tricycle'],
    ['a tandem bicycle', 'tandem bicycle'],
  ] as const) {
    assert.equal(made(prompt).makes, noun, prompt);
  }
  // Fat tyres leave a mountain bike a bicycle.
  assert.equal(made('a mountain bike').makes, 'bicycle');
  assert.equal(made('a bike').makes, 'bicycle');
});

test('cycles read from a description build closed within budget, with their wheel count', async () => {
  await assertClosedWithinBudget(
    ['a unicycle', 'a tricycle', 'a tandem bicycle', 'a mountain bike', 'an ordinary bicycle'],
    { seed: 7, deterministic: true },
  );
  const depth = async (prompt: string) => {
    const b = meshBounds((await buildAsset(interpretPrompt(prompt), { seed: 1, maxFaces: 6000 })).mesh);
    return b.max[2] - b.min[2];
  };
  // A tricycle's rear axle carries two wheels side by side: it is deeper than a unicycle.
  assert.ok((await depth('a unicycle')) < (await depth('a tricycle')));
});

test('a percussion instrument is made as its description says: a shaker, clappers, a shallow drum with jingles', () => {
  assert.equal(percussionForm('maraca')!.shape, 'shaker');
  assert.equal(percussionForm('maraca')!.pair, true);
  assert.equal(percussionForm('castanets')!.shape, 'clappers');
  assert.equal(percussionForm('tambourine')!.jingles, true);
  assert.equal(percussionForm('kettledrum')!.shape, 'kettle');
  assert.equal(percussionForm('drum'), undefined);
  for (const [prompt, noun] of [
    ['a pair of maracas', 'maracas'],
    ['a tambourine', 'tambourine'],
    ['a cymbal', 'cymbal'],
    ['a wind chime', 'wind chime'],
  ] as const) {
    assert.equal(made(prompt).makes, noun, prompt);
  }
  assert.equal(made('a drum kit').makes, 'drum kit');
  assert.equal(made('a gong').makes, 'gong');
});

test('percussion read from a description builds closed within budget', async () => {
  await assertClosedWithinBudget(
    ['a maraca', 'a tambourine', 'a kettledrum', 'castanets', 'a cymbal', 'a handbell', 'a chime', 'a wind chime'],
    { seed: 5, deterministic: true },
  );
  await assertClosedWithinBudget(['a cymbal', 'a tambourine'], { seed: 5, maxFaces: 30000 });
});
