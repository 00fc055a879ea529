/**
 * Home and street fixtures: rows of ../parts/fixtures.json (a hammock as long as asked, a radiator with
 * the fins and a staircase with the steps the prompt counts …); here the mirror (ornate or oval by the
 * prompt's style) and the fence (picket or rail by its words).
 */
import { around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
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
};

export function fixture(ctx: GenContext): void {
  (FIXTURES[ctx.interpretation.profile ?? ''] ?? FIXTURES.sink)(ctx);
}
