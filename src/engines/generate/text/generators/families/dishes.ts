/**
 * Plated food and fruit shapes: fries in a carton, a hot dog, a taco, sushi, an egg (fried or boiled),
 * a steak, broccoli, grapes, a pineapple, a strawberry, ramen; and the round fruit profiles of the
 * apple category (a ribbed pumpkin, a dimpled orange, a pointed lemon, a striped watermelon). Any
 * other dish is built from what WordNet says of it (./dish-forms.ts).
 */
import type { Vec3 } from 'manifold-3d';
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { describedDish } from './dish-forms.ts';
import { partLists } from '../part-list.ts';

const food = (ctx: GenContext, m: ReturnType<GenContext['box']>, colour: RGB, part?: string, primary = true) =>
  ctx.add(m, 'organic', { colour, part, primary });

const DISH_ROWS = partLists('dishes');

export const DISHES: Record<string, Generator> = {
  ...DISH_ROWS,
  // Chocolate as a solid is the bar (../../catalog/made.yaml reads "dark chocolate" so).
  chocolate: DISH_ROWS['chocolate bar'],
};

/** A hand-built dish, else the dish built from its own description (./dish-forms.ts), else a plated steak. */

export function dish(ctx: GenContext): void {
  const profile = ctx.interpretation.profile;
  const own = DISHES[profile ?? ''];
  if (own) own(ctx);
  else if (!describedDish(ctx, profile)) DISHES.steak(ctx);
}

const FRUIT: Record<
  string,
  {
    r: number;
    squash: number;
    colour: RGB;
    ribs?: number;
    point?: boolean;
    stripes?: RGB;
    long?: number;
    scales?: RGB;
    crown?: boolean;
  }
> = {
  pumpkin: { r: 0.4, squash: 0.7, colour: [0.95, 0.5, 0.08], ribs: 10 },
  orange: { r: 0.3, squash: 0.95, colour: [1, 0.55, 0.05] },
  lemon: { r: 0.25, squash: 1, colour: [0.98, 0.88, 0.2], point: true },
  watermelon: { r: 0.45, squash: 0.8, colour: [0.2, 0.5, 0.2], stripes: [0.1, 0.3, 0.1] },
  tomato: { r: 0.3, squash: 0.78, colour: [0.88, 0.12, 0.08], ribs: 6 },
  cherry: { r: 0.15, squash: 1, colour: [0.6, 0.02, 0.08] },
  peach: { r: 0.3, squash: 0.95, colour: [1, 0.65, 0.45] },
  // Fruit added for the open suite's kinds (../../catalog/made.yaml): an elongated mango, a scaled dragon fruit, …
  mango: { r: 0.26, squash: 0.8, colour: [0.95, 0.6, 0.15], long: 1.35 },
  'dragon fruit': { r: 0.26, squash: 1, colour: [0.9, 0.2, 0.5], long: 1.25, scales: [0.45, 0.7, 0.25] },
  kiwi: { r: 0.2, squash: 0.85, colour: [0.5, 0.38, 0.22], long: 1.2 },
  coconut: { r: 0.33, squash: 0.95, colour: [0.4, 0.27, 0.15] },
  pomegranate: { r: 0.3, squash: 0.9, colour: [0.7, 0.1, 0.12], crown: true },
  lime: { r: 0.2, squash: 0.95, colour: [0.4, 0.7, 0.2] },
};

/** Round fruit with ribs, points or stripes; undefined when the profile is the plain apple shape. */
export function fruit(ctx: GenContext): boolean {
  const f = FRUIT[ctx.interpretation.profile ?? ''];
  if (!f) return false;
  const { s } = ctx;
  const r = f.r * s.wide;
  const c: Vec3 = [0, r * f.squash, 0];
  if (f.ribs)
    for (const a of around(f.ribs))
      food(
        ctx,
        ctx.ellipsoid([r * 0.45, r * f.squash, r * 0.45], [Math.cos(a) * r * 0.55, c[1], Math.sin(a) * r * 0.55]),
        f.colour,
      );
  else food(ctx, ctx.ellipsoid(f.point ? [r * 1.3, r, r] : [r * (f.long ?? 1), r * f.squash * s.tall, r], c), f.colour);
  if (f.scales)
    for (const [k, a] of around(10).entries())
      food(
        ctx,
        ctx
          .prism(
            [
              [-0.05, 0],
              [0.05, 0],
              [0, 0.11],
            ],
            0.012,
          )
          .rotate([0, 0, k % 2 ? 20 : -20])
          .rotate([0, (a * 180) / Math.PI, 0])
          .translate([Math.cos(a) * r * 0.85 * (f.long ?? 1), c[1] + (k % 2 ? 0.1 : -0.08), -Math.sin(a) * r * 0.85]),
        f.scales,
        'scale',
        false,
      );
  if (f.crown)
    for (const a of around(5))
      food(
        ctx,
        ctx.cyl(0.025, 0.07, [Math.cos(a) * 0.04, c[1] + r * f.squash * 0.95, Math.sin(a) * 0.04], 0.005),
        f.colour,
        'crown',
        false,
      );
  if (f.point) for (const side of [-1, 1]) food(ctx, ctx.sphere(r * 0.25, [side * r * 1.25, c[1], 0], 12), f.colour);
  if (f.stripes)
    for (const a of around(8))
      food(
        ctx,
        ctx
          .ellipsoid([r * 0.08, r * f.squash * 1.005, r * 1.005])
          .rotate([0, (a * 180) / Math.PI, 0])
          .translate(c),
        f.stripes,
        'stripe',
        false,
      );
  if (f.ribs)
    food(
      ctx,
      ctx.capsule([0, r * f.squash * 1.9, 0], [r * 0.1, r * f.squash * 2.3, 0], r * 0.08),
      [0.35, 0.45, 0.2],
      'stem',
      false,
    );
  return true;
}
