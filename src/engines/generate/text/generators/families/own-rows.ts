/**
 * The row a family draws for an animal made from its own definition (../../animal-reading.ts): the
 * row the noun is a kind of (a ladybird is a beetle), with the definition's traits applied.
 */
import type { GenContext } from '../kit.ts';
import { DRAWN_TRAITS, baseRowOf, readAnimal, type AnimalTraits } from '../../animal-reading.ts';
import { categoryById } from '../../catalog.ts';

/** The traits of the profile when it is an animal made from its own definition, not a row of `table`. */
export function ownTraits(ctx: GenContext, table: Record<string, unknown>): AnimalTraits | undefined {
  const profile = ctx.interpretation.profile ?? '';
  const drawn = DRAWN_TRAITS[ctx.interpretation.category];
  if (!profile || table[profile] || !drawn) return undefined;
  return readAnimal(profile, drawn);
}

/** The name of the row drawn: the profile when it is a row, else the row an own-form noun is a kind of. */
export function drawnRow(ctx: GenContext, table: Record<string, unknown>): string | undefined {
  const profile = ctx.interpretation.profile;
  if (!profile || table[profile] || !ownTraits(ctx, table)) return profile;
  return baseRowOf(profile, categoryById(ctx.interpretation.category)?.profiles ?? {});
}

/** The table row for the profile, with an own-form noun's traits applied to the row it is a kind of. */
export function ownRow<T>(
  ctx: GenContext,
  table: Record<string, T>,
  fallback: string,
  apply: (row: T, t: AnimalTraits) => T,
): { row: T; traits?: AnimalTraits } {
  const traits = ownTraits(ctx, table);
  const row = table[drawnRow(ctx, table) ?? ''] ?? table[fallback];
  return traits ? { row: apply(row, traits), traits } : { row };
}
