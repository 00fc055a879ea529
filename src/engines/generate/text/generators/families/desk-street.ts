/**
 * Three small families of things with a face or a point: writing and desk things (a pencil, a pen, a
 * quill with its inkwell, an eraser, a stapler, a paper clip, a tape dispenser, a metronome, a sundial,
 * an easel), street signs and signals (stop sign, road sign, street sign, neon sign, billboard,
 * signpost, traffic light, parking meter), and masks and armour (a carnival mask, a gas mask, a suit
 * of armour). A row each, as few primitives as say what it is.
 */
import type { Vec2, Vec3 } from 'manifold-3d';
import { says, type RGB, type Generator } from '../kit.ts';
import { DARK, GOLD, STEEL, WOOD } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const DESK: Record<string, Generator> = {
  ...partLists('desk'),
  pencil: (ctx) => {
    // Lying on the desk: a hexagonal body, a sharpened cone, an eraser in a metal band.
    const colour: RGB = says(ctx, /red|blue|green/) ? [0.8, 0.2, 0.2] : [0.98, 0.78, 0.1];
    ctx.add(ctx.cyl(0.035, 1.0, [0, 0, 0], 0.035, 6).rotate([0, 0, -90]).translate([-0.5, 0.035, 0]), 'wood', {
      part: 'body',
      colour,
    });
    ctx.add(ctx.cyl(0.035, 0.12, [0, 0, 0], 0.004, 6).rotate([0, 0, -90]).translate([0.5, 0.035, 0]), 'wood', {
      part: 'tip',
      colour: [0.9, 0.75, 0.55],
    });
    ctx.add(ctx.cyl(0.036, 0.06, [0, 0, 0]).rotate([0, 0, 90]).translate([-0.5, 0.035, 0]), 'metal', {
      part: 'ferrule',
      primary: false,
      colour: STEEL,
    });
    ctx.add(ctx.cyl(0.033, 0.06, [0, 0, 0]).rotate([0, 0, 90]).translate([-0.56, 0.035, 0]), 'rubber', {
      part: 'eraser',
      primary: false,
      colour: [0.95, 0.55, 0.6],
    });
  },
  pen: (ctx) => {
    const colour: RGB = says(ctx, /fountain|gold|luxury/) ? [0.1, 0.1, 0.12] : [0.15, 0.3, 0.75];
    ctx.add(ctx.capsule([-0.45, 0.04, 0], [0.3, 0.04, 0], 0.04, 0.036), 'plastic', { part: 'barrel', colour });
    ctx.add(ctx.cyl(0.034, 0.16, [0, 0, 0], 0.006).rotate([0, 0, -90]).translate([0.3, 0.04, 0]), 'metal', {
      part: 'nib',
      colour: says(ctx, /fountain|gold/) ? [0.85, 0.7, 0.3] : STEEL,
    });
    ctx.add(ctx.box([0.25, 0.012, 0.014], [-0.3, 0.088, 0]), 'metal', { part: 'clip', primary: false, colour: STEEL });
  },
  'fountain pen': (ctx) => DESK.pen(ctx),
  stapler: (ctx) => {
    const colour: RGB = says(ctx, /red/) ? [0.8, 0.1, 0.1] : DARK;
    ctx.add(ctx.roundBox([0.7, 0.05, 0.16], 0.02, [0, 0.025, 0]), 'plastic', { part: 'base', colour: DARK });
    ctx.add(ctx.box([0.5, 0.07, 0.1], [0.03, 0.09, 0]), 'metal', { part: 'magazine', primary: false, colour: STEEL });
    ctx.add(
      ctx.hull([
        ctx.roundBox([0.08, 0.1, 0.16], 0.03, [-0.3, 0.1, 0]),
        ctx.roundBox([0.08, 0.07, 0.15], 0.03, [0.3, 0.15, 0]),
      ]),
      'plastic',
      { part: 'top', colour },
    );
  },
  metronome: (ctx) => {
    const colour: RGB = says(ctx, /black/) ? DARK : WOOD;
    ctx.add(ctx.hull([ctx.box([0.42, 0.02, 0.3], [0, 0.01, 0]), ctx.box([0.1, 0.02, 0.12], [0, 0.8, 0])]), 'wood', {
      part: 'case',
      colour,
    });
    ctx.add(ctx.box([0.05, 0.6, 0.02], [0, 0.42, 0.13]).rotate([0, 0, 0]), 'metal', {
      part: 'scale',
      primary: false,
      colour: [0.9, 0.85, 0.7],
    });
    ctx.add(ctx.capsule([0, 0.12, 0.16], [0.12, 0.75, 0.16], 0.01), 'metal', { part: 'pendulum', colour: STEEL });
    ctx.add(ctx.box([0.05, 0.06, 0.03], [0.09, 0.58, 0.16]).rotate([0, 0, 0]), 'metal', {
      part: 'weight',
      primary: false,
      colour: STEEL,
    });
  },
};

export const SIGNS: Record<string, Generator> = {
  ...partLists('signs'),
  'neon sign': (ctx) => {
    // Glass tubes bent into a word's strokes over a dark backing board, hung by two wires.
    ctx.add(ctx.roundBox([1.4, 0.6, 0.04], 0.03, [0, 0.3, 0]), 'plastic', { part: 'backing', colour: DARK });
    const glow: RGB = says(ctx, /blue/) ? [0.3, 0.6, 1] : says(ctx, /green/) ? [0.3, 1, 0.5] : [1, 0.25, 0.55];
    ctx.add(ctx.torus(0.22, 0.018, [0, 0.3, 0.04], 'z').scale([2.6, 1, 1]), 'glass', { part: 'tube', colour: glow });
    const strokes: [Vec3, Vec3][] = [
      [
        [-0.35, 0.2, 0.04],
        [-0.35, 0.4, 0.04],
      ],
      [
        [-0.15, 0.2, 0.04],
        [-0.05, 0.4, 0.04],
      ],
      [
        [0.05, 0.4, 0.04],
        [0.15, 0.2, 0.04],
      ],
      [
        [0.3, 0.2, 0.04],
        [0.3, 0.4, 0.04],
      ],
    ];
    for (const [a, b] of strokes) ctx.add(ctx.capsule(a, b, 0.016), 'glass', { part: 'tube', colour: glow });
  },
  signpost: (ctx) => {
    ctx.add(ctx.box([0.1, 2.0, 0.1], [0, 1.0, 0]), 'wood', { part: 'post', colour: WOOD });
    const arrows = ctx.count('arrow', 3, 1, 5);
    for (let k = 0; k < arrows; k++) {
      const dir = k % 2 ? -1 : 1;
      const arrow: Vec2[] = [
        [0, -0.08],
        [0.55, -0.08],
        [0.65, 0],
        [0.55, 0.08],
        [0, 0.08],
      ].map(([x, y]): Vec2 => [dir * x, y]);
      ctx.add(ctx.prism(arrow, 0.03, [0, 1.75 - k * 0.25, 0.05]).rotate([0, k * 35, 0]), 'wood', {
        part: 'arrow',
        colour: [0.78, 0.6, 0.38],
      });
    }
  },
};

export const MASKS: Record<string, Generator> = {
  ...partLists('masks'),
  mask: (ctx) => {
    // A carnival half mask: a curved shell over the brow and eyes, with feathers rising from one side.
    const gold: RGB = GOLD;
    const colour: RGB = says(ctx, /black/) ? DARK : says(ctx, /white/) ? [0.95, 0.95, 0.93] : [0.55, 0.1, 0.2];
    const shell = ctx
      .ellipsoid([0.3, 0.16, 0.2], [0, 0.5, 0])
      .subtract(ctx.ellipsoid([0.28, 0.14, 0.18], [0, 0.5, -0.02]))
      .intersect(ctx.box([0.7, 0.4, 0.3], [0, 0.5, 0.15]));
    const eyes = ctx.union([-1, 1].map((side) => ctx.ellipsoid([0.07, 0.04, 0.2], [side * 0.11, 0.52, 0.15])));
    ctx.add(shell.subtract(eyes), 'ceramic', { part: 'mask', colour });
    for (let k = 0; k < 3; k++)
      ctx.add(
        ctx
          .ellipsoid([0.03, 0.2, 0.01])
          .rotate([0, 0, -20 + k * 20])
          .translate([0.24 + k * 0.03, 0.78, 0.08]),
        'fabric',
        { part: 'feather', primary: false, colour: gold },
      );
    ctx.add(ctx.capsule([0.3, 0.48, 0.05], [0.35, 0.05, 0.05], 0.01), 'wood', {
      part: 'stick',
      primary: false,
      colour: gold,
    });
  },
  'suit of armor': (ctx) => {
    // An empty suit standing on a plinth: greaves, cuirass, pauldrons, arms, a visored helm.
    const steel: RGB = [0.72, 0.74, 0.78];
    const H = 1.8;
    ctx.add(ctx.box([0.6, 0.08, 0.45], [0, 0.04, 0]), 'wood', { part: 'plinth', primary: false, colour: WOOD });
    for (const side of [-1, 1]) {
      ctx.add(ctx.capsule([side * 0.1, 0.12, 0.03], [side * 0.1, H * 0.5, 0], 0.065, 0.075), 'metal', {
        part: 'leg',
        colour: steel,
      });
      ctx.add(ctx.roundBox([0.12, 0.06, 0.22], 0.02, [side * 0.1, 0.11, 0.05]), 'metal', {
        part: 'sabaton',
        primary: false,
        colour: steel,
      });
      ctx.add(ctx.sphere(0.1, [side * 0.24, H * 0.78, 0]).scale([1, 0.8, 1]), 'metal', {
        part: 'pauldron',
        primary: false,
        colour: steel,
      });
      ctx.add(ctx.capsule([side * 0.25, H * 0.74, 0], [side * 0.28, H * 0.45, 0.05], 0.05, 0.045), 'metal', {
        part: 'arm',
        colour: steel,
      });
    }
    ctx.add(
      ctx
        .lathe([
          [0, 0],
          [0.16, 0],
          [0.2, 0.1],
          [0.22, 0.3],
          [0.19, 0.42],
          [0, 0.44],
        ])
        .scale([1, 1, 0.7])
        .translate([0, H * 0.5, 0]),
      'metal',
      { part: 'cuirass', colour: steel },
    );
    const helm: Vec3 = [0, H * 0.88, 0];
    ctx.add(ctx.capsule([helm[0], helm[1] - 0.04, 0], [helm[0], helm[1] + 0.06, 0], 0.12), 'metal', {
      part: 'helm',
      colour: steel,
    });
    ctx.add(ctx.box([0.18, 0.015, 0.02], [0, helm[1] + 0.02, 0.115]), 'metal', {
      part: 'visor slit',
      primary: false,
      colour: DARK,
    });
    if (says(ctx, /sword|knight/))
      ctx.add(ctx.box([0.03, 0.9, 0.01], [0.32, 0.45, 0.1]), 'metal', { part: 'sword', primary: false, colour: steel });
  },
};
