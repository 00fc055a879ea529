/**
 * Body plans for sea animals and worms (generators/families/sea-life.ts): marine mammals on
 * flippers, worms as segmented tubes, echinoderms and polyps beside the molluscs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt, madeObject, warmLexicon } from '../../../../src/engines/generate/text/understand/index.ts';
import { assertClosedWithinBudget } from './solid-checks.ts';

warmLexicon();

const made = (prompt: string) => madeObject(interpretPrompt(prompt));

test('pinnipeds and sea cows are made on flippers, by their WordNet class', () => {
  for (const p of ['a sea lion', 'an elephant seal', 'a seal pup']) assert.equal(made(p).makes, 'seal', p);
  // "harbor seal: small spotted seal": made as itself from its definition, on the seal's row.
  assert.equal(made('a harbor seal').makes, 'harbor seal');
  assert.equal(interpretPrompt('a harbor seal').category, 'marine-mammal');
  assert.equal(made('a walrus').makes, 'walrus');
  // Dugong and manatee are sea cows (sirenians): never the otter's quadruped proportions.
  for (const p of ['a dugong', 'a manatee']) {
    assert.equal(made(p).makes, 'sea cow', p);
    assert.equal(interpretPrompt(p).category, 'marine-mammal', p);
  }
  // A bare "seal" keeps WordNet's first sense (a stamp); an animal's name before it makes it the animal.
  assert.notEqual(interpretPrompt('a wax seal').category, 'marine-mammal');
  assert.equal(interpretPrompt('a leopard seal').category, 'marine-mammal');
  // A body part WordNet files with the animals is no animal ("horse saddle" is no animal named saddle).
  assert.notEqual(interpretPrompt('a horse saddle').category, 'horse');
});

test('worms, echinoderms and polyps have forms of their own', () => {
  for (const p of ['an earthworm', 'a tapeworm', 'a worm']) assert.equal(made(p).makes, 'worm', p);
  assert.equal(made('a leech').makes, 'leech');
  assert.equal(made('a sea cucumber').makes, 'sea cucumber');
  assert.equal(made('a sea urchin').makes, 'sea urchin');
  assert.equal(made('a sea anemone').makes, 'sea anemone');
  // A coral is a polyp like the anemone: built with its proportions and said to be a stand-in.
  assert.equal(interpretPrompt('a coral').profile, 'sea anemone');
  assert.notEqual(made('a coral').makes, 'sea anemone');
});

test('the sea-life forms build closed solids within budget', async () => {
  await assertClosedWithinBudget(
    [
      'a harbor seal',
      'a walrus',
      'a dugong',
      'an earthworm',
      'a leech',
      'a sea cucumber',
      'a sea urchin',
      'a sea anemone',
    ],
    { seed: 16 },
  );
});
