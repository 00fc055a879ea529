/**
 * A fruit or vegetable built from what its description says (../../produce-reading.ts): the form
 * (round, oval, crescent, pear-shaped, bulb, tuber, tapering root, leafy head, flower head, florets,
 * pod, heap of seeds, bunch of stalks or leaves, ear), the rind (spines, ridges, scales, bumps), the
 * colour, the size and a leafy crown. The rounded forms are one ellipsoid with its rind laid over it;
 * every other form is a row of ../parts/produce.json.
 */
import type { Manifold, Vec3 } from 'manifold-3d';
import { around, type GenContext, type RGB } from '../kit.ts';
import { produceForm, type ProduceForm, type ProduceSize } from '../../produce-reading.ts';
import { buildPartList, partListRow } from '../part-list.ts';
import { LEAF, STEM } from '../palette.ts';

const SIZE: Record<ProduceSize, number> = { tiny: 0.12, small: 0.2, medium: 0.28, large: 0.38, huge: 0.48 };

const shade = (c: RGB, k: number): RGB => c.map((v) => Math.max(0, Math.min(1, v * k))) as RGB;

interface Body {
  /** Semi-axes of the rounded body the rind is laid over (x, y, z), and its centre. */
  radii: Vec3;
  centre: Vec3;
}

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
  // The forms that are not a rounded body (a crescent, a pear, a leafy head …) are rows of ../parts/produce.json.
  const row = partListRow('produce', f.shape);
  if (row) {
    buildPartList(ctx, row, { r, stretch: f.stretch, colour: f.colour });
    return true;
  }
  const body = rounded(ctx, f, r);
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
