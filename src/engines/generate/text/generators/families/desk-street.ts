/**
 * Three small families of things with a face or a point: writing and desk things (a pencil, a pen, a
 * quill with its inkwell, an eraser, a stapler, a paper clip, a tape dispenser, a metronome, a sundial,
 * an easel), street signs and signals (stop sign, road sign, street sign, neon sign, billboard,
 * signpost, traffic light, parking meter), and masks and armour (a carnival mask, a gas mask, a suit
 * of armour). A row each, as few primitives as say what it is.
 */
import type { Vec2 } from 'manifold-3d';
import type { Generator } from '../kit.ts';
import { WOOD } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const DESK: Record<string, Generator> = {
  ...partLists('desk'),
};

export const SIGNS: Record<string, Generator> = {
  ...partLists('signs'),
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
};
