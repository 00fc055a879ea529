/**
 * The ring, which reads the prompt's companions (its stone). The apple is a row of ./parts/core-food.json,
 * the other food and props (the cake, bread and cheese wedge too) of ./parts/props.json.
 */
import type { GenContext, RGB } from './kit.ts';
import { COLOURS } from '../understand/vocabulary.ts';

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
