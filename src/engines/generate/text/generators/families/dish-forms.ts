/**
 * A dish built from its description (../../dish-reading.ts): a serving vessel (plate, bowl, pan,
 * steamer, basket, bento box, board, glass), a body in one of the forms dishes take (a mound, a
 * layered bake, a stacked sandwich, wrapped parcels, rolls, skewers, a stack, a round bake, scattered
 * pieces, strands, balls, soup, stew, a drink) and toppings in the colours of the ingredients the
 * description and the prompt name. A vessel the prompt names ("in a bamboo steamer") wins.
 */
import type { Manifold, Vec2 } from 'manifold-3d';
import { around, type GenContext, type RGB } from '../kit.ts';
import {
  INGREDIENT_COLOURS,
  STAPLES,
  ingredientsIn,
  readDish,
  type DishBody,
  type DishForm,
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

const food = (ctx: GenContext, m: Manifold, colour: RGB, part = 'food', primary = true) =>
  ctx.add(m, 'organic', { colour, part, primary });

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

/** A few toppings scattered over a surface at height y within radius r. */
function scatter(ctx: GenContext, bed: Bed, y: number, colours: RGB[], n: number, size = 0.05): void {
  if (!colours.length) return;
  const turns = around(n, ctx.rng.range(0, 1));
  turns.forEach((a, k) => {
    const d = bed.r * (0.25 + 0.55 * ((k * 0.618) % 1));
    const at: [number, number, number] = [Math.cos(a) * d, y, Math.sin(a) * d];
    const c = colours[k % colours.length];
    food(
      ctx,
      k % 2
        ? ctx.sphere(size, at, 10)
        : ctx.roundBox([size * 2, size * 1.2, size * 1.6], size * 0.4, at).rotate([0, (a * 180) / Math.PI, 0]),
      c,
      'topping',
      false,
    );
  });
}

type BodyBuild = (ctx: GenContext, bed: Bed, base: RGB, toppings: RGB[], form: DishForm) => void;

const BODIES: Record<DishBody, BodyBuild> = {
  mound: (ctx, bed, base, toppings) => {
    const h = bed.depth > 0 ? Math.max(bed.depth, 0.08) : 0.16;
    food(
      ctx,
      bed.depth > 0
        ? ctx.cyl(bed.r, h * 0.7, [0, bed.y, 0])
        : ctx
            .sphere(1, [0, 0, 0])
            .scale([bed.r * 0.85, h, bed.r * 0.85])
            .translate([0, bed.y, 0])
            .trimByPlane([0, 1, 0], bed.y),
      base,
    );
    scatter(ctx, bed, bed.y + (bed.depth > 0 ? h * 0.7 : h * 0.6), toppings, 7);
  },
  layered: (ctx, bed, base, toppings) => {
    const sauce = toppings[0] ?? [0.75, 0.2, 0.1];
    const slice = bed.depth === 0;
    const [w, d] = slice ? [0.4, 0.3] : [bed.r * 1.3, bed.r * 1.3];
    for (let k = 0; k < 4; k++)
      food(
        ctx,
        ctx.box([w, 0.045, d], [0, bed.y + 0.0225 + k * 0.045, 0]),
        k % 2 ? sauce : base,
        k % 2 ? 'sauce' : 'layer',
        k % 2 === 0,
      );
    food(
      ctx,
      ctx.roundBox([w * 0.98, 0.03, d * 0.98], 0.012, [0, bed.y + 0.19, 0]),
      toppings[1] ?? [0.98, 0.8, 0.3],
      'topping',
      false,
    );
  },
  sandwich: (ctx, bed, base, toppings) => {
    const bread = colourOf('bread', base);
    const tri: Vec2[] = [
      [-0.3, -0.2],
      [0.3, -0.2],
      [-0.3, 0.25],
    ];
    const layer = (y: number, h: number, c: RGB, part: string, primary: boolean, grow = 1) =>
      food(
        ctx,
        ctx
          .prism(
            tri.map(([x, z]) => [x * grow, z * grow] as Vec2),
            h,
          )
          .rotate([90, 0, 0])
          .translate([0, y + h / 2, 0]),
        c,
        part,
        primary,
      );
    layer(bed.y, 0.06, bread, 'bread', true);
    const fillings = [base === bread ? (toppings[0] ?? [0.35, 0.62, 0.25]) : base, ...toppings].slice(0, 3);
    fillings.forEach((c, k) => {
      layer(bed.y + 0.06 + k * 0.035, 0.035, c, 'filling', false, 1.04);
    });
    layer(bed.y + 0.06 + fillings.length * 0.035, 0.06, bread, 'bread', true);
  },
  parcels: (ctx, bed, base, toppings) => {
    const n = ctx.count('dumpling', 5, 1, 9);
    const folded = !/\b(steam|bun|bao)/.test(ctx.interpretation.prompt.toLowerCase()) && bed.depth === 0 && n > 0;
    around(n, 0.3).forEach((a) => {
      const d = n === 1 ? 0 : bed.r * 0.55;
      const at: [number, number, number] = [Math.cos(a) * d, bed.y, Math.sin(a) * d];
      const r = Math.min(0.13, bed.r * 0.4);
      // Folded parcels (gyoza, empanadas, burritos) lie as half-moons; steamed ones sit as pleated domes.
      const shape = folded
        ? ctx
            .cyl(r, r * 0.5)
            .rotate([90, 0, 0])
            .translate([0, 0, -r * 0.25])
            .trimByPlane([0, 1, 0], 0)
            .scale([1, 0.9, 1])
            .rotate([0, (a * 180) / Math.PI + 90, 0])
        : ctx
            .sphere(r, [0, 0, 0])
            .scale([1, 0.75, 1])
            .trimByPlane([0, 1, 0], 0)
            .add(ctx.cyl(r * 0.25, r * 0.25, [0, r * 0.7, 0], 0.01));
      food(ctx, shape.translate(at), base, 'parcel');
    });
    if (toppings[0]) scatter(ctx, bed, bed.y + 0.02, [toppings[0]], 3, 0.03);
  },
  rolls: (ctx, bed, base, toppings) => {
    const n = ctx.count('roll', 3, 1, 7);
    for (let k = 0; k < n; k++) {
      const z = (k - (n - 1) / 2) * 0.13;
      food(
        ctx,
        ctx.capsule([-bed.r * 0.8, bed.y + 0.05, z], [bed.r * 0.8, bed.y + 0.05, z + 0.03], 0.05),
        base,
        'roll',
      );
    }
    if (toppings[0])
      food(
        ctx,
        ctx.capsule([-bed.r * 0.6, bed.y + 0.1, 0], [bed.r * 0.6, bed.y + 0.1, 0.02], 0.015),
        toppings[0],
        'topping',
        false,
      );
  },
  skewers: (ctx, bed, base, toppings) => {
    const colours = [base, ...toppings];
    for (const z of [-0.1, 0.1]) {
      ctx.add(ctx.capsule([-bed.r * 1.2, bed.y + 0.05, z], [bed.r * 1.2, bed.y + 0.05, z], 0.008), 'wood', {
        part: 'skewer',
        primary: false,
        colour: [0.75, 0.6, 0.4],
      });
      for (let k = 0; k < 5; k++)
        food(
          ctx,
          ctx.roundBox([0.09, 0.08, 0.08], 0.02, [-bed.r * 0.8 + k * bed.r * 0.4, bed.y + 0.05, z]),
          colours[k % colours.length],
          k % colours.length ? 'topping' : 'food',
          k % colours.length === 0,
        );
    }
  },
  stack: (ctx, bed, base, toppings) => {
    const n = ctx.count('layer', 3, 1, 8);
    for (let k = 0; k < n; k++)
      food(
        ctx,
        ctx.cyl(bed.r * 0.8, 0.05, [ctx.rng.range(-0.01, 0.01), bed.y + k * 0.05, ctx.rng.range(-0.01, 0.01)]),
        base,
        'layer',
      );
    const top = bed.y + n * 0.05;
    if (toppings[0]) food(ctx, ctx.cyl(bed.r * 0.55, 0.015, [0, top, 0]), toppings[0], 'topping', false);
    scatter(ctx, { ...bed, r: bed.r * 0.5 }, top + 0.03, toppings.slice(1), 3, 0.035);
  },
  pie: (ctx, bed, base, toppings) => {
    const r = bed.r * 0.85;
    const slice = /\bslice\b/.test(ctx.interpretation.prompt.toLowerCase());
    let body = ctx.cyl(r, 0.12, [0, bed.y, 0], r * 0.95).add(ctx.torus(r * 0.95, 0.025, [0, bed.y + 0.12, 0], 'y'));
    if (slice)
      body = body.intersect(
        ctx
          .prism(
            [
              [0, 0],
              [r * 1.2, -r * 0.4],
              [r * 1.2, r * 0.4],
            ],
            0.4,
            [0, 0, 0],
          )
          .rotate([90, 0, 0])
          .translate([-r * 0.5, bed.y + 0.2, 0]),
      );
    food(ctx, body, colourOf('crust', base), 'crust');
    if (toppings[0] || base !== colourOf('crust', base))
      food(
        ctx,
        slice
          ? ctx.box([r * 1.1, 0.02, r * 0.5], [r * 0.05, bed.y + 0.125, 0]).intersect(body.translate([0, 0.02, 0]))
          : ctx.cyl(r * 0.88, 0.02, [0, bed.y + 0.11, 0]),
        base,
        'filling',
        false,
      );
    if (!slice) scatter(ctx, { ...bed, r: r * 0.8 }, bed.y + 0.14, toppings, 5, 0.035);
  },
  pieces: (ctx, bed, base, toppings, form) => {
    // Chips and leaves are thin triangles; other pieces are chunks (every third a flake, for variety).
    const chips = form.ingredients.some((n) => ['chip', 'tortilla', 'greens', 'lettuce', 'spinach'].includes(n));
    const colours = [base, base, ...toppings];
    const n = 16;
    // In a bowl the heap starts from its filled depth, so it shows above the rim.
    const floor = bed.y + bed.depth * 0.6;
    if (bed.depth > 0)
      food(
        ctx,
        ctx.lathe([
          [bed.r * 0.4, bed.y - 0.01],
          [bed.r * 0.95, floor],
        ]),
        base,
      );
    for (let k = 0; k < n; k++) {
      const a = k * 2.4 + ctx.rng.range(0, 0.4);
      const d = bed.r * 0.8 * Math.sqrt((k + 0.5) / n);
      const y = floor + 0.04 + (1 - d / bed.r) * 0.14;
      const c = colours[k % colours.length];
      const piece =
        chips || k % 3 === 0
          ? ctx
              .prism(
                [
                  [-0.1, -0.07],
                  [0.1, -0.07],
                  [0, 0.11],
                ],
                0.018,
              )
              .rotate([60 + (k % 3) * 12, 0, 0])
          : ctx.roundBox([0.15, 0.06, 0.08], 0.025);
      food(
        ctx,
        piece.rotate([0, (a * 180) / Math.PI, (k % 4) * 10]).translate([Math.cos(a) * d, y, Math.sin(a) * d]),
        c,
        c === base ? 'food' : 'topping',
        c === base,
      );
    }
  },
  strands: (ctx, bed, base, toppings) => {
    const h = 0.14;
    food(
      ctx,
      ctx
        .sphere(1, [0, 0, 0])
        .scale([bed.r * 0.8, h, bed.r * 0.8])
        .translate([0, bed.y, 0])
        .trimByPlane([0, 1, 0], bed.y),
      base,
      'pasta',
    );
    for (const [k, a] of around(5).entries())
      food(
        ctx,
        ctx
          .torus(0.09, 0.014, [Math.cos(a) * bed.r * 0.35, bed.y + h * 0.75, Math.sin(a) * bed.r * 0.35], 'y')
          .rotate([15 + k * 7, 0, 10]),
        base,
        'pasta',
      );
    if (toppings[0])
      food(
        ctx,
        ctx
          .sphere(1, [0, 0, 0])
          .scale([bed.r * 0.35, 0.04, bed.r * 0.35])
          .translate([0, bed.y + h * 0.95, 0]),
        toppings[0],
        'sauce',
        false,
      );
    scatter(ctx, { ...bed, r: bed.r * 0.55 }, bed.y + h, toppings.slice(1), 3, 0.045);
  },
  balls: (ctx, bed, base, toppings) => {
    const n = ctx.count('ball', 4, 1, 9);
    around(n, 0.5).forEach((a) => {
      const d = n === 1 ? 0 : bed.r * 0.5;
      const at: [number, number, number] = [Math.cos(a) * d, bed.y + 0.09, Math.sin(a) * d];
      food(ctx, ctx.sphere(0.1, at), base, 'ball');
      if (toppings[0]) food(ctx, ctx.cyl(0.102, 0.06, [at[0], at[1] - 0.08, at[2]]), toppings[0], 'band', false);
    });
  },
  soup: (ctx, bed, base, toppings) => {
    const top = bed.y + bed.depth * 0.75;
    food(
      ctx,
      ctx.lathe([
        [bed.r * 0.4, bed.y - 0.01],
        [bed.r * 0.98, top],
      ]),
      base,
      'soup',
    );
    scatter(ctx, { ...bed, r: bed.r * 0.8 }, top, toppings, 5, 0.035);
  },
  stew: (ctx, bed, base, toppings) => {
    const top = bed.y + bed.depth * 0.8;
    food(
      ctx,
      ctx.lathe([
        [bed.r * 0.4, bed.y - 0.01],
        [bed.r, top],
      ]),
      base,
      'stew',
    );
    scatter(
      ctx,
      { ...bed, r: bed.r * 0.85 },
      top,
      [base, ...toppings].map((c) => c.map((v) => v * 0.85) as RGB),
      9,
      0.05,
    );
  },
  drink: (ctx, bed, base, toppings) => {
    const top = bed.y + bed.depth;
    food(ctx, ctx.cyl(bed.r * 0.7, bed.depth * 0.9, [0, bed.y - 0.01, 0], bed.r * 0.97), base, 'drink');
    if (/\b(cream|whipped|foam|frothy)\b/.test(ctx.interpretation.prompt.toLowerCase()) || toppings.length) {
      food(
        ctx,
        ctx
          .sphere(bed.r, [0, top - 0.03, 0])
          .scale([1, 0.7, 1])
          .trimByPlane([0, 1, 0], top - 0.05),
        colourOf('cream', base),
        'cream',
        false,
      );
      if (
        toppings.some((c) => c === INGREDIENT_COLOURS.fruit) ||
        /\bcherry\b/.test(ctx.interpretation.prompt.toLowerCase())
      )
        food(ctx, ctx.sphere(0.045, [0, top + bed.r * 0.65, 0]), [0.75, 0.05, 0.1], 'cherry', false);
    }
    ctx.add(ctx.capsule([0.05, bed.y + 0.1, 0], [0.16, top + 0.25, 0.02], 0.012), 'plastic', {
      part: 'straw',
      primary: false,
      colour: [0.9, 0.3, 0.35],
    });
  },
};

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
  BODIES[form.body](ctx, bed, base, toppings, form);
  return true;
}
