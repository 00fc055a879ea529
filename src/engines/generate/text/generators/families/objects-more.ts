/**
 * Rows added to families defined elsewhere (../../catalog-made.ts lists their words):
 *  - curios and ornaments for the everyday-object family: an anvil, a piggy bank, a snow globe, a
 *    nesting doll, a standing skeleton, a spiked mace, a throwing star;
 *  - cookware: a skillet, a wok, a saucepan, a stockpot; a cauldron for the bowl category;
 *  - appliances: an air fryer, a slow cooker, an arcade cabinet, a computer keyboard;
 *  - machines: a combine harvester (tractor family), a mobile crane (construction machines);
 *  - headwear: a beret and a fez.
 */
import type { Vec2 } from 'manifold-3d';
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { DARK, IRON, STEEL } from '../palette.ts';

/** A pan of radius r and depth h with a long handle along +x (skillet, saucepan) or two loops (wok-less pots). */
function pan(
  ctx: GenContext,
  r: number,
  h: number,
  colour: RGB,
  handle: 'long' | 'loops',
  material: 'metal' = 'metal',
): void {
  ctx.add(ctx.cyl(r * 0.9, h, [0, 0, 0], r).subtract(ctx.cyl(r * 0.9 - 0.03, h, [0, 0.025, 0], r - 0.03)), material, {
    colour,
  });
  if (handle === 'long')
    ctx.add(ctx.capsule([r * 0.95, h * 0.8, 0], [r + 0.45, h * 0.95, 0], 0.028), material, { part: 'handle', colour });
  else
    for (const x of [-1, 1])
      ctx.add(
        ctx.torus(0.06, 0.015, [x * (r + 0.02), h * 0.8, 0], 'y').trimByPlane([x, 0, 0], x * (r + 0.02) * x),
        material,
        { part: 'handle', colour },
      );
}

export const MORE_OBJECTS: Record<string, Generator> = {
  anvil: (ctx) => {
    ctx.add(ctx.box([0.35, 0.12, 0.3], [0, 0.06, 0]).add(ctx.box([0.22, 0.25, 0.16], [0, 0.245, 0])), 'metal', {
      part: 'base',
      colour: IRON,
    });
    const face = ctx.box([0.6, 0.14, 0.2], [0, 0.43, 0]);
    const horn = ctx.capsule([0.3, 0.45, 0], [0.62, 0.47, 0], 0.07, 0.01).trimByPlane([0, 1, 0], 0.37);
    const heel = ctx.box([0.14, 0.1, 0.16], [-0.36, 0.45, 0]);
    ctx.add(
      face
        .add(horn)
        .add(heel)
        .subtract(ctx.box([0.03, 0.1, 0.03], [-0.25, 0.5, 0])),
      'metal',
      { colour: IRON },
    );
  },
  'piggy bank': (ctx) => {
    const pink: RGB = [0.95, 0.6, 0.65];
    ctx.add(
      ctx.ellipsoid([0.42, 0.32, 0.3], [0, 0.42, 0]).subtract(ctx.box([0.16, 0.1, 0.02], [0, 0.74, 0])),
      'ceramic',
      { colour: pink },
    );
    ctx.add(ctx.cyl(0.1, 0.1, [0, 0, 0], 0.1).rotate([0, 0, -90]).translate([0.36, 0.45, 0]), 'ceramic', {
      part: 'snout',
      colour: pink,
    });
    for (const x of [-0.22, 0.2])
      for (const z of [-0.15, 0.15])
        ctx.add(ctx.cyl(0.06, 0.18, [x, 0.02, z]), 'ceramic', { part: 'leg', colour: pink });
    for (const z of [-0.14, 0.14])
      ctx.add(ctx.cyl(0.07, 0.12, [0.22, 0.66, z], 0.005, 3), 'ceramic', { part: 'ear', colour: pink });
    for (const z of [-0.1, 0.1])
      ctx.add(ctx.sphere(0.03, [0.33, 0.56, z]), 'glass', { part: 'eye', primary: false, colour: DARK });
    ctx.add(ctx.torus(0.04, 0.012, [-0.44, 0.46, 0], 'z'), 'ceramic', { part: 'tail', colour: pink });
  },
  'snow globe': (ctx) => {
    ctx.add(ctx.cyl(0.3, 0.2, [0, 0, 0], 0.24), 'wood', { part: 'base', primary: false, colour: [0.45, 0.28, 0.15] });
    ctx.add(ctx.sphere(0.32, [0, 0.48, 0]).trimByPlane([0, 1, 0], 0.18), 'glass', {
      part: 'globe',
      colour: [0.88, 0.93, 0.97],
    });
    ctx.add(ctx.cyl(0.24, 0.04, [0, 0.2, 0]), 'plastic', { part: 'snow', primary: false, colour: [0.97, 0.97, 0.98] });
    ctx.add(ctx.cyl(0.09, 0.28, [-0.05, 0.24, 0], 0.005), 'plastic', {
      part: 'tree',
      primary: false,
      colour: [0.15, 0.45, 0.2],
    });
    ctx.add(
      ctx
        .box([0.1, 0.08, 0.08], [0.1, 0.28, 0.04])
        .add(ctx.cyl(0.08, 0.06, [0.1, 0.32, 0.04], 0.005, 4).rotate([0, 45, 0])),
      'plastic',
      { part: 'house', primary: false, colour: [0.75, 0.25, 0.2] },
    );
  },
  matryoshka: (ctx) => {
    const n = ctx.count('doll', 3, 1, 5);
    let x = 0;
    for (let k = 0; k < n; k++) {
      const s = 1 - k * 0.28;
      ctx.add(
        ctx.lathe(
          [
            [0.14, 0],
            [0.2, 0.18],
            [0.16, 0.38],
            [0.12, 0.45],
            [0.14, 0.56],
            [0.08, 0.66],
          ].map(([r, y]) => [r * s, y * s] as Vec2),
          [x, 0, 0],
        ),
        'wood',
        { colour: [0.8, 0.12, 0.1] },
      );
      ctx.add(
        ctx
          .cyl(0.09 * s, 0.02, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([x, 0.5 * s, 0.125 * s]),
        'wood',
        { part: 'face', primary: false, colour: [0.97, 0.88, 0.78] },
      );
      ctx.add(ctx.ellipsoid([0.1 * s, 0.08 * s, 0.02 * s], [x, 0.2 * s, 0.18 * s]), 'wood', {
        part: 'apron',
        primary: false,
        colour: [0.95, 0.85, 0.3],
      });
      x += (0.4 - k * 0.1) * 1;
    }
  },
  skeleton: (ctx) => {
    const bone: RGB = [0.92, 0.88, 0.78];
    const b = (m: ReturnType<GenContext['box']>, part: string) => ctx.add(m, 'bone', { part, colour: bone });
    b(
      ctx.ellipsoid([0.1, 0.12, 0.11], [0, 1.62, 0]).add(ctx.roundBox([0.12, 0.06, 0.1], 0.02, [0, 1.5, 0.02])),
      'skull',
    );
    b(ctx.cyl(0.02, 0.6, [0, 0.95, 0]), 'spine');
    for (let k = 0; k < 5; k++)
      b(ctx.torus(0.13 - k * 0.008, 0.012, [0, 1.4 - k * 0.07, 0], 'y').scale([1, 1, 0.7]), 'rib');
    b(ctx.ellipsoid([0.16, 0.08, 0.1], [0, 0.95, 0]), 'pelvis');
    for (const x of [-1, 1]) {
      b(
        ctx
          .capsule([x * 0.18, 1.42, 0], [x * 0.22, 1.12, 0], 0.02)
          .add(ctx.capsule([x * 0.22, 1.12, 0], [x * 0.24, 0.85, 0.04], 0.018)),
        'arm',
      );
      b(
        ctx
          .capsule([x * 0.09, 0.92, 0], [x * 0.1, 0.5, 0], 0.025)
          .add(ctx.capsule([x * 0.1, 0.5, 0], [x * 0.1, 0.08, 0], 0.022)),
        'leg',
      );
      b(ctx.roundBox([0.07, 0.03, 0.16], 0.01, [x * 0.1, 0.02, 0.04]), 'foot');
      b(ctx.capsule([0, 1.43, 0], [x * 0.18, 1.43, 0], 0.015), 'collarbone');
    }
    ctx.add(ctx.cyl(0.25, 0.03, [0, -0.03, 0]), 'metal', { part: 'stand', primary: false, colour: DARK });
    ctx.add(ctx.cyl(0.012, 0.95, [0, 0, -0.08]), 'metal', { part: 'stand', primary: false, colour: DARK });
  },
  mace: (ctx) => {
    ctx.add(ctx.capsule([0, 0.03, 0], [0.55, 0.03, 0], 0.025), 'wood', { part: 'handle', colour: [0.45, 0.3, 0.18] });
    ctx.add(ctx.sphere(0.1, [0.65, 0.1, 0]), 'metal', { part: 'head', colour: IRON });
    for (const [k, a] of around(8).entries()) {
      const dir = [Math.cos(a) * (k % 2 ? 0.7 : 1), Math.sin(a), k % 2 ? 0.7 : 0] as const;
      ctx.add(
        ctx
          .cyl(0.03, 0.08, [0, 0, 0], 0.002, 6)
          .rotate([0, 0, -(90 - (a * 180) / Math.PI)])
          .rotate([k % 2 ? 45 : 0, 0, 0])
          .translate([0.65 + dir[0] * 0.09, 0.1 + dir[1] * 0.09, dir[2] * 0.06]),
        'metal',
        { part: 'spike', colour: STEEL },
      );
    }
  },
  shuriken: (ctx) => {
    const points = ctx.count('point', 4, 3, 8);
    const star: Vec2[] = around(points * 2, Math.PI / 2).map(
      (a, k) => [Math.cos(a) * (k % 2 ? 0.08 : 0.3), Math.sin(a) * (k % 2 ? 0.08 : 0.3)] as Vec2,
    );
    ctx.add(
      ctx
        .prism(star, 0.02)
        .rotate([90, 0, 0])
        .translate([0, 0.01, 0])
        .subtract(ctx.cyl(0.035, 0.1, [0, -0.02, 0])),
      'metal',
      { colour: [0.3, 0.3, 0.33] },
    );
  },
};

export const MORE_COOKWARE: Record<string, Generator> = {
  skillet: (ctx) => pan(ctx, 0.35, 0.08, IRON, 'long'),
  saucepan: (ctx) => pan(ctx, 0.25, 0.22, STEEL, 'long'),
  stockpot: (ctx) => {
    pan(ctx, 0.32, 0.45, STEEL, 'loops');
    ctx.add(ctx.cyl(0.33, 0.02, [0, 0.45, 0]).add(ctx.sphere(0.04, [0, 0.48, 0])), 'metal', {
      part: 'lid',
      colour: STEEL,
    });
  },
  wok: (ctx) => {
    ctx.add(
      ctx
        .sphere(0.45, [0, 0.45, 0])
        .trimByPlane([0, -1, 0], -0.2)
        .subtract(ctx.sphere(0.42, [0, 0.45, 0])),
      'metal',
      { colour: IRON },
    );
    ctx.add(ctx.capsule([0.4, 0.18, 0], [0.85, 0.3, 0], 0.03), 'wood', {
      part: 'handle',
      primary: false,
      colour: [0.45, 0.3, 0.18],
    });
  },
  cauldron: (ctx) => {
    ctx.add(
      ctx
        .sphere(0.45, [0, 0.5, 0])
        .trimByPlane([0, -1, 0], -0.85)
        .subtract(ctx.sphere(0.41, [0, 0.52, 0]))
        .add(ctx.torus(0.33, 0.03, [0, 0.85, 0], 'y')),
      'metal',
      { colour: IRON },
    );
    for (const a of around(3, 0.5))
      ctx.add(
        ctx.capsule([Math.cos(a) * 0.3, 0.2, Math.sin(a) * 0.3], [Math.cos(a) * 0.34, 0.0, Math.sin(a) * 0.34], 0.04),
        'metal',
        { part: 'leg', colour: IRON },
      );
    ctx.add(ctx.cyl(0.38, 0.03, [0, 0.68, 0]), 'wax', { part: 'brew', primary: false, colour: [0.3, 0.75, 0.2] });
    for (const [x, z] of [
      [0.1, 0.05],
      [-0.12, -0.08],
    ] as const)
      ctx.add(ctx.sphere(0.05, [x, 0.71, z]).trimByPlane([0, 1, 0], 0.69), 'wax', {
        part: 'bubble',
        primary: false,
        colour: [0.45, 0.9, 0.3],
      });
  },
};

export const MORE_APPLIANCES: Record<string, Generator> = {
  'air fryer': (ctx) => {
    ctx.add(ctx.roundBox([0.5, 0.6, 0.5], 0.15, [0, 0.3, 0]), 'plastic', { colour: DARK });
    ctx.add(ctx.roundBox([0.4, 0.25, 0.06], 0.04, [0, 0.2, 0.24]), 'plastic', {
      part: 'drawer',
      colour: [0.15, 0.15, 0.16],
    });
    ctx.add(ctx.roundBox([0.08, 0.05, 0.12], 0.02, [0, 0.22, 0.3]), 'plastic', {
      part: 'handle',
      primary: false,
      colour: [0.25, 0.25, 0.27],
    });
    ctx.add(ctx.box([0.25, 0.1, 0.02], [0, 0.5, 0.24]).rotate([-15, 0, 0]), 'glass', {
      part: 'display',
      primary: false,
      colour: [0.2, 0.3, 0.4],
    });
  },
  'slow cooker': (ctx) => {
    ctx.add(
      ctx.ellipsoid([0.4, 0.25, 0.3], [0, 0.22, 0]).trimByPlane([0, 1, 0], 0.02).trimByPlane([0, -1, 0], -0.38),
      'metal',
      { colour: STEEL },
    );
    ctx.add(
      ctx.sphere(1, [0, 0, 0]).scale([0.36, 0.1, 0.26]).translate([0, 0.38, 0]).trimByPlane([0, 1, 0], 0.38),
      'glass',
      { part: 'lid', primary: false, colour: [0.8, 0.85, 0.88] },
    );
    ctx.add(ctx.sphere(0.035, [0, 0.49, 0]), 'plastic', { part: 'knob', primary: false, colour: DARK });
    for (const x of [-0.42, 0.42])
      ctx.add(ctx.roundBox([0.08, 0.04, 0.14], 0.015, [x, 0.32, 0]), 'plastic', {
        part: 'handle',
        primary: false,
        colour: DARK,
      });
    ctx.add(ctx.cyl(0.04, 0.02, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 0.15, 0.3]), 'plastic', {
      part: 'dial',
      primary: false,
      colour: DARK,
    });
  },
  'arcade machine': (ctx) => {
    const side: Vec2[] = [
      [0, 0],
      [0.7, 0],
      [0.7, 0.9],
      [0.55, 1.0],
      [0.55, 1.5],
      [0.7, 1.65],
      [0.7, 1.8],
      [0, 1.8],
    ];
    // The side profile (front at x = 0.7) turned so the front faces +z, centred on the origin.
    ctx.add(ctx.prism(side, 0.7).rotate([0, -90, 0]).translate([0, 0, -0.35]), 'wood', { colour: [0.12, 0.12, 0.14] });
    ctx.add(ctx.box([0.56, 0.45, 0.02], [0, 0, 0]).rotate([-10, 0, 0]).translate([0, 1.25, 0.205]), 'glass', {
      part: 'screen',
      primary: false,
      colour: [0.15, 0.3, 0.5],
    });
    ctx.add(ctx.box([0.66, 0.14, 0.02], [0, 1.72, 0.355]), 'plastic', {
      part: 'marquee',
      primary: false,
      colour: [0.95, 0.75, 0.15],
    });
    ctx.add(ctx.cyl(0.012, 0.08, [-0.12, 0.92, 0.2]).add(ctx.sphere(0.03, [-0.12, 1.01, 0.2])), 'plastic', {
      part: 'joystick',
      primary: false,
      colour: [0.85, 0.1, 0.1],
    });
    for (const x of [0.05, 0.13, 0.21])
      ctx.add(ctx.cyl(0.025, 0.03, [x, 0.9, 0.2]), 'plastic', {
        part: 'button',
        primary: false,
        colour: [0.2, 0.5, 0.9],
      });
  },
  keyboard: (ctx) => {
    ctx.add(ctx.roundBox([1.0, 0.05, 0.35], 0.02, [0, 0.025, 0]), 'plastic', { colour: [0.2, 0.2, 0.22] });
    for (let r = 0; r < 5; r++)
      for (let c = 0; c < 14; c++) {
        if (r === 4 && c > 3 && c < 10) continue;
        // Plain boxes: seventy rounded keys collapse badly when a small budget squeezes them.
        ctx.add(ctx.box([0.052, 0.03, 0.048], [-0.45 + c * 0.069, 0.06, -0.13 + r * 0.065]), 'plastic', {
          part: 'key',
          primary: false,
          colour: [0.9, 0.9, 0.88],
        });
      }
    ctx.add(ctx.box([0.38, 0.03, 0.048], [-0.02, 0.06, 0.13]), 'plastic', {
      part: 'space bar',
      primary: false,
      colour: [0.9, 0.9, 0.88],
    });
  },
};

export const MORE_MACHINES: Record<string, Generator> = {
  'combine harvester': (ctx) => {
    const green: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.2, 0.55, 0.2];
    for (const z of [-0.8, 0.8]) {
      ctx.add(ctx.cyl(0.6, 0.4, [0, -0.2, 0]).rotate([90, 0, 0]).translate([0.4, 0.6, z]), 'rubber', {
        part: 'wheel',
        primary: false,
        colour: DARK,
      });
      ctx.add(
        ctx
          .cyl(0.35, 0.3, [0, -0.15, 0])
          .rotate([90, 0, 0])
          .translate([-1.3, 0.35, z * 0.85]),
        'rubber',
        { part: 'wheel', primary: false, colour: DARK },
      );
    }
    ctx.add(ctx.roundBox([2.4, 1.2, 1.4], 0.1, [-0.4, 1.3, 0]), 'metal', { colour: green });
    ctx.add(ctx.box([0.8, 0.8, 0.9], [0.55, 2.2, 0]), 'glass', {
      part: 'cab',
      primary: false,
      colour: [0.3, 0.4, 0.45],
    });
    ctx.add(ctx.box([0.9, 0.08, 1.0], [0.55, 2.62, 0]), 'metal', { part: 'roof', colour: green });
    ctx.add(ctx.box([0.8, 0.4, 3.4], [1.5, 0.45, 0]), 'metal', { part: 'header', colour: [0.85, 0.7, 0.1] });
    ctx.add(ctx.cyl(0.22, 3.2, [0, -1.6, 0]).rotate([90, 0, 0]).translate([1.65, 0.55, 0]), 'metal', {
      part: 'reel',
      colour: [0.85, 0.7, 0.1],
    });
    ctx.add(ctx.capsule([-0.6, 1.8, 0.7], [0.6, 2.4, 1.6], 0.1), 'metal', { part: 'unloader', colour: green });
  },
  crane: (ctx) => {
    const yellow: RGB = [0.95, 0.72, 0.1];
    for (const x of [-0.9, -0.3, 0.3, 0.9])
      for (const z of [-0.5, 0.5])
        ctx.add(ctx.cyl(0.25, 0.25, [0, -0.125, 0]).rotate([90, 0, 0]).translate([x, 0.25, z]), 'rubber', {
          part: 'wheel',
          primary: false,
          colour: DARK,
        });
    ctx.add(ctx.roundBox([2.4, 0.4, 1.1], 0.05, [0, 0.6, 0]), 'metal', { colour: yellow });
    ctx.add(ctx.roundBox([0.5, 0.5, 0.5], 0.05, [0.95, 1.05, 0.25]), 'glass', {
      part: 'cab',
      primary: false,
      colour: [0.3, 0.4, 0.45],
    });
    ctx.add(ctx.roundBox([1.0, 0.45, 0.8], 0.05, [-0.4, 1.05, 0]), 'metal', { part: 'turntable', colour: yellow });
    ctx.add(ctx.box([2.6, 0.2, 0.25], [0, 0, 0]).rotate([0, 0, 35]).translate([0.5, 2.0, 0]), 'metal', {
      part: 'boom',
      colour: yellow,
    });
    ctx.add(ctx.cyl(0.01, 1.3, [1.55, 1.45, 0]), 'metal', { part: 'cable', primary: false, colour: DARK });
    ctx.add(ctx.torus(0.07, 0.02, [1.55, 1.4, 0], 'z').trimByPlane([0, -1, 0], -1.42), 'metal', {
      part: 'hook',
      primary: false,
      colour: STEEL,
    });
  },
};

export const MORE_HATS: Record<string, Generator> = {
  beret: (ctx) => {
    const colour: RGB = [0.12, 0.12, 0.14];
    ctx.add(
      ctx
        .sphere(1, [0, 0, 0])
        .scale([0.28, 0.09, 0.28])
        .translate([0.03, 0.08, 0])
        .add(ctx.cyl(0.19, 0.04, [0, 0, 0]))
        .subtract(ctx.cyl(0.17, 0.08, [0, -0.02, 0])),
      'fabric',
      { colour },
    );
    ctx.add(ctx.cyl(0.012, 0.04, [0.03, 0.16, 0]), 'fabric', { part: 'stalk', colour });
  },
  fez: (ctx) => {
    const red: RGB = [0.7, 0.08, 0.08];
    ctx.add(ctx.cyl(0.19, 0.3, [0, 0, 0], 0.15).subtract(ctx.cyl(0.17, 0.28, [0, -0.01, 0], 0.13)), 'fabric', {
      colour: red,
    });
    ctx.add(
      ctx.capsule([0, 0.3, 0], [0.12, 0.26, 0], 0.008).add(ctx.capsule([0.12, 0.26, 0], [0.16, 0.12, 0], 0.01, 0.025)),
      'fabric',
      { part: 'tassel', primary: false, colour: DARK },
    );
  },
};
