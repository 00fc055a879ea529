/**
 * Plant things the tree, bush and flower forms did not say: a bouquet and a wreath (WordNet's flower
 * arrangements), a pine cone and an acorn, a clover, a Joshua tree (a yucca), a snake plant and the
 * rosette succulents (aloe, agave) in a pot, and a Venus flytrap. A row each, as few primitives as say
 * what it is.
 */
import type { Vec3 } from 'manifold-3d';
import { addDetail, around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { LEAF } from '../palette.ts';
import { partLists } from '../part-list.ts';

const BLOOMS: RGB[] = [
  [0.9, 0.2, 0.3],
  [0.98, 0.85, 0.2],
  [0.95, 0.95, 0.95],
  [0.7, 0.4, 0.85],
  [0.98, 0.55, 0.2],
];

/** A clay pot of radius r with soil at its rim, returning the soil's height. */
function pot(ctx: GenContext, r: number, colour: RGB = [0.75, 0.42, 0.28]): number {
  const h = r * 1.4;
  ctx.add(
    ctx.lathe([
      [0, 0],
      [r * 0.75, 0],
      [r, h * 0.85],
      [r * 1.08, h * 0.87],
      [r * 1.08, h],
      [0, h],
    ]),
    'clay',
    { part: 'pot', colour },
  );
  addDetail(ctx, ctx.cyl(r * 0.95, 0.02, [0, h - 0.01, 0]), 'organic', 'soil', [0.3, 0.2, 0.12]);
  return h;
}

/** A long pointed leaf from `base` towards `tip`, flattened: a capsule pressed thin across its width. */
function blade(ctx: GenContext, base: Vec3, tip: Vec3, width: number, colour: RGB): void {
  ctx.add(
    ctx.hull([ctx.sphere(width, base, 8).scale([1, 1, 1]), ctx.sphere(width * 0.15, tip, 6)]).scale([1, 1, 1]),
    'organic',
    { part: 'leaf', colour },
  );
}

export const PLANT_FORMS: Record<string, Generator> = {
  ...partLists('plant-forms'),
  bouquet: (ctx) => {
    // Stems gathered in a paper cone, the blooms fanned on top.
    ctx.add(ctx.cyl(0.05, 0.5, [0, 0, 0], 0.2), 'paper', {
      part: 'wrap',
      colour: says(ctx, /brown|kraft/) ? [0.7, 0.55, 0.38] : [0.95, 0.9, 0.85],
    });
    const n = ctx.count('flower', 9, 3, 15);
    for (let k = 0; k < n; k++) {
      const a = k * 2.4;
      const r = 0.05 + 0.12 * Math.sqrt(k / n);
      const head: Vec3 = [Math.cos(a) * r, 0.55 + 0.08 * Math.cos(k), Math.sin(a) * r];
      ctx.add(ctx.capsule([0, 0.3, 0], head, 0.008), 'organic', { part: 'stem', primary: false, colour: LEAF });
      ctx.add(ctx.sphere(0.05, head, 10).scale([1, 0.7, 1]).translate([0, 0, 0]), 'organic', {
        part: 'bloom',
        colour: BLOOMS[(k + ctx.rng.int(0, 4)) % BLOOMS.length],
      });
    }
  },
  'pine cone': (ctx) => {
    // Scales in a spiral round a tapering core.
    const colour: RGB = [0.5, 0.33, 0.18];
    ctx.add(ctx.ellipsoid([0.1, 0.22, 0.1], [0, 0.24, 0]), 'wood', { part: 'core', colour });
    const n = ctx.s.segments <= 12 ? 24 : 40;
    for (let k = 0; k < n; k++) {
      const t = k / n;
      const y = 0.06 + t * 0.38;
      const r = 0.13 * Math.sin(Math.PI * (0.15 + 0.8 * t));
      const a = k * 2.4;
      ctx.add(
        ctx
          .ellipsoid([0.05, 0.02, 0.045])
          .rotate([0, (-a * 180) / Math.PI, 20])
          .translate([Math.cos(a) * r, y, Math.sin(a) * r]),
        'wood',
        { part: 'scale', primary: false, colour },
      );
    }
  },
  clover: (ctx) => {
    // Heart-shaped leaflets round a stem: three, or four when the prompt says so.
    const n = says(ctx, /four/) ? 4 : ctx.count('leaf', 3, 3, 5);
    const colour: RGB = says(ctx, /emerald/) ? [0.1, 0.6, 0.35] : LEAF;
    ctx.add(ctx.capsule([0, 0, 0], [0, 0.5, 0], 0.015), 'organic', { part: 'stem', colour });
    for (const a of around(n))
      for (const side of [-1, 1]) {
        const c: Vec3 = [
          Math.cos(a) * 0.13 + Math.cos(a + side * 0.5) * 0.02,
          0.52,
          Math.sin(a) * 0.13 + Math.sin(a + side * 0.5) * 0.02,
        ];
        ctx.add(
          ctx
            .ellipsoid([0.085, 0.015, 0.06])
            .rotate([0, (-(a + side * 0.35) * 180) / Math.PI, 0])
            .translate(c),
          'organic',
          { part: 'leaflet', colour },
        );
      }
  },
  'snake plant': (ctx) => {
    const y = pot(ctx, 0.2, says(ctx, /white/) ? [0.95, 0.95, 0.93] : undefined);
    const n = ctx.count('leaf', 7, 3, 12);
    for (let k = 0; k < n; k++) {
      const a = k * 2.4;
      const lean = 0.05 + (k % 3) * 0.04;
      blade(
        ctx,
        [Math.cos(a) * 0.06, y, Math.sin(a) * 0.06],
        [Math.cos(a) * (0.06 + lean), y + 0.55 + (k % 3) * 0.12, Math.sin(a) * (0.06 + lean)],
        0.045,
        k % 2 ? [0.2, 0.45, 0.22] : [0.35, 0.55, 0.25],
      );
    }
  },
  aloe: (ctx) => {
    // A rosette of thick pointed leaves splaying out of a pot (aloe, agave).
    const y = pot(ctx, 0.2);
    const n = ctx.count('leaf', 10, 5, 16);
    for (let k = 0; k < n; k++) {
      const a = k * 2.4;
      const out = 0.2 + (k % 3) * 0.05;
      blade(
        ctx,
        [0, y + 0.02, 0],
        [Math.cos(a) * out, y + 0.2 + (k % 4) * 0.05, Math.sin(a) * out],
        0.05,
        [0.45, 0.62, 0.4],
      );
    }
  },
};
