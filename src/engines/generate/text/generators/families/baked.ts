/**
 * Baked goods that catalogue categories stood in for (a muffin was a cake, a bagel a donut, a cookie
 * a pizza, a cinnamon roll a loaf): each now has its own form, as a profile of that category
 * (../../catalog/made.yaml), so the category a prompt resolves to does not change.
 */
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { describedDish } from './dish-forms.ts';
import { GOLDEN } from '../palette.ts';
import { partLists } from '../part-list.ts';

const food = (ctx: GenContext, m: ReturnType<GenContext['box']>, colour: RGB, part?: string, primary = true) =>
  ctx.add(m, 'organic', { colour, part, primary });

/** Small spheres scattered on a surface: seeds, chips, berries. */
function dots(
  ctx: GenContext,
  n: number,
  r: number,
  at: (k: number) => [number, number, number],
  colour: RGB,
  part: string,
): void {
  for (let k = 0; k < n; k++) food(ctx, ctx.sphere(r, at(k), 8), colour, part, false);
}

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
  muffin: (ctx) => {
    const paper: RGB = [0.9, 0.85, 0.75];
    ctx.add(
      ctx.lathe([
        [0.16, 0],
        [0.2, 0.2],
      ]),
      'paper',
      { part: 'wrapper', primary: false, colour: paper },
    );
    food(ctx, ctx.sphere(0.25, [0, 0.2, 0]).scale([1, 0.7, 1]).trimByPlane([0, 1, 0], 0.19), GOLDEN, 'top');
    const berry = /\bblueberr/.test(ctx.interpretation.prompt.toLowerCase())
      ? ([0.25, 0.2, 0.5] as RGB)
      : ([0.35, 0.2, 0.12] as RGB);
    dots(
      ctx,
      7,
      0.025,
      (k) => {
        const a = k * 2.4;
        const d = 0.07 + (k % 3) * 0.04;
        return [Math.cos(a) * d, 0.2 + Math.sqrt(Math.max(0, 0.0306 - d * d * 0.49)) * 1.0, Math.sin(a) * d];
      },
      berry,
      'berry',
    );
  },
  'cinnamon roll': (ctx) => {
    // A spiral read from above: concentric rings of dough, each a little higher toward the centre.
    for (const [k, r] of [0.26, 0.18, 0.1].entries())
      food(ctx, ctx.torus(r, 0.055, [0, 0.06 + k * 0.015, 0], 'y'), GOLDEN, 'dough');
    food(ctx, ctx.cyl(0.06, 0.12, [0, 0, 0]), GOLDEN, 'dough');
    if (/\b(icing|glaze|frosting|frosted|iced)\b/.test(ctx.interpretation.prompt.toLowerCase()))
      for (const a of around(4))
        food(
          ctx,
          ctx.capsule(
            [Math.cos(a) * 0.25, 0.13, Math.sin(a) * 0.25],
            [-Math.cos(a) * 0.1, 0.14, -Math.sin(a) * 0.1],
            0.018,
          ),
          [0.98, 0.97, 0.94],
          'icing',
          false,
        );
  },
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
