/**
 * Sports and gym gear (WordNet's sports equipment branch and the boards, bags and targets it files
 * elsewhere): a dartboard, a punching bag, weights (kettlebell, dumbbell, barbell), a basketball hoop,
 * a snowboard and skis, a hockey stick, a paddle, a shuttlecock, a golf club and a bowling pin. A row
 * each, as few primitives as say what it is.
 */
import type { Vec2 } from 'manifold-3d';
import { around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { BLACK, IRON, STEEL } from '../palette.ts';

/** A board of length l, width w and thickness t lying along x, its ends turned up by `kick`. */
function board(
  ctx: GenContext,
  l: number,
  w: number,
  t: number,
  kick: number,
  at: [number, number, number],
  colour: RGB,
): void {
  const half = l / 2;
  const side: Vec2[] = [
    [-half, kick],
    [-half + 0.12, 0],
    [half - 0.12, 0],
    [half, kick],
    [half, kick + t],
    [half - 0.12, t],
    [-half + 0.12, t],
    [-half, kick + t],
  ];
  const plank = ctx.prism(side, w).translate([0, 0, -w / 2]);
  // Round the outline in plan by cutting the corners with a rounded box as a mask.
  ctx.add(
    plank.intersect(ctx.roundBox([l, 1, w], Math.min(w / 2 - 0.001, 0.12), [0, 0.5 - 0.25, 0])).translate(at),
    'wood',
    { part: 'board', colour },
  );
}

export const SPORTS: Record<string, Generator> = {
  // Exercise machines (WordNet's exercise devices), not household appliances.
  treadmill: (ctx) => {
    // A long low deck with its running belt, two uprights at the front carrying a console and handrails.
    ctx.add(ctx.roundBox([1.6, 0.16, 0.7], 0.04, [0, 0.08, 0]), 'plastic', { part: 'deck', colour: [0.2, 0.2, 0.22] });
    ctx.add(ctx.box([1.4, 0.02, 0.5], [-0.05, 0.165, 0]), 'rubber', { part: 'belt', primary: false, colour: BLACK });
    for (const z of [-0.32, 0.32]) {
      ctx.add(ctx.capsule([0.72, 0.1, z], [0.62, 1.2, z], 0.035), 'metal', { part: 'upright', colour: STEEL });
      ctx.add(ctx.capsule([0.62, 1.0, z], [0.3, 1.0, z], 0.022), 'metal', { part: 'handrail', colour: STEEL });
    }
    ctx.add(
      ctx.roundBox([0.2, 0.3, 0.72], 0.04, [0.62, 1.25, 0]).rotate([0, 0, 20]).translate([0.3, -0.2, 0]),
      'plastic',
      { part: 'console', colour: [0.15, 0.15, 0.17] },
    );
  },
  'rowing machine': (ctx) => {
    // A long rail on two feet, a seat on the rail, a flywheel housing at the front with footrests and a handle.
    ctx.add(ctx.box([2.2, 0.06, 0.1], [0, 0.3, 0]), 'metal', { part: 'rail', colour: [0.15, 0.15, 0.17] });
    ctx.add(ctx.capsule([-1.05, 0.02, 0], [-1.05, 0.3, 0], 0.04), 'metal', {
      part: 'foot',
      colour: [0.15, 0.15, 0.17],
    });
    ctx.add(ctx.box([0.12, 0.04, 0.6], [-1.05, 0.02, 0]), 'metal', { part: 'foot', colour: [0.15, 0.15, 0.17] });
    ctx.add(ctx.roundBox([0.32, 0.08, 0.32], 0.03, [-0.2, 0.37, 0]), 'plastic', { part: 'seat', colour: BLACK });
    ctx.add(ctx.cyl(0.3, 0.16, [0, -0.08, 0]).rotate([90, 0, 0]).translate([1.0, 0.42, 0]), 'plastic', {
      part: 'flywheel',
      colour: [0.2, 0.2, 0.22],
    });
    ctx.add(ctx.box([0.3, 0.04, 0.7], [1.0, 0.02, 0]), 'metal', { part: 'foot', colour: [0.15, 0.15, 0.17] });
    for (const z of [-0.14, 0.14])
      ctx.add(ctx.box([0.25, 0.03, 0.12], [0.6, 0.36, z]).rotate([0, 0, 40]).translate([0.27, -0.3, 0]), 'plastic', {
        part: 'footrest',
        colour: BLACK,
      });
    ctx.add(ctx.capsule([0.72, 0.6, -0.22], [0.72, 0.6, 0.22], 0.02), 'rubber', {
      part: 'handle',
      primary: false,
      colour: BLACK,
    });
  },
  'exercise bike': (ctx) => {
    // A stationary frame: a base bar, a post to the seat, a post to the handlebars and a flywheel at the front.
    const frame: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.15, 0.15, 0.17];
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
    const colour: RGB = says(ctx, /red/) ? [0.75, 0.1, 0.1] : [0.12, 0.12, 0.13];
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
  kettlebell: (ctx) => {
    ctx.add(ctx.sphere(0.25, [0, 0.24, 0]).scale([1, 0.95, 1]), 'metal', { part: 'bell', colour: IRON });
    ctx.add(ctx.cyl(0.16, 0.04, [0, 0, 0]), 'metal', { part: 'base', primary: false, colour: IRON });
    ctx.add(ctx.torus(0.16, 0.035, [0, 0.48, 0], 'z').scale([1, 1.1, 1]), 'metal', { part: 'handle', colour: IRON });
  },
  dumbbell: (ctx) => {
    ctx.add(ctx.capsule([-0.22, 0.1, 0], [0.22, 0.1, 0], 0.025), 'metal', { part: 'grip', colour: STEEL });
    for (const x of [-1, 1])
      ctx.add(
        ctx
          .cyl(0.1, 0.1, [0, 0, 0], 0.1, 6)
          .rotate([0, 0, -90])
          .translate([x < 0 ? -0.28 : 0.18, 0.1, 0]),
        'rubber',
        { part: 'weight', colour: IRON },
      );
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
  'basketball hoop': (ctx) => {
    ctx.add(ctx.cyl(0.06, 2.6, [0, 0, -0.5]), 'metal', { part: 'pole', colour: [0.2, 0.2, 0.22] });
    ctx.add(ctx.cyl(0.35, 0.1, [0, 0, -0.5]), 'metal', { part: 'base', primary: false, colour: [0.2, 0.2, 0.22] });
    ctx.add(ctx.box([0.06, 0.06, 0.42], [0, 2.5, -0.27]), 'metal', {
      part: 'arm',
      primary: false,
      colour: [0.2, 0.2, 0.22],
    });
    ctx.add(ctx.box([1.2, 0.75, 0.04], [0, 2.55, -0.04]), 'glass', { part: 'backboard', colour: [0.95, 0.95, 0.95] });
    ctx.add(ctx.box([0.42, 0.3, 0.045], [0, 2.45, -0.035]), 'plastic', {
      part: 'square',
      primary: false,
      colour: [0.85, 0.2, 0.1],
    });
    ctx.add(ctx.torus(0.23, 0.012, [0, 2.32, 0.25], 'y'), 'metal', { part: 'rim', colour: [0.9, 0.35, 0.1] });
    ctx.add(ctx.box([0.06, 0.02, 0.04], [0, 2.32, 0.01]), 'metal', {
      part: 'bracket',
      primary: false,
      colour: [0.9, 0.35, 0.1],
    });
    // The net: a tapering open cage of cords hung from the rim.
    for (const a of around(8))
      ctx.add(
        ctx.capsule(
          [Math.cos(a) * 0.23, 2.32, 0.25 + Math.sin(a) * 0.23],
          [Math.cos(a) * 0.15, 1.95, 0.25 + Math.sin(a) * 0.15],
          0.006,
        ),
        'fabric',
        { part: 'net', primary: false, colour: [0.95, 0.95, 0.95] },
      );
    ctx.add(ctx.torus(0.15, 0.006, [0, 1.95, 0.25], 'y'), 'fabric', {
      part: 'net',
      primary: false,
      colour: [0.95, 0.95, 0.95],
    });
  },
  snowboard: (ctx) => {
    board(ctx, 1.55, 0.28, 0.02, 0.06, [0, 0, 0], [0.15, 0.35, 0.8]);
    for (const x of [-0.25, 0.25]) {
      ctx.add(ctx.box([0.14, 0.03, 0.24], [x, 0.035, 0]), 'plastic', {
        part: 'binding',
        primary: false,
        colour: BLACK,
      });
      ctx.add(ctx.box([0.04, 0.12, 0.24], [x - 0.07, 0.09, 0]), 'plastic', {
        part: 'highback',
        primary: false,
        colour: BLACK,
      });
    }
  },
  skis: (ctx) => {
    for (const z of [-0.09, 0.09]) board(ctx, 1.7, 0.08, 0.015, 0.1, [0, 0, z], [0.85, 0.15, 0.15]);
    for (const z of [-0.09, 0.09])
      ctx.add(ctx.box([0.2, 0.05, 0.07], [0, 0.04, z]), 'metal', { part: 'binding', primary: false, colour: BLACK });
    for (const z of [-0.3, 0.3])
      ctx.add(ctx.capsule([0.1, 0.02, z], [-0.3, 1.1, z], 0.012), 'metal', {
        part: 'pole',
        primary: false,
        colour: STEEL,
      });
  },
  'hockey stick': (ctx) => {
    const colour: RGB = says(ctx, /wood/) ? [0.72, 0.55, 0.35] : BLACK;
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
  paddle: (ctx) => {
    // A table-tennis bat standing on its handle, the red and black rubbers either side.
    ctx.add(ctx.cyl(0.16, 0.02, [0, 0, -0.01]).rotate([90, 0, 0]).translate([0, 0.42, 0]).scale([1, 1.08, 1]), 'wood', {
      part: 'blade',
      colour: [0.8, 0.65, 0.45],
    });
    for (const [z, colour] of [
      [0.011, [0.8, 0.1, 0.1]],
      [-0.019, BLACK],
    ] as [number, RGB][])
      ctx.add(
        ctx
          .cyl(0.155, 0.008, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([0, 0.43, z + 0.008])
          .scale([1, 1.08, 1]),
        'rubber',
        { part: 'rubber', primary: false, colour },
      );
    ctx.add(ctx.roundBox([0.05, 0.26, 0.03], 0.012, [0, 0.13, 0]), 'wood', {
      part: 'handle',
      colour: [0.8, 0.65, 0.45],
    });
  },
  shuttlecock: (ctx) => {
    ctx.add(
      ctx
        .sphere(0.06, [0, 0.06, 0])
        .intersect(ctx.box([0.2, 0.07, 0.2], [0, 0.035, 0]))
        .add(ctx.cyl(0.06, 0.03, [0, 0.06, 0])),
      'rubber',
      { part: 'cork', colour: [0.95, 0.95, 0.92] },
    );
    ctx.add(
      ctx.lathe([
        [0.055, 0.08],
        [0.065, 0.08],
        [0.17, 0.4],
        [0.16, 0.4],
      ]),
      'fabric',
      { part: 'feathers', colour: [0.97, 0.97, 0.95] },
    );
    ctx.add(ctx.torus(0.09, 0.006, [0, 0.2, 0], 'y'), 'fabric', {
      part: 'thread',
      primary: false,
      colour: [0.2, 0.3, 0.8],
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
  'bowling pin': (ctx) => {
    const profile: Vec2[] = [
      [0, 0],
      [0.06, 0],
      [0.1, 0.12],
      [0.11, 0.2],
      [0.09, 0.32],
      [0.045, 0.44],
      [0.04, 0.5],
      [0.055, 0.56],
      [0.05, 0.62],
      [0, 0.65],
    ];
    ctx.add(ctx.lathe(profile), 'plastic', { part: 'pin', colour: [0.96, 0.96, 0.94] });
    ctx.add(ctx.torus(0.043, 0.008, [0, 0.45, 0], 'y'), 'plastic', {
      part: 'stripe',
      primary: false,
      colour: [0.8, 0.1, 0.1],
    });
  },
};
