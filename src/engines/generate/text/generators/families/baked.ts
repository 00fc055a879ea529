/**
 * Baked goods that catalogue categories stood in for (a muffin was a cake, a bagel a donut, a cookie
 * a pizza, a cinnamon roll a loaf): each now has its own form, as a profile of that category
 * (../../catalog/made.yaml), so the category a prompt resolves to does not change.
 */
import type { GenContext, Generator } from '../kit.ts';
import { describedDish } from './dish-forms.ts';
import { partLists } from '../part-list.ts';

/** Companions that top a baked good ("with icing", "with blueberries") are part of it, not beside it. */
function carryToppings(ctx: GenContext): void {
  for (const c of ctx.interpretation.companions)
    if (/\b(icing|frosting|glaze|sprinkles?|berr(y|ies)|chocolate|cheese|cream|sugar|seeds?)\b/.test(c.word))
      ctx.carried.add(c.word);
}

export const ROWS: Record<string, Generator> = {
  ...partLists('baked'),
  // A pie and a pancake are built from WordNet's own description of them (a round bake in a pan, a stack).
  pie: (ctx) => void describedDish(ctx, 'pie'),
  pancake: (ctx) => void describedDish(ctx, 'pancake'),
};

export const BAKED: Record<string, Generator> = Object.fromEntries(
  Object.entries(ROWS).map(([name, build]) => [
    name,
    (ctx: GenContext) => {
      carryToppings(ctx);
      build(ctx);
    },
  ]),
);
