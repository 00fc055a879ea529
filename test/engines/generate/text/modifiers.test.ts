/** Modifiers as data (generators/modifiers.json): they validate, and a noun's modifier reaches the form. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildAsset } from '../../../../src/engines/generate/text/generators/build.ts';
import type { GenContext } from '../../../../src/engines/generate/text/generators/kit.ts';
import {
  MODIFIERS,
  modifierProblems,
  setting,
  settingOf,
  type ModifierFile,
} from '../../../../src/engines/generate/text/generators/modifiers.ts';
import { interpretPrompt } from '../../../../src/engines/generate/text/understand/index.ts';

const saying = (word: string) => ({ interpretation: { word } }) as unknown as GenContext;

test('the modifier file validates; the checks refuse an id twice, a setting twice, a row without settings', () => {
  assert.ok(MODIFIERS.length >= 10);
  assert.deepEqual(modifierProblems({ about: 'all', rows: MODIFIERS }), []);
  const file = (rows: unknown[]): ModifierFile => ({ about: 'test', rows }) as ModifierFile;
  const tiers = { id: 'tiers', plan: 'cake', words: ['wedding cake'], set: { tiers: 3 } };
  assert.match(modifierProblems(file([tiers, tiers])).join(), /listed twice/);
  assert.match(
    modifierProblems(file([tiers, { ...tiers, id: 'again' }])).join(),
    /cake\/wedding cake\/tiers is set twice/,
  );
  assert.notDeepEqual(modifierProblems(file([{ id: 'nothing', plan: 'figure', words: ['wizard'] }])), []);
  assert.notDeepEqual(modifierProblems(file([{ ...tiers, set: { colour: 'NOT_A_COLOUR' } }])), []);
});

test('a setting applies to its plan and words only', () => {
  assert.equal(setting(saying('wedding cake'), 'cake', 'tiers'), 3);
  assert.equal(setting(saying('birthday cake'), 'cake', 'tiers'), undefined);
  assert.equal(setting(saying('wedding cake'), 'bread', 'tiers'), undefined);
  assert.equal(setting(saying('katana'), 'sword', 'curve'), 0.06);
  assert.equal(setting(saying('katana'), 'sword', 'bladeWidth'), 0.6);
  assert.equal(settingOf(saying('school bus'), 'bus', 'colour'), 'YELLOW');
});

test('a wizard wears the hat, a king the crown, a knight the helmet; a plain person none of them', async () => {
  const parts = async (prompt: string) =>
    new Set(
      (await buildAsset(interpretPrompt(prompt), { seed: 1, fast: true, maxFaces: 2000 })).materials.map((m) => m.part),
    );
  assert.ok((await parts('a wizard')).has('hat'));
  assert.ok((await parts('a king')).has('crown'));
  assert.ok((await parts('a knight')).has('helmet'));
  const plain = await parts('a person');
  for (const part of ['hat', 'crown', 'helmet']) assert.ok(!plain.has(part), `a person has no ${part}`);
});
