/**
 * Rocks and terrain, and the generic sculpted form for unknown objects: noise-displaced spheres
 * (vertex warps of refined manifolds keep them closed), faceted crystal hulls, heightfield islands.
 * The arch, log and pillar are rows of ./parts/terrain.json.
 */
import type { Manifold, Vec3 } from 'manifold-3d';
import { addDetail, type GenContext, type Rng } from './kit.ts';

/** Smooth 3-D value noise from a seeded lattice, for displacement. */
function noise3(rng: Rng): (x: number, y: number, z: number) => number {
  const table = Float32Array.from({ length: 512 }, () => rng.next() * 2 - 1);
  const h = (i: number, j: number, k: number) => table[((i * 73856093) ^ (j * 19349663) ^ (k * 83492791)) & 511];
  const s = (t: number) => t * t * (3 - 2 * t);
  return (x, y, z) => {
    const i = Math.floor(x),
      j = Math.floor(y),
      k = Math.floor(z);
    const fx = s(x - i),
      fy = s(y - j),
      fz = s(z - k);
    let v = 0;
    for (let a = 0; a < 2; a++)
      for (let b = 0; b < 2; b++)
        for (let c = 0; c < 2; c++)
          v += h(i + a, j + b, k + c) * (a ? fx : 1 - fx) * (b ? fy : 1 - fy) * (c ? fz : 1 - fz);
    return v;
  };
}

function lumpy(ctx: GenContext, radii: Vec3, amount: number, freq: number, at: Vec3 = [0, 0, 0]): Manifold {
  const n = noise3(ctx.rng);
  const base = ctx.M.Manifold.sphere(1, ctx.s.lowPoly ? 8 : 40).refine(ctx.s.lowPoly ? 1 : 2);
  return base.warp((v) => {
    const d =
      1 +
      amount *
        (n(v[0] * freq, v[1] * freq, v[2] * freq) + 0.5 * n(v[0] * freq * 2.1, v[1] * freq * 2.1, v[2] * freq * 2.1));
    v[0] = v[0] * d * radii[0] + at[0];
    v[1] = v[1] * d * radii[1] + at[1];
    v[2] = v[2] * d * radii[2] + at[2];
  });
}

export function rock(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.5 * s.wide;
  const m = lumpy(
    ctx,
    [r * rng.range(0.9, 1.3), r * 0.7 * s.tall * rng.range(0.8, 1.1), r * rng.range(0.8, 1.1)],
    0.35,
    1.6,
    [0, r * 0.5, 0],
  );
  ctx.add(m.trimByPlane([0, 1, 0], 0), 'stone');
}

export function crystal(ctx: GenContext): void {
  const { s, rng } = ctx;
  const n = ctx.count('spike', rng.int(4, 8), 1, 16);
  addDetail(ctx, lumpy(ctx, [0.25, 0.1, 0.25], 0.2, 2, [0, 0.04, 0]).trimByPlane([0, 1, 0], 0), 'stone', 'base');
  for (let k = 0; k < n; k++) {
    const tilt = k === 0 ? 0 : rng.range(15, 45);
    const h = (k === 0 ? 0.6 : rng.range(0.25, 0.45)) * s.tall;
    const w = 0.05 * s.wide * rng.range(0.8, 1.3);
    const prism = ctx.hull([ctx.cyl(w, h * 0.8, [0, 0, 0], w, 6), ctx.sphere(0.003, [0, h, 0], 4)]);
    ctx.add(
      prism
        .rotate([tilt, rng.range(0, 360), 0])
        .rotate([0, rng.range(0, 360), 0])
        .translate([rng.range(-0.08, 0.08), 0.02, rng.range(-0.08, 0.08)]),
      'glass',
      { colour: [0.6, 0.45, 0.9] },
    );
  }
}

export function mountain(ctx: GenContext): void {
  const { s, rng } = ctx;
  const peaks = ctx.count('peak', rng.int(1, 3), 1, 5);
  for (let k = 0; k < peaks; k++) {
    const h = (k === 0 ? 1 : rng.range(0.5, 0.8)) * s.tall;
    const r = 0.8 * s.wide * rng.range(0.8, 1.1);
    const x = k === 0 ? 0 : rng.range(-0.7, 0.7);
    const m = ctx.cyl(r, h, [0, 0, 0], 0.05, ctx.s.lowPoly ? 7 : 28).refine(3);
    const n = noise3(rng);
    ctx.add(
      m.warp((v) => {
        const d = 1 + 0.25 * n(v[0] * 3, v[1] * 3, v[2] * 3);
        v[0] = v[0] * d + x;
        v[2] = v[2] * d;
      }),
      'stone',
    );
    if (ctx.interpretation.word !== 'volcano')
      addDetail(ctx, ctx.cyl(r * 0.22, h * 0.2, [x, h * 0.8, 0], 0.04), 'ice', 'snow', [0.97, 0.97, 1]);
  }
}

export function island(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 1 * s.wide;
  ctx.add(
    lumpy(ctx, [r, 0.35 * s.tall, r * rng.range(0.7, 1)], 0.25, 1.3)
      .trimByPlane([0, -1, 0], 0)
      .translate([0, 0.35 * s.tall, 0]),
    'stone',
  );
  ctx.add(lumpy(ctx, [r * 1.02, 0.08, r * 0.98], 0.1, 1.3, [0, 0.32 * s.tall, 0]), 'organic', {
    part: 'grass',
    primary: false,
    colour: [0.3, 0.6, 0.25],
  });
  for (let k = 0; k < rng.int(1, 3); k++) {
    const a = rng.range(0, 6.28);
    const d = rng.range(0, r * 0.5);
    ctx.add(ctx.cyl(0.1, 0.35, [Math.cos(a) * d, 0.36 * s.tall, Math.sin(a) * d], 0.001, 10), 'organic', {
      part: 'tree',
      primary: false,
      colour: [0.15, 0.4, 0.2],
    });
  }
}

/** Unknown objects: a sculpted, seeded organic form on a small plinth, so the task still completes. */
export function blob(ctx: GenContext): void {
  const { s, rng } = ctx;
  const lobes = rng.int(2, 4);
  const parts: Manifold[] = [];
  for (let k = 0; k < lobes; k++)
    parts.push(
      lumpy(
        ctx,
        [0.3 * s.wide * rng.range(0.7, 1.1), 0.3 * s.tall * rng.range(0.7, 1.3), 0.3 * rng.range(0.7, 1.1)],
        0.3,
        1.8,
        [rng.range(-0.15, 0.15), 0.35 + k * 0.25 * s.tall, rng.range(-0.1, 0.1)],
      ),
    );
  ctx.add(ctx.union(parts), 'clay');
  ctx.add(ctx.cyl(0.3, 0.08, [0, 0, 0], 0.28), 'stone', { part: 'base', primary: false });
}
