/**
 * A hand implement built from what its description says (../../implement-reading.ts): a handle (short,
 * long, or one at each end) and the working head its gloss names — a blade, teeth, a bowl, a perforated
 * bowl or plate, wire loops, bristles, strands, a suction cup, hinged arms, a spiral, a wheel, a
 * roller, a cone, a hook, a point, a heavy head or a bar. The implement lies along +X, head at the end.
 */
import type { Manifold, Vec3 } from 'manifold-3d';
import { around, type GenContext, type RGB } from '../kit.ts';
import { implementForm, type ImplementForm, type ImplementHead } from '../../implement-reading.ts';
import { FIBRE, GRIP, RUBBER, STEEL, WOOD } from '../palette.ts';

type Head = (ctx: GenContext, x: number, y: number) => void;

const metal = (ctx: GenContext, m: Manifold, part = 'head', colour: RGB = STEEL) =>
  ctx.add(m, 'metal', { part, colour });

/** Solid cylinders through a plate or bowl along Y, to cut its holes. */
const holes = (ctx: GenContext, at: Vec3[], r: number, h: number) =>
  ctx.union(at.map((p) => ctx.cyl(r, h, [p[0], p[1] - h / 2, p[2]], r, 8)));

const HEADS: Record<ImplementHead, Head> = {
  blade: (ctx, x, y) =>
    metal(
      ctx,
      ctx
        .prism(
          [
            [0, -0.05],
            [0.28, -0.06],
            [0.32, 0],
            [0.28, 0.06],
            [0, 0.05],
          ],
          0.008,
        )
        .rotate([90, 0, 0])
        .translate([x, y, 0]),
    ),
  'curved blade': (ctx, x, y) =>
    metal(ctx, ctx.torus(0.22, 0.014, [x, y, 0.22], 'y').trimByPlane([0, 0, -1], -0.22).scale([1, 0.4, 1])),
  point: (ctx, x, y) => metal(ctx, ctx.cyl(0.012, 0.3, [0, 0, 0], 0.001, 10).rotate([0, 0, -90]).translate([x, y, 0])),
  bar: (ctx, x, y) =>
    metal(
      ctx,
      ctx.capsule([x, y, 0], [x + 0.35, y, 0], 0.02).add(
        ctx
          .prism(
            [
              [0, -0.02],
              [0.08, 0.03],
              [0.08, -0.03],
            ],
            0.04,
          )
          .translate([x + 0.34, y, 0]),
      ),
    ),
  teeth: (ctx, x, y) => {
    metal(ctx, ctx.box([0.03, 0.025, 0.36], [x + 0.015, y, 0]));
    for (let k = 0; k < 7; k++)
      metal(ctx, ctx.capsule([x + 0.02, y, -0.15 + k * 0.05], [x + 0.16, y, -0.15 + k * 0.05], 0.01, 0.006), 'tooth');
  },
  bowl: (ctx, x, y) => {
    const r = 0.11;
    metal(
      ctx,
      ctx
        .sphere(r, [x + r, y + r * 0.55, 0])
        .subtract(ctx.sphere(r * 0.9, [x + r, y + r * 0.6, 0]))
        .trimByPlane([0, -1, 0], -(y + r * 0.55)),
    );
  },
  'perforated bowl': (ctx, x, y) => {
    const r = 0.2;
    const c: Vec3 = [x + r, y + r, 0];
    const shell = ctx
      .sphere(r, c)
      .subtract(ctx.sphere(r * 0.9, c))
      .trimByPlane([0, -1, 0], -c[1]);
    const at = around(8).map((a) => [c[0] + Math.cos(a) * r * 0.6, c[1] - r * 0.75, Math.sin(a) * r * 0.6] as Vec3);
    metal(ctx, shell.subtract(holes(ctx, [...at, [c[0], c[1] - r, 0]], r * 0.07, r * 0.6)));
    metal(ctx, ctx.torus(r * 0.45, 0.015, [c[0], y + 0.015, 0], 'y'), 'foot');
  },
  'perforated plate': (ctx, x, y) => {
    const at: Vec3[] = [];
    for (let i = 0; i < 4; i++) for (let j = 0; j < 3; j++) at.push([x + 0.06 + i * 0.07, y, -0.07 + j * 0.07]);
    metal(ctx, ctx.box([0.3, 0.012, 0.22], [x + 0.16, y, 0]).subtract(holes(ctx, at, 0.015, 0.05)));
  },
  wires: (ctx, x, y) => {
    for (const a of [0, 60, 120])
      metal(
        ctx,
        ctx
          .torus(0.1, 0.006, [0, 0, 0], 'z')
          .scale([1.5, 0.5, 1])
          .rotate([a, 0, 0])
          .translate([x + 0.13, y, 0]),
        'wire',
      );
  },
  bristles: (ctx, x, y) => {
    ctx.add(ctx.roundBox([0.08, 0.05, 0.3], 0.01, [x + 0.04, y, 0]), 'wood', { part: 'head', colour: WOOD });
    ctx.add(ctx.box([0.12, 0.045, 0.28], [x + 0.14, y, 0]), 'fabric', { part: 'bristles', colour: FIBRE });
  },
  strands: (ctx, x, y) => {
    for (const a of around(9))
      ctx.add(ctx.capsule([x, y, 0], [x + 0.28, y + Math.cos(a) * 0.08, Math.sin(a) * 0.08], 0.02, 0.015), 'fabric', {
        part: 'strands',
        colour: [0.92, 0.92, 0.88],
      });
  },
  'suction cup': (ctx, x, y) =>
    ctx.add(
      ctx
        .lathe([
          [0.03, 0],
          [0.09, 0.06],
          [0.11, 0.12],
        ])
        .subtract(
          ctx.lathe([
            [0.02, 0.02],
            [0.08, 0.07],
            [0.1, 0.125],
          ]),
        )
        .rotate([0, 0, -90])
        .translate([x, y, 0]),
      'plastic',
      { part: 'cup', colour: RUBBER },
    ),
  jaws: (ctx, x, y) => {
    for (const side of [-1, 1])
      metal(ctx, ctx.box([0.4, 0.015, 0.025], [x + 0.18, y, side * 0.05]).rotate([0, side * 6, 0]), 'arm');
  },
  spiral: (ctx, x, y) => {
    const pts = Array.from(
      { length: 13 },
      (_, k) => [x + k * 0.02, y + Math.cos(k * 1.2) * 0.03, Math.sin(k * 1.2) * 0.03] as Vec3,
    );
    metal(ctx, ctx.union(pts.slice(1).map((p, k) => ctx.capsule(pts[k], p, 0.007))));
  },
  wheel: (ctx, x, y) =>
    metal(
      ctx,
      ctx
        .cyl(0.09, 0.008, [0, 0, 0])
        .rotate([90, 0, 0])
        .translate([x + 0.09, y + 0.06, 0.004]),
    ),
  roller: (ctx, x, y) =>
    ctx.add(ctx.cyl(0.06, 0.4, [0, 0, 0]).rotate([0, 0, -90]).translate([x, y, 0]), 'wood', {
      part: 'roller',
      colour: WOOD,
    }),
  cone: (ctx, x, y) =>
    metal(
      ctx,
      ctx
        .lathe([
          [0.015, 0],
          [0.02, 0.1],
          [0.14, 0.26],
        ])
        .subtract(
          ctx.lathe([
            [0.008, -0.01],
            [0.012, 0.1],
            [0.13, 0.27],
          ]),
        )
        .rotate([0, 0, -90])
        .translate([x, y, 0]),
    ),
  hook: (ctx, x, y) =>
    metal(
      ctx,
      ctx
        .torus(0.07, 0.012, [x + 0.07, y, 0], 'y')
        .trimByPlane([-1, 0, 0], -(x + 0.07))
        .add(ctx.capsule([x, y, -0.07], [x + 0.07, y, -0.07], 0.012)),
    ),
  club: (ctx, x, y) =>
    ctx.add(
      ctx
        .cyl(0.06, 0.16, [0, 0, 0])
        .rotate([90, 0, 0])
        .translate([x + 0.06, y, 0.08]),
      'wood',
      { part: 'head', colour: WOOD },
    ),
};

/** Builds the prompt's implement from its description; false when its description names no head. */
export function implement(ctx: GenContext): boolean {
  const f: ImplementForm | undefined = implementForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const y = 0.03;
  const length = f.handle === 'long' ? 1.1 : 0.32;
  const handle = { colour: f.wooden ? WOOD : GRIP, material: f.wooden ? ('wood' as const) : ('plastic' as const) };
  if (f.handle === 'both ends') {
    HEADS.roller(ctx, -0.2, y + 0.03);
    for (const side of [-1, 1])
      ctx.add(ctx.capsule([side * 0.2, y + 0.03, 0], [side * 0.32, y + 0.03, 0], 0.02), handle.material, {
        part: 'handle',
        colour: handle.colour,
      });
    return true;
  }
  ctx.add(ctx.capsule([-length, y, 0], [0, y, 0], f.handle === 'long' ? 0.022 : 0.025), handle.material, {
    part: 'handle',
    colour: handle.colour,
  });
  HEADS[f.head](ctx, 0, y);
  return true;
}
