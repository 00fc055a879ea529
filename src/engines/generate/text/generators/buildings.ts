/**
 * Buildings by a small shape grammar: footprint → storeys (each split into bays holding windows) →
 * roof (gable, hip, flat with parapet, cone, dome), plus doors, chimneys and turrets. The tower, church,
 * windmill and tent are rows of ./parts/core-buildings.json, the lighthouse of ./parts/towers.json.
 */
import type { Manifold } from 'manifold-3d';
import { addDetail, around, type GenContext } from './kit.ts';

export type Roof = 'gable' | 'hip' | 'flat' | 'cone' | 'dome' | 'pyramid';

function gableRoof(ctx: GenContext, w: number, d: number, y: number, rise: number, overhang: number): Manifold {
  const half = w / 2 + overhang;
  return ctx
    .prism(
      [
        [-half, 0],
        [half, 0],
        [0, rise],
      ],
      d + overhang * 2,
    )
    .translate([0, y, 0]);
}

/** A box storey stack with windows cut in on its four faces: the rule storey → bays → window. */
export function block(
  ctx: GenContext,
  w: number,
  d: number,
  floors: number,
  floorH: number,
  y0 = 0,
  windowMaterial: 'glass' = 'glass',
): void {
  const h = floors * floorH;
  ctx.add(ctx.box([w, h, d], [0, y0 + h / 2, 0]), 'stone');
  const windows: Manifold[] = [];
  for (let f = 0; f < floors; f++) {
    const y = y0 + floorH * (f + 0.55);
    for (const [faceW, axis] of [
      [w, 'x'],
      [d, 'z'],
    ] as const) {
      const bays = Math.max(1, Math.floor(faceW / (floorH * 0.9)));
      for (let b = 0; b < bays; b++) {
        const u = -faceW / 2 + (faceW / bays) * (b + 0.5);
        const size: [number, number, number] =
          axis === 'x' ? [(faceW / bays) * 0.45, floorH * 0.45, 0.02] : [0.02, floorH * 0.45, (faceW / bays) * 0.45];
        for (const side of [-1, 1]) {
          if (f === 0 && axis === 'x' && side === 1 && b === Math.floor(bays / 2)) continue; // the door's bay
          windows.push(ctx.box(size, axis === 'x' ? [u, y, side * (d / 2)] : [side * (w / 2), y, u]));
        }
      }
    }
  }
  if (windows.length)
    ctx.add(ctx.union(windows), windowMaterial, { part: 'window', primary: false, colour: [0.45, 0.65, 0.85] });
}

export function roof(ctx: GenContext, kind: Roof, w: number, d: number, y: number, rise: number): void {
  const m =
    kind === 'gable'
      ? gableRoof(ctx, w, d, y, rise, 0.08)
      : kind === 'hip' || kind === 'pyramid'
        ? ctx.hull([
            ctx.box([w + 0.16, 0.01, d + 0.16], [0, y, 0]),
            ctx.box([kind === 'hip' ? Math.max(0.01, w - d) : 0.01, 0.01, 0.01], [0, y + rise, 0]),
          ])
        : kind === 'cone'
          ? ctx.cyl(w / 2 + 0.06, rise, [0, y, 0], 0.001)
          : kind === 'dome'
            ? ctx.sphere(w / 2, [0, y, 0]).intersect(ctx.box([w * 2, w, w * 2], [0, y + w / 2, 0]))
            : ctx.box([w + 0.06, 0.08, d + 0.06], [0, y + 0.04, 0]);
  addDetail(ctx, m, kind === 'flat' ? 'stone' : 'clay', 'roof', kind === 'flat' ? undefined : [0.62, 0.22, 0.15]);
}

export function door(ctx: GenContext, z: number, h = 0.75): void {
  ctx.add(ctx.box([0.38, h, 0.04], [0, h / 2, z]), 'wood', { part: 'door', primary: false });
}

export function house(ctx: GenContext): void {
  const { s, rng } = ctx;
  const floors = ctx.count('floor', rng.int(1, 2), 1, 4);
  const w = 2.2 * s.wide * rng.range(0.85, 1.3);
  const d = 1.8 * s.long * rng.range(0.85, 1.2);
  const fh = 1.0 * s.tall;
  block(ctx, w, d, floors, fh);
  door(ctx, d / 2);
  roof(ctx, s.simple ? 'flat' : rng.pick(['gable', 'gable', 'hip'] as Roof[]), w, d, floors * fh, rng.range(0.6, 1.0));
  if (ctx.count('chimney', rng.chance(0.6) ? 1 : 0, 0, 3))
    ctx.add(ctx.box([0.22, 0.9, 0.22], [w * 0.25, floors * fh + 0.45, -d * 0.2]), 'stone', {
      part: 'chimney',
      primary: false,
      colour: [0.55, 0.3, 0.25],
    });
}

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
    roof(ctx, 'cone', 1.0, 1.0, th, 0.9);
    ctx.parts[ctx.parts.length - 1].manifold = ctx.parts[ctx.parts.length - 1].manifold.translate([x, 0, z]);
  }
  const keepH = wallH * rng.range(2, 2.8);
  block(ctx, w * 0.4, d * 0.4, 3, keepH / 3);
  roof(ctx, rng.pick(['hip', 'flat'] as Roof[]), w * 0.4, d * 0.4, keepH, 0.8);
  ctx.add(ctx.box([0.7, 1.0, 0.1], [0, 0.5, d / 2]), 'wood', { part: 'door', primary: false });
}

export function skyscraper(ctx: GenContext): void {
  const { s, rng } = ctx;
  const floors = ctx.count('floor', rng.int(12, 30), 4, 80);
  const w = 3 * s.wide * rng.range(0.8, 1.2);
  const fh = 0.4 * s.tall;
  let y = 0;
  let width = w;
  const setbacks = rng.int(1, 3);
  for (let k = 0; k < setbacks; k++) {
    const n = Math.ceil(floors / setbacks);
    ctx.add(ctx.box([width, n * fh, width * 0.9], [0, y + (n * fh) / 2, 0]), 'glass', { colour: [0.45, 0.6, 0.75] });
    for (let f = 0; f <= n; f += 2)
      addDetail(ctx, ctx.box([width + 0.04, 0.06, width * 0.9 + 0.04], [0, y + f * fh, 0]), 'metal', 'floor');
    y += n * fh;
    width *= rng.range(0.65, 0.85);
  }
  if (rng.chance(0.6)) ctx.add(ctx.cyl(0.04, 2, [0, y, 0], 0.01), 'metal', { part: 'spike', primary: false });
}
