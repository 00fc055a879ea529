/**
 * Fairground rides, rows of the garden and playground family: a carousel (a round platform of poled
 * horses under a conical canopy), a ferris wheel (a spoked wheel of hanging cabins on an A-frame) and a
 * roller coaster (twin rails over hills on trestles, with a car). WordNet files them as devices, whose
 * stand-in was a household appliance.
 */
import type { Vec3 } from 'manifold-3d';
import { addDetail, around, type RGB, type Generator } from '../kit.ts';
import { DRUM_HEAD, GOLD, RED, STEEL, WOOD, YELLOW } from '../palette.ts';

export const RIDES: Record<string, Generator> = {
  carousel: (ctx) => {
    const R = 1.2 * ctx.s.wide;
    const colour = ctx.interpretation.colours[0]?.rgb ?? RED;
    ctx.add(ctx.cyl(R, 0.15, [0, 0, 0]), 'wood', { colour: [0.7, 0.55, 0.35] });
    ctx.add(ctx.cyl(0.12, 1.7, [0, 0.15, 0]), 'metal', { part: 'pole', primary: false, colour: GOLD });
    // The canopy: a shallow cone over a drum, overhanging the platform.
    ctx.add(ctx.cyl(R * 1.05, 0.2, [0, 1.85, 0]).add(ctx.cyl(R * 1.1, 0.55, [0, 2.05, 0], 0.05)), 'fabric', {
      part: 'roof',
      colour,
    });
    const horses = ctx.count('horse', 6, 3, 10);
    for (const a of around(horses)) {
      const [x, z] = [Math.cos(a) * R * 0.75, Math.sin(a) * R * 0.75];
      const up = 0.55 + 0.15 * Math.sin(a * 3);
      ctx.add(ctx.cyl(0.025, 1.7, [x, 0.15, z]), 'metal', { part: 'pole', primary: false, colour: GOLD });
      // A horse faces along the ride's turn: body, neck and head, four legs.
      const dir: Vec3 = [-Math.sin(a), 0, Math.cos(a)];
      const at = (d: number, h: number): Vec3 => [x + dir[0] * d, up + h, z + dir[2] * d];
      ctx.add(
        ctx.union([
          ctx.capsule(at(-0.2, 0.25), at(0.2, 0.25), 0.1),
          ctx.capsule(at(0.2, 0.28), at(0.3, 0.48), 0.06),
          ctx.capsule(at(0.3, 0.48), at(0.42, 0.42), 0.05),
          ...[-0.15, 0.15].flatMap((d) => [ctx.capsule(at(d, 0.2), at(d + 0.05, 0.02), 0.025)]),
        ]),
        'wood',
        { part: 'horse', primary: false, colour: DRUM_HEAD },
      );
    }
  },
  'ferris wheel': (ctx) => {
    const R = 1.5 * ctx.s.tall;
    const hub: Vec3 = [0, R + 0.4, 0];
    const colour = ctx.interpretation.colours[0]?.rgb ?? [0.9, 0.9, 0.92];
    ctx.add(ctx.box([2.2, 0.1, 1.2], [0, 0.05, 0]), 'stone', { part: 'base', primary: false, colour: [0.6, 0.6, 0.6] });
    for (const z of [-0.3, 0.3]) {
      for (const x of [-0.9, 0.9])
        ctx.add(ctx.capsule([x, 0.1, z * 1.6], [0, hub[1], z], 0.05), 'metal', { part: 'leg', colour: STEEL });
      ctx.add(ctx.torus(R, 0.035, [0, hub[1], z], 'z'), 'metal', { part: 'rim', colour });
    }
    addDetail(ctx, ctx.cyl(0.1, 0.8, [0, 0, 0]).rotate([90, 0, 0]).translate([0, hub[1], 0.4]), 'metal', 'hub', STEEL);
    const cabins = ctx.count('cabin', 10, 6, 16);
    for (const a of around(cabins)) {
      const rim: Vec3 = [Math.cos(a) * R, hub[1] + Math.sin(a) * R, 0];
      // Spokes and pins are thin bars (boxes): a wheel of many of them stays within a small face budget.
      for (const z of [-0.3, 0.3])
        ctx.add(
          ctx
            .box([R, 0.03, 0.03], [R / 2, 0, 0])
            .rotate([0, 0, (a * 180) / Math.PI])
            .translate([0, hub[1], z]),
          'metal',
          { part: 'spoke', primary: false, colour },
        );
      // Each cabin hangs upright below its pin on the rim.
      addDetail(ctx, ctx.box([0.04, 0.04, 0.66], [rim[0], rim[1], 0]), 'metal', 'pin', STEEL);
      ctx.add(ctx.box([0.22, 0.2, 0.3], [rim[0], rim[1] - 0.14, 0]), 'metal', {
        part: 'cabin',
        primary: false,
        colour: ctx.rng.pick([RED, [0.2, 0.45, 0.8], YELLOW] as RGB[]),
      });
    }
  },
  'roller coaster': (ctx) => {
    const L = 4 * ctx.s.long;
    const colour = ctx.interpretation.colours[0]?.rgb ?? RED;
    const wood = ctx.interpretation.material === 'wood';
    // The track's height along its length: a lift hill, then falling hills.
    const height = (t: number) =>
      0.5 + 1.3 * Math.max(0, Math.sin(Math.PI * t * 1.2)) * (1 - 0.5 * t) + 0.25 * Math.sin(Math.PI * t * 5) * t;
    const n = 16;
    const points: Vec3[] = [...Array(n + 1)].map((_, k) => [-L / 2 + (L * k) / n, height(k / n), 0]);
    for (const z of [-0.15, 0.15]) {
      ctx.add(
        ctx.union(points.slice(1).map((p, k) => ctx.capsule([points[k][0], points[k][1], z], [p[0], p[1], z], 0.03))),
        'metal',
        { part: 'rail', colour },
      );
    }
    for (const [k, p] of points.entries()) {
      if (k % 2) continue;
      for (const z of [-0.2, 0.2])
        ctx.add(ctx.capsule([p[0], p[1] - 0.02, z * 0.8], [p[0], 0.02, z * 1.4], 0.03), wood ? 'wood' : 'metal', {
          part: 'support',
          primary: false,
          colour: wood ? WOOD : STEEL,
        });
      addDetail(ctx, ctx.box([0.06, 0.04, 0.4], [p[0], p[1] - 0.04, 0]), 'metal', 'tie', STEEL);
    }
    const car = points[n - 3];
    addDetail(ctx, ctx.roundBox([0.45, 0.2, 0.34], 0.06, [car[0], car[1] + 0.14, 0]), 'metal', 'car', YELLOW);
  },
};
