import { around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { RED, STEEL, STONE, WOOD, YELLOW } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const OUTDOOR: Record<string, Generator> = {
  ...partLists('outdoor'),
  'swing set': (ctx) => {
    const seats = ctx.count('swing', 2, 1, 4);
    const W = 0.6 * seats + 0.4;
    for (const x of [-W / 2, W / 2])
      for (const z of [-1, 1])
        ctx.add(ctx.capsule([x, 1.5, 0], [x, 0.02, z * 0.5], 0.03), 'metal', {
          part: 'leg',
          colour: [0.2, 0.45, 0.75],
        });
    ctx.add(ctx.capsule([-W / 2, 1.5, 0], [W / 2, 1.5, 0], 0.035), 'metal', {
      part: 'beam',
      colour: [0.2, 0.45, 0.75],
    });
    for (let k = 0; k < seats; k++) {
      const x = -W / 2 + 0.5 + k * 0.6;
      for (const dx of [-0.13, 0.13])
        ctx.add(ctx.cyl(0.006, 1.05, [x + dx, 0.45, 0]), 'metal', { part: 'chain', primary: false, colour: STEEL });
      ctx.add(ctx.box([0.32, 0.03, 0.14], [x, 0.44, 0]), 'rubber', {
        part: 'seat',
        primary: false,
        colour: RED,
      });
    }
  },
  fountain: (ctx) => {
    const bird = ctx.interpretation.profile === 'bird bath' || says(ctx, /\bbird ?bath\b/);
    ctx.add(ctx.cyl(bird ? 0.1 : 0.12, bird ? 0.75 : 0.45, [0, 0, 0], bird ? 0.08 : 0.1), 'stone', {
      part: 'pedestal',
      colour: STONE,
    });
    const basin = (r: number, y: number) =>
      ctx.add(
        ctx
          .lathe([
            [r * 0.3, y],
            [r, y + 0.08],
            [r, y + 0.14],
          ])
          .subtract(
            ctx.lathe([
              [r * 0.25, y + 0.06],
              [r * 0.93, y + 0.15],
            ]),
          ),
        'stone',
        { part: 'basin', colour: STONE },
      );
    if (bird) {
      basin(0.45, 0.72);
      ctx.add(ctx.cyl(0.4, 0.02, [0, 0.8, 0]), 'glass', { part: 'water', primary: false, colour: [0.5, 0.7, 0.85] });
      return;
    }
    ctx.add(ctx.cyl(1.0, 0.25).subtract(ctx.cyl(0.92, 0.3, [0, 0.06, 0])), 'stone', { part: 'pool', colour: STONE });
    ctx.add(ctx.cyl(0.93, 0.02, [0, 0.16, 0]), 'glass', { part: 'water', primary: false, colour: [0.5, 0.7, 0.85] });
    basin(0.5, 0.45);
    ctx.add(ctx.cyl(0.06, 0.4, [0, 0.55, 0], 0.05), 'stone', { part: 'pedestal', colour: STONE });
    basin(0.25, 0.9);
    ctx.add(ctx.cyl(0.03, 0.3, [0, 1.0, 0], 0.005), 'glass', { part: 'jet', primary: false, colour: [0.6, 0.8, 0.95] });
  },
};
OUTDOOR['bird bath'] = OUTDOOR.fountain;

/** Playground frames and garden feeders, the rest of the yard. */
Object.assign(OUTDOOR, {
  'jungle gym': (ctx: GenContext) => {
    // Square bars (boxes), a 3 × 3 grid of posts: round bars crossing at every joint could not be
    // brought under a 2k-face budget.
    const bars: RGB = RED;
    for (let i = 0; i <= 2; i++)
      for (let j = 0; j <= 2; j++)
        ctx.add(ctx.box([0.04, 1.2, 0.04], [-0.6 + i * 0.6, 0.6, -0.6 + j * 0.6]), 'metal', {
          part: 'post',
          colour: bars,
        });
    for (const y of [0.6, 1.18])
      for (let k = 0; k <= 2; k++) {
        ctx.add(ctx.box([1.24, 0.035, 0.035], [0, y, -0.6 + k * 0.6]), 'metal', {
          part: 'bar',
          colour: [0.2, 0.45, 0.8],
        });
        ctx.add(ctx.box([0.035, 0.035, 1.24], [-0.6 + k * 0.6, y + 0.02, 0]), 'metal', {
          part: 'bar',
          colour: YELLOW,
        });
      }
  },
  'merry-go-round': (ctx: GenContext) => {
    ctx.add(ctx.cyl(0.9, 0.08, [0, 0.15, 0]), 'metal', { colour: RED });
    ctx.add(ctx.cyl(0.1, 0.15, [0, 0, 0]), 'metal', { part: 'hub', primary: false, colour: STEEL });
    for (const a of around(4)) {
      ctx.add(
        ctx
          .capsule([Math.cos(a) * 0.1, 0.23, Math.sin(a) * 0.1], [Math.cos(a) * 0.1, 0.7, Math.sin(a) * 0.1], 0.02)
          .add(
            ctx.capsule([Math.cos(a) * 0.1, 0.7, Math.sin(a) * 0.1], [Math.cos(a) * 0.8, 0.5, Math.sin(a) * 0.8], 0.02),
          )
          .add(
            ctx.capsule(
              [Math.cos(a) * 0.8, 0.5, Math.sin(a) * 0.8],
              [Math.cos(a) * 0.8, 0.23, Math.sin(a) * 0.8],
              0.02,
            ),
          ),
        'metal',
        { part: 'handle', primary: false, colour: YELLOW },
      );
    }
  },
  sandbox: (ctx: GenContext) => {
    ctx.add(ctx.box([1.4, 0.25, 1.4], [0, 0.125, 0]).subtract(ctx.box([1.25, 0.3, 1.25], [0, 0.2, 0])), 'wood', {
      colour: WOOD,
    });
    ctx.add(
      ctx.box([1.25, 0.15, 1.25], [0, 0.075, 0]).add(ctx.sphere(0.3, [0.2, 0.1, -0.1]).scale([1, 0.4, 1])),
      'stone',
      { part: 'sand', primary: false, colour: [0.93, 0.85, 0.62] },
    );
    ctx.add(ctx.cyl(0.1, 0.12, [-0.3, 0.15, 0.3], 0.12), 'plastic', {
      part: 'bucket',
      primary: false,
      colour: [0.2, 0.5, 0.9],
    });
  },
  'bird feeder': (ctx: GenContext) => {
    ctx.add(ctx.cyl(0.02, 1.2, [0, 0, 0]), 'metal', { part: 'pole', primary: false, colour: [0.15, 0.15, 0.15] });
    ctx.add(ctx.cyl(0.12, 0.35, [0, 1.2, 0]), 'glass', { part: 'tube', colour: [0.8, 0.88, 0.9] });
    ctx.add(ctx.cyl(0.11, 0.28, [0, 1.23, 0]), 'organic', { part: 'seed', primary: false, colour: [0.6, 0.45, 0.25] });
    ctx.add(ctx.cyl(0.2, 0.03, [0, 1.18, 0]).add(ctx.cyl(0.16, 0.1, [0, 1.55, 0], 0.02)), 'metal', {
      part: 'roof',
      colour: [0.2, 0.4, 0.25],
    });
    for (const a of around(2))
      ctx.add(
        ctx.capsule(
          [Math.cos(a) * 0.12, 1.25, Math.sin(a) * 0.12],
          [Math.cos(a) * 0.25, 1.25, Math.sin(a) * 0.25],
          0.01,
        ),
        'metal',
        { part: 'perch', primary: false, colour: STEEL },
      );
  },
});
