/**
 * A percussion instrument built from what its description says (../../percussion-reading.ts): a drum
 * of its own width and height (a tall narrow conga, a shallow tambourine with jingles), a kettledrum
 * on legs, a shaker on a handle, clappers, a cymbal on its stand, a bell or a set of bells, hanging
 * tubes, or a hollow stick — two side by side where it is played in pairs.
 */
import { addDetail, around, type GenContext } from '../kit.ts';
import { percussionForm, type PercussionForm } from '../../percussion-reading.ts';
import { BRASS, DRUM_HEAD, STEEL, WOOD } from '../palette.ts';

type PercussionShapeBuilder = (ctx: GenContext, f: PercussionForm, x: number) => void;

const BUILDS: Record<PercussionForm['shape'], PercussionShapeBuilder> = {
  drum(ctx, f, x) {
    const r = 0.3 * f.width;
    const h = 0.35 * f.height;
    ctx.add(ctx.cyl(r * (f.height > 1.5 ? 0.8 : 1), h, [x, 0, 0], r), 'wood', { colour: WOOD });
    addDetail(ctx, ctx.cyl(r * 1.02, Math.min(0.04, h * 0.2), [x, h * 0.94, 0]), 'metal', 'rim', STEEL);
    ctx.add(ctx.cyl(r * 0.98, 0.008, [x, h, 0]), 'fabric', { part: 'skin', primary: false, colour: DRUM_HEAD });
    if (f.jingles)
      for (const a of around(5))
        ctx.add(
          ctx
            .cyl(0.035, 0.012, [0, 0, 0])
            .rotate([90, 0, 0])
            .rotate([0, 90 - (a * 180) / Math.PI, 0])
            .translate([x + Math.cos(a) * r, h / 2, Math.sin(a) * r]),
          'bronze',
          { part: 'jingle', primary: false, colour: BRASS },
        );
  },
  kettle(ctx, f, x) {
    const r = 0.4 * f.width;
    ctx.add(ctx.sphere(r, [x, r * 1.3, 0]).trimByPlane([0, -1, 0], -r * 1.3), 'copper', { colour: [0.75, 0.45, 0.25] });
    ctx.add(ctx.cyl(r * 1.03, 0.012, [x, r * 1.3, 0]), 'fabric', { part: 'skin', primary: false, colour: DRUM_HEAD });
    for (const a of around(3))
      ctx.add(
        ctx.capsule(
          [x + Math.cos(a) * r * 0.5, 0, Math.sin(a) * r * 0.5],
          [x + Math.cos(a) * r * 0.3, r * 0.5, Math.sin(a) * r * 0.3],
          0.02,
        ),
        'metal',
        { part: 'leg', primary: false, colour: STEEL },
      );
  },
  shaker(ctx, _f, x) {
    ctx.add(ctx.ellipsoid([0.09, 0.11, 0.09], [x, 0.38, 0]), 'wood', { colour: [0.85, 0.55, 0.2] });
    ctx.add(ctx.capsule([x, 0.02, 0], [x, 0.28, 0], 0.02), 'wood', { part: 'handle', primary: false, colour: WOOD });
  },
  clappers(ctx, _f, x) {
    for (const side of [-1, 1])
      ctx.add(
        ctx
          .sphere(0.07, [x, 0.07, side * 0.02])
          .scale([1, 1, 0.45])
          .trimByPlane([0, 0, side], side * 0.02 * 0.45 - 0.001),
        'wood',
        { colour: WOOD },
      );
    addDetail(ctx, ctx.torus(0.02, 0.004, [x, 0.15, 0], 'z'), 'fabric', 'cord', [0.7, 0.1, 0.1]);
  },
  cymbal(ctx, f, x) {
    ctx.add(ctx.cyl(0.015, 0.9, [x, 0, 0]), 'metal', { part: 'stand', primary: false, colour: STEEL });
    for (const a of around(3))
      ctx.add(ctx.capsule([x, 0.25, 0], [x + Math.cos(a) * 0.25, 0, Math.sin(a) * 0.25], 0.012), 'metal', {
        part: 'stand',
        primary: false,
        colour: STEEL,
      });
    ctx.add(ctx.cyl(0.35 * f.width, 0.04, [x, 0.87, 0], 0.03), 'bronze', { colour: BRASS });
  },
  bells(ctx, f, x) {
    const bell = (bx: number, y: number, r: number) =>
      ctx.add(
        ctx.lathe(
          [
            [r, 0],
            [r * 0.8, r * 0.3],
            [r * 0.55, r * 1.1],
            [r * 0.35, r * 1.3],
          ],
          [bx, y, 0],
        ),
        'bronze',
        { colour: BRASS },
      );
    if (!/set of bells/.test(f.summary)) {
      bell(x, 0, 0.12);
      ctx.add(ctx.capsule([x, 0.15, 0], [x, 0.38, 0], 0.025), 'wood', { part: 'handle', primary: false, colour: WOOD });
      return;
    }
    ctx.add(ctx.box([1, 0.05, 0.05], [x, 0.9, 0]), 'wood', { part: 'frame', primary: false, colour: WOOD });
    for (const side of [-1, 1])
      addDetail(ctx, ctx.box([0.05, 0.9, 0.2], [x + side * 0.5, 0.45, 0]), 'wood', 'frame', WOOD);
    for (let k = 0; k < 5; k++) bell(x - 0.36 + k * 0.18, 0.5 + k * 0.03, 0.07 - k * 0.006);
  },
  tubes(ctx, _f, x) {
    ctx.add(ctx.cyl(0.16, 0.03, [x, 0.8, 0]), 'wood', { part: 'top', primary: false, colour: WOOD });
    for (const [k, a] of around(6).entries())
      ctx.add(
        ctx.cyl(0.018, 0.35 + (k % 3) * 0.08, [x + Math.cos(a) * 0.12, 0.4 - (k % 3) * 0.08, Math.sin(a) * 0.12]),
        'metal',
        { colour: STEEL },
      );
    ctx.add(ctx.cyl(0.05, 0.01, [x, 0.3, 0]), 'wood', { part: 'clapper', primary: false, colour: WOOD });
  },
  stick(ctx, f, x) {
    ctx.add(
      ctx
        .cyl(0.045, 1.1 * f.height, [0, 0, 0])
        .rotate([0, 0, -80])
        .translate([x - 0.5, 0.06, 0]),
      'wood',
      { colour: [0.7, 0.55, 0.3] },
    );
  },
};

/** Builds the prompt's percussion instrument as its description says; false when there is none to read. */
export function describedPercussion(ctx: GenContext): boolean {
  const f = percussionForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const xs = f.pair ? [-0.22 * Math.max(1, f.width), 0.22 * Math.max(1, f.width)] : [0];
  for (const x of xs) BUILDS[f.shape](ctx, f, x);
  return true;
}
