/** Vessels and containers: lathed profiles (hollowed where the opening shows) plus handles and lids. */
import type { Manifold, Vec2 } from 'manifold-3d';
import { addDetail, around, type GenContext } from './kit.ts';
import { GOLD, WOOD } from './palette.ts';
import { setting } from './modifiers.ts';

/** A lathed vessel hollowed from the top, leaving walls of `wall` and a floor. */
function hollowLathe(ctx: GenContext, outer: Vec2[], wall: number): Manifold {
  const top = outer[outer.length - 1][1];
  const radiusAt = (y: number): number => {
    for (let k = 1; k < outer.length; k++) {
      const [r0, y0] = outer[k - 1];
      const [r1, y1] = outer[k];
      if (y <= y1) return r0 + ((r1 - r0) * (y - y0)) / Math.max(1e-6, y1 - y0);
    }
    return outer[outer.length - 1][0];
  };
  const floor = wall * 1.5;
  const inner: Vec2[] = [[Math.max(0.004, radiusAt(floor) - wall), floor]];
  for (const [r, y] of outer) if (y > floor) inner.push([Math.max(0.004, r - wall), y]);
  inner.push([inner[inner.length - 1][0], top + 0.05]);
  return ctx.lathe(outer).subtract(ctx.lathe(inner));
}

/** A D-shaped handle on the +X side between heights y0 and y1 at radius r. */
function sideHandle(ctx: GenContext, r: number, y0: number, y1: number, thickness: number, sign = 1): Manifold {
  const mid = (y0 + y1) / 2;
  const R = (y1 - y0) / 2;
  const ring = ctx.torus(R, thickness, [sign * r, mid, 0], 'z');
  return ring.subtract(ctx.box([R * 2 + thickness * 4, R * 4, thickness * 4], [sign * (r - R - thickness), mid, 0]));
}

export function vase(ctx: GenContext): void {
  const { s, rng } = ctx;
  const h = 0.8 * s.tall * rng.range(0.85, 1.2);
  const rb = 0.13 * s.wide * rng.range(0.8, 1.2);
  const belly = rb * rng.range(1.3, 2.0) * (s.round === 1 ? 1.25 : 1);
  const neck = rb * rng.range(0.45, 0.8);
  const lip = neck * rng.range(1.1, 1.6);
  const profile: Vec2[] = [
    [rb, 0],
    [belly, h * rng.range(0.3, 0.45)],
    [neck, h * 0.82],
    [neck * 0.95, h * 0.92],
    [lip, h],
  ];
  ctx.add(hollowLathe(ctx, profile, 0.015), 'ceramic');
  const handles = ctx.count('handle', ctx.s.ornate ? 2 : (setting(ctx, 'vase', 'handles') ?? 0), 0, 4);
  for (const a of around(handles))
    ctx.add(sideHandle(ctx, neck * 1.05, h * 0.6, h * 0.88, 0.015).rotate([0, (a * 180) / Math.PI, 0]), 'ceramic', {
      part: 'handle',
    });
}

export function mug(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.05 * s.wide * rng.range(0.85, 1.2);
  const h = 0.1 * s.tall * rng.range(0.85, 1.3);
  const taper = rng.range(0.85, 1.1);
  ctx.add(
    hollowLathe(
      ctx,
      [
        [r * taper, 0],
        [r, h * 0.5],
        [r * (2 - taper) * 0.98, h],
      ],
      0.005,
    ),
    'ceramic',
  );
  const handles = ctx.count(
    'handle',
    ctx.interpretation.word === 'glass' || ctx.interpretation.word === 'tumbler' ? 0 : 1,
    0,
    3,
  );
  for (const a of around(handles))
    ctx.add(
      sideHandle(ctx, r * 0.98, h * 0.2, h * 0.8, 0.007 * s.thick).rotate([0, (a * 180) / Math.PI, 0]),
      'ceramic',
      { part: 'handle' },
    );
}

export function bowl(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.15 * s.wide * rng.range(0.85, 1.2);
  const h = r * 0.55 * s.tall * rng.range(0.8, 1.2);
  const foot = r * rng.range(0.35, 0.5);
  ctx.add(
    hollowLathe(
      ctx,
      [
        [foot, 0],
        [foot, h * 0.08],
        [r * 0.8, h * 0.45],
        [r, h],
      ],
      0.008,
    ),
    'ceramic',
  );
}

export function bottle(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.04 * s.wide * rng.range(0.85, 1.3);
  const h = 0.3 * s.tall * rng.range(0.8, 1.2);
  const neck = r * rng.range(0.3, 0.45);
  const shoulder = h * rng.range(0.55, 0.7);
  const potion = ctx.interpretation.word === 'potion' || ctx.interpretation.word === 'flask';
  const profile: Vec2[] = potion
    ? [
        [r * 0.6, 0],
        [r * 1.3, h * 0.2],
        [r * 1.2, h * 0.45],
        [neck, h * 0.65],
        [neck, h * 0.9],
      ]
    : [
        [r, 0],
        [r, shoulder],
        [neck, shoulder + h * 0.15],
        [neck, h * 0.95],
      ];
  ctx.add(ctx.lathe(profile), 'glass');
  addDetail(ctx, ctx.cyl(neck * 1.1, h * 0.08, [0, profile[profile.length - 1][1], 0]), 'wood', 'cork');
}

export function teapot(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.12 * s.wide * rng.range(0.9, 1.15);
  const h = 0.18 * s.tall * rng.range(0.85, 1.2);
  ctx.add(
    ctx.lathe([
      [r * 0.6, 0],
      [r, h * 0.4],
      [r * 0.85, h * 0.85],
      [r * 0.45, h],
    ]),
    'ceramic',
  );
  ctx.add(
    ctx.lathe(
      [
        [r * 0.5, 0],
        [r * 0.35, h * 0.12],
        [0.012, h * 0.2],
      ],
      [0, h, 0],
    ),
    'ceramic',
    { part: 'lid' },
  );
  ctx.add(ctx.sphere(0.015, [0, h * 1.22, 0]), 'ceramic', { part: 'lid' });
  ctx.add(ctx.capsule([r * 0.8, h * 0.35, 0], [r * 1.6, h * 0.9, 0], 0.022, 0.01), 'ceramic', { part: 'spout' });
  ctx.add(sideHandle(ctx, r * 0.9, h * 0.3, h * 0.85, 0.012 * s.thick, -1), 'ceramic', { part: 'handle' });
}

export function barrel(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.3 * s.wide * rng.range(0.9, 1.1);
  const h = 0.9 * s.tall * rng.range(0.9, 1.1);
  const bulge = rng.range(1.08, 1.18);
  const prof: Vec2[] = Array.from({ length: 9 }, (_, k) => [
    r * (1 + (bulge - 1) * Math.sin((k / 8) * Math.PI)),
    (h * k) / 8,
  ]);
  ctx.add(ctx.lathe(prof), 'wood');
  const hoops = ctx.count('hoop', rng.int(2, 4), 2, 6);
  for (let k = 0; k < hoops; k++) {
    const t = hoops === 2 ? [0.15, 0.85][k] : 0.1 + (0.8 * k) / (hoops - 1);
    const rr = r * (1 + (bulge - 1) * Math.sin(t * Math.PI));
    ctx.add(ctx.cyl(rr + 0.008, 0.04, [0, h * t - 0.02, 0]), 'metal', { part: 'hoop', primary: false });
  }
}

export function crate(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 0.5 * s.wide * rng.range(0.9, 1.2);
  const h = 0.5 * s.tall * rng.range(0.8, 1.2);
  const d = 0.5 * s.long * rng.range(0.9, 1.2);
  const word = ctx.interpretation.word ?? '';
  if (['present', 'gift', 'package', 'parcel'].includes(word)) {
    ctx.add(ctx.box([w, h, d], [0, h / 2, 0]), 'paper');
    ctx.add(
      ctx.box([w + 0.01, h + 0.01, 0.06], [0, h / 2, 0]).add(ctx.box([0.06, h + 0.01, d + 0.01], [0, h / 2, 0])),
      'fabric',
      { part: 'ribbon', primary: false, colour: [0.85, 0.1, 0.15] },
    );
    ctx.add(
      ctx.torus(0.05, 0.015, [-0.05, h + 0.02, 0], 'x').add(ctx.torus(0.05, 0.015, [0.05, h + 0.02, 0], 'x')),
      'fabric',
      { part: 'ribbon', primary: false, colour: [0.85, 0.1, 0.15] },
    );
    return;
  }
  ctx.add(ctx.box([w, h, d], [0, h / 2, 0]), 'wood');
  const plank = 0.035 * s.thick;
  // Frame boards on every face: the classic slatted crate silhouette.
  for (const y of [plank / 2, h - plank / 2]) {
    ctx.add(
      ctx
        .box([w + 0.02, plank, d + 0.02], [0, y, 0])
        .subtract(ctx.box([w - plank * 2, plank * 2, d - plank * 2], [0, y, 0])),
      'wood',
      { part: 'board', primary: false },
    );
  }
  for (const x of [-w / 2, w / 2])
    for (const z of [-d / 2, d / 2])
      ctx.add(ctx.box([plank, h, plank], [x, h / 2, z]), 'wood', { part: 'board', primary: false });
  if (!s.simple) {
    const diag = Math.atan2(h, w) * (180 / Math.PI);
    for (const z of [-d / 2 - 0.005, d / 2 + 0.005])
      ctx.add(
        ctx
          .box([Math.hypot(w, h) - plank * 3, plank, 0.01])
          .rotate([0, 0, diag])
          .translate([0, h / 2, z]),
        'wood',
        { part: 'board', primary: false },
      );
  }
}

export function bucket(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.14 * s.wide * rng.range(0.9, 1.1);
  const h = 0.28 * s.tall * rng.range(0.9, 1.15);
  ctx.add(
    hollowLathe(
      ctx,
      [
        [r * 0.8, 0],
        [r, h],
      ],
      0.006,
    ),
    'metal',
  );
  const handle = ctx.torus(r * 0.98, 0.006, [0, h, 0], 'z').subtract(ctx.box([r * 3, r * 2, 0.1], [0, h - r, 0]));
  ctx.add(handle, 'metal', { part: 'handle', primary: false });
}

export function jar(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.08 * s.wide * rng.range(0.85, 1.2);
  const h = 0.2 * s.tall * rng.range(0.8, 1.3);
  const word = ctx.interpretation.word ?? '';
  const jug = ['jug', 'pitcher'].includes(word);
  ctx.add(
    ctx.lathe([
      [r * 0.9, 0],
      [r, h * 0.1],
      [r, h * 0.8],
      [r * (jug ? 0.6 : 0.85), h * 0.9],
      [r * (jug ? 0.7 : 0.85), h],
    ]),
    jug ? 'ceramic' : 'glass',
  );
  if (jug) ctx.add(sideHandle(ctx, r * 0.95, h * 0.3, h * 0.85, 0.01), 'ceramic', { part: 'handle' });
  else ctx.add(ctx.cyl(r * 0.9, h * 0.1, [0, h, 0]), 'metal', { part: 'lid', primary: false });
}

/** A can: a metal cylinder whose ends are rolled rims, a lid with a pull tab (the jar's row "can"). */
export function can(ctx: GenContext): void {
  const { s } = ctx;
  const r = 0.066 * s.wide;
  const h = 0.23 * s.tall;
  const colour =
    ctx.interpretation.colours[0]?.rgb ??
    ctx.rng.pick([
      [0.8, 0.1, 0.12],
      [0.15, 0.35, 0.75],
      [0.2, 0.6, 0.3],
    ] as [number, number, number][]);
  ctx.add(
    ctx.lathe([
      [r * 0.8, 0],
      [r * 0.92, h * 0.02],
      [r, h * 0.08],
      [r, h * 0.9],
      [r * 0.84, h * 0.98],
      [r * 0.82, h],
    ]),
    'metal',
    { colour },
  );
  addDetail(ctx, ctx.torus(r * 0.82, r * 0.05, [0, h, 0]), 'metal', 'rim', [0.78, 0.78, 0.8]);
  ctx.add(ctx.box([r * 0.5, r * 0.04, r * 0.25], [r * 0.25, h + r * 0.03, 0]), 'metal', {
    part: 'tab',
    primary: false,
    colour: [0.78, 0.78, 0.8],
  });
}

/** A jerry can: a flat-sided rectangular can, three handle bars across the top and a capped spout. */
export function jerryCan(ctx: GenContext): void {
  const { s } = ctx;
  const [w, h, d] = [0.34 * s.wide, 0.46 * s.tall, 0.16 * s.wide];
  const colour = ctx.interpretation.colours[0]?.rgb ?? [0.3, 0.38, 0.22];
  ctx.add(ctx.roundBox([w, h, d], 0.02, [0, h / 2, 0]), 'metal', { colour });
  for (const x of [-w * 0.3, 0, w * 0.3])
    ctx.add(ctx.box([0.025, 0.08, 0.025], [x, h + 0.035, 0]), 'metal', { part: 'handle', colour });
  ctx.add(ctx.box([w * 0.7, 0.025, 0.03], [0, h + 0.08, 0]), 'metal', { part: 'handle', colour });
  addDetail(ctx, ctx.cyl(0.028, 0.07, [w * 0.38, h - 0.01, 0]), 'metal', 'spout', [0.15, 0.15, 0.15]);
}

/**
 * A churn: a butter churn is a tall tapering wooden vessel with a dasher through its lid; a milk churn a
 * metal can with shoulders, a neck, a lid and side handles.
 */
export function churn(ctx: GenContext): void {
  const { s } = ctx;
  const milk = /\bmilk\b/.test(`${ctx.interpretation.word ?? ''} ${ctx.interpretation.prompt.toLowerCase()}`);
  const h = 0.7 * s.tall;
  if (milk) {
    const r = 0.16 * s.wide;
    ctx.add(
      ctx.lathe([
        [r, 0],
        [r, h * 0.65],
        [r * 0.55, h * 0.8],
        [r * 0.5, h * 0.92],
        [r * 0.6, h * 0.95],
        [r * 0.6, h],
      ]),
      'metal',
      { colour: [0.75, 0.76, 0.78] },
    );
    for (const x of [-r, r])
      addDetail(ctx, ctx.box([0.03, 0.03, 0.1], [x * 1.05, h * 0.72, 0]), 'metal', 'handle', [0.6, 0.6, 0.62]);
    return;
  }
  const r = 0.15 * s.wide;
  ctx.add(
    ctx.lathe([
      [r * 1.15, 0],
      [r * 0.85, h * 0.9],
      [r * 0.8, h],
    ]),
    'wood',
    { colour: WOOD },
  );
  for (const y of [h * 0.12, h * 0.8])
    addDetail(ctx, ctx.torus(r * (1.12 - 0.3 * (y / h)), 0.008, [0, y, 0]), 'metal', 'hoop', [0.3, 0.3, 0.32]);
  ctx.add(ctx.cyl(r * 0.85, 0.03, [0, h, 0]), 'wood', { part: 'lid', primary: false, colour: [0.55, 0.38, 0.22] });
  addDetail(ctx, ctx.cyl(0.015, h * 0.5, [0, h + 0.03, 0]), 'wood', 'dasher', [0.7, 0.52, 0.32]);
}

/**
 * A coffin (the crate's row "coffin"): the six-sided outline, wide at the shoulders, lying flat, its lid
 * raised on a rim; a sarcophagus is the same outline in stone, a carved face on its lid.
 */
export function coffin(ctx: GenContext): void {
  const { s } = ctx;
  const stone = /sarcophag/.test(ctx.interpretation.word ?? '');
  const [L, W] = [1.9 * s.long, 0.62 * s.wide];
  const outline: [number, number][] = [
    [-L / 2, -W * 0.32],
    [L * 0.22, -W / 2],
    [L / 2, -W * 0.38],
    [L / 2, W * 0.38],
    [L * 0.22, W / 2],
    [-L / 2, W * 0.32],
  ];
  const h = 0.42 * s.tall;
  const material = stone ? 'stone' : 'wood';
  const colour: [number, number, number] =
    ctx.interpretation.colours[0]?.rgb ?? (stone ? [0.78, 0.7, 0.55] : [0.32, 0.18, 0.1]);
  // The outline lies in the x, z plane: a prism extruded upwards.
  const body = ctx
    .prism(outline, h)
    .rotate([90, 0, 0])
    .translate([0, h / 2, 0]);
  ctx.add(body, material, { colour });
  const lid = ctx
    .prism(
      outline.map(([x, z]) => [x * 1.03, z * 1.06] as [number, number]),
      0.08,
    )
    .rotate([90, 0, 0])
    .translate([0, h + 0.04, 0]);
  ctx.add(lid, material, { part: 'lid', colour });
  if (stone)
    ctx.add(ctx.ellipsoid([0.14, 0.05, 0.11], [L * 0.3, h + 0.09, 0]), 'stone', {
      part: 'carved face',
      primary: false,
      colour: ctx.interpretation.material === 'gold' ? GOLD : [0.72, 0.64, 0.5],
    });
  else
    for (const x of [-L * 0.25, L * 0.1])
      for (const z of [-1, 1])
        ctx.add(ctx.capsule([x - 0.1, h * 0.55, z * (W * 0.44)], [x + 0.1, h * 0.55, z * (W * 0.44)], 0.018), 'metal', {
          part: 'handle',
          primary: false,
          colour: [0.75, 0.65, 0.35],
        });
}

export function chest(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 0.8 * s.wide * rng.range(0.9, 1.15);
  const h = 0.4 * s.tall;
  const d = 0.5;
  ctx.add(ctx.box([w, h, d], [0, h / 2, 0]), 'wood');
  const lidScale = rng.range(0.6, 1);
  const arch = (r: number, x0: number, len: number) =>
    ctx
      .cyl(r, len, [0, 0, 0])
      .rotate([0, 0, -90])
      .translate([x0, h, 0])
      .intersect(ctx.box([len, r + 0.01, r * 2], [x0 + len / 2, h + r / 2 - 0.005, 0]));
  ctx.add(
    arch(d / 2, -w / 2, w)
      .translate([0, -h, 0])
      .scale([1, lidScale, 1])
      .translate([0, h, 0]),
    'wood',
    { part: 'lid' },
  );
  const bandXs = s.ornate ? [-w / 2 + 0.05, -0.025, w / 2 - 0.1] : [-w / 2 + 0.05, w / 2 - 0.1];
  for (const x of bandXs) {
    const band = arch(d / 2 + 0.012, x, 0.05)
      .translate([0, -h, 0])
      .scale([1, lidScale, 1])
      .translate([0, h, 0]);
    ctx.add(band.add(ctx.box([0.05, h, d + 0.024], [x + 0.025, h / 2, 0])), 'gold', { part: 'band', primary: false });
  }
  ctx.add(ctx.box([0.08, 0.1, 0.03], [0, h, d / 2 + 0.01]), 'gold', { part: 'lock', primary: false });
}
