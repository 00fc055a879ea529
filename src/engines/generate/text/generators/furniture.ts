/**
 * The bookshelf, whose books are drawn until each shelf is full. The chair, stool, table, bench and
 * cabinet are rows of ./parts/core-furniture.json; the desk, sofa, bed and lamp of ./parts/furniture.json.
 */
import type { Manifold } from 'manifold-3d';
import type { GenContext } from './kit.ts';

export function bookshelf(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 0.9 * s.wide * rng.range(0.8, 1.2);
  const h = 1.8 * s.tall * rng.range(0.8, 1.15);
  const d = 0.32;
  const t = 0.03 * s.thick;
  const shelves = ctx.count('shelf', rng.int(3, 6), 1, 10);
  for (const x of [-w / 2 + t / 2, w / 2 - t / 2]) ctx.add(ctx.box([t, h, d], [x, h / 2, 0]), 'wood');
  ctx.add(ctx.box([w, h, t * 0.5], [0, h / 2, -d / 2 + t / 4]), 'wood');
  for (let k = 0; k <= shelves; k++)
    ctx.add(ctx.box([w, t, d], [0, t / 2 + (h - t) * (k / shelves), 0]), 'wood', { part: 'shelf' });
  // Books on the shelves: thin boxes of varied height, some leaning.
  const books: Manifold[] = [];
  for (let k = 0; k < shelves; k++) {
    let x = -w / 2 + t + 0.01;
    // Books sink a hair into the shelf: coplanar contact would leave edges shared by four faces.
    const y0 = t + (h - t) * (k / shelves) - 0.002;
    const space = (h - t) / shelves - t;
    while (x < w / 2 - t - 0.06) {
      const bw = rng.range(0.025, 0.05);
      const bh = space * rng.range(0.6, 0.9);
      if (rng.chance(0.85)) books.push(ctx.box([bw, bh, d * 0.8], [x + bw / 2, y0 + bh / 2, 0.01]));
      x += bw + 0.003;
    }
  }
  if (books.length) ctx.add(ctx.union(books), 'paper', { part: 'book', primary: false, colour: [0.55, 0.2, 0.15] });
}
