/**
 * A grass built from what its description says (../../grass-reading.ts): a clump of jointed canes with
 * leaves at the nodes (bamboo), stalks topped with grain ears (wheat), a tall clump with feathery plumes
 * (pampas grass) or a clump of narrow blades, standing on a low mound of soil.
 */
import type { GenContext, RGB } from '../kit.ts';
import { grassForm } from '../../grass-reading.ts';
import { SOIL } from '../palette.ts';

export function describedGrass(ctx: GenContext): boolean {
  const f = grassForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const { rng } = ctx;
  const green: RGB =
    ctx.interpretation.colours[0]?.rgb ??
    (f.shape === 'ears' ? [0.85, 0.7, 0.35] : f.shape === 'canes' ? [0.45, 0.6, 0.25] : [0.35, 0.58, 0.25]);
  ctx.add(ctx.cyl(0.25, 0.05, [0, 0, 0], 0.18), 'organic', { part: 'soil', colour: SOIL });
  const n = f.shape === 'canes' ? 5 : f.shape === 'ears' ? 9 : 11;
  for (let k = 0; k < n; k++) {
    const a = k * 2.4;
    const r = 0.03 + 0.12 * Math.sqrt((k + 0.5) / n);
    const base: [number, number, number] = [Math.cos(a) * r, 0.03, Math.sin(a) * r];
    const lean = f.shape === 'canes' ? 0.04 : 0.12;
    const tall =
      (f.shape === 'canes' ? 1.6 : f.shape === 'plumes' ? 1.3 : f.shape === 'ears' ? 0.9 : 0.5) * rng.range(0.8, 1.1);
    const top: [number, number, number] = [base[0] * (1 + lean * 8), tall, base[2] * (1 + lean * 8)];
    if (f.shape === 'canes') {
      // A cane of segments, a ring at each node, a few leaves near the top.
      ctx.add(ctx.capsule(base, top, 0.022), 'wood', { part: 'cane', colour: green });
      for (let j = 1; j < 5; j++) {
        const t = j / 5;
        const at: [number, number, number] = [
          base[0] + (top[0] - base[0]) * t,
          base[1] + (top[1] - base[1]) * t,
          base[2] + (top[2] - base[2]) * t,
        ];
        ctx.add(ctx.torus(0.022, 0.006, at, 'y'), 'wood', { part: 'node', primary: false, colour: green });
        if (j >= 3)
          ctx.add(
            ctx
              .hull([
                ctx.sphere(0.012, at, 6),
                ctx.sphere(0.004, [at[0] + Math.cos(a + j) * 0.22, at[1] - 0.05, at[2] + Math.sin(a + j) * 0.22], 6),
              ])
              .scale([1, 1, 1]),
            'organic',
            { part: 'leaf', primary: false, colour: [0.3, 0.6, 0.22] },
          );
      }
    } else {
      ctx.add(ctx.capsule(base, top, f.shape === 'blades' ? 0.01 : 0.006), 'organic', { part: 'stalk', colour: green });
      if (f.shape === 'ears')
        ctx.add(ctx.ellipsoid([0.018, 0.06, 0.018], [top[0], top[1] + 0.04, top[2]]), 'organic', {
          part: 'ear',
          colour: [0.9, 0.75, 0.4],
        });
      if (f.shape === 'plumes')
        ctx.add(ctx.ellipsoid([0.05, 0.18, 0.05], [top[0], top[1] + 0.14, top[2]]), 'organic', {
          part: 'plume',
          colour: [0.93, 0.9, 0.82],
        });
    }
  }
  return true;
}
