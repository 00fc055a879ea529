/**
 * Three small families of things with a face or a point: writing and desk things (a pencil, a pen, a
 * quill with its inkwell, an eraser, a stapler, a paper clip, a tape dispenser, a metronome, a sundial,
 * an easel), street signs and signals (stop sign, road sign, street sign, neon sign, billboard,
 * signpost, traffic light, parking meter), and masks and armour (a carnival mask, a gas mask, a suit
 * of armour). A row each, as few primitives as say what it is.
 */
import type { Vec2, Vec3 } from 'manifold-3d';
import { around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { DARK, STEEL, WOOD } from '../palette.ts';

/** A regular n-gon of circumradius r in the xy plane, first corner turned by `turn` radians. */
const ngon = (n: number, r: number, turn = 0): Vec2[] =>
  Array.from(
    { length: n },
    (_, k): Vec2 => [Math.cos(turn + (2 * Math.PI * k) / n) * r, Math.sin(turn + (2 * Math.PI * k) / n) * r],
  );

/** A post of height h with a flat plate on top facing +z. */
function post(ctx: GenContext, h: number): void {
  ctx.add(ctx.cyl(0.03, h, [0, 0, 0]), 'metal', { part: 'post', colour: STEEL });
  ctx.add(ctx.cyl(0.12, 0.04, [0, 0, 0]), 'stone', { part: 'base', primary: false, colour: [0.55, 0.55, 0.55] });
}

export const DESK: Record<string, Generator> = {
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
  quill: (ctx) => {
    // A feather standing in an inkwell.
    ctx.add(
      ctx.lathe([
        [0, 0],
        [0.13, 0],
        [0.14, 0.08],
        [0.08, 0.14],
        [0.05, 0.16],
        [0.06, 0.2],
        [0, 0.2],
      ]),
      'glass',
      { part: 'inkwell', colour: [0.1, 0.12, 0.2] },
    );
    ctx.add(ctx.capsule([0, 0.1, 0], [0.22, 0.95, 0], 0.008), 'organic', { part: 'shaft', colour: [0.95, 0.93, 0.88] });
    const vane: Vec2[] = [
      [0, 0],
      [0.06, 0.1],
      [0.07, 0.45],
      [0.02, 0.6],
      [-0.05, 0.45],
      [-0.05, 0.15],
    ];
    ctx.add(ctx.prism(vane, 0.006, [0, 0, -0.003]).rotate([0, 0, -14]).translate([0.07, 0.36, 0]), 'organic', {
      part: 'feather',
      colour: [0.97, 0.96, 0.93],
    });
  },
  eraser: (ctx) => {
    ctx.add(ctx.roundBox([0.5, 0.12, 0.22], 0.03, [0, 0.06, 0]), 'rubber', {
      part: 'eraser',
      colour: [0.95, 0.55, 0.6],
    });
    ctx.add(ctx.box([0.3, 0.125, 0.225], [0.1, 0.0625, 0]), 'paper', {
      part: 'sleeve',
      primary: false,
      colour: [0.2, 0.35, 0.75],
    });
  },
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
  'paper clip': (ctx) => {
    // Three nested loops of wire, flat on the desk, drawn as straight runs and half-rings.
    const r = 0.008;
    const runs: [Vec3, Vec3][] = [
      [
        [-0.3, r, -0.08],
        [0.25, r, -0.08],
      ],
      [
        [-0.3, r, 0.08],
        [0.2, r, 0.08],
      ],
      [
        [-0.22, r, -0.04],
        [0.2, r, -0.04],
      ],
      [
        [-0.22, r, 0.04],
        [0.1, r, 0.04],
      ],
    ];
    for (const [a, b] of runs) ctx.add(ctx.capsule(a, b, r), 'metal', { part: 'wire', colour: STEEL });
    const bend = (x: number, z: number, R: number, flip: number) =>
      ctx.add(
        ctx
          .torus(R, r, [x, r, z], 'y')
          .intersect(ctx.box([R + 2 * r, 4 * r, 2 * R + 4 * r], [x + flip * (R / 2 + r), r, z])),
        'metal',
        { part: 'wire', colour: STEEL },
      );
    bend(0.25, -0.04, 0.04, 1);
    bend(-0.3, 0, 0.08, -1);
    bend(0.2, 0.02, 0.06, 1);
    bend(-0.22, 0, 0.04, -1);
  },
  'tape dispenser': (ctx) => {
    ctx.add(
      ctx.hull([
        ctx.roundBox([0.5, 0.1, 0.18], 0.04, [0, 0.05, 0]),
        ctx.roundBox([0.2, 0.3, 0.18], 0.06, [-0.05, 0.2, 0]),
      ]),
      'plastic',
      { part: 'body', colour: [0.15, 0.15, 0.17] },
    );
    ctx.add(
      ctx
        .cyl(0.14, 0.1, [0, 0, 0])
        .rotate([90, 0, 0])
        .translate([0, 0.28, 0.05])
        .subtract(ctx.cyl(0.08, 0.2, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 0.28, 0.1])),
      'plastic',
      { part: 'tape', colour: [0.92, 0.9, 0.8] },
    );
    ctx.add(ctx.box([0.03, 0.06, 0.16], [0.25, 0.14, 0]), 'metal', { part: 'cutter', primary: false, colour: STEEL });
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
  sundial: (ctx) => {
    const stone: RGB = [0.7, 0.68, 0.63];
    ctx.add(
      ctx.lathe([
        [0, 0],
        [0.3, 0],
        [0.25, 0.1],
        [0.16, 0.15],
        [0.13, 0.7],
        [0.3, 0.75],
        [0.32, 0.8],
        [0, 0.8],
      ]),
      'stone',
      { part: 'pedestal', colour: stone },
    );
    ctx.add(ctx.cyl(0.36, 0.03, [0, 0.8, 0]), 'bronze', { part: 'dial', colour: [0.6, 0.45, 0.25] });
    ctx.add(
      ctx.prism(
        [
          [-0.25, 0],
          [0.2, 0],
          [-0.25, 0.25],
        ],
        0.02,
        [0, 0.83, -0.01],
      ),
      'bronze',
      { part: 'gnomon', colour: [0.6, 0.45, 0.25] },
    );
    for (const a of around(12))
      ctx.add(ctx.box([0.06, 0.01, 0.015], [Math.cos(a) * 0.3, 0.835, Math.sin(a) * 0.3]).rotate([0, 0, 0]), 'bronze', {
        part: 'mark',
        primary: false,
        colour: [0.35, 0.25, 0.12],
      });
  },
  easel: (ctx) => {
    for (const x of [-0.3, 0.3])
      ctx.add(ctx.capsule([x, 0, 0.15], [x * 0.3, 1.7, 0], 0.025), 'wood', { part: 'leg', colour: WOOD });
    ctx.add(ctx.capsule([0, 0, -0.5], [0, 1.55, 0], 0.025), 'wood', { part: 'leg', colour: WOOD });
    ctx.add(ctx.box([0.8, 0.04, 0.1], [0, 0.7, 0.13]), 'wood', { part: 'ledge', colour: WOOD });
    ctx.add(ctx.box([0.7, 0.55, 0.03], [0, 1.0, 0.12]).rotate([-5, 0, 0]), 'fabric', {
      part: 'canvas',
      colour: [0.96, 0.95, 0.9],
    });
  },
};

export const SIGNS: Record<string, Generator> = {
  'stop sign': (ctx) => {
    post(ctx, 2.1);
    ctx.add(ctx.prism(ngon(8, 0.38, Math.PI / 8), 0.03, [0, 2.1, 0.03]), 'metal', {
      part: 'sign',
      colour: [0.8, 0.08, 0.08],
    });
    ctx.add(ctx.prism(ngon(8, 0.34, Math.PI / 8), 0.005, [0, 2.1, 0.06]), 'metal', {
      part: 'border',
      primary: false,
      colour: [0.95, 0.95, 0.95],
    });
    ctx.add(ctx.prism(ngon(8, 0.31, Math.PI / 8), 0.008, [0, 2.1, 0.062]), 'metal', {
      part: 'face',
      primary: false,
      colour: [0.8, 0.08, 0.08],
    });
  },
  'road sign': (ctx) => {
    post(ctx, 2.0);
    ctx.add(
      ctx.prism(
        [
          [-0.42, -0.24],
          [0.42, -0.24],
          [0, 0.48],
        ],
        0.03,
        [0, 2.0, 0.03],
      ),
      'metal',
      { part: 'sign', colour: [0.85, 0.1, 0.1] },
    );
    ctx.add(
      ctx.prism(
        [
          [-0.32, -0.18],
          [0.32, -0.18],
          [0, 0.36],
        ],
        0.006,
        [0, 2.0, 0.06],
      ),
      'metal',
      { part: 'face', primary: false, colour: [0.97, 0.97, 0.95] },
    );
  },
  'street sign': (ctx) => {
    post(ctx, 2.5);
    ctx.add(ctx.box([0.9, 0.2, 0.02], [0.3, 2.4, 0.04]), 'metal', { part: 'blade', colour: [0.1, 0.45, 0.2] });
    ctx.add(ctx.box([0.02, 0.2, 0.9], [0.04, 2.62, 0.3]), 'metal', { part: 'blade', colour: [0.1, 0.45, 0.2] });
  },
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
  billboard: (ctx) => {
    for (const x of [-0.8, 0.8])
      ctx.add(ctx.box([0.1, 2.2, 0.1], [x, 1.1, 0]), 'metal', { part: 'leg', colour: STEEL });
    ctx.add(ctx.box([2.6, 1.1, 0.06], [0, 2.6, 0]), 'wood', { part: 'board', colour: [0.95, 0.95, 0.92] });
    ctx.add(ctx.box([2.4, 0.9, 0.01], [0, 2.6, 0.035]), 'paper', {
      part: 'poster',
      primary: false,
      colour: [0.2, 0.5, 0.85],
    });
    ctx.add(ctx.box([2.6, 0.04, 0.4], [0, 2.03, 0.2]), 'metal', { part: 'catwalk', primary: false, colour: STEEL });
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
  'traffic light': (ctx) => {
    post(ctx, 2.2);
    ctx.add(ctx.roundBox([0.3, 0.85, 0.25], 0.04, [0, 2.5, 0]), 'metal', {
      part: 'housing',
      colour: [0.12, 0.12, 0.12],
    });
    const lamps: RGB[] = [
      [0.9, 0.1, 0.1],
      [0.95, 0.7, 0.1],
      [0.1, 0.8, 0.3],
    ];
    for (const [k, colour] of lamps.entries()) {
      const y = 2.78 - k * 0.27;
      ctx.add(ctx.sphere(0.09, [0, y, 0.1]).scale([1, 1, 0.6]).translate([0, 0, 0.04]), 'glass', {
        part: 'lamp',
        primary: false,
        colour,
      });
      ctx.add(
        ctx
          .cyl(0.11, 0.1, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([0, y + 0.08, 0.12])
          .intersect(ctx.box([0.24, 0.05, 0.1], [0, y + 0.1, 0.17])),
        'metal',
        { part: 'visor', primary: false, colour: [0.12, 0.12, 0.12] },
      );
    }
  },
  'parking meter': (ctx) => {
    ctx.add(ctx.cyl(0.04, 1.0, [0, 0, 0]), 'metal', { part: 'post', colour: STEEL });
    ctx.add(ctx.roundBox([0.22, 0.3, 0.16], 0.05, [0, 1.15, 0]), 'metal', { part: 'head', colour: [0.5, 0.52, 0.55] });
    ctx.add(ctx.sphere(0.1, [0, 1.3, 0]).scale([1.1, 0.8, 0.8]), 'glass', {
      part: 'dome',
      primary: false,
      colour: [0.8, 0.85, 0.9],
    });
  },
};

export const MASKS: Record<string, Generator> = {
  mask: (ctx) => {
    // A carnival half mask: a curved shell over the brow and eyes, with feathers rising from one side.
    const gold: RGB = [0.85, 0.68, 0.25];
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
  'gas mask': (ctx) => {
    const rubber: RGB = [0.18, 0.2, 0.17];
    const face = ctx.ellipsoid([0.22, 0.28, 0.16], [0, 0.5, 0]).intersect(ctx.box([0.6, 0.7, 0.3], [0, 0.5, 0.08]));
    ctx.add(face, 'rubber', { part: 'mask', colour: rubber });
    for (const side of [-1, 1])
      ctx.add(
        ctx
          .cyl(0.07, 0.05, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([side * 0.09, 0.6, 0.17])
          .translate([0, 0, -0.05]),
        'glass',
        { part: 'lens', primary: false, colour: [0.55, 0.65, 0.6] },
      );
    ctx.add(ctx.cyl(0.08, 0.18, [0, 0, 0], 0.07).rotate([70, 0, 0]).translate([0, 0.4, 0.08]), 'metal', {
      part: 'filter',
      colour: [0.4, 0.42, 0.35],
    });
    ctx.add(ctx.torus(0.2, 0.015, [0, 0.55, -0.02], 'y').scale([1, 1, 0.8]), 'rubber', {
      part: 'strap',
      primary: false,
      colour: rubber,
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
