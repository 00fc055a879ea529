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
import { around, type RGB, type Generator } from '../kit.ts';
import { DARK } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const MORE_OBJECTS: Record<string, Generator> = {
  ...partLists('curios'),
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
  ...partLists('cookware'),
};

export const MORE_APPLIANCES: Record<string, Generator> = {
  ...partLists('appliances'),
};

export const MORE_MACHINES: Record<string, Generator> = {
  ...partLists('machines'),
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
};

export const MORE_HATS: Record<string, Generator> = {
  ...partLists('hats'),
};
