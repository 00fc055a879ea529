/**
 * Light aircraft the airplane stood in for: a hang glider (a triangular sail over an A-frame control bar)
 * and a paraglider (an arched canopy on lines above a harness), rows of the airplane; and an autogyro
 * (a pod with an unpowered rotor on a mast and a pusher propeller), a row of the rotorcraft family.
 */
import type { GenContext, RGB, Generator } from '../kit.ts';
import { DARK, STEEL, YELLOW } from '../palette.ts';
import { partLists } from '../part-list.ts';

const sailColour = (ctx: GenContext): RGB =>
  ctx.interpretation.colours[0]?.rgb ?? ctx.rng.pick([[0.9, 0.25, 0.15], [0.15, 0.45, 0.85], YELLOW] as RGB[]);

export const GLIDERS: Record<string, Generator> = {
  ...partLists('gliders'),
  'hang glider': (ctx) => {
    const span = 2.4 * ctx.s.wide;
    // The sail: a flat delta, nose forward (+x), a little above the keel.
    ctx.add(
      ctx
        .prism(
          [
            [0.9, 0],
            [-0.5, span / 2],
            [-0.7, 0],
            [-0.5, -span / 2],
          ],
          0.02,
        )
        .rotate([90, 0, 0])
        .translate([0, 1.2, 0]),
      'fabric',
      { colour: sailColour(ctx) },
    );
    ctx.add(ctx.capsule([0.9, 1.18, 0], [-0.7, 1.18, 0], 0.02), 'metal', {
      part: 'keel',
      primary: false,
      colour: STEEL,
    });
    for (const z of [-0.35, 0.35])
      ctx.add(ctx.capsule([0.1, 1.17, 0], [0.2, 0.45, z], 0.015), 'metal', {
        part: 'frame',
        primary: false,
        colour: STEEL,
      });
    ctx.add(ctx.capsule([0.2, 0.45, -0.35], [0.2, 0.45, 0.35], 0.015), 'metal', {
      part: 'control bar',
      primary: false,
      colour: STEEL,
    });
    ctx.add(ctx.capsule([-0.5, 0.7, 0], [0.15, 0.7, 0], 0.1), 'fabric', {
      part: 'harness',
      primary: false,
      colour: DARK,
    });
  },
  paraglider: (ctx) => {
    const span = 2.6 * ctx.s.wide;
    const colour = sailColour(ctx);
    // The canopy: cells along an arc, their lines meeting at the harness below.
    const cells = 9;
    for (let k = 0; k < cells; k++) {
      const a = (-0.5 + (k + 0.5) / cells) * 1.6;
      const [y, z] = [1.9 + Math.cos(a) * 0.6, (Math.sin(a) * span) / 2];
      ctx.add(
        ctx
          .roundBox([0.55, 0.1, span / cells + 0.02], 0.03, [0, 0, 0])
          .rotate([(-a * 180) / Math.PI, 0, 0])
          .translate([0, y, z]),
        'fabric',
        { colour: k % 2 ? colour : [0.95, 0.95, 0.95] },
      );
      if (k % 2 === 0)
        ctx.add(ctx.capsule([0, y - 0.05, z], [0, 0.55, 0], 0.004), 'fabric', {
          part: 'line',
          primary: false,
          colour: DARK,
        });
    }
    ctx.add(ctx.roundBox([0.3, 0.35, 0.3], 0.08, [0, 0.4, 0]), 'fabric', {
      part: 'harness',
      primary: false,
      colour: DARK,
    });
  },
};
