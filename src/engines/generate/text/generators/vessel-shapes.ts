/**
 * Shapes that vessels share, made from the context's primitives: a lathed body hollowed from the top and
 * a D-shaped side handle. Part-list rows name them as shapes (`hollowLathe`, `sideHandle`, ./part-list.ts).
 */
import type { Manifold, Vec2 } from 'manifold-3d';
import type { GenContext } from './kit.ts';

/** A lathed vessel hollowed from the top, leaving walls of `wall` and a floor. */
export function hollowLathe(ctx: GenContext, outer: Vec2[], wall: number): Manifold {
  const top = outer[outer.length - 1][1];
  const radiusAt = (y: number): number => {
    for (let k = 1; k < outer.length; k++) {
      const [r0, y0] = outer[k - 1];
      const [r1, y1] = outer[k];
      if (y <= y1) return r0 + ((r1 - r0) * (y - y0)) / Math.max(1e-6, y1 - y0);
    }
    return outer[outer.length - 1][0];
  };
  const floor = wall * 1.5;
  const inner: Vec2[] = [[Math.max(0.004, radiusAt(floor) - wall), floor]];
  for (const [r, y] of outer) if (y > floor) inner.push([Math.max(0.004, r - wall), y]);
  inner.push([inner[inner.length - 1][0], top + 0.05]);
  return ctx.lathe(outer).subtract(ctx.lathe(inner));
}

/** A D-shaped handle on the +X side (-X when `sign` is -1) between heights y0 and y1 at radius r. */
export function sideHandle(ctx: GenContext, r: number, y0: number, y1: number, thickness: number, sign = 1): Manifold {
  const mid = (y0 + y1) / 2;
  const R = (y1 - y0) / 2;
  const ring = ctx.torus(R, thickness, [sign * r, mid, 0], 'z');
  return ring.subtract(ctx.box([R * 2 + thickness * 4, R * 4, thickness * 4], [sign * (r - R - thickness), mid, 0]));
}
