/**
 * The bicycle family, whose form reads a cycle's description or a modifier's setting. The car, bus, truck,
 * airplane, boat, rocket and train are rows of ./parts/vehicles.json.
 */
import { cycleForm } from '../cycle-reading.ts';
import { addDetail, type GenContext } from './kit.ts';
import { setting } from './modifiers.ts';
import { BLACK } from './palette.ts';

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
