/**
 * Hand tools and everyday objects, each a few primitives in its recognisable proportions: wrench,
 * screwdriver, saw, scissors, key, padlock, magnifying glass; anchor, umbrella, hourglass, telescope,
 * microscope, compass, fire hydrant, mailbox, traffic cone, birdcage, skateboard, surfboard, racket, ladder,
 * glasses, bat.
 */
import type { GenContext, Generator } from '../kit.ts';
import { WOOD } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const TOOLS: Record<string, Generator> = {
  ...partLists('tools'),
};

export const OBJECTS: Record<string, Generator> = {
  ...partLists('objects'),
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
};

export function handTool(ctx: GenContext): void {
  (TOOLS[ctx.interpretation.profile ?? ''] ?? TOOLS.wrench)(ctx);
}

export function object(ctx: GenContext): void {
  (OBJECTS[ctx.interpretation.profile ?? ''] ?? OBJECTS.hourglass)(ctx);
}

export const OBJECT_PROFILES = [...Object.keys(TOOLS), ...Object.keys(OBJECTS)];
