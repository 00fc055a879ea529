/**
 * The castle: curtain walls with merlons, a cone-roofed tower at each of its counted corners and a keep of
 * storeys (the storeys and roofs of ./parts/building-pieces.json). It stays code because each tower's roof
 * is placed at the origin and moved to its corner after it is added, which a row's part cannot say. The
 * house, tower, church, windmill, tent and skyscraper are rows of ./parts/core-buildings.json, the
 * lighthouse of ./parts/towers.json, the buildings read from a description of ./parts/building-forms.json.
 */
import { around, type GenContext } from './kit.ts';
import { buildRow } from './part-list.ts';

/** The roof kinds of ./parts/building-pieces.json's `roof` row, by its `kind` number. */
const HIP = 1;
const FLAT = 2;
const CONE = 3;

export function castle(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 4 * s.wide * rng.range(0.85, 1.2);
  const d = 3.2 * s.long * rng.range(0.85, 1.2);
  const wallH = 1.4 * s.tall;
  const towers = ctx.count('tower', 4, 1, 8);
  ctx.add(
    ctx.box([w, wallH, d], [0, wallH / 2, 0]).subtract(ctx.box([w - 0.4, wallH, d - 0.4], [0, wallH / 2 + 0.15, 0])),
    'stone',
  );
  for (let k = 0; k < Math.floor(w / 0.4); k++)
    for (const z of [-d / 2 + 0.1, d / 2 - 0.1])
      ctx.add(ctx.box([0.2, 0.22, 0.2], [-w / 2 + 0.2 + k * 0.4, wallH + 0.11, z]), 'stone');
  const corners = around(towers, Math.PI / 4).map((a) => [
    (Math.sign(Math.cos(a)) * w) / 2,
    (Math.sign(Math.sin(a)) * d) / 2,
  ]);
  for (const [x, z] of corners) {
    const th = wallH * rng.range(1.6, 2.2);
    ctx.add(ctx.cyl(0.45, th, [x, 0, z]), 'stone', { part: 'tower' });
    buildRow(ctx, 'building-pieces', 'roof', { kind: CONE, w: 1.0, d: 1.0, y: th, rise: 0.9, thatch: 0 });
    ctx.parts[ctx.parts.length - 1].manifold = ctx.parts[ctx.parts.length - 1].manifold.translate([x, 0, z]);
  }
  const keepH = wallH * rng.range(2, 2.8);
  buildRow(ctx, 'building-pieces', 'storeys', { w: w * 0.4, d: d * 0.4, floors: 3, fh: keepH / 3, wooden: 0 });
  const kind = rng.pick([HIP, FLAT]);
  buildRow(ctx, 'building-pieces', 'roof', { kind, w: w * 0.4, d: d * 0.4, y: keepH, rise: 0.8, thatch: 0 });
  ctx.add(ctx.box([0.7, 1.0, 0.1], [0, 0.5, d / 2]), 'wood', { part: 'door', primary: false });
}
