/**
 * Vehicles whose form reads a modifier's setting or a cycle's description: the bus (its colour setting)
 * and the bicycle family, whose caller reads the description and whose row (./parts/cycle-forms.json) draws it.
 * The car, truck, airplane, boat, rocket and train are rows of ./parts/vehicles.json.
 */
import { cycleForm } from '../cycle-reading.ts';
import { addDetail, type GenContext } from './kit.ts';
import { colourSetting, setting } from './modifiers.ts';
import { buildRow } from './part-list.ts';
import { BLACK, BUS_RED } from './palette.ts';

function wheels(ctx: GenContext, xs: number[], halfTrack: number, r: number, width = r * 0.6): void {
  for (const x of xs)
    for (const z of [-halfTrack, halfTrack]) {
      ctx.add(
        ctx
          .cyl(r, width, [0, -width / 2, 0])
          .rotate([90, 0, 0])
          .translate([x, r, z]),
        'rubber',
        { part: 'wheel', primary: false, colour: BLACK },
      );
      ctx.add(
        ctx
          .cyl(r * 0.55, width * 1.1, [0, -width * 0.55, 0])
          .rotate([90, 0, 0])
          .translate([x, r, z]),
        'metal',
        { part: 'hubcap', primary: false },
      );
    }
}

export function bus(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 9 * s.long * rng.range(0.9, 1.1);
  const W = 2.5 * s.wide;
  const H = 2.6 * s.tall;
  const wr = 0.5;
  ctx.add(ctx.roundBox([L, H, W], 0.25, [0, wr + H / 2, 0]), 'metal', {
    colour: colourSetting(ctx, 'bus', 'colour') ?? BUS_RED,
  });
  const windows = ctx.count('window', Math.floor(L / 1.2), 2, 16);
  for (let k = 0; k < windows; k++)
    for (const z of [-W / 2, W / 2])
      ctx.add(
        ctx.box([(L / windows) * 0.75, H * 0.32, 0.04], [-L / 2 + (L / windows) * (k + 0.5), wr + H * 0.68, z]),
        'glass',
        { part: 'window', primary: false, colour: [0.25, 0.35, 0.45] },
      );
  addDetail(ctx, ctx.box([0.04, H * 0.45, W * 0.85], [L / 2, wr + H * 0.62, 0]), 'glass', 'window', [0.25, 0.35, 0.45]);
  wheels(ctx, [-L * 0.33, L * 0.33], W / 2 - 0.15, wr);
}

export function bicycle(ctx: GenContext): void {
  // A cycle read from its own description (../cycle-reading.ts): its wheels, a tandem's second seat, a
  // penny-farthing's big front wheel, fat tyres, or an exercise bike's stand; ./parts/cycle-forms.json draws it.
  const read = cycleForm(ctx.interpretation.profile ?? '');
  buildRow(ctx, 'cycle-forms', 'bicycle', {
    wheels: read?.wheels ?? setting(ctx, 'cycle', 'wheels') ?? 2,
    tandem: +!!read?.tandem,
    bigFrontWheel: +!!read?.bigFrontWheel,
    fatTyres: +!!read?.fatTyres,
    stationary: +!!read?.stationary,
  });
}
