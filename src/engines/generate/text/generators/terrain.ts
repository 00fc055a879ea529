/**
 * Noise-displaced terrain (vertex warps of refined manifolds keep them closed): `lumpy`, a shape the
 * part-list rows name (./part-list.ts: the rock, the crystal's base, the island and the sculpted form for
 * unknown objects are rows of ./parts/terrain.json, beside the arch, log and pillar), and the mountain,
 * whose peaks warp a cone by noise of their own.
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

/** A sphere of radii `radii` at `at`, its surface displaced by seeded noise (drawn when it is made). */
export function lumpy(ctx: GenContext, radii: Vec3, amount: number, freq: number, at: Vec3 = [0, 0, 0]): Manifold {
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
