/**
 * A fruit or vegetable built from what its description says (../../produce-reading.ts): the form
 * (round, oval, crescent, pear-shaped, bulb, tuber, tapering root, leafy head, flower head, florets,
 * pod, heap of seeds, bunch of stalks or leaves, ear), the rind (spines, ridges, scales, bumps), the
 * colour, the size and a leafy crown. One builder per form; the rind is laid over any rounded body.
 */
import type { Manifold, Vec3 } from 'manifold-3d';
import { around, type GenContext, type RGB } from '../kit.ts';
import { produceForm, type ProduceForm, type ProduceShape, type ProduceSize } from '../../produce-reading.ts';
import { LEAF, STEM } from '../palette.ts';

const SIZE: Record<ProduceSize, number> = { tiny: 0.12, small: 0.2, medium: 0.28, large: 0.38, huge: 0.48 };

const shade = (c: RGB, k: number): RGB => c.map((v) => Math.max(0, Math.min(1, v * k))) as RGB;

interface Body {
  /** Semi-axes of the rounded body the rind is laid over (x, y, z), and its centre. */
  radii: Vec3;
  centre: Vec3;
}

type Builder = (ctx: GenContext, f: ProduceForm, r: number) => Body | undefined;

const flesh = (ctx: GenContext, m: Manifold, colour: RGB, part?: string, primary = true) =>
  ctx.add(m, 'organic', { colour, part, primary });

/** Round, oval, elongated and flattened bodies: one ellipsoid whose axes the outline sets. */
function rounded(ctx: GenContext, f: ProduceForm, r: number): Body {
  const [x, y] =
    f.shape === 'oval' ? [1.3, 1] : f.shape === 'long' ? [2.2, 0.75] : f.shape === 'flat' ? [1, 0.6] : [1, 0.92];
  const radii: Vec3 = [
    r * x * (f.shape === 'long' ? f.stretch / 1.5 : 1),
    r * y * (f.shape === 'flat' ? 1 : f.stretch),
    r * (f.shape === 'long' ? 0.75 : 1),
  ];
  const centre: Vec3 = [0, radii[1], 0];
  flesh(ctx, ctx.ellipsoid(radii, centre), f.colour);
  return { radii, centre };
}

const BUILDERS: Partial<Record<ProduceShape, Builder>> = {
  crescent(ctx, f, r) {
    // A curved fruit: a chain of capsules along an arc, narrowing to both tips.
    const n = 6;
    const pts = Array.from({ length: n + 1 }, (_, k) => {
      const a = (-0.45 + (0.9 * k) / n) * Math.PI * 0.5;
      return [Math.sin(a) * r * 2.4, r * 2.4 * (1 - Math.cos(a)) + r * 0.35, 0] as Vec3;
    });
    const body = ctx.union(
      pts.slice(1).map((p, k) => ctx.capsule(pts[k], p, r * (k === 0 ? 0.16 : 0.32), r * (k === n - 1 ? 0.16 : 0.32))),
    );
    flesh(ctx, body, f.colour);
    flesh(
      ctx,
      ctx.capsule(pts[n], [pts[n][0] + r * 0.15, pts[n][1] + r * 0.25, 0], r * 0.07),
      shade(f.colour, 0.55),
      'stem',
      false,
    );
    return undefined;
  },
  pear(ctx, f, r) {
    flesh(
      ctx,
      ctx.lathe([
        [r * 0.2, 0],
        [r * 0.85, r * 0.35],
        [r, r * 0.9],
        [r * 0.7, r * 1.5],
        [r * 0.45, r * 1.9 * f.stretch],
        [r * 0.12, r * 2.1 * f.stretch],
      ]),
      f.colour,
    );
    flesh(
      ctx,
      ctx.capsule([0, r * 2.05 * f.stretch, 0], [r * 0.08, r * 2.45 * f.stretch, 0], r * 0.05),
      STEM,
      'stem',
      false,
    );
    return undefined;
  },
  bulb(ctx, f, r) {
    const h = r * 1.7 * f.stretch;
    flesh(
      ctx,
      ctx.lathe([
        [r * 0.15, 0],
        [r * 0.7, r * 0.15],
        [r, h * 0.4],
        [r * 0.7, h * 0.75],
        [r * 0.15, h],
        [r * 0.06, h * 1.25],
      ]),
      f.colour,
    );
    for (const a of around(5))
      flesh(
        ctx,
        ctx.capsule([0, r * 0.05, 0], [Math.cos(a) * r * 0.3, -r * 0.12, Math.sin(a) * r * 0.3], r * 0.025),
        [0.85, 0.8, 0.65],
        'root',
        false,
      );
    return undefined;
  },
  tuber(ctx, f, r) {
    // A lumpy oval: three overlapping ellipsoids, a few shallow eyes.
    const lumps: [Vec3, Vec3][] = [
      [
        [r * 1.2, r * 0.75, r * 0.85],
        [0, r * 0.75, 0],
      ],
      [
        [r * 0.7, r * 0.62, r * 0.7],
        [r * 0.75, r * 0.7, r * 0.15],
      ],
      [
        [r * 0.65, r * 0.6, r * 0.65],
        [-r * 0.7, r * 0.68, -r * 0.12],
      ],
    ];
    flesh(ctx, ctx.union(lumps.map(([radii, at]) => ctx.ellipsoid(radii, at))), f.colour);
    return undefined;
  },
  root(ctx, f, r) {
    const L = r * 3.2 * f.stretch;
    flesh(
      ctx,
      ctx
        .cyl(r * 0.05, L, [0, 0, 0], r * 0.55)
        .rotate([0, 0, -90])
        .translate([-L / 2, r * 0.55, 0]),
      f.colour,
    );
    for (const a of around(4))
      flesh(
        ctx,
        ctx.capsule(
          [L / 2, r * 0.55, 0],
          [L / 2 + r * 0.9, r * 0.55 + Math.cos(a) * r * 0.45, Math.sin(a) * r * 0.45],
          r * 0.06,
          r * 0.03,
        ),
        LEAF,
        'leaf',
        false,
      );
    return undefined;
  },
  head(ctx, f, r) {
    // A leafy head: a round heart wrapped by overlapping outer leaves (flattened shells cut open at the top).
    flesh(ctx, ctx.sphere(r * 0.85, [0, r * 0.9, 0]), f.colour);
    for (const [k, a] of around(6).entries()) {
      const leaf = ctx
        .ellipsoid([r * 0.75, r * 0.8, r * 0.22])
        .rotate([k % 2 ? 12 : -12, 0, 0])
        .rotate([0, (a * 180) / Math.PI, 0]);
      flesh(
        ctx,
        leaf.translate([Math.cos(a) * r * 0.6, r * 0.8, -Math.sin(a) * r * 0.6]),
        shade(f.colour, 1.15),
        'leaf',
        false,
      );
    }
    return undefined;
  },
  'flower head'(ctx, f, r) {
    // Overlapping bracts in rings, narrowing to the top, on a short stalk.
    flesh(ctx, ctx.ellipsoid([r * 0.75, r, r * 0.75], [0, r * 1.05, 0]), f.colour);
    for (let ring = 0; ring < 4; ring++) {
      const y = r * (0.45 + ring * 0.38);
      const rr = r * (0.78 - ring * 0.12) * Math.sin(Math.acos(Math.min(0.95, (y - r * 1.05) / r)));
      for (const a of around(7, ring * 0.45)) {
        const bract = ctx
          .ellipsoid([r * 0.24, r * 0.28, r * 0.07])
          .rotate([-25, 0, 0])
          .rotate([0, 90 - (a * 180) / Math.PI, 0]);
        flesh(ctx, bract.translate([Math.cos(a) * rr, y, Math.sin(a) * rr]), shade(f.colour, 0.85), 'bract', false);
      }
    }
    flesh(ctx, ctx.cyl(r * 0.18, r * 0.3, [0, -r * 0.1, 0]), shade(f.colour, 0.8), 'stem', false);
    return undefined;
  },
  florets(ctx, f, r) {
    flesh(ctx, ctx.capsule([0, 0.02, 0], [0, r * 1.1, 0], r * 0.22, r * 0.3), shade(f.colour, 1.3), 'stem', false);
    for (const [x, y, z, k] of [
      [0, 1.6, 0, 0.6],
      [0.5, 1.35, 0.15, 0.45],
      [-0.45, 1.35, -0.12, 0.45],
      [0.1, 1.35, -0.5, 0.42],
      [-0.12, 1.38, 0.5, 0.42],
    ] as const)
      flesh(ctx, ctx.sphere(r * k, [x * r, y * r, z * r], 12), f.colour, 'floret');
    return undefined;
  },
  pod(ctx, f, r) {
    // A long, slightly curved, flattened pod with the seeds bulging along it.
    const L = r * 3 * f.stretch;
    const pts = Array.from(
      { length: 5 },
      (_, k) => [-L / 2 + (L * k) / 4, r * 0.3 + Math.sin((k / 4) * Math.PI) * r * 0.35, 0] as Vec3,
    );
    flesh(
      ctx,
      ctx
        .union(
          pts.slice(1).map((p, k) => ctx.capsule(pts[k], p, r * (k === 0 ? 0.12 : 0.25), r * (k === 3 ? 0.12 : 0.25))),
        )
        .scale([1, 1, 0.7]),
      f.colour,
    );
    for (const p of pts.slice(1, 4)) flesh(ctx, ctx.sphere(r * 0.22, [p[0], p[1], 0], 12), f.colour, 'seed', false);
    return undefined;
  },
  seeds(ctx, f, r) {
    // A little heap: a ring of seeds round a raised centre.
    const s = Math.min(r, 0.16) * 0.35;
    flesh(ctx, ctx.ellipsoid([s * 1.1, s, s], [0, s * 2.4, 0]), f.colour);
    for (const [k, a] of around(7).entries())
      flesh(
        ctx,
        ctx.ellipsoid([s * 1.1, s, s], [Math.cos(a) * s * 2, s * (k % 2 ? 1 : 1.1), Math.sin(a) * s * 2]),
        f.colour,
      );
    for (const a of around(4, 0.4))
      flesh(ctx, ctx.ellipsoid([s * 1.1, s, s], [Math.cos(a) * s * 1.1, s * 1.9, Math.sin(a) * s * 1.1]), f.colour);
    return undefined;
  },
  stalks(ctx, f, r) {
    const L = r * 3.4 * f.stretch;
    for (const [k, a] of around(5).entries()) {
      const base: Vec3 = [Math.cos(a) * r * 0.22, 0, Math.sin(a) * r * 0.22];
      const top: Vec3 = [Math.cos(a) * r * 0.45, L * (0.9 + (k % 2) * 0.1), Math.sin(a) * r * 0.45];
      flesh(ctx, ctx.capsule(base, top, r * 0.12, r * 0.09), f.colour);
      flesh(
        ctx,
        ctx.ellipsoid([r * 0.3, r * 0.45, r * 0.06], [top[0], top[1] + r * 0.3, top[2]]).rotate([0, 0, 0]),
        LEAF,
        'leaf',
        false,
      );
    }
    return undefined;
  },
  leaves(ctx, f, r) {
    // A bunch of broad leaves fanning up from a tied base.
    for (const [k, a] of around(6).entries()) {
      const tilt = 20 + (k % 2) * 12;
      const leaf = ctx
        .ellipsoid([r * 0.45, r * 1.3, r * 0.06])
        .translate([0, r * 1.3, 0])
        .rotate([tilt, 0, 0])
        .rotate([0, (a * 180) / Math.PI, 0]);
      flesh(ctx, leaf, k % 2 ? f.colour : shade(f.colour, 0.85), undefined, k === 0);
    }
    flesh(ctx, ctx.cyl(r * 0.2, r * 0.5, [0, 0, 0]), shade(f.colour, 1.3), 'stem', false);
    return undefined;
  },
  ear(ctx, f, r) {
    // Kernels in rows on a long cob, the husk leaves opened below.
    flesh(ctx, ctx.capsule([0, r * 0.4, 0], [0, r * 3, 0], r * 0.5, r * 0.35), f.colour);
    for (const a of around(3))
      flesh(
        ctx,
        ctx
          .ellipsoid([r * 0.32, r * 1.4, r * 0.06], [0, r * 1.3, 0])
          .rotate([16, 0, 0])
          .rotate([0, (a * 180) / Math.PI, 0]),
        LEAF,
        'husk',
        false,
      );
    return undefined;
  },
};

/** The rind laid over a rounded body: spines, ridges, scales or bumps, placed on its surface. */
function rind(ctx: GenContext, f: ProduceForm, { radii, centre }: Body): void {
  const on = (u: number, v: number, out = 1): Vec3 => [
    centre[0] + Math.cos(u) * Math.sin(v) * radii[0] * out,
    centre[1] + Math.cos(v) * radii[1] * out,
    centre[2] + Math.sin(u) * Math.sin(v) * radii[2] * out,
  ];
  const r = Math.min(...radii);
  if (f.surface === 'ridged') {
    for (const a of around(5))
      flesh(
        ctx,
        ctx
          .ellipsoid([radii[0] * 0.98, radii[1] * 0.98, r * 0.14])
          .rotate([(a * 180) / Math.PI, 0, 0])
          .translate(centre)
          .translate([0, 0, 0]),
        f.colour,
        'ridge',
        false,
      );
    return;
  }
  if (f.surface === 'smooth') return;
  const rows = f.surface === 'bumpy' ? 3 : 4;
  for (let row = 1; row <= rows; row++) {
    const v = (row / (rows + 1)) * Math.PI;
    for (const u of around(f.surface === 'bumpy' ? 6 : 8, row * 0.4)) {
      if (f.surface === 'spiny')
        flesh(
          ctx,
          ctx.capsule(on(u, v, 0.95), on(u, v, 1.28), r * 0.07, r * 0.012),
          shade(f.colour, 0.8),
          'spine',
          false,
        );
      else if (f.surface === 'scaly')
        flesh(ctx, ctx.sphere(r * 0.16, on(u, v, 0.97), 8).scale([1, 1, 1]), shade(f.colour, 0.75), 'scale', false);
      else flesh(ctx, ctx.sphere(r * 0.09, on(u, v, 0.97), 8), shade(f.colour, 0.92), 'bump', false);
    }
  }
}

/** Builds the prompt's fruit or vegetable from its description; false when its description gave no form. */
export function produce(ctx: GenContext): boolean {
  const f = produceForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const r = SIZE[f.size] * ctx.s.wide;
  const body = (BUILDERS[f.shape] ?? rounded)(ctx, f, r);
  if (!body) return true;
  rind(ctx, f, body);
  const top = body.centre[1] + body.radii[1];
  if (f.tuft)
    for (const a of around(7))
      flesh(
        ctx,
        ctx
          .prism(
            [
              [-r * 0.1, 0],
              [r * 0.1, 0],
              [0, r * 0.9],
            ],
            r * 0.03,
          )
          .rotate([0, 0, -22])
          .rotate([0, (a * 180) / Math.PI, 0])
          .translate([Math.cos(a) * r * 0.1, top * 0.96, -Math.sin(a) * r * 0.1]),
        LEAF,
        'leaf',
        false,
      );
  else if (f.kind === 'fruit')
    flesh(ctx, ctx.capsule([0, top * 0.97, 0], [r * 0.06, top + r * 0.22, 0], r * 0.045), STEM, 'stem', false);
  return true;
}
