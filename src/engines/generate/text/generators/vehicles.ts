/** Vehicles: rounded hulls and cabins on wheels; wings, sails and fins where the type has them. */
import type { Vec2 } from 'manifold-3d';
import { cycleForm } from '../cycle-reading.ts';
import { addDetail, around, type GenContext } from './kit.ts';
import { colourSetting, setting } from './modifiers.ts';
import { BLACK, BUS_RED, DRUM_HEAD } from './palette.ts';

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

export function car(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 4 * s.long * rng.range(0.9, 1.1);
  const W = 1.8 * s.wide;
  const wr = 0.34 * (s.cartoon ? 1.3 : 1);
  const bodyH = 0.55 * rng.range(0.85, 1.1);
  const sporty = ['racecar', 'race car', 'sports car', 'coupe'].includes(ctx.interpretation.word ?? '');
  ctx.add(ctx.roundBox([L, bodyH, W], 0.12 + 0.1 * s.round, [0, wr * 0.9 + bodyH / 2, 0]), 'metal', {
    colour: [0.75, 0.1, 0.1],
  });
  const cabinL = L * (sporty ? 0.4 : rng.range(0.45, 0.6));
  const cabinH = (sporty ? 0.35 : 0.55) * s.tall;
  ctx.add(
    ctx.hull([
      ctx.roundBox([cabinL, 0.02, W * 0.9], 0.01, [-L * 0.05, wr * 0.9 + bodyH, 0]),
      ctx.roundBox([cabinL * 0.65, 0.02, W * 0.8], 0.01, [-L * 0.08, wr * 0.9 + bodyH + cabinH, 0]),
    ]),
    'glass',
    { part: 'window', primary: false, colour: [0.25, 0.35, 0.45] },
  );
  const n = ctx.count('wheel', 4, 2, 10);
  const axles = Math.max(2, Math.round(n / 2));
  wheels(
    ctx,
    Array.from({ length: axles }, (_, k) => -L * 0.32 + (L * 0.64 * k) / (axles - 1)),
    W / 2 - 0.05,
    wr,
  );
  for (const z of [-W * 0.35, W * 0.35])
    addDetail(ctx, ctx.sphere(0.09, [L / 2 - 0.02, wr * 0.9 + bodyH * 0.6, z]), 'glass', 'light', [1, 0.95, 0.7]);
}

export function truck(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 6 * s.long * rng.range(0.9, 1.1);
  const W = 2.2 * s.wide;
  const wr = 0.5;
  const cabL = 1.8;
  ctx.add(ctx.roundBox([cabL, 2.0 * s.tall, W], 0.15, [L / 2 - cabL / 2, wr + 1.0 * s.tall, 0]), 'metal', {
    colour: [0.2, 0.35, 0.7],
  });
  addDetail(ctx, ctx.box([0.05, 0.7, W * 0.85], [L / 2, wr + 1.35 * s.tall, 0]), 'glass', 'window', [0.25, 0.35, 0.45]);
  const van = ctx.interpretation.word === 'van';
  const cargoH = (van ? 2.0 : rng.chance(0.5) ? 2.4 : 1.0) * s.tall;
  ctx.add(ctx.box([L - cabL - 0.1, cargoH, W], [-cabL / 2 - 0.05, wr + 0.2 + cargoH / 2, 0]), 'metal', {
    part: 'cargo',
    primary: false,
    colour: [0.85, 0.85, 0.85],
  });
  const n = ctx.count('wheel', 6, 4, 18);
  const axles = Math.max(2, Math.round(n / 2));
  wheels(
    ctx,
    [L / 2 - cabL / 2, ...Array.from({ length: axles - 1 }, (_, k) => -L / 2 + 0.8 + k * 1.1)],
    W / 2 - 0.1,
    wr,
  );
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

export function airplane(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 8 * s.long * rng.range(0.9, 1.1);
  const r = 0.55 * s.wide;
  ctx.add(ctx.capsule([-L / 2, 0, 0], [L / 2, 0, 0], r, r * rng.range(0.35, 0.6)).translate([0, 1.5, 0]), 'metal', {
    colour: [0.92, 0.92, 0.94],
  });
  const span = L * rng.range(0.8, 1.1);
  const sweep =
    ctx.interpretation.word === 'fighter jet' || ctx.interpretation.word === 'jet' ? 0.6 : rng.range(0.1, 0.35);
  const wing: Vec2[] = [
    [-0.9, 0],
    [0.5, 0],
    [0.5 - sweep * span * 0.5 + 0.6, span / 2],
    [-0.1 - sweep * span * 0.5, span / 2],
  ];
  for (const side of [1, -1])
    ctx.add(
      ctx
        .prism(
          wing.map(([x, z]) => [x, z * side] as Vec2),
          0.12,
        )
        .rotate([90, 0, 0])
        .translate([0.2, 1.45, 0]),
      'metal',
      { part: 'wing', primary: false },
    );
  ctx.add(
    ctx
      .prism(
        [
          [-L / 2, 0],
          [-L / 2 + 1.2, 0],
          [-L / 2 + 0.4, 1.6],
          [-L / 2 - 0.1, 1.6],
        ],
        0.1,
      )
      .translate([0, 1.5 + r * 0.5, 0]),
    'metal',
    { part: 'tail', primary: false },
  );
  for (const side of [1, -1])
    ctx.add(
      ctx
        .prism(
          [
            [-L / 2, 0],
            [-L / 2 + 1, 0],
            [-L / 2 + 0.2, 1.3],
          ],
          0.08,
        )
        .rotate([90 * side, 0, 0])
        .translate([0, 1.5, 0]),
      'metal',
      { part: 'tail', primary: false },
    );
  const engines = ctx.count('engine', rng.pick([0, 2, 2, 4]), 0, 6);
  for (let k = 0; k < engines; k++) {
    const z = (k % 2 ? -1 : 1) * span * (0.18 + 0.12 * Math.floor(k / 2));
    addDetail(ctx, ctx.capsule([-0.3, 1.15, z], [0.9, 1.15, z], 0.28), 'metal', 'engine', [0.5, 0.52, 0.55]);
  }
  ctx.add(ctx.box([0.1, 1.4, 0.1], [0, 0.75, 0]), 'metal', { part: 'gear', primary: false });
}

export function boat(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 5 * s.long * rng.range(0.85, 1.15);
  const W = 1.6 * s.wide;
  const D = 0.8 * s.tall;
  const hull = ctx.hull([
    ctx.ellipsoid([L / 2, 0.05, W / 2], [0, D, 0]),
    ctx.ellipsoid([L / 2.6, 0.05, W / 4], [-L * 0.08, 0, 0]),
  ]);
  ctx.add(
    hull.subtract(
      ctx.ellipsoid([L / 2.2, D * 0.8, W / 2.4], [0, D + 0.02, 0]).intersect(ctx.box([L, D, W], [0, D, 0])),
    ),
    'wood',
  );
  const word = ctx.interpretation.word ?? '';
  const sails = ctx.count(
    'sail',
    ['sailboat', 'galleon', 'pirate ship', 'yacht', 'ship'].includes(word)
      ? word === 'galleon' || word === 'pirate ship'
        ? 3
        : 1
      : 0,
    0,
    4,
  );
  const masts = ctx.count('mast', sails, 0, 4);
  for (let k = 0; k < masts; k++) {
    const x = masts === 1 ? 0 : -L * 0.3 + (L * 0.6 * k) / (masts - 1);
    const mh = 3.5 * s.tall * rng.range(0.85, 1.1);
    ctx.add(ctx.cyl(0.05, mh, [x, D * 0.3, 0]), 'wood', { part: 'mast', primary: false });
    if (k < sails)
      ctx.add(
        ctx
          .prism(
            [
              [0, 0],
              [L * 0.28, 0],
              [0, mh * 0.8],
            ],
            0.03,
          )
          .translate([x + 0.06, D + 0.3, 0]),
        'fabric',
        { part: 'sail', primary: false, colour: DRUM_HEAD },
      );
  }
  if (!masts && L > 3)
    ctx.add(ctx.roundBox([L * 0.3, 0.7, W * 0.6], 0.08, [-L * 0.1, D + 0.3, 0]), 'metal', {
      part: 'cabin',
      primary: false,
      colour: [0.92, 0.92, 0.92],
    });
}

export function rocket(ctx: GenContext): void {
  const { s, rng } = ctx;
  const H = 6 * s.tall * rng.range(0.85, 1.15);
  const r = 0.5 * s.wide;
  ctx.add(
    ctx.lathe([
      [r * 0.8, 0],
      [r, H * 0.08],
      [r, H * 0.7],
      [r * 0.6, H * 0.88],
      [0.02, H],
    ]),
    'metal',
    { colour: [0.92, 0.92, 0.94] },
  );
  const fins = ctx.count('fin', rng.int(3, 4), 2, 8);
  for (const a of around(fins))
    ctx.add(
      ctx
        .prism(
          [
            [r * 0.9, 0],
            [r * 2.2, -H * 0.02],
            [r * 2.0, H * 0.12],
            [r * 0.9, H * 0.3],
          ],
          0.06,
        )
        .rotate([0, (a * 180) / Math.PI, 0]),
      'metal',
      { part: 'fin', primary: false, colour: [0.8, 0.1, 0.1] },
    );
  addDetail(ctx, ctx.cyl(r * 0.6, H * 0.06, [0, -H * 0.05, 0], r * 0.8), 'metal', 'engine', [0.3, 0.3, 0.32]);
  const windows = ctx.count('window', rng.int(1, 3), 0, 5);
  for (let k = 0; k < windows; k++)
    ctx.add(
      ctx
        .sphere(r * 0.22, [0, H * (0.55 - k * 0.12), r * 0.95])
        .scale([1, 1, 0.5])
        .translate([0, 0, r * 0.45]),
      'glass',
      { part: 'window', primary: false, colour: [0.3, 0.55, 0.8] },
    );
}

export function train(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 6 * s.long * rng.range(0.9, 1.1);
  const W = 1.6 * s.wide;
  const wr = 0.4;
  addDetail(ctx, ctx.box([L, 0.3, W], [0, wr + 0.3, 0]), 'metal', 'frame', [0.15, 0.15, 0.15]);
  ctx.add(
    ctx
      .cyl(W * 0.42, L * 0.62, [0, 0, 0])
      .rotate([0, 0, -90])
      .translate([-L * 0.12, wr + 0.45 + W * 0.42, 0]),
    'metal',
    { colour: [0.15, 0.35, 0.2] },
  );
  ctx.add(ctx.box([L * 0.3, 1.6 * s.tall, W], [-L * 0.33, wr + 0.45 + 0.8 * s.tall, 0]), 'metal', {
    part: 'cabin',
    colour: [0.15, 0.35, 0.2],
  });
  addDetail(ctx, ctx.cyl(0.2, 0.8, [L * 0.3, wr + 0.45 + W * 0.75, 0], 0.3), 'metal', 'chimney', [0.1, 0.1, 0.1]);
  const n = ctx.count('wheel', 6, 4, 12);
  wheels(
    ctx,
    Array.from({ length: Math.round(n / 2) }, (_, k) => -L * 0.4 + (L * 0.8 * k) / Math.max(1, Math.round(n / 2) - 1)),
    W / 2,
    wr,
    0.15,
  );
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
