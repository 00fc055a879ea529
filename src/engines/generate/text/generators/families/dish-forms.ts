/**
 * A dish built from its description (../../dish-reading.ts): a serving vessel (plate, bowl, pan,
 * steamer, basket, bento box, board, glass), a body in one of the forms dishes take (a mound, a
 * layered bake, a stacked sandwich, wrapped parcels, rolls, skewers, a stack, a round bake, scattered
 * pieces, strands, balls, soup, stew, a drink: rows of ../parts/dish-bodies.json) and toppings in the
 * colours of the ingredients the description and the prompt name. A vessel the prompt names ("in a
 * bamboo steamer") wins.
 */
import type { GenContext, RGB } from '../kit.ts';
import {
  INGREDIENT_COLOURS,
  STAPLES,
  ingredientsIn,
  readDish,
  type DishBody,
  type Vessel,
} from '../../dish-reading.ts';
import { GOLDEN } from '../palette.ts';
import { buildRow } from '../part-list.ts';

/** Where the food sits: the surface height, the radius it may cover, and how deep a liquid may be. */
interface Bed {
  y: number;
  r: number;
  depth: number;
}

const PROMPT_VESSELS: [RegExp, Vessel][] = [
  [/\bsteamer\b/, 'steamer'],
  [/\b(pan|skillet|casserole|tray)\b/, 'pan'],
  [/\bbowl\b/, 'bowl'],
  [/\b(plate|platter|saucer|dish)\b/, 'plate'],
  [/\bbasket\b/, 'basket'],
  [/\b(box|bento)\b/, 'box'],
  [/\bboard\b/, 'board'],
  [/\b(glass|cup|mug)\b/, 'glass'],
];

/** Where the food sits on each vessel; the vessels themselves are rows of ../parts/dish-vessels.json. */
const BEDS: Record<Vessel, Bed> = {
  plate: { y: 0.03, r: 0.34, depth: 0 },
  board: { y: 0.05, r: 0.3, depth: 0 },
  bowl: { y: 0.04, r: 0.36, depth: 0.22 },
  pan: { y: 0.02, r: 0.44, depth: 0.06 },
  steamer: { y: 0.03, r: 0.4, depth: 0 },
  basket: { y: 0.04, r: 0.36, depth: 0 },
  box: { y: 0.03, r: 0.28, depth: 0.1 },
  glass: { y: 0.05, r: 0.2, depth: 0.52 },
};

/** Builds the vessel and says where the food sits on it. */
function vesselBed(ctx: GenContext, vessel: Vessel): Bed {
  buildRow(ctx, 'dish-vessels', vessel);
  return BEDS[vessel];
}

/** An empty serving vessel: the bowl category's plate ("an apple on a plate"). */
export function emptyVessel(ctx: GenContext, vessel: Vessel): void {
  vesselBed(ctx, vessel);
}

function colourOf(name: string | undefined, fallback: RGB): RGB {
  return (name && INGREDIENT_COLOURS[name]) || fallback;
}

const CONTAINER_BODIES: DishBody[] = ['soup', 'stew', 'drink'];

/**
 * Builds the dish `name` from its description; false when nothing describes it (the caller's
 * default form stands in). Ingredients the prompt names come first ("tomato soup" is red).
 */
export function describedDish(ctx: GenContext, name: string | undefined): boolean {
  const form = name ? readDish(name) : undefined;
  if (!form) return false;
  const prompt = ctx.interpretation.prompt.toLowerCase();
  // A companion that is a serving vessel ("on a plate", "in a bamboo steamer") or an ingredient ("with
  // strawberries", "with croutons") is part of the dish: built here, not beside it.
  for (const c of ctx.interpretation.companions) {
    if (PROMPT_VESSELS.some(([re]) => re.test(c.word)) || ingredientsIn(c.word).length) ctx.carried.add(c.word);
  }
  let vessel = PROMPT_VESSELS.find(([re]) => re.test(prompt))?.[1] ?? form.vessel;
  // Liquids need a vessel that holds them.
  if (CONTAINER_BODIES.includes(form.body) && !['bowl', 'glass', 'pan'].includes(vessel))
    vessel = form.body === 'drink' ? 'glass' : 'bowl';
  if (form.body === 'drink') vessel = 'glass';
  const bed = vesselBed(ctx, vessel);
  const named = [...ingredientsIn(prompt), ...form.ingredients].filter((v, k, all) => all.indexOf(v) === k);
  // The staple (rice, pasta, dough…) is the body and the rest top it, whatever order they were named in.
  const staple = named.find((n) => STAPLES.includes(n));
  const ordered = staple ? [staple, ...named.filter((n) => n !== staple)] : named;
  // The prompt's own colour words colour the body when given ("a chocolate milkshake"); cooking browns it.
  const raw = ctx.interpretation.colours[0]?.rgb ?? colourOf(ordered[0], [0.9, 0.75, 0.5]);
  const base =
    form.browned && !ctx.interpretation.colours.length ? (raw.map((v, k) => v * 0.5 + GOLDEN[k] * 0.5) as RGB) : raw;
  const toppings = ordered.slice(1, 4).map((n) => colourOf(n, base));
  const [bread, crust] = [colourOf('bread', base), colourOf('crust', base)];
  // The body is a row of ../parts/dish-bodies.json over the vessel's bed; a topping the prompt or
  // description names without a colour of its own is the body's (tbK says which, as 1 or 0).
  buildRow(ctx, 'dish-bodies', form.body, {
    ...bed,
    base,
    nt: toppings.length,
    ...Object.fromEntries(
      [0, 1, 2].flatMap((k) => [
        [`t${k}`, toppings[k] ?? base],
        [`tb${k}`, +(toppings[k] === base)],
      ]),
    ),
    bread,
    filling0: base === bread ? (toppings[0] ?? [0.35, 0.62, 0.25]) : base,
    crust,
    crustShows: +(base !== crust),
    chips: +form.ingredients.some((n) => ['chip', 'tortilla', 'greens', 'lettuce', 'spinach'].includes(n)),
    cream: colourOf('cream', base),
    fruit: +toppings.some((c) => c === INGREDIENT_COLOURS.fruit),
  });
  return true;
}
