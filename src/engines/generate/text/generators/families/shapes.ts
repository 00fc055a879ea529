/**
 * The plain solid an artifact's description names (../../shape-reading.ts): a hoop, a disk, a wheel, a
 * ball, a tube, a cone, a dome, a frame, a board, a box, a bag, a block or a rod, in the proportions
 * ("narrow", "flat", "long", "oblong") and the material the description gives.
 */
import type { Manifold } from 'manifold-3d';
import type { MaterialKind } from '../../understand/index.ts';
import type { GenContext, RGB } from '../kit.ts';
import { shapeForm, type PlainMaterial, type PlainShape, type ShapeForm } from '../../shape-reading.ts';

const LOOK: Record<PlainMaterial, { kind: MaterialKind; colour: RGB }> = {
  metal: { kind: 'metal', colour: [0.72, 0.73, 0.76] },
  wood: { kind: 'wood', colour: [0.62, 0.42, 0.22] },
  plastic: { kind: 'plastic', colour: [0.85, 0.3, 0.2] },
  glass: { kind: 'glass', colour: [0.8, 0.88, 0.92] },
  fabric: { kind: 'fabric', colour: [0.75, 0.72, 0.65] },
  leather: { kind: 'leather', colour: [0.45, 0.28, 0.16] },
  paper: { kind: 'paper', colour: [0.92, 0.9, 0.84] },
  stone: { kind: 'stone', colour: [0.6, 0.6, 0.58] },
  ceramic: { kind: 'ceramic', colour: [0.9, 0.88, 0.84] },
};
const PLAIN = { kind: 'plastic' as MaterialKind, colour: [0.7, 0.68, 0.64] as RGB };

type SolidOfShape = (ctx: GenContext, k: (word: string, factor: number) => number) => Manifold;

const BUILDS: Record<PlainShape, SolidOfShape> = {
  hoop: (ctx, k) =>
    ctx.torus(0.4 * k('small', 0.5), 0.035 * k('thin', 0.6), [0, 0.4, 0], 'z').scale([k('oblong', 0.6), 1, 1]),
  disk: (ctx, k) => ctx.cyl(0.4 * k('small', 0.6), 0.06 * k('flat', 0.6), [0, 0, 0], 0.38 * k('small', 0.6)),
  wheel: (ctx) =>
    ctx
      .torus(0.32, 0.08, [0, 0.4, 0], 'z')
      .add(ctx.cyl(0.08, 0.12, [0, 0.34, 0]).rotate([90, 0, 0]).translate([0, 0.4, 0.34])),
  ball: (ctx, k) => ctx.sphere(0.35 * k('small', 0.5), [0, 0.35 * k('small', 0.5), 0]),
  tube: (ctx, k) =>
    ctx
      .cyl(0.1 * k('narrow', 0.7) * k('thin', 0.6), 0.7 * k('long', 1.5) * k('short', 0.6), [0, 0, 0])
      .rotate([0, 0, -90])
      .translate([-0.35 * k('long', 1.5) * k('short', 0.6), 0.1, 0]),
  cone: (ctx, k) => ctx.cyl(0.3, 0.6 * k('tall', 1.4), [0, 0, 0], 0.01),
  dome: (ctx) => ctx.sphere(0.4, [0, 0, 0]).trimByPlane([0, 1, 0], 0),
  frame: (ctx, k) => {
    const w = 0.6 * k('wide', 1.3) * k('narrow', 0.7);
    const h = 0.8 * k('tall', 1.3);
    const bar = 0.05;
    return ctx.box([w, h, 0.05], [0, h / 2, 0]).subtract(ctx.box([w - bar * 2, h - bar * 2, 0.2], [0, h / 2, 0]));
  },
  board: (ctx, k) =>
    ctx.roundBox(
      [0.9 * k('long', 1.4), 0.04 * k('thin', 0.6), 0.45 * k('narrow', 0.6) * k('wide', 1.3)],
      0.015,
      [0, 0.02, 0],
    ),
  box: (ctx, k) =>
    ctx.roundBox(
      [0.6 * k('long', 1.4) * k('oblong', 1.3), 0.4 * k('flat', 0.4) * k('tall', 1.5), 0.4 * k('narrow', 0.7)],
      0.02,
      [0, 0.2 * k('flat', 0.4) * k('tall', 1.5), 0],
    ),
  bag: (ctx) =>
    ctx
      .ellipsoid([0.3, 0.35, 0.18], [0, 0.35, 0])
      .trimByPlane([0, 1, 0], 0.03)
      .add(ctx.torus(0.12, 0.02, [0, 0.7, 0], 'z')),
  block: (ctx, k) => ctx.box([0.5 * k('long', 1.5), 0.3 * k('flat', 0.5), 0.3], [0, 0.15 * k('flat', 0.5), 0]),
  rod: (ctx, k) =>
    ctx.capsule(
      [-0.6 * k('long', 1.3) * k('short', 0.6), 0.04, 0],
      [0.6 * k('long', 1.3) * k('short', 0.6), 0.04, 0],
      0.035 * k('thin', 0.6) * k('heavy', 1.6),
    ),
};

/** Builds the plain solid the prompt's noun reads as; false when its description names no shape. */
export function plainShape(ctx: GenContext): boolean {
  const f: ShapeForm | undefined = shapeForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const k = (word: string, factor: number) => (f.proportions.includes(word) ? factor : 1);
  const look = f.material ? LOOK[f.material] : PLAIN;
  ctx.add(BUILDS[f.shape](ctx, k), look.kind, { colour: look.colour });
  return true;
}
