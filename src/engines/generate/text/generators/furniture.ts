/**
 * Furniture on legs (`legs` below: a count from the prompt, seeded taper and splay), the bookshelf
 * (books drawn until a shelf is full), the bench and the cabinet (a chance that decides later parts):
 * sized from the prompt's proportions and counts. The desk, sofa, bed and lamp are rows of
 * ./parts/furniture.json.
 */
import type { Manifold } from 'manifold-3d';
import { addDetail, around, type GenContext } from './kit.ts';

/** Legs under a rectangular (or round) top: count from the prompt ("three-legged"), else 4. */
function legs(
  ctx: GenContext,
  w: number,
  d: number,
  h: number,
  r: number,
  material: 'wood' | 'metal',
  fallback = 4,
): void {
  const { s, rng } = ctx;
  const n = ctx.count('leg', fallback, 1, 12);
  const taper = rng.range(0.55, 1);
  const splay = s.cartoon ? 0.06 : rng.range(0, 0.04);
  const positions: [number, number][] =
    n === 4 && s.round < 1
      ? [
          [-1, -1],
          [1, -1],
          [1, 1],
          [-1, 1],
        ].map(([x, z]) => [x * (w / 2 - r * 1.5), z * (d / 2 - r * 1.5)])
      : n === 1
        ? [[0, 0]]
        : around(n, Math.PI / 4).map((a) => [Math.cos(a) * (w / 2 - r * 1.5), Math.sin(a) * (d / 2 - r * 1.5)]);
  for (const [x, z] of positions) {
    const m =
      n === 1
        ? ctx.cyl(r * 2.2, h, [0, 0, 0], r * 1.2)
        : ctx.capsule([x * (1 + splay * 4), r * taper, z * (1 + splay * 4)], [x, h, z], r * taper, r);
    ctx.add(m, material, { part: 'leg', primary: false });
  }
  if (n === 1) ctx.add(ctx.cyl(w * 0.3, r * 1.5, [0, 0, 0], w * 0.25), material, { part: 'leg', primary: false });
}

export function chair(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 0.5 * s.wide * rng.range(0.9, 1.15);
  const d = w * rng.range(0.9, 1.1);
  const seatH = 0.45 * rng.range(0.9, 1.1);
  const seatT = 0.06 * s.thick;
  const legR = 0.025 * s.thick * (s.cartoon ? 1.5 : 1);
  legs(ctx, w, d, seatH, legR, 'wood');
  ctx.add(ctx.roundBox([w, seatT, d], seatT * 0.4 * (0.5 + s.round), [0, seatH + seatT / 2, 0]), 'fabric', {
    part: 'seat',
  });
  const backH = 0.5 * s.tall * rng.range(0.8, 1.2);
  const backT = 0.05 * s.thick;
  const style = s.ornate ? 2 : rng.int(0, 2);
  const backZ = -d / 2 + backT / 2;
  if (style === 0)
    ctx.add(ctx.roundBox([w, backH, backT], backT * 0.4, [0, seatH + seatT + backH / 2, backZ]), 'fabric', {
      part: 'back',
    });
  else {
    const slats = style === 1 ? rng.int(3, 5) : 2;
    for (const x of [-w / 2 + legR, w / 2 - legR])
      ctx.add(ctx.cyl(legR, backH + seatT + backH * 0.05, [x, seatH, backZ]), 'wood', { part: 'back', primary: false });
    for (let k = 0; k < slats; k++) {
      const y = seatH + seatT + backH * (style === 1 ? 0.3 + (0.65 * k) / Math.max(1, slats - 1) : 0.55 + 0.4 * k);
      addDetail(ctx, ctx.box([w - legR * 2, backH * 0.08, backT * 0.7], [0, y, backZ]), 'wood', 'back');
    }
    if (s.ornate)
      addDetail(ctx, ctx.torus(backH * 0.18, legR * 0.7, [0, seatH + backH * 0.62, backZ], 'z'), 'wood', 'back');
  }
  if (ctx.partSpec('arm') || ctx.interpretation.word === 'armchair' || ctx.interpretation.word === 'throne') {
    for (const x of [-w / 2, w / 2])
      addDetail(ctx, ctx.roundBox([0.05 * s.thick, 0.05, d], 0.02, [x, seatH + 0.25, 0]), 'wood', 'arm');
    for (const x of [-w / 2, w / 2])
      ctx.add(ctx.cyl(legR, 0.25, [x, seatH, d / 2 - 0.04]), 'wood', { part: 'arm', primary: false });
  }
}

export function stool(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.2 * s.wide * rng.range(0.85, 1.15);
  const h = 0.5 * s.tall * rng.range(0.8, 1.4);
  legs(ctx, r * 2, r * 2, h, 0.022 * s.thick, 'wood', rng.pick([3, 3, 4]));
  ctx.add(ctx.cyl(r, 0.05 * s.thick, [0, h, 0], r * 0.95), 'wood', { part: 'seat' });
  if (rng.chance(0.6))
    ctx.add(ctx.torus(r * 0.7, 0.012 * s.thick, [0, h * 0.35, 0]), 'wood', { part: 'rung', primary: false });
}

export function table(ctx: GenContext): void {
  const { s, rng } = ctx;
  const round = s.round === 1 || (s.round === 0.5 && rng.chance(0.3));
  const w = 1.2 * s.wide * s.long * rng.range(0.85, 1.2);
  const d = round ? w : 0.7 * s.wide * rng.range(0.85, 1.15);
  const h = 0.72 * s.tall * rng.range(0.9, 1.05);
  const t = 0.05 * s.thick;
  const top = round ? ctx.cyl(w / 2, t, [0, h - t, 0]) : ctx.roundBox([w, t, d], t * 0.3, [0, h - t / 2, 0]);
  ctx.add(top, 'wood', { part: 'top' });
  legs(
    ctx,
    round ? w * 0.75 : w,
    round ? w * 0.75 : d,
    h - t,
    0.03 * s.thick,
    'wood',
    round && rng.chance(0.4) ? 1 : 4,
  );
  if (!round && !s.simple)
    ctx.add(
      ctx
        .box([w * 0.9, 0.08, d * 0.9], [0, h - t - 0.04, 0])
        .subtract(ctx.box([w * 0.86, 0.1, d * 0.86], [0, h - t - 0.04, 0])),
      'wood',
      { primary: false },
    );
}

export function bench(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 1.5 * s.long * s.wide * rng.range(0.85, 1.2);
  const d = 0.4 * rng.range(0.9, 1.2);
  const h = 0.45 * s.tall;
  const slats = ctx.count('slat', rng.int(3, 5), 1, 8);
  for (let k = 0; k < slats; k++)
    ctx.add(ctx.box([w, 0.04 * s.thick, (d / slats) * 0.85], [0, h, -d / 2 + (d / slats) * (k + 0.5)]), 'wood', {
      part: 'seat',
    });
  for (const x of [-w / 2 + 0.12, w / 2 - 0.12])
    ctx.add(ctx.box([0.06 * s.thick, h, d * 0.9], [x, h / 2 - 0.01, 0]), rng.chance(0.5) ? 'metal' : 'wood', {
      part: 'leg',
      primary: false,
    });
  if (rng.chance(0.5) || ctx.partSpec('back'))
    ctx.add(ctx.box([w, 0.25, 0.04], [0, h + 0.3, -d / 2]), 'wood', { part: 'back' });
}

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

export function cabinet(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 0.9 * s.wide * rng.range(0.8, 1.2);
  const h = 1.1 * s.tall * rng.range(0.8, 1.6);
  const d = 0.5;
  ctx.add(ctx.roundBox([w, h, d], 0.01, [0, h / 2 + 0.08, 0]), 'wood');
  ctx.add(ctx.box([w + 0.04, 0.04, d + 0.04], [0, h + 0.1, 0]), 'wood', { part: 'top' });
  const drawers = ctx.count('drawer', rng.int(2, 5), 1, 8);
  const doors = ctx.partSpec('door') ? ctx.count('door', 2, 1, 4) : rng.chance(0.5) ? 2 : 0;
  const drawerZone = doors ? h * 0.35 : h;
  for (let k = 0; k < drawers; k++) {
    const y = 0.08 + h - drawerZone * ((k + 0.5) / drawers);
    addDetail(ctx, ctx.box([w * 0.9, (drawerZone / drawers) * 0.82, 0.02], [0, y, d / 2 + 0.01]), 'wood', 'drawer');
    addDetail(ctx, ctx.capsule([-0.06, y, d / 2 + 0.04], [0.06, y, d / 2 + 0.04], 0.012), 'metal', 'handle');
  }
  for (let k = 0; k < doors; k++) {
    const dw = (w * 0.9) / doors;
    const x = -w * 0.45 + dw * (k + 0.5);
    ctx.add(
      ctx.box([dw * 0.95, (h - drawerZone) * 0.9, 0.02], [x, 0.08 + (h - drawerZone) / 2, d / 2 + 0.01]),
      'wood',
      { part: 'door', primary: false },
    );
    ctx.add(
      ctx.sphere(0.018, [x + (k % 2 ? -1 : 1) * dw * 0.35, 0.08 + (h - drawerZone) * 0.6, d / 2 + 0.035]),
      'metal',
      { part: 'handle', primary: false },
    );
  }
  for (const x of [-w / 2 + 0.05, w / 2 - 0.05])
    for (const z of [-d / 2 + 0.05, d / 2 - 0.05])
      ctx.add(ctx.cyl(0.025, 0.09, [x, 0, z]), 'wood', { part: 'leg', primary: false });
}
