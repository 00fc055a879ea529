/**
 * Garments laid out as a shop would show them, upright on a small stand: a T-shirt, a long-sleeved
 * top (shirt, sweater, hoodie, jacket, coat), a dress, trousers, a skirt, a glove, a scarf, a sock and
 * a necktie. Each is its outline extruded to a garment's thickness, so one rig covers the branch.
 */
import type { Vec2 } from 'manifold-3d';
import type { GenContext, RGB, Generator } from '../kit.ts';
import { IRON } from '../palette.ts';
import { partLists } from '../part-list.ts';

/** Outlines in the XY plane, bottom at y = 0, centred on x = 0 (mirrored halves written once). */
const mirror = (half: Vec2[]): Vec2[] => [...half, ...[...half].reverse().map(([x, y]) => [-x, y] as Vec2)];

const OUTLINES: Record<string, { outline: Vec2[]; depth: number; colour: RGB; material: 'fabric' | 'leather' }> = {
  't-shirt': {
    outline: mirror([
      [0, 0.02],
      [0.3, 0],
      [0.3, 0.5],
      [0.55, 0.38],
      [0.64, 0.55],
      [0.36, 0.78],
      [0.12, 0.8],
      [0, 0.74],
    ]),
    depth: 0.08,
    colour: [0.9, 0.9, 0.92],
    material: 'fabric',
  },
  'long-sleeve': {
    outline: mirror([
      [0, 0.02],
      [0.32, 0],
      [0.32, 0.5],
      [0.5, 0.02],
      [0.62, 0.06],
      [0.42, 0.76],
      [0.14, 0.82],
      [0, 0.76],
    ]),
    depth: 0.1,
    colour: [0.25, 0.35, 0.55],
    material: 'fabric',
  },
  dress: {
    outline: mirror([
      [0, 0],
      [0.5, 0],
      [0.2, 0.7],
      [0.22, 0.9],
      [0.16, 1.12],
      [0.08, 1.12],
      [0, 1.02],
    ]),
    depth: 0.09,
    colour: [0.75, 0.15, 0.25],
    material: 'fabric',
  },
  trousers: {
    outline: mirror([
      [0, 0.58],
      [0.05, 0],
      [0.3, 0],
      [0.28, 0.85],
      [0, 0.85],
    ]),
    depth: 0.1,
    colour: [0.2, 0.28, 0.45],
    material: 'fabric',
  },
  skirt: {
    outline: mirror([
      [0, 0],
      [0.45, 0],
      [0.22, 0.5],
      [0, 0.5],
    ]),
    depth: 0.09,
    colour: [0.3, 0.3, 0.35],
    material: 'fabric',
  },
};

function outlined(ctx: GenContext, name: string): void {
  const o = OUTLINES[name];
  const colour = o.colour;
  const lift = 0.12;
  const material =
    ctx.interpretation.material === 'leather' || /\bleather\b/.test(ctx.interpretation.prompt.toLowerCase())
      ? 'leather'
      : o.material;
  ctx.add(ctx.prism(o.outline, o.depth, [0, lift, 0]), material, { colour });
  // A small stand so the garment stands up: a base and a rod behind it.
  const top = Math.max(...o.outline.map(([, y]) => y)) + lift;
  ctx.add(ctx.cyl(0.22, 0.03), 'metal', { part: 'stand', primary: false, colour: IRON });
  ctx.add(ctx.cyl(0.015, top - 0.1, [0, 0.03, -o.depth / 2 - 0.015]), 'metal', {
    part: 'stand',
    primary: false,
    colour: IRON,
  });
}

export const GARMENTS: Record<string, Generator> = {
  ...partLists('garments'),
  't-shirt': (ctx) => outlined(ctx, 't-shirt'),
  shirt: (ctx) => {
    outlined(ctx, 'long-sleeve');
    for (let k = 0; k < 4; k++)
      ctx.add(
        ctx
          .cyl(0.015, 0.02, [0, 0, 0])
          .rotate([90, 0, 0])
          .translate([0, 0.3 + k * 0.14, 0.05]),
        'plastic',
        { part: 'button', primary: false, colour: [0.95, 0.95, 0.95] },
      );
  },
  jacket: (ctx) => {
    outlined(ctx, 'long-sleeve');
    ctx.add(
      ctx.prism(
        [
          [-0.14, 0.94],
          [0, 0.6],
          [0.14, 0.94],
        ],
        0.02,
        [0, 0, 0.055],
      ),
      'fabric',
      { part: 'lapel', primary: false, colour: [0.12, 0.12, 0.14] },
    );
    ctx.add(ctx.box([0.012, 0.55, 0.015], [0, 0.4, 0.055]), 'metal', {
      part: 'zip',
      primary: false,
      colour: [0.7, 0.7, 0.72],
    });
  },
  dress: (ctx) => outlined(ctx, 'dress'),
  trousers: (ctx) => outlined(ctx, 'trousers'),
  skirt: (ctx) => outlined(ctx, 'skirt'),
};
