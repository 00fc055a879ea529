/**
 * Hand tools and everyday objects, each a few primitives in its recognisable proportions: wrench,
 * screwdriver, saw, scissors, key, padlock, magnifying glass; anchor, umbrella, hourglass, telescope,
 * microscope, compass, fire hydrant, mailbox, traffic cone, birdcage, skateboard, surfboard, racket, ladder,
 * glasses, bat.
 * Fixed forms are rows of ../parts/tools.json and ../parts/objects.json.
 *
 * CURIOS of the everyday-object family: nesting dolls and a throwing star counted from the prompt here;
 * an anvil, a piggy bank, a snow globe, a standing skeleton, a mace in ../parts/curios.json.
 */
import { type GenContext, type Generator, around } from '../kit.ts';
import { partLists } from '../part-list.ts';
import type { Vec2 } from 'manifold-3d';

export const TOOLS: Record<string, Generator> = partLists('tools');

export const OBJECTS: Record<string, Generator> = partLists('objects');

export function handTool(ctx: GenContext): void {
  (TOOLS[ctx.interpretation.profile ?? ''] ?? TOOLS.wrench)(ctx);
}

export function object(ctx: GenContext): void {
  (OBJECTS[ctx.interpretation.profile ?? ''] ?? OBJECTS.hourglass)(ctx);
}

export const CURIOS: Record<string, Generator> = {
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
