/**
 * Hand tools and everyday objects, each a few primitives in its recognisable proportions: wrench,
 * screwdriver, saw, scissors, key, padlock, magnifying glass; anchor, umbrella, hourglass, telescope,
 * microscope, compass, fire hydrant, mailbox, traffic cone, birdcage, skateboard, surfboard, racket, ladder,
 * glasses, bat.
 * Fixed forms are rows of ../parts/tools.json and ../parts/objects.json.
 *
 * CURIOS of the everyday-object family: nesting dolls and a throwing star counted from the prompt in
 * ../parts/running-forms.json; an anvil, a piggy bank, a snow globe, a standing skeleton, a mace in
 * ../parts/curios.json.
 */
import type { GenContext, Generator } from '../kit.ts';
import { buildRow, partLists } from '../part-list.ts';

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
  matryoshka: (ctx) => buildRow(ctx, 'running-forms', 'matryoshka'),
  shuriken: (ctx) => buildRow(ctx, 'running-forms', 'shuriken'),
};
