/**
 * The food and props that read a modifier or the prompt's companions: a cake (its tiers), bread and a
 * ring. The apple is a row of ./parts/core-food.json, the others (the cheese wedge too) of ./parts/props.json.
 */
import { addDetail, around, type GenContext, type RGB } from './kit.ts';
import { setting } from './modifiers.ts';
import { COLOURS } from '../understand/vocabulary.ts';

export function cake(ctx: GenContext): void {
  const { s, rng } = ctx;
  const tiers = ctx.count('tier', setting(ctx, 'cake', 'tiers') ?? rng.int(1, 3), 1, 6);
  let r = 0.15 * s.wide;
  let y = 0;
  for (let k = 0; k < tiers; k++) {
    const h = 0.1 * s.tall;
    ctx.add(ctx.cyl(r, h, [0, y, 0]), 'organic', { colour: [0.98, 0.92, 0.85] });
    addDetail(ctx, ctx.torus(r, 0.012, [0, y + h, 0]), 'organic', 'icing', [0.95, 0.55, 0.7]);
    y += h;
    r *= 0.72;
  }
  const candles = ctx.count('candle', rng.int(0, 5), 0, 24);
  for (const a of around(candles)) {
    const x = (Math.cos(a) * r * 0.7) / 0.72;
    const z = (Math.sin(a) * r * 0.7) / 0.72;
    ctx.add(ctx.cyl(0.006, 0.05, [x, y, z]), 'wax', { part: 'candle', primary: false, colour: [0.5, 0.7, 0.95] });
    addDetail(ctx, ctx.sphere(0.007, [x, y + 0.058, z], 8), 'organic', 'flame', [1, 0.75, 0.2]);
  }
  if (rng.chance(0.5))
    addDetail(ctx, ctx.sphere(0.025, [0, y + 0.015, 0], 12), 'organic', 'topping', [0.8, 0.05, 0.15]);
}

export function bread(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 0.28 * s.long * (setting(ctx, 'bread', 'length') ?? 1);
  ctx.add(
    ctx
      .capsule([-L / 2, 0.05, 0], [L / 2, 0.05, 0], 0.06 * s.wide)
      .scale([1, s.tall * 0.9, 1])
      .trimByPlane([0, 1, 0], 0.005),
    'organic',
    { colour: [0.8, 0.55, 0.25] },
  );
  for (let k = 0; k < rng.int(3, 5); k++)
    ctx.add(
      ctx
        .box([0.01, 0.01, 0.08 * s.wide])
        .rotate([0, 30, 0])
        .translate([-L / 2 + (L * (k + 0.7)) / 5, 0.105 * s.tall * 0.9, 0]),
      'organic',
      { part: 'crust', primary: false, colour: [0.6, 0.38, 0.15] },
    );
}

export function ring(ctx: GenContext): void {
  const { s, rng } = ctx;
  const R = 0.01 * s.wide;
  const band = ctx.torus(R, 0.0018 * s.thick, [0, R + 0.002, 0], 'z');
  ctx.add(band, 'gold');
  const word = ctx.interpretation.word ?? '';
  const stone = ctx.interpretation.companions.find((c) => c.category === 'gem');
  const stoneColour: RGB = stone?.colours[0]?.rgb ?? (stone && COLOURS[stone.word]) ?? [0.85, 0.95, 1];
  if (!['band', 'bracelet', 'bangle'].includes(word) && (rng.chance(0.7) || ctx.partSpec('gem') || stone)) {
    ctx.add(
      ctx
        .cyl(0.0035, 0.003, [0, 2 * R + 0.002, 0], 0.001, s.lowPoly ? 6 : 8)
        .add(ctx.cyl(0.0035, 0.002, [0, 2 * R + 0.002, 0], 0.0035, s.lowPoly ? 6 : 8).translate([0, 0.003, 0])),
      'glass',
      { part: 'gem', primary: false, colour: stoneColour },
    );
  }
}
