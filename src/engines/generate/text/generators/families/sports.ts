import { addDetail, says, type RGB, type Generator } from '../kit.ts';
import { BLACK, IRON, STEEL } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const SPORTS: Record<string, Generator> = {
  ...partLists('sports'),
  dartboard: (ctx) => {
    // Standing on its edge, facing +z: rings of alternating colours, a bull, three darts when asked.
    const y = 0.5;
    const rings: [number, RGB][] = [
      [0.45, BLACK],
      [0.38, [0.1, 0.5, 0.2]],
      [0.34, [0.93, 0.9, 0.8]],
      [0.22, [0.8, 0.1, 0.1]],
      [0.18, [0.93, 0.9, 0.8]],
      [0.05, [0.1, 0.5, 0.2]],
      [0.02, [0.8, 0.1, 0.1]],
    ];
    for (const [k, [r, colour]] of rings.entries())
      ctx.add(
        ctx
          .cyl(r, 0.04 + k * 0.003, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([0, y, 0]),
        k === 0 ? 'wood' : 'fabric',
        { part: k === 0 ? 'board' : 'ring', primary: k === 0, colour },
      );
    const darts = ctx.count('dart', says(ctx, /darts?\b/) ? 3 : 0, 0, 6);
    for (let k = 0; k < darts; k++) {
      const a = k * 2.1 + 0.4;
      const [x, yy] = [Math.cos(a) * 0.12, y + Math.sin(a) * 0.12];
      addDetail(ctx, ctx.capsule([x, yy, 0.04], [x, yy, 0.3], 0.008, 0.014), 'metal', 'dart', STEEL);
      addDetail(ctx, ctx.box([0.06, 0.005, 0.06], [x, yy, 0.28]), 'plastic', 'flight', [0.9, 0.2, 0.2]);
    }
    ctx.add(ctx.box([0.1, 0.05, 0.12], [0, 0.025, -0.02]), 'wood', { part: 'stand', primary: false, colour: BLACK });
  },
  barbell: (ctx) => {
    const plates = ctx.count('plate', 2, 1, 4);
    ctx.add(ctx.capsule([-1.1, 0.24, 0], [1.1, 0.24, 0], 0.018), 'metal', { part: 'bar', colour: STEEL });
    for (const x of [-1, 1])
      for (let k = 0; k < plates; k++) {
        const r = 0.24 - k * 0.04;
        ctx.add(
          ctx
            .cyl(r, 0.05, [0, 0, 0])
            .rotate([0, 0, -90])
            .translate([x * (0.7 + k * 0.055) - (x < 0 ? 0.05 : 0), 0.24, 0]),
          'rubber',
          { part: 'plate', colour: k % 2 ? [0.7, 0.1, 0.1] : IRON },
        );
        ctx.add(
          ctx
            .cyl(0.035, 0.03, [0, 0, 0])
            .rotate([0, 0, -90])
            .translate([x * 0.66 - (x < 0 ? 0.03 : 0), 0.24, 0]),
          'metal',
          { part: 'collar', primary: false, colour: STEEL },
        );
      }
  },
};
