/**
 * The staff, whose seeded points are each shared by two hulls (its bends: a row's repeated shape would
 * draw each point twice), along +Y. The other tools and weapons (the sword, spear and pickaxe's arc too)
 * are rows of ./parts/tool-heads.json, the shield of ./parts/shields.json.
 */
import { addDetail, around, type GenContext } from './kit.ts';

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
