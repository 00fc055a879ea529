import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt, warmLexicon } from '../../../../src/engines/generate/text/understand/index.ts';
import { NOUN_STRATEGIES } from '../../../../src/engines/generate/text/understand/resolution.ts';

warmLexicon();

test('the noun strategies are one ordered list, the definition read before the family default', () => {
  const order = NOUN_STRATEGIES.map((s) => s.by);
  assert.ok(order.indexOf('row by sense') < order.indexOf('form read from the definition'));
  assert.ok(order.indexOf('form read from the definition') < order.indexOf('family default'));
  assert.equal(order.at(-1), 'family default');
});

test('each reading says which strategy placed its subject', () => {
  const cases: [string, string][] = [
    ['a red wooden chair', 'exact word'],
    ['a corgi', 'row by sense'],
    ['a wine glass', 'kind of its last word'],
    ['a roller skate', 'form read from the definition'],
    ['a hovercraft', 'family default'],
    ['a monorail', 'sculpted form'],
  ];
  for (const [prompt, by] of cases) assert.equal(interpretPrompt(prompt).resolvedBy, by, prompt);
});
