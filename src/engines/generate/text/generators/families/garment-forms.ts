/**
 * An upper or full-length garment built from what its description says (../../garment-reading.ts):
 * its outline (sleeves none, short or long; length from hip to ankle; straight or flared), or a cloak
 * widening from the shoulders, with a hood, an opening down the front and a belt where it has them.
 * Shown upright on a small stand like the family's other garments (./garments.ts).
 */
import type { Vec2 } from 'manifold-3d';
import type { GenContext, RGB } from '../kit.ts';
import { garmentForm, type GarmentForm } from '../../garment-reading.ts';
import { IRON } from '../palette.ts';

const mirror = (half: Vec2[]): Vec2[] => [...half, ...[...half].reverse().map(([x, y]) => [-x, y] as Vec2)];

/** Half an outline from the hem's centre up to the neck's, x ≥ 0. */
function halfOutline(f: GarmentForm): Vec2[] {
  const L = f.length;
  const top = L - 0.04;
  const w = f.loose ? 0.35 : 0.3;
  const hem = w * f.flare;
  if (f.cloak)
    return [
      [0, 0],
      [hem, 0],
      [0.2, top - 0.06],
      [0.1, top],
      [0, top - 0.04],
    ];
  const armpit = top - 0.3;
  const body: Vec2[] = [
    [0, 0],
    [hem, 0],
    [w, Math.min(armpit - 0.05, L * 0.5)],
    [w, armpit],
  ];
  if (f.sleeves === 'none') return [...body, [0.22, top - 0.02], [0.1, top], [0, top - 0.06]];
  if (f.sleeves === 'short')
    return [
      ...body,
      [w + 0.24, armpit - 0.1],
      [w + 0.32, armpit + 0.08],
      [0.36, top],
      [0.12, top + 0.02],
      [0, top - 0.05],
    ];
  // Long sleeves hang down and outward, clear of a flared hem.
  const cuff = Math.max(hem, w) + 0.2;
  const cuffY = Math.max(0.12, armpit - 0.55);
  return [...body, [cuff - 0.12, cuffY], [cuff, cuffY + 0.05], [0.42, top - 0.04], [0.13, top + 0.02], [0, top - 0.05]];
}

/** Builds the prompt's garment from its description; false when its description gave no cut. */
export function describedGarment(ctx: GenContext): boolean {
  const f = garmentForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const colour: RGB = f.cloak ? [0.45, 0.12, 0.15] : f.knitted ? [0.6, 0.2, 0.2] : [0.3, 0.35, 0.5];
  const material = /\bleather\b/.test(ctx.interpretation.prompt.toLowerCase()) ? 'leather' : 'fabric';
  const lift = 0.12;
  const depth = f.cloak ? 0.07 : f.knitted ? 0.11 : 0.09;
  const half = halfOutline(f);
  const top = Math.max(...half.map(([, y]) => y)) + lift;
  ctx.add(ctx.prism(mirror(half), depth, [0, lift, 0]), material, { colour });
  if (f.hood)
    ctx.add(ctx.ellipsoid([0.14, 0.17, 0.1], [0, top - 0.02, -depth / 2 - 0.04]), material, { part: 'hood', colour });
  if (f.openFront && !f.cloak)
    ctx.add(ctx.box([0.012, top - lift - 0.12, 0.012], [0, lift + (top - lift - 0.12) / 2, depth / 2]), 'fabric', {
      part: 'opening',
      primary: false,
      colour: [0.1, 0.1, 0.12],
    });
  if (f.belt)
    ctx.add(
      ctx.box([(f.loose ? 0.7 : 0.6) + 0.02, 0.05, depth + 0.02], [0, lift + Math.min(0.55, f.length * 0.5), 0]),
      'fabric',
      { part: 'belt', primary: false, colour: [0.3, 0.2, 0.12] },
    );
  if (f.cloak)
    ctx.add(
      ctx
        .cyl(0.03, 0.02, [0, 0, 0])
        .rotate([90, 0, 0])
        .translate([0, top - 0.08, depth / 2 + 0.01]),
      'metal',
      { part: 'clasp', primary: false, colour: [0.8, 0.65, 0.25] },
    );
  ctx.add(ctx.cyl(0.22, 0.03), 'metal', { part: 'stand', primary: false, colour: IRON });
  ctx.add(ctx.cyl(0.015, top - 0.1, [0, 0.03, -depth / 2 - 0.015]), 'metal', {
    part: 'stand',
    primary: false,
    colour: IRON,
  });
  return true;
}
