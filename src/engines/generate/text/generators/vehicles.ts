/**
 * Vehicles whose form reads a modifier's setting or a cycle's description: the bus (its colour setting)
 * and the bicycle family. The car, truck, airplane, boat, rocket and train are rows of ./parts/vehicles.json.
 */
import { cycleForm } from '../cycle-reading.ts';
import { addDetail, type GenContext } from './kit.ts';
import { colourSetting, setting } from './modifiers.ts';
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
  const { s, rng } = ctx;
  const word = ctx.interpretation.word ?? '';
  // A cycle read from its own description (../cycle-reading.ts): its wheels, a tandem's second seat, a
  // penny-farthing's big front wheel, fat tyres, or an exercise bike's stand.
  const read = cycleForm(ctx.interpretation.profile ?? '');
  const motor = word === 'motorbike' || word === 'motorcycle' || word === 'scooter';
  const wr = (motor ? 0.32 : 0.35) * s.wide;
  const base = 1.05 * s.long * rng.range(0.95, 1.1) * (read?.tandem ? 1.5 : 1);
  const n = ctx.count('wheel', read?.wheels ?? setting(ctx, 'cycle', 'wheels') ?? 2, 1, 3);
  const xs = n === 1 ? [0] : n === 3 ? [-base / 2, -base / 2, base / 2] : [-base / 2, base / 2];
  xs.forEach((x, k) => {
    const z = n === 3 && k < 2 ? (k ? 0.3 : -0.3) : 0;
    const r = read?.bigFrontWheel ? (x > 0 ? wr * 1.7 : wr * 0.5) : wr;
    if (read?.stationary)
      ctx.add(ctx.box([0.08, wr, 0.5], [x, wr / 2, 0]), 'metal', { part: 'stand', primary: false, colour: BLACK });
    else addDetail(ctx, ctx.torus(r, motor || read?.fatTyres ? 0.06 : 0.02, [x, r, z], 'z'), 'rubber', 'wheel', BLACK);
    ctx.add(
      ctx.capsule([x, read?.stationary ? wr : r, z - 0.03], [x, read?.stationary ? wr : r, z + 0.03], 0.03),
      'metal',
      { part: 'hub', primary: false },
    );
  });
  if (read?.tandem)
    addDetail(ctx, ctx.roundBox([0.25, 0.05, 0.12], 0.02, [base * 0.12, wr * 2.33, 0]), 'leather', 'seat');
  const seat: [number, number, number] = [n === 1 ? 0 : -base * 0.15, wr * 2.3, 0];
  const bar: [number, number, number] = [n === 1 ? 0 : base * 0.4, wr * 2.6, 0];
  const r = (motor ? 0.05 : 0.02) * s.thick;
  if (n === 1) ctx.add(ctx.capsule([0, wr, 0], seat, r), 'metal');
  else {
    const mid: [number, number, number] = [-base * 0.05, wr, 0];
    ctx.add(
      ctx.union([
        ctx.capsule([-base / 2, wr, 0], mid, r),
        ctx.capsule(mid, seat, r),
        ctx.capsule(seat, [base * 0.38, wr * 2.1, 0], r),
        ctx.capsule(mid, [base * 0.38, wr * 2.1, 0], r),
        ctx.capsule([-base / 2, wr, 0], seat, r * 0.8),
        ctx.capsule([base / 2, wr, 0], bar, r),
      ]),
      'metal',
      { colour: [0.1, 0.4, 0.8] },
    );
    addDetail(ctx, ctx.capsule([bar[0], bar[1], -0.25], [bar[0], bar[1], 0.25], 0.015), 'metal', 'handle');
    if (motor) addDetail(ctx, ctx.roundBox([base * 0.5, wr * 0.8, 0.3], 0.08, [0, wr * 1.5, 0]), 'metal', 'engine');
  }
  addDetail(ctx, ctx.roundBox([0.25, 0.05, 0.12], 0.02, [seat[0], seat[1] + 0.03, 0]), 'leather', 'seat');
}
