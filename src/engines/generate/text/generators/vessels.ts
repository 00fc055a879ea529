/**
 * The vase, whose handles a word may set (an amphora's two, ./modifiers.json): the one vessel still code,
 * as part lists cannot read modifiers (./modifiers.ts reads ./part-list.ts). The other vessels and
 * containers are rows of ./parts/vessels.json.
 */
import type { Vec2 } from 'manifold-3d';
import { around, type GenContext } from './kit.ts';
import { setting } from './modifiers.ts';
import { hollowLathe, sideHandle } from './vessel-shapes.ts';

export function vase(ctx: GenContext): void {
  const { s, rng } = ctx;
  const h = 0.8 * s.tall * rng.range(0.85, 1.2);
  const rb = 0.13 * s.wide * rng.range(0.8, 1.2);
  const belly = rb * rng.range(1.3, 2.0) * (s.round === 1 ? 1.25 : 1);
  const neck = rb * rng.range(0.45, 0.8);
  const lip = neck * rng.range(1.1, 1.6);
  const profile: Vec2[] = [
    [rb, 0],
    [belly, h * rng.range(0.3, 0.45)],
    [neck, h * 0.82],
    [neck * 0.95, h * 0.92],
    [lip, h],
  ];
  ctx.add(hollowLathe(ctx, profile, 0.015), 'ceramic');
  const handles = ctx.count('handle', ctx.s.ornate ? 2 : (setting(ctx, 'vase', 'handles') ?? 0), 0, 4);
  for (const a of around(handles))
    ctx.add(sideHandle(ctx, neck * 1.05, h * 0.6, h * 0.88, 0.015).rotate([0, (a * 180) / Math.PI, 0]), 'ceramic', {
      part: 'handle',
    });
}
