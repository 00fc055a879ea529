/**
 * Hand tools and everyday objects, each a few primitives in its recognisable proportions: wrench,
 * screwdriver, saw, scissors, key, padlock, magnifying glass; anchor, umbrella, hourglass, telescope,
 * microscope, compass, fire hydrant, mailbox, traffic cone, birdcage, skateboard, surfboard, racket, ladder,
 * glasses, bat.
 */
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { RED, STEEL, WOOD } from '../palette.ts';

const steel = (ctx: GenContext, m: ReturnType<GenContext['box']>, part?: string) =>
  ctx.add(m, 'metal', { part, colour: STEEL });

const TOOLS: Record<string, Generator> = {
  wrench: (ctx) => {
    steel(ctx, ctx.box([0.7, 0.03, 0.07], [0, 0.015, 0]));
    for (const x of [-0.38, 0.38])
      steel(
        ctx,
        ctx.cyl(0.09, 0.03, [x, 0, 0]).subtract(ctx.box([0.1, 0.1, 0.07], [x + Math.sign(x) * 0.06, 0.015, 0])),
        'head',
      );
  },
  screwdriver: (ctx) => {
    ctx.add(ctx.capsule([-0.35, 0.05, 0], [-0.05, 0.05, 0], 0.05), 'plastic', { part: 'handle', colour: RED });
    steel(ctx, ctx.capsule([-0.05, 0.05, 0], [0.4, 0.05, 0], 0.012));
  },
  saw: (ctx) => {
    steel(
      ctx,
      ctx
        .prism(
          [
            [0, 0],
            [0.7, 0.02],
            [0.7, 0.08],
            [0, 0.18],
          ],
          0.006,
          [0, 0.01, 0],
        )
        .rotate([90, 0, 0])
        .translate([0, 0.01, 0]),
    );
    ctx.add(ctx.roundBox([0.16, 0.03, 0.18], 0.01, [-0.07, 0.015, 0.08]), 'wood', { part: 'handle', colour: WOOD });
  },
  scissors: (ctx) => {
    for (const side of [-1, 1]) {
      steel(
        ctx,
        ctx
          .prism(
            [
              [0, -0.015],
              [0.4, 0],
              [0, 0.015],
            ],
            0.01,
          )
          .rotate([90, side * 12, 0])
          .translate([0, 0.01 + (side + 1) * 0.006, 0]),
      );
      ctx.add(ctx.torus(0.06, 0.014, [-0.1, 0.012, side * 0.06], 'y'), 'plastic', { part: 'handle', colour: RED });
    }
  },
  key: (ctx) => {
    const brass: RGB = [0.8, 0.62, 0.25];
    ctx.add(ctx.torus(0.08, 0.02, [-0.25, 0.02, 0], 'y'), 'bronze', { colour: brass });
    ctx.add(ctx.capsule([-0.17, 0.02, 0], [0.3, 0.02, 0], 0.018), 'bronze', { colour: brass });
    for (const x of [0.2, 0.27])
      ctx.add(ctx.box([0.03, 0.02, 0.07], [x, 0.02, 0.04]), 'bronze', { part: 'bit', colour: brass });
  },
  padlock: (ctx) => {
    ctx.add(ctx.roundBox([0.4, 0.32, 0.15], 0.03, [0, 0.16, 0]), 'bronze', { colour: [0.8, 0.62, 0.25] });
    steel(
      ctx,
      ctx
        .torus(0.13, 0.03, [0, 0.36, 0], 'z')
        .trimByPlane([0, 1, 0], 0.33)
        .add(ctx.cyl(0.03, 0.05, [-0.13, 0.3, 0]))
        .add(ctx.cyl(0.03, 0.05, [0.13, 0.3, 0])),
      'shackle',
    );
  },
  'magnifying glass': (ctx) => {
    ctx.add(ctx.torus(0.2, 0.025, [0.1, 0.03, 0], 'y'), 'metal', { colour: [0.2, 0.2, 0.2] });
    ctx.add(ctx.cyl(0.19, 0.02, [0.1, 0.02, 0]), 'glass', { part: 'lens', primary: false, colour: [0.85, 0.9, 0.95] });
    ctx.add(ctx.capsule([-0.12, 0.03, 0], [-0.5, 0.03, 0], 0.03), 'wood', { part: 'handle', colour: WOOD });
  },
};

const OBJECTS: Record<string, Generator> = {
  anchor: (ctx) => {
    steel(ctx, ctx.cyl(0.04, 0.9, [0, 0.12, 0]));
    steel(ctx, ctx.torus(0.35, 0.045, [0, 0.45, 0], 'z').trimByPlane([0, -1, 0], -0.3));
    for (const side of [-1, 1])
      steel(
        ctx,
        ctx
          .prism(
            [
              [0, 0],
              [0.12, 0.05],
              [0, 0.16],
            ],
            0.06,
          )
          .rotate([0, 0, side > 0 ? 30 : -210])
          .translate([side * 0.36, 0.42, 0]),
        'fluke',
      );
    steel(ctx, ctx.capsule([-0.25, 0.85, 0], [0.25, 0.85, 0], 0.035), 'stock');
    steel(ctx, ctx.torus(0.08, 0.025, [0, 1.1, 0], 'z'), 'ring');
  },
  umbrella: (ctx) => {
    ctx.add(
      ctx
        .sphere(0.6, [0, 0.6, 0], 8)
        .trimByPlane([0, 1, 0], 0.95)
        .subtract(ctx.sphere(0.57, [0, 0.6, 0], 8)),
      'fabric',
      { colour: [0.8, 0.1, 0.12] },
    );
    ctx.add(ctx.cyl(0.015, 1.15, [0, 0.05, 0]), 'metal', { part: 'shaft', primary: false, colour: [0.2, 0.2, 0.2] });
    ctx.add(ctx.torus(0.06, 0.015, [0.06, 0.05, 0], 'z').trimByPlane([0, -1, 0], -0.05), 'wood', {
      part: 'handle',
      primary: false,
      colour: WOOD,
    });
  },
  hourglass: (ctx) => {
    for (const y of [0, 0.72]) ctx.add(ctx.cyl(0.25, 0.06, [0, y, 0]), 'wood', { part: 'frame', colour: WOOD });
    ctx.add(
      ctx.lathe([
        [0.18, 0.06],
        [0.04, 0.39],
        [0.18, 0.72],
      ]),
      'glass',
      { part: 'glass', primary: false, colour: [0.85, 0.9, 0.95] },
    );
    for (const a of around(3))
      ctx.add(ctx.cyl(0.02, 0.66, [Math.cos(a) * 0.21, 0.06, Math.sin(a) * 0.21]), 'wood', {
        part: 'post',
        colour: WOOD,
      });
  },
  telescope: (ctx) => {
    ctx.add(ctx.cyl(0.07, 0.9, [0, 0, 0], 0.09).rotate([0, 0, -60]).translate([-0.2, 0.7, 0]), 'bronze', {
      colour: [0.8, 0.62, 0.25],
    });
    for (const a of around(3))
      ctx.add(ctx.capsule([0, 0.7, 0], [Math.cos(a) * 0.35, 0.01, Math.sin(a) * 0.35], 0.02), 'wood', {
        part: 'leg',
        colour: WOOD,
      });
  },
  microscope: (ctx) => {
    ctx.add(ctx.roundBox([0.4, 0.06, 0.3], 0.02, [0, 0.03, 0]), 'metal', { part: 'base', colour: [0.15, 0.15, 0.15] });
    ctx.add(ctx.capsule([-0.12, 0.05, 0], [-0.1, 0.55, 0], 0.05), 'metal', { part: 'arm', colour: [0.15, 0.15, 0.15] });
    ctx.add(ctx.box([0.25, 0.02, 0.22], [0.05, 0.25, 0]), 'metal', { part: 'stage', colour: [0.15, 0.15, 0.15] });
    steel(ctx, ctx.cyl(0.045, 0.4, [0, 0, 0]).rotate([0, 0, 20]).translate([0.05, 0.3, 0]), 'tube');
  },
  compass: (ctx) => {
    ctx.add(ctx.cyl(0.3, 0.06, [0, 0, 0]), 'bronze', { colour: [0.8, 0.62, 0.25] });
    ctx.add(ctx.cyl(0.27, 0.02, [0, 0.05, 0]), 'ceramic', { part: 'face', primary: false, colour: [0.95, 0.93, 0.85] });
    ctx.add(
      ctx
        .prism(
          [
            [-0.2, 0],
            [0, 0.025],
            [0.2, 0],
            [0, -0.025],
          ],
          0.01,
        )
        .rotate([90, 0, 0])
        .translate([0, 0.075, 0]),
      'metal',
      { part: 'needle', primary: false, colour: [0.8, 0.1, 0.1] },
    );
  },
  'fire hydrant': (ctx) => {
    const red: RGB = [0.85, 0.12, 0.1];
    ctx.add(
      ctx
        .cyl(0.2, 0.06, [0, 0, 0])
        .add(ctx.cyl(0.15, 0.6, [0, 0.06, 0]))
        .add(ctx.sphere(0.16, [0, 0.66, 0])),
      'metal',
      { colour: red },
    );
    for (const a of around(2))
      ctx.add(
        ctx
          .cyl(0.06, 0.12, [0, 0, 0])
          .rotate([0, 0, 90])
          .rotate([0, (a * 180) / Math.PI, 0])
          .translate([0, 0.45, 0]),
        'metal',
        { part: 'nozzle', colour: red },
      );
    ctx.add(ctx.cyl(0.05, 0.1, [0, 0.8, 0]), 'metal', { part: 'cap', colour: red });
  },
  mailbox: (ctx) => {
    ctx.add(ctx.box([0.06, 0.9, 0.06], [0, 0.45, 0]), 'wood', { part: 'post', primary: false, colour: WOOD });
    ctx.add(
      ctx
        .box([0.5, 0.18, 0.25], [0, 0.99, 0])
        .add(ctx.cyl(0.125, 0.5, [0, 0, 0]).rotate([0, 0, 90]).translate([0.25, 1.08, 0])),
      'metal',
      { colour: [0.2, 0.3, 0.6] },
    );
    ctx.add(ctx.box([0.02, 0.15, 0.03], [0.1, 1.2, 0.14]), 'metal', {
      part: 'flag',
      primary: false,
      colour: [0.85, 0.1, 0.1],
    });
  },
  'traffic cone': (ctx) => {
    ctx.add(ctx.box([0.5, 0.04, 0.5], [0, 0.02, 0]), 'rubber', {
      part: 'base',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    ctx.add(ctx.cyl(0.18, 0.75, [0, 0.04, 0], 0.03), 'plastic', { colour: [1, 0.45, 0.05] });
    ctx.add(ctx.cyl(0.125, 0.12, [0, 0.3, 0], 0.1), 'plastic', {
      part: 'stripe',
      primary: false,
      colour: [0.95, 0.95, 0.95],
    });
  },
  birdcage: (ctx) => {
    ctx.add(ctx.cyl(0.32, 0.05, [0, 0, 0]), 'bronze', { part: 'base', colour: [0.8, 0.62, 0.25] });
    for (const a of around(12))
      ctx.add(ctx.cyl(0.008, 0.6, [Math.cos(a) * 0.3, 0.05, Math.sin(a) * 0.3]), 'bronze', {
        part: 'bar',
        colour: [0.8, 0.62, 0.25],
      });
    ctx.add(
      ctx
        .sphere(0.32, [0, 0.65, 0])
        .trimByPlane([0, 1, 0], 0.65)
        .subtract(ctx.sphere(0.3, [0, 0.65, 0])),
      'bronze',
      { part: 'dome', colour: [0.8, 0.62, 0.25] },
    );
    ctx.add(ctx.torus(0.05, 0.012, [0, 1.0, 0], 'z'), 'bronze', { part: 'ring', colour: [0.8, 0.62, 0.25] });
  },
  skateboard: (ctx) => {
    ctx.add(ctx.roundBox([0.8, 0.02, 0.22], 0.01, [0, 0.1, 0]), 'wood', { colour: [0.3, 0.3, 0.35] });
    for (const x of [-0.28, 0.28])
      for (const z of [-0.08, 0.08])
        ctx.add(ctx.cyl(0.03, 0.03, [0, 0, 0]).rotate([90, 0, 0]).translate([x, 0.03, z]), 'rubber', {
          part: 'wheel',
          primary: false,
          colour: [0.95, 0.9, 0.7],
        });
    for (const x of [-0.28, 0.28]) steel(ctx, ctx.box([0.05, 0.06, 0.18], [x, 0.06, 0]), 'truck');
  },
  surfboard: (ctx) => {
    ctx.add(ctx.ellipsoid([0.9, 0.03, 0.22], [0, 0.03, 0]), 'plastic', { colour: [0.2, 0.6, 0.8] });
    ctx.add(
      ctx
        .prism(
          [
            [0, 0],
            [0.12, 0],
            [0.02, 0.1],
          ],
          0.01,
        )
        .translate([-0.8, 0.04, 0]),
      'plastic',
      { part: 'fin', primary: false, colour: [0.1, 0.1, 0.1] },
    );
  },
  'tennis racket': (ctx) => {
    ctx.add(ctx.torus(0.2, 0.015, [0.25, 0.02, 0], 'y').scale([1.3, 1, 1]), 'plastic', { colour: [0.1, 0.1, 0.12] });
    ctx.add(ctx.cyl(0.19, 0.004, [0.25, 0.018, 0]).scale([1.3, 1, 1]), 'fabric', {
      part: 'strings',
      primary: false,
      colour: [0.9, 0.95, 0.4],
    });
    ctx.add(ctx.capsule([-0.03, 0.02, 0], [-0.45, 0.02, 0], 0.022), 'leather', {
      part: 'handle',
      colour: [0.15, 0.15, 0.15],
    });
  },
  ladder: (ctx) => {
    const rungs = ctx.count('rung', 6, 2, 14);
    for (const x of [-0.2, 0.2])
      ctx.add(ctx.box([0.05, 1.6, 0.04], [x, 0.8, 0]), 'wood', { part: 'rail', colour: WOOD });
    for (let k = 0; k < rungs; k++)
      ctx.add(
        ctx
          .cyl(0.018, 0.4, [0, 0, 0])
          .rotate([0, 0, 90])
          .translate([0.2, 0.15 + (k * 1.35) / Math.max(1, rungs - 1), 0]),
        'wood',
        { part: 'rung', colour: WOOD },
      );
  },
  glasses: (ctx) => {
    const frame: RGB = [0.1, 0.1, 0.1];
    for (const x of [-0.16, 0.16]) {
      ctx.add(ctx.torus(0.12, 0.012, [x, 0.15, 0], 'z'), 'plastic', { part: 'rim', colour: frame });
      ctx.add(ctx.cyl(0.115, 0.006, [0, 0, 0]).rotate([90, 0, 0]).translate([x, 0.15, 0.003]), 'glass', {
        part: 'lens',
        primary: false,
        colour: [0.8, 0.88, 0.95],
      });
      ctx.add(ctx.capsule([Math.sign(x) * 0.28, 0.17, 0], [Math.sign(x) * 0.29, 0.16, -0.4], 0.01), 'plastic', {
        part: 'temple',
        colour: frame,
      });
    }
    ctx.add(ctx.torus(0.04, 0.01, [0, 0.19, 0], 'z').trimByPlane([0, 1, 0], 0.2), 'plastic', {
      part: 'bridge',
      colour: frame,
    });
  },
  'baseball bat': (ctx) => {
    ctx.add(ctx.capsule([-0.45, 0.04, 0], [0.45, 0.04, 0], 0.018, 0.04), 'wood', { colour: [0.8, 0.65, 0.45] });
    ctx.add(ctx.cyl(0.03, 0.02, [0, 0, 0]).rotate([0, 0, 90]).translate([-0.46, 0.04, 0]), 'wood', {
      part: 'knob',
      colour: [0.8, 0.65, 0.45],
    });
  },
};

export function handTool(ctx: GenContext): void {
  (TOOLS[ctx.interpretation.profile ?? ''] ?? TOOLS.wrench)(ctx);
}

export function object(ctx: GenContext): void {
  (OBJECTS[ctx.interpretation.profile ?? ''] ?? OBJECTS.hourglass)(ctx);
}

export const OBJECT_PROFILES = [...Object.keys(TOOLS), ...Object.keys(OBJECTS)];
