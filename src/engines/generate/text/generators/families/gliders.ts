/**
 * Light aircraft the airplane stood in for: a hang glider (a triangular sail over an A-frame control bar)
 * and a paraglider (an arched canopy on lines above a harness), rows of the airplane; and an autogyro
 * (a pod with an unpowered rotor on a mast and a pusher propeller), a row of the rotorcraft family.
 */
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { DARK, STEEL, YELLOW } from '../palette.ts';

const sailColour = (ctx: GenContext): RGB =>
  ctx.interpretation.colours[0]?.rgb ?? ctx.rng.pick([[0.9, 0.25, 0.15], [0.15, 0.45, 0.85], YELLOW] as RGB[]);

export const GLIDERS: Record<string, Generator> = {
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
  autogyro: (ctx) => {
    const colour = ctx.interpretation.colours[0]?.rgb ?? YELLOW;
    ctx.add(ctx.ellipsoid([0.6, 0.32, 0.28], [0.1, 0.5, 0]), 'metal', { colour });
    ctx.add(ctx.ellipsoid([0.25, 0.18, 0.2], [0.35, 0.68, 0]), 'glass', {
      part: 'window',
      primary: false,
      colour: [0.3, 0.4, 0.5],
    });
    ctx.add(ctx.capsule([-0.3, 0.5, 0], [-1.1, 0.6, 0], 0.05), 'metal', {
      part: 'tail boom',
      primary: false,
      colour: STEEL,
    });
    ctx.add(ctx.box([0.25, 0.35, 0.03], [-1.1, 0.75, 0]), 'metal', { part: 'fin', colour });
    ctx.add(ctx.cyl(0.03, 0.55, [-0.05, 0.75, 0]), 'metal', { part: 'mast', primary: false, colour: STEEL });
    for (const a of around(2, 0.4))
      ctx.add(
        ctx
          .box([1.3, 0.02, 0.1], [0.65, 0, 0])
          .rotate([0, (a * 180) / Math.PI, 0])
          .translate([-0.05, 1.32, 0]),
        'metal',
        { part: 'rotor', primary: false, colour: DARK },
      );
    // The pusher propeller behind the pod, on the boom's axis.
    ctx.add(ctx.box([0.03, 0.7, 0.07], [-0.55, 0.55, 0]), 'metal', { part: 'propeller', primary: false, colour: DARK });
    for (const z of [-0.3, 0.3]) {
      ctx.add(ctx.capsule([0.1, 0.25, z * 0.5], [0.1, 0.1, z], 0.02), 'metal', {
        part: 'gear',
        primary: false,
        colour: STEEL,
      });
      ctx.add(ctx.cyl(0.08, 0.04, [0, 0, 0]).rotate([90, 0, 0]).translate([0.1, 0.08, z]), 'rubber', {
        part: 'wheel',
        primary: false,
        colour: DARK,
      });
    }
  },
};
