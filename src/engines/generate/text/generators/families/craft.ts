import type { GenContext, RGB, Generator } from '../kit.ts';
import { BLACK, STEEL, YELLOW } from '../palette.ts';
import { partLists } from '../part-list.ts';

/** A wheel whose axle runs along z, centred at (x, r, z). */
function wheel(ctx: GenContext, x: number, z: number, r: number, width: number, y = r): void {
  ctx.add(
    ctx
      .cyl(r, width, [0, -width / 2, 0])
      .rotate([90, 0, 0])
      .translate([x, y, z]),
    'rubber',
    { part: 'wheel', primary: false, colour: BLACK },
  );
  ctx.add(
    ctx
      .cyl(r * 0.45, width * 1.1, [0, -width * 0.55, 0])
      .rotate([90, 0, 0])
      .translate([x, y, z]),
    'metal',
    { part: 'hubcap', primary: false, colour: STEEL },
  );
}

export const SPACECRAFT: Record<string, Generator> = {
  ...partLists('spacecraft'),
};

export const SMALL_VEHICLES: Record<string, Generator> = {
  ...partLists('small-vehicles'),
  'tuk-tuk': (ctx) => {
    const body: RGB = ctx.rng.pick([YELLOW, [0.2, 0.55, 0.3], [0.1, 0.35, 0.7]] as RGB[]);
    const r = 0.16;
    wheel(ctx, 0.55, 0, r, 0.1);
    for (const z of [-0.38, 0.38]) wheel(ctx, -0.35, z, r, 0.1);
    ctx.add(ctx.roundBox([0.95, 0.35, 0.8], 0.08, [-0.2, r + 0.3, 0]), 'metal', { colour: body });
    ctx.add(ctx.roundBox([0.35, 0.45, 0.35], 0.08, [0.5, r + 0.35, 0]), 'metal', { part: 'nose', colour: body });
    ctx.add(ctx.roundBox([1.2, 0.06, 0.86], 0.03, [-0.08, 1.25, 0]), 'fabric', {
      part: 'roof',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    for (const [x, z] of [
      [0.45, -0.35],
      [0.45, 0.35],
      [-0.62, -0.38],
      [-0.62, 0.38],
    ] as const)
      ctx.add(ctx.cyl(0.02, 1.25 - r - 0.35, [x, r + 0.35, z]), 'metal', {
        part: 'pillar',
        primary: false,
        colour: STEEL,
      });
    ctx.add(ctx.box([0.03, 0.35, 0.6], [0.42, r + 0.75, 0]), 'glass', {
      part: 'windscreen',
      primary: false,
      colour: [0.8, 0.88, 0.92],
    });
    ctx.add(ctx.roundBox([0.4, 0.12, 0.7], 0.04, [-0.35, r + 0.55, 0]), 'leather', {
      part: 'seat',
      primary: false,
      colour: [0.15, 0.1, 0.08],
    });
    ctx.add(ctx.capsule([0.45, r + 0.75, -0.25], [0.45, r + 0.75, 0.25], 0.02), 'metal', {
      part: 'handle',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
  },
};

export function spacecraft(ctx: GenContext): void {
  (SPACECRAFT[ctx.interpretation.profile ?? ''] ?? SPACECRAFT.satellite)(ctx);
}

export function smallVehicle(ctx: GenContext): void {
  (SMALL_VEHICLES[ctx.interpretation.profile ?? ''] ?? SMALL_VEHICLES['tuk-tuk'])(ctx);
}
