/**
 * Instruments the instrument families had no row for: a gong on its frame, a xylophone (bars over
 * resonators on a stand), a theremin (a box with an upright and a loop antenna), a synthesizer
 * (keys, knobs and sliders), a kalimba (tines on a box), a didgeridoo and a trombone (its slide).
 */
import { around, type GenContext, type Generator } from '../kit.ts';
import { BRASS, DARK, WOOD } from '../palette.ts';

/** A row of `n` white keys `w` wide from x0, with black keys between, at height y. */
function keys(ctx: GenContext, n: number, x0: number, y: number, z: number, w = 0.05): void {
  ctx.add(ctx.box([n * w, 0.03, 0.2], [x0 + (n * w) / 2, y, z]), 'plastic', {
    part: 'keys',
    primary: false,
    colour: [0.96, 0.96, 0.94],
  });
  for (let k = 0; k < n - 1; k++)
    if (k % 7 !== 2 && k % 7 !== 6)
      ctx.add(ctx.box([w * 0.55, 0.03, 0.12], [x0 + (k + 1) * w, y + 0.02, z - 0.04]), 'plastic', {
        part: 'black key',
        primary: false,
        colour: DARK,
      });
}

export const MORE_INSTRUMENTS: Record<string, Generator> = {
  gong: (ctx) => {
    for (const x of [-0.65, 0.65])
      ctx.add(ctx.box([0.08, 1.5, 0.08], [x, 0.75, 0]).add(ctx.box([0.1, 0.06, 0.5], [x, 0.03, 0])), 'wood', {
        part: 'stand',
        primary: false,
        colour: WOOD,
      });
    ctx.add(ctx.box([1.45, 0.1, 0.1], [0, 1.5, 0]), 'wood', { part: 'beam', primary: false, colour: WOOD });
    ctx.add(
      ctx
        .cyl(0.5, 0.04, [0, -0.02, 0])
        .add(ctx.torus(0.5, 0.03, [0, 0, 0], 'y'))
        .add(ctx.sphere(0.1, [0, 0.02, 0]).scale([1, 0.4, 1]))
        .rotate([90, 0, 0])
        .translate([0, 0.85, 0]),
      'bronze',
      { colour: BRASS },
    );
    for (const x of [-0.3, 0.3])
      ctx.add(ctx.capsule([x, 1.45, 0], [x * 0.8, 1.3, 0], 0.01), 'fabric', {
        part: 'cord',
        primary: false,
        colour: [0.6, 0.1, 0.1],
      });
  },
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
  theremin: (ctx) => {
    for (const a of around(3, 0.3))
      ctx.add(ctx.capsule([0, 0.65, 0], [Math.cos(a) * 0.3, 0.01, Math.sin(a) * 0.3], 0.015), 'metal', {
        part: 'leg',
        primary: false,
        colour: DARK,
      });
    ctx.add(ctx.roundBox([0.7, 0.18, 0.3], 0.02, [0, 0.76, 0]), 'wood', { colour: WOOD });
    ctx.add(ctx.cyl(0.008, 0.55, [0.3, 0.85, 0]), 'metal', {
      part: 'antenna',
      primary: false,
      colour: [0.85, 0.85, 0.88],
    });
    ctx.add(ctx.torus(0.12, 0.008, [-0.45, 0.8, 0], 'z').trimByPlane([1, 0, 0], -0.45), 'metal', {
      part: 'loop',
      primary: false,
      colour: [0.85, 0.85, 0.88],
    });
    for (const x of [-0.1, 0.05])
      ctx.add(ctx.cyl(0.03, 0.03, [0, 0, 0]).rotate([90, 0, 0]).translate([x, 0.76, 0.16]), 'plastic', {
        part: 'knob',
        primary: false,
        colour: DARK,
      });
  },
  synthesizer: (ctx) => {
    ctx.add(ctx.roundBox([1.2, 0.1, 0.5], 0.02, [0, 0.05, 0]), 'metal', { colour: [0.18, 0.18, 0.2] });
    ctx.add(ctx.box([1.2, 0.12, 0.2], [0, 0.1, -0.15]).rotate([-10, 0, 0]), 'wood', {
      part: 'panel',
      primary: false,
      colour: WOOD,
    });
    keys(ctx, 22, -0.55, 0.11, 0.1);
    for (let r = 0; r < 2; r++)
      for (let c = 0; c < 10; c++)
        ctx.add(ctx.cyl(0.02, 0.04, [-0.5 + c * 0.11, 0.16 + r * 0.01, -0.1 - r * 0.08]), 'plastic', {
          part: 'knob',
          primary: false,
          colour: c % 3 ? DARK : [0.9, 0.5, 0.1],
        });
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
  didgeridoo: (ctx) => {
    ctx.add(ctx.cyl(0.06, 1.5, [0, 0, 0], 0.035).rotate([0, 0, -80]).translate([-0.75, 0.1, 0]), 'wood', {
      colour: [0.5, 0.3, 0.15],
    });
    for (let k = 0; k < 5; k++)
      ctx.add(
        ctx.torus(0.055 - k * 0.004, 0.008, [0, 0, 0], 'x').translate([-0.6 + k * 0.3, 0.1 + k * 0.05, 0]),
        'paper',
        { part: 'band', primary: false, colour: k % 2 ? [0.95, 0.9, 0.8] : [0.8, 0.3, 0.1] },
      );
  },
  trombone: (ctx) => {
    const tube = (a: [number, number, number], b: [number, number, number], part = 'tube') =>
      ctx.add(ctx.capsule(a, b, 0.012), 'bronze', { part, colour: BRASS });
    tube([-0.5, 0.3, 0], [0.55, 0.3, 0]);
    tube([-0.5, 0.18, 0], [0.55, 0.18, 0], 'slide');
    ctx.add(ctx.torus(0.06, 0.012, [0.55, 0.24, 0], 'z').trimByPlane([1, 0, 0], 0.55), 'bronze', {
      part: 'crook',
      colour: BRASS,
    });
    tube([-0.3, 0.3, 0.05], [0.1, 0.34, 0.05]);
    ctx.add(ctx.cyl(0.015, 0.3, [0, 0, 0], 0.13).rotate([0, 0, -90]).translate([0.1, 0.34, 0.05]), 'bronze', {
      part: 'bell',
      colour: BRASS,
    });
    ctx.add(ctx.cyl(0.012, 0.05, [0, 0, 0], 0.02).rotate([0, 0, 90]).translate([-0.5, 0.3, 0]), 'bronze', {
      part: 'mouthpiece',
      colour: BRASS,
    });
  },
};
