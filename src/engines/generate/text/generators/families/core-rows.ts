import type { RGB, Generator } from '../kit.ts';
import { STEEL } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const CORE_ROWS: Record<string, Generator> = {
  ...partLists('poles'),
  'walking stick': (ctx) => {
    // A straight shaft, a crook handle curled over at its top, a metal ferrule at its foot.
    const colour: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.35, 0.2, 0.1];
    ctx.add(ctx.cyl(0.012, 0.86, [0, 0.02, 0]), 'wood', { part: 'shaft', colour });
    ctx.add(ctx.torus(0.05, 0.013, [0.05, 0.88, 0], 'z').trimByPlane([0, 1, 0], 0.875), 'wood', {
      part: 'handle',
      colour,
    });
    ctx.add(ctx.cyl(0.013, 0.03, [0, 0, 0]), 'metal', { part: 'ferrule', primary: false, colour: STEEL });
  },
  slingshot: (ctx) => {
    // A Y-shaped stick: a handle, two forked arms, an elastic band between their tips.
    const colour: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.55, 0.36, 0.18];
    ctx.add(ctx.capsule([0, 0, 0], [0, 0.12, 0], 0.014), 'wood', { part: 'handle', colour });
    for (const x of [-1, 1])
      ctx.add(ctx.capsule([0, 0.12, 0], [x * 0.06, 0.22, 0], 0.012), 'wood', { part: 'fork', colour });
    ctx.add(ctx.capsule([-0.06, 0.22, 0], [0, 0.16, 0.05], 0.004), 'rubber', {
      part: 'band',
      primary: false,
      colour: [0.75, 0.2, 0.15],
    });
    ctx.add(ctx.capsule([0.06, 0.22, 0], [0, 0.16, 0.05], 0.004), 'rubber', {
      part: 'band',
      primary: false,
      colour: [0.75, 0.2, 0.15],
    });
    ctx.add(ctx.box([0.03, 0.02, 0.01], [0, 0.16, 0.05]), 'leather', {
      part: 'pouch',
      primary: false,
      colour: [0.4, 0.25, 0.12],
    });
  },
};
// A glaive is the European blade on a pole: the same build.
CORE_ROWS.glaive = CORE_ROWS.naginata;
