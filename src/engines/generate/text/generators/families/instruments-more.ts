/**
 * Instruments the instrument families had no row for: a gong on its frame, a xylophone (bars over
 * resonators on a stand), a theremin (a box with an upright and a loop antenna), a synthesizer
 * (keys, knobs and sliders), a kalimba (tines on a box), a didgeridoo and a trombone (its slide).
 */
import type { Generator } from '../kit.ts';
import { DARK } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const MORE_INSTRUMENTS: Record<string, Generator> = {
  ...partLists('instruments'),
  xylophone: (ctx) => {
    const bars = ctx.count('bar', 12, 5, 24);
    for (let k = 0; k < bars; k++) {
      const x = -0.6 + (k * 1.2) / (bars - 1);
      const L = 0.45 - k * (0.2 / bars);
      ctx.add(ctx.roundBox([0.08, 0.035, L], 0.01, [x, 0.8, 0]), 'wood', { part: 'bar', colour: [0.72, 0.42, 0.25] });
      ctx.add(ctx.cyl(0.025, 0.4 - k * 0.015, [x, 0.35 + k * 0.015, 0]), 'metal', {
        part: 'resonator',
        primary: false,
        colour: [0.8, 0.8, 0.82],
      });
    }
    for (const z of [-0.22, 0.22])
      ctx.add(ctx.box([1.35, 0.04, 0.04], [0, 0.77, z * 0.9]), 'wood', {
        part: 'frame',
        primary: false,
        colour: [0.3, 0.2, 0.12],
      });
    for (const x of [-0.62, 0.62])
      for (const z of [-0.2, 0.2])
        ctx.add(ctx.cyl(0.02, 0.76, [x, 0, z]), 'metal', { part: 'leg', primary: false, colour: DARK });
  },
  kalimba: (ctx) => {
    ctx.add(ctx.roundBox([0.4, 0.1, 0.5], 0.03, [0, 0.05, 0]).subtract(ctx.cyl(0.04, 0.2, [0, 0.02, 0.12])), 'wood', {
      colour: [0.7, 0.5, 0.3],
    });
    ctx.add(ctx.box([0.36, 0.025, 0.03], [0, 0.115, -0.05]), 'metal', {
      part: 'bridge',
      primary: false,
      colour: [0.7, 0.7, 0.72],
    });
    const tines = ctx.count('tine', 9, 5, 17);
    for (let k = 0; k < tines; k++)
      ctx.add(
        ctx.box(
          [0.018, 0.008, 0.3 - Math.abs(k - (tines - 1) / 2) * 0.025],
          [-0.15 + (k * 0.3) / (tines - 1), 0.13, -0.08],
        ),
        'metal',
        { part: 'tine', primary: false, colour: [0.82, 0.82, 0.85] },
      );
  },
};
