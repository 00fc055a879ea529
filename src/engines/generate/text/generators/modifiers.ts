/**
 * Modifiers: what a word the prompt's noun is changes in a generator's form, as data (./modifiers.json)
 * instead of `word === '…'` checks in the generators. A row names its generator (`plan`), the words it
 * applies to, and settings the plan reads in place of its own default (a wedding cake's three tiers, a
 * child's height). This module reads no part list, so a part-list row reads settings by its `setting`
 * let (./part-list.ts) without a cycle; headgear a noun wears is part of its row (./parts/figures.json).
 * Rows are checked against MODIFIER_FILE_SCHEMA when the file loads and by
 * test/engines/generate/text/modifiers.test.ts, which refuses a word given one setting twice.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { GenContext } from './kit.ts';
import { firstSchemaError, listedTwice, PALETTE_NAMES, readRowFile } from './row-files.ts';

const ModifierSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    /** The generator that reads the row (figure, cake, sword …). */
    plan: Type.String({ minLength: 1 }),
    /** The prompt's noun (`Interpretation.word`) it applies to. */
    words: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    /** Settings the plan reads instead of its default: a number, or a colour named in ./palette.ts. */
    set: Type.Record(Type.String(), Type.Union([Type.Number(), ...PALETTE_NAMES.map((name) => Type.Literal(name))])),
  },
  { additionalProperties: false },
);

export const MODIFIER_FILE_SCHEMA = Type.Object(
  { about: Type.String(), rows: Type.Array(ModifierSchema) },
  { additionalProperties: false },
);

export type ModifierRow = Static<typeof ModifierSchema>;
export type ModifierFile = Static<typeof MODIFIER_FILE_SCHEMA>;

/** Every problem of a parsed modifier file: schema, an id listed twice, a setting given twice. */
export function modifierProblems(file: unknown): string[] {
  const error = firstSchemaError(MODIFIER_FILE_SCHEMA, file);
  if (error) return [error];
  const rows = (file as ModifierFile).rows;
  const problems = listedTwice(rows.map((row) => row.id));
  const settings = new Set<string>();
  for (const row of rows)
    for (const word of row.words)
      for (const key of Object.keys(row.set)) {
        const setting = `${row.plan}/${word}/${key}`;
        if (settings.has(setting)) problems.push(`${row.id}: ${setting} is set twice`);
        settings.add(setting);
      }
  return problems;
}

function readModifiers(): ModifierRow[] {
  return (readRowFile(new URL('./modifiers.json', import.meta.url), 'modifiers.json', modifierProblems) as ModifierFile)
    .rows;
}

export const MODIFIERS: readonly ModifierRow[] = Object.freeze(readModifiers());

/** The rows of `plan` that apply to the prompt's noun. */
export function modifiersOf(ctx: GenContext, plan: string): ModifierRow[] {
  const word = ctx.interpretation.word ?? '';
  return MODIFIERS.filter((row) => row.plan === plan && row.words.includes(word));
}

/** What a modifier sets for `key` of `plan` (a number or a palette name), else undefined (the plan keeps its default). */
export function settingOf(ctx: GenContext, plan: string, key: string): number | string | undefined {
  return modifiersOf(ctx, plan).find((row) => row.set[key] !== undefined)?.set[key];
}

/** The number a modifier sets for `key` of `plan`, else undefined. */
export function setting(ctx: GenContext, plan: string, key: string): number | undefined {
  const value = settingOf(ctx, plan, key);
  return typeof value === 'number' ? value : undefined;
}
