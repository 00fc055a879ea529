import { says, type Generator } from '../kit.ts';
import { STONE } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const OUTDOOR: Record<string, Generator> = {
  ...partLists('outdoor'),
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
  'bird bath': (ctx) => OUTDOOR.fountain(ctx),
};
