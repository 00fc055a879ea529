import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';

test('what a subject is likened to or taken from is a reference, never the subject', () => {
  assert.equal(interpretPrompt('a deerstalker hat like sherlock holmes').category, 'hat');
  assert.equal(interpretPrompt('a cat that looks like a tiger').category, 'cat');
  // Where the subject's own noun cannot be read, the generic form says so rather than making the reference.
  assert.equal(interpretPrompt('generate a golden idol like in indiana jones, for my temple level').via, 'generic');
  assert.equal(interpretPrompt('baymax from big hero 6, studio lighting').via, 'generic');
  assert.equal(interpretPrompt('generate an offshore oil rig at sunset for a naval strategy game').category === 'dish', false);
});

test('an -ing word after a noun that is also an adjective ("japanese") is a modifier, not a verb ending the phrase', () => {
  const i = interpretPrompt('a japanese folding screen painted with cranes');
  assert.equal(i.word, 'screen');
  assert.notEqual(i.category, 'person');
});
