/**
 * Tools and weapons whose form reads a modifier (a sword's curve, a trident's tines) or seeded points each
 * shared by two hulls (a staff's bends: a row's repeated shape would draw each point twice): a handle along
 * +Y with a head, blade or point. The others (the pickaxe's arc too) are rows of ./parts/tool-heads.json,
 * the shield of ./parts/shields.json.
 */
import type { Vec2 } from 'manifold-3d';
import { addDetail, around, type GenContext } from './kit.ts';
import { setting } from './modifiers.ts';

function handle(ctx: GenContext, length: number, r: number, material: 'wood' | 'leather' = 'wood'): void {
  ctx.add(ctx.cyl(r, length, [0, 0, 0], r * 0.9), material, { part: 'handle', primary: false });
}

export function sword(ctx: GenContext): void {
  const { s, rng } = ctx;
  const grip = 0.18 * rng.range(0.8, 1.2);
  const L = 0.8 * s.long * s.tall * rng.range(0.8, 1.2);
  const w = 0.05 * s.wide * (setting(ctx, 'sword', 'bladeWidth') ?? rng.range(0.8, 1.3));
  handle(ctx, grip, 0.015 * s.thick, 'leather');
  ctx.add(ctx.sphere(0.028, [0, -0.01, 0]), 'metal', { part: 'pommel', primary: false });
  const guard = 0.2 * rng.range(0.7, 1.3) * (s.ornate ? 1.3 : 1);
  addDetail(ctx, ctx.capsule([-guard / 2, grip, 0], [guard / 2, grip, 0], 0.016 * s.thick), 'metal', 'guard');
  const curve = setting(ctx, 'sword', 'curve') ?? 0;
  const blade: Vec2[] = [
    [-w / 2, 0],
    [w / 2, 0],
    [w / 2 + curve, L * 0.85],
    [curve * 1.3, L],
    [-w / 2 + curve, L * 0.88],
  ];
  ctx.add(ctx.prism(blade, 0.008 * s.thick).translate([0, grip + 0.01, 0]), 'metal', { part: 'blade' });
  if (s.ornate)
    ctx.add(ctx.sphere(0.018, [0, grip, 0.012]), 'gold', { part: 'gem', primary: false, colour: [0.8, 0.05, 0.1] });
}

export function spear(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 1.8 * s.long * s.tall * rng.range(0.85, 1.15);
  handle(ctx, L, 0.014 * s.thick);
  const tines = ctx.count('spike', setting(ctx, 'spear', 'tines') ?? 1, 1, 5);
  const tip = 0.22 * rng.range(0.8, 1.3);
  for (let k = 0; k < tines; k++) {
    const x = tines === 1 ? 0 : -0.06 + (0.12 * k) / (tines - 1);
    ctx.add(ctx.cyl(0.022 * s.wide, tip, [x, L, 0], 0.001, Math.min(s.segments, 6)).scale([1, 1, 0.5]), 'metal', {
      part: 'blade',
    });
  }
  if (tines > 1) ctx.add(ctx.capsule([-0.06, L, 0], [0.06, L, 0], 0.012), 'metal');
}

export function staff(ctx: GenContext): void {
  const { s, rng } = ctx;
  const word = ctx.interpretation.word ?? '';
  const wand = word === 'wand';
  const L = (wand ? 0.35 : 1.6) * s.long * s.tall * rng.range(0.9, 1.1);
  const r = (wand ? 0.008 : 0.02) * s.thick;
  const bends = 6;
  const pts: import('manifold-3d').Manifold[] = [];
  for (let k = 0; k <= bends; k++)
    pts.push(
      ctx.sphere(
        r * (1 - k / (bends * 2.5)),
        [rng.range(-1, 1) * r * 0.8, (L * k) / bends, rng.range(-1, 1) * r * 0.8],
        10,
      ),
    );
  ctx.add(ctx.union(pts.slice(1).map((m, k) => ctx.hull([pts[k], m]))), 'wood', { part: 'shaft' });
  if (word === 'cane' || word === 'walking stick') {
    ctx.add(ctx.torus(0.05, r, [0.05, L, 0], 'z').intersect(ctx.box([0.2, 0.1, 0.1], [0.05, L + 0.05, 0])), 'wood', {
      part: 'handle',
    });
    return;
  }
  if (word === 'scepter' || word === 'sceptre' || s.ornate)
    for (const a of around(4))
      ctx.add(ctx.capsule([0, L, 0], [Math.cos(a) * r * 3, L + r * 5, Math.sin(a) * r * 3], r * 0.4), 'gold', {
        part: 'claw',
        primary: false,
      });
  if (!['stick', 'rod', 'cane'].includes(word))
    addDetail(ctx, ctx.sphere(r * (wand ? 1.6 : 2.6), [0, L + r * 2.8, 0], 16), 'glass', 'gem', [0.35, 0.6, 1]);
}
