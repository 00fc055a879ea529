/**
 * Weighing instruments, rows of the powered and measuring tool family: a scale (a flat platform with a
 * dial, as on a bathroom or kitchen scale) and a balance (a beam on a post with a pan hung from each end).
 * WordNet's "scale, weighing machine" stood in as the family's flashlight.
 */
import { addDetail, type Generator } from '../kit.ts';
import { BRASS, STEEL, WHITE } from '../palette.ts';

export const SCALES: Record<string, Generator> = {
  scale: (ctx) => {
    const glass = ctx.interpretation.material === 'glass';
    const colour = ctx.interpretation.colours[0]?.rgb ?? WHITE;
    ctx.add(
      ctx.roundBox([0.32 * ctx.s.wide, 0.045, 0.32 * ctx.s.wide], 0.02, [0, 0.03, 0]),
      glass ? 'glass' : 'plastic',
      { colour },
    );
    for (const [x, z] of [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ])
      addDetail(ctx, ctx.cyl(0.015, 0.01, [x * 0.13, 0, z * 0.13]), 'rubber', 'foot', [0.1, 0.1, 0.1]);
    addDetail(ctx, ctx.box([0.09, 0.008, 0.04], [0, 0.056, 0.1]), 'glass', 'display', [0.15, 0.2, 0.2]);
  },
  'balance scale': (ctx) => {
    const colour = ctx.interpretation.colours[0]?.rgb ?? BRASS;
    const mat = ctx.interpretation.material === 'wood' ? 'wood' : 'metal';
    ctx.add(ctx.cyl(0.16, 0.05, [0, 0, 0]), mat, { part: 'base', colour });
    ctx.add(ctx.cyl(0.02, 0.65, [0, 0.05, 0]), 'metal', { part: 'post', colour });
    ctx.add(ctx.box([0.7, 0.025, 0.025], [0, 0.7, 0]), 'metal', { part: 'beam', colour });
    ctx.add(ctx.sphere(0.03, [0, 0.72, 0]), 'metal', { part: 'pivot', primary: false, colour });
    for (const x of [-0.33, 0.33]) {
      // Three cords from the beam's end to the rim of a shallow pan.
      for (const [dx, dz] of [
        [0.09, 0],
        [-0.045, 0.078],
        [-0.045, -0.078],
      ])
        addDetail(ctx, ctx.capsule([x, 0.69, 0], [x + dx, 0.36, dz], 0.004), 'metal', 'cord', STEEL);
      ctx.add(
        ctx.lathe(
          [
            [0.04, 0],
            [0.1, 0.03],
            [0.11, 0.045],
          ],
          [x, 0.32, 0],
        ),
        'metal',
        { part: 'pan', colour },
      );
    }
  },
};
