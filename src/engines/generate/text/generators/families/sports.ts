/**
 * Sports and gym gear (WordNet's sports equipment branch and the boards, bags and targets it files
 * elsewhere): a dartboard, a punching bag, weights (kettlebell, dumbbell, barbell), a basketball hoop,
 * a snowboard and skis, a hockey stick, a paddle, a shuttlecock, a golf club and a bowling pin. A row
 * each, as few primitives as say what it is.
 */
import type { Vec2 } from 'manifold-3d';
import { around, says, type RGB, type Generator } from '../kit.ts';
import { BLACK, DARK, GRIP, IRON, LIGHT_WOOD, STEEL } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const SPORTS: Record<string, Generator> = {
  ...partLists('sports'),
  'exercise bike': (ctx) => {
    // A stationary frame: a base bar, a post to the seat, a post to the handlebars and a flywheel at the front.
    const frame: RGB = ctx.interpretation.colours[0]?.rgb ?? GRIP;
    for (const x of [-0.45, 0.45])
      ctx.add(ctx.capsule([x, 0.03, -0.25], [x, 0.03, 0.25], 0.03), 'metal', { part: 'foot', colour: frame });
    ctx.add(ctx.capsule([-0.45, 0.03, 0], [0.45, 0.03, 0], 0.035), 'metal', { part: 'base', colour: frame });
    ctx.add(ctx.capsule([-0.3, 0.03, 0], [-0.2, 0.8, 0], 0.035), 'metal', { part: 'seat post', colour: frame });
    ctx.add(ctx.roundBox([0.26, 0.06, 0.16], 0.03, [-0.2, 0.84, 0]), 'leather', { part: 'seat', colour: BLACK });
    ctx.add(ctx.capsule([0.3, 0.03, 0], [0.22, 1.0, 0], 0.035), 'metal', { part: 'stem', colour: frame });
    ctx.add(ctx.capsule([0.22, 1.0, -0.22], [0.22, 1.0, 0.22], 0.02), 'metal', { part: 'handlebar', colour: STEEL });
    ctx.add(ctx.cyl(0.22, 0.06, [0, -0.03, 0]).rotate([90, 0, 0]).translate([0.3, 0.3, 0]), 'metal', {
      part: 'flywheel',
      colour: STEEL,
    });
    ctx.add(ctx.capsule([0, 0.3, 0], [0.3, 0.3, 0], 0.025), 'metal', { part: 'crank', primary: false, colour: frame });
  },
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
      ctx.add(ctx.capsule([x, yy, 0.04], [x, yy, 0.3], 0.008, 0.014), 'metal', {
        part: 'dart',
        primary: false,
        colour: STEEL,
      });
      ctx.add(ctx.box([0.06, 0.005, 0.06], [x, yy, 0.28]), 'plastic', {
        part: 'flight',
        primary: false,
        colour: [0.9, 0.2, 0.2],
      });
    }
    ctx.add(ctx.box([0.1, 0.05, 0.12], [0, 0.025, -0.02]), 'wood', { part: 'stand', primary: false, colour: BLACK });
  },
  'punching bag': (ctx) => {
    const colour: RGB = says(ctx, /red/) ? [0.75, 0.1, 0.1] : DARK;
    ctx.add(ctx.capsule([0, 0.45, 0], [0, 1.45, 0], 0.22), 'leather', { part: 'bag', colour });
    for (const y of [0.75, 1.2])
      ctx.add(ctx.torus(0.221, 0.02, [0, y, 0], 'y'), 'leather', {
        part: 'band',
        primary: false,
        colour: [0.8, 0.8, 0.8],
      });
    for (const a of around(4))
      ctx.add(ctx.capsule([Math.cos(a) * 0.15, 1.6, Math.sin(a) * 0.15], [0, 1.95, 0], 0.008), 'metal', {
        part: 'chain',
        primary: false,
        colour: STEEL,
      });
    ctx.add(ctx.torus(0.04, 0.01, [0, 1.97, 0], 'z'), 'metal', { part: 'hook', primary: false, colour: STEEL });
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
  'hockey stick': (ctx) => {
    const colour: RGB = says(ctx, /wood/) ? LIGHT_WOOD : BLACK;
    // The shaft leans back from the blade's heel; the blade lies flat on the ground in front.
    const heel: [number, number, number] = [-0.12, 0.04, 0];
    const top: [number, number, number] = [0.18, 1.45, 0];
    ctx.add(ctx.capsule(heel, top, 0.02), 'wood', { part: 'shaft', colour });
    const blade: Vec2[] = [
      [-0.36, 0],
      [-0.06, 0],
      [0, 0.03],
      [-0.02, 0.09],
      [-0.3, 0.09],
      [-0.36, 0.06],
    ];
    ctx.add(ctx.prism(blade, 0.02, [-0.06, 0, -0.01]), 'wood', { part: 'blade', colour });
    ctx.add(ctx.capsule([0.12, 1.17, 0], top, 0.026), 'rubber', {
      part: 'grip',
      primary: false,
      colour: [0.9, 0.9, 0.9],
    });
  },
  'golf club': (ctx) => {
    ctx.add(ctx.capsule([0, 0.06, 0], [0, 1.1, 0], 0.009), 'metal', { part: 'shaft', colour: STEEL });
    ctx.add(ctx.capsule([0, 0.85, 0], [0, 1.12, 0], 0.016), 'rubber', { part: 'grip', primary: false, colour: BLACK });
    const head = says(ctx, /driver|wood/)
      ? ctx.ellipsoid([0.07, 0.04, 0.05], [0.05, 0.04, 0])
      : ctx.box([0.1, 0.05, 0.02], [0.05, 0.03, 0]).rotate([0, 0, 0]);
    ctx.add(head, 'metal', { part: 'head', colour: STEEL });
  },
};
