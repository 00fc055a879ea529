/**
 * Home and street fixtures: rows of ../parts/fixtures.json (a hammock as long as asked, a radiator with
 * the fins and a staircase with the steps the prompt counts …) and the mirror (ornate or oval by the
 * prompt's style) of ../parts/prompt-forms.json.
 */
import type { GenContext, Generator } from '../kit.ts';
import { buildRow, partLists } from '../part-list.ts';

export const FIXTURES: Record<string, Generator> = {
  ...partLists('fixtures'),
  mirror: (ctx) => buildRow(ctx, 'prompt-forms', 'mirror'),
};

export function fixture(ctx: GenContext): void {
  (FIXTURES[ctx.interpretation.profile ?? ''] ?? FIXTURES.sink)(ctx);
}
