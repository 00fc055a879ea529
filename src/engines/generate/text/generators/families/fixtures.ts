import { around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { WOOD } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const FIXTURES: Record<string, Generator> = {
  ...partLists('fixtures'),
  mirror: (ctx) => {
    const ornate = ctx.s.ornate || says(ctx, /\b(ornate|gilded|baroque|gold)\b/);
    const frame: RGB = ornate ? [0.85, 0.68, 0.3] : [0.25, 0.2, 0.18];
    const oval = ornate || says(ctx, /\b(oval|round)\b/);
    const shape = (sx: number, sy: number, depth: number, z: number) =>
      oval
        ? ctx.cyl(1, depth, [0, 0, 0]).rotate([90, 0, 0]).scale([sx, sy, 1]).translate([0, 0.95, z])
        : ctx.box([sx * 2, sy * 2, depth], [0, 0.95, z]);
    ctx.add(shape(0.42, 0.62, 0.06, 0.03).subtract(shape(0.36, 0.56, 0.1, 0.06)), ornate ? 'gold' : 'wood', {
      part: 'frame',
      colour: frame,
    });
    ctx.add(shape(0.37, 0.57, 0.02, 0.01), 'metal', { part: 'glass', primary: false, colour: [0.85, 0.88, 0.9] });
    if (ornate)
      for (const a of around(10))
        ctx.add(ctx.sphere(0.035, [Math.cos(a) * 0.42, 0.95 + Math.sin(a) * 0.62, 0.07], 8), 'gold', {
          part: 'frame',
          colour: frame,
        });
    // A cheval stand: two legs and feet, so the mirror stands on the floor.
    for (const x of [-0.46, 0.46])
      ctx.add(ctx.box([0.05, 1.2, 0.05], [x, 0.6, 0.02]).add(ctx.box([0.06, 0.04, 0.4], [x, 0.02, 0.02])), 'wood', {
        part: 'stand',
        primary: false,
        colour: frame,
      });
  },
  hammock: (ctx) => {
    const span = 1.8 * ctx.s.long;
    for (const x of [-span / 2, span / 2]) {
      ctx.add(ctx.cyl(0.04, 1.2, [x, 0, 0]), 'wood', { part: 'post', primary: false, colour: WOOD });
      ctx.add(ctx.box([0.06, 0.05, 0.6], [x, 0.02, 0]), 'wood', { part: 'foot', primary: false, colour: WOOD });
    }
    // The bed of the hammock: a slice of a large ring, sagging between the posts.
    const R = span * 0.75;
    const sag = ctx
      .torus(R, 0.02, [0, 0, 0], 'z')
      .scale([1, 1, 14])
      .translate([0, 1.1 + R - span * 0.35, 0])
      .trimByPlane([0, -1, 0], -(1.1 - 0.02));
    ctx.add(sag.intersect(ctx.box([span * 0.8, 2, 0.6], [0, 0.8, 0])), 'fabric', { colour: [0.85, 0.3, 0.2] });
    for (const side of [-1, 1])
      ctx.add(ctx.capsule([side * span * 0.4, 1.0, 0], [(side * span) / 2, 1.12, 0], 0.012), 'fabric', {
        part: 'rope',
        primary: false,
        colour: [0.85, 0.8, 0.65],
      });
  },
  radiator: (ctx) => {
    const fins = ctx.count('fin', 9, 3, 20);
    for (let k = 0; k < fins; k++)
      ctx.add(ctx.roundBox([0.07, 0.6, 0.14], 0.03, [(k - (fins - 1) / 2) * 0.09, 0.42, 0]), 'metal', {
        colour: [0.9, 0.9, 0.88],
      });
    ctx.add(
      ctx.box([fins * 0.09, 0.05, 0.06], [0, 0.68, 0]).add(ctx.box([fins * 0.09, 0.05, 0.06], [0, 0.16, 0])),
      'metal',
      { part: 'pipe', colour: [0.9, 0.9, 0.88] },
    );
    for (const x of [-1, 1])
      ctx.add(ctx.box([0.06, 0.12, 0.18], [x * (fins * 0.045 - 0.04), 0.06, 0]), 'metal', {
        part: 'foot',
        primary: false,
        colour: [0.6, 0.6, 0.6],
      });
  },
  fence: (ctx) => {
    const n = ctx.count('post', 7, 2, 16);
    const picket = !says(ctx, /\b(rail|ranch|split)\b/);
    for (let k = 0; k < n; k++) {
      const x = (k - (n - 1) / 2) * 0.3;
      ctx.add(
        picket
          ? ctx.prism(
              [
                [-0.05, 0],
                [0.05, 0],
                [0.05, 0.8],
                [0, 0.88],
                [-0.05, 0.8],
              ],
              0.025,
              [x, 0, 0],
            )
          : ctx.box([0.08, 0.9, 0.08], [x, 0.45, 0]),
        'wood',
        { colour: picket ? [0.95, 0.95, 0.93] : WOOD },
      );
    }
    for (const y of picket ? [0.2, 0.62] : [0.3, 0.7])
      ctx.add(ctx.box([n * 0.3, 0.07, 0.03], [0, y, -0.03]), 'wood', {
        part: 'rail',
        colour: picket ? [0.95, 0.95, 0.93] : WOOD,
      });
  },
  staircase: (ctx) => {
    const steps = ctx.count('step', 8, 2, 20);
    for (let k = 0; k < steps; k++)
      ctx.add(ctx.box([0.9, 0.18 * (k + 1), 0.26], [0, 0.09 * (k + 1), k * 0.25]), 'wood', {
        part: 'step',
        colour: WOOD,
      });
    const top = 0.18 * steps;
    ctx.add(ctx.capsule([0.45, 0.9, 0], [0.45, top + 0.9, (steps - 1) * 0.25], 0.025), 'wood', {
      part: 'rail',
      primary: false,
      colour: [0.4, 0.26, 0.15],
    });
    for (let k = 0; k < steps; k += 2)
      ctx.add(ctx.cyl(0.015, 0.9, [0.45, 0.18 * (k + 1), k * 0.25]), 'wood', {
        part: 'baluster',
        primary: false,
        colour: [0.95, 0.95, 0.93],
      });
  },
};

export function fixture(ctx: GenContext): void {
  (FIXTURES[ctx.interpretation.profile ?? ''] ?? FIXTURES.sink)(ctx);
}
