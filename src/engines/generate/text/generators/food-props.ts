/** Food, jewellery and props: lathes, tori and faceted hulls with seeded detail. */
import type { Manifold, Vec2, Vec3 } from 'manifold-3d';
import { addDetail, around, type GenContext, type RGB } from './kit.ts';
import { setting } from './modifiers.ts';
import { COLOURS } from '../understand/vocabulary.ts';

function fruit(ctx: GenContext, r: number, colour: RGB, squash = 1): void {
  const { s } = ctx;
  const body = ctx.sphere(r * s.wide, [0, r * squash * s.tall, 0]).scale([1, squash * s.tall, 1]);
  ctx.add(body.subtract(ctx.sphere(r * 0.25, [0, r * squash * s.tall * 2 + r * 0.12, 0])), 'organic', { colour });
  ctx.add(
    ctx.capsule([0, r * squash * s.tall * 2 - r * 0.2, 0], [r * 0.1, r * squash * s.tall * 2 + r * 0.25, 0], r * 0.06),
    'wood',
    { part: 'stem', primary: false, colour: [0.35, 0.22, 0.1] },
  );
}

export function apple(ctx: GenContext): void {
  const w = ctx.interpretation.word ?? '';
  const colours: Record<string, RGB> = {
    orange: [0.95, 0.5, 0.05],
    lemon: [0.95, 0.9, 0.2],
    lime: [0.4, 0.75, 0.2],
    peach: [1, 0.65, 0.45],
    plum: [0.45, 0.15, 0.4],
    cherry: [0.7, 0.05, 0.1],
    tomato: [0.9, 0.15, 0.1],
    pumpkin: [0.95, 0.5, 0.1],
    melon: [0.5, 0.7, 0.3],
    watermelon: [0.2, 0.5, 0.2],
  };
  const r = w === 'watermelon' || w === 'pumpkin' || w === 'melon' ? 0.15 : w === 'cherry' ? 0.012 : 0.04;
  fruit(
    ctx,
    r * ctx.rng.range(0.9, 1.1),
    colours[w] ??
      ctx.rng.pick([
        [0.8, 0.1, 0.1],
        [0.5, 0.75, 0.2],
      ] as RGB[]),
    w === 'pumpkin' ? 0.7 : 0.9,
  );
}

export function pear(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.04 * s.wide * rng.range(0.9, 1.1);
  ctx.add(
    ctx.union(
      [ctx.sphere(r, [0, r, 0]), ctx.sphere(r * 0.6, [0, r * 2.1 * s.tall, 0])].concat([
        ctx.hull([ctx.sphere(r * 0.9, [0, r, 0]), ctx.sphere(r * 0.55, [0, r * 2.1 * s.tall, 0])]),
      ]),
    ),
    'organic',
    { colour: ctx.interpretation.word === 'avocado' ? [0.25, 0.35, 0.15] : [0.75, 0.8, 0.25] },
  );
  ctx.add(ctx.capsule([0, r * 2.5 * s.tall, 0], [r * 0.1, r * 3.1 * s.tall, 0], r * 0.07), 'wood', {
    part: 'stem',
    primary: false,
    colour: [0.35, 0.22, 0.1],
  });
}

export function banana(ctx: GenContext): void {
  const { s } = ctx;
  const n = 8;
  const R = 0.12 * s.long;
  const pts: Vec3[] = Array.from({ length: n + 1 }, (_, k) => {
    const a = Math.PI * (0.15 + 0.7 * (k / n));
    return [-Math.cos(a) * R, R * 1.05 - Math.sin(a) * R, 0];
  });
  ctx.add(
    ctx.union(
      pts
        .slice(1)
        .map((p, k) =>
          ctx.capsule(
            pts[k],
            p,
            0.018 * s.thick * (0.5 + Math.sin((k / n) * Math.PI)),
            0.018 * s.thick * (0.5 + Math.sin(((k + 1) / n) * Math.PI)),
          ),
        ),
    ),
    'organic',
    { colour: [0.97, 0.85, 0.25] },
  );
}

export function cake(ctx: GenContext): void {
  const { s, rng } = ctx;
  const tiers = ctx.count('tier', setting(ctx, 'cake', 'tiers') ?? rng.int(1, 3), 1, 6);
  let r = 0.15 * s.wide;
  let y = 0;
  for (let k = 0; k < tiers; k++) {
    const h = 0.1 * s.tall;
    ctx.add(ctx.cyl(r, h, [0, y, 0]), 'organic', { colour: [0.98, 0.92, 0.85] });
    addDetail(ctx, ctx.torus(r, 0.012, [0, y + h, 0]), 'organic', 'icing', [0.95, 0.55, 0.7]);
    y += h;
    r *= 0.72;
  }
  const candles = ctx.count('candle', rng.int(0, 5), 0, 24);
  for (const a of around(candles)) {
    const x = (Math.cos(a) * r * 0.7) / 0.72;
    const z = (Math.sin(a) * r * 0.7) / 0.72;
    ctx.add(ctx.cyl(0.006, 0.05, [x, y, z]), 'wax', { part: 'candle', primary: false, colour: [0.5, 0.7, 0.95] });
    addDetail(ctx, ctx.sphere(0.007, [x, y + 0.058, z], 8), 'organic', 'flame', [1, 0.75, 0.2]);
  }
  if (rng.chance(0.5))
    addDetail(ctx, ctx.sphere(0.025, [0, y + 0.015, 0], 12), 'organic', 'topping', [0.8, 0.05, 0.15]);
}

export function donut(ctx: GenContext): void {
  const { s, rng } = ctx;
  const R = 0.05 * s.wide;
  const r = 0.025 * s.thick;
  ctx.add(ctx.torus(R, r, [0, r, 0]).scale([1, 0.8, 1]), 'organic', { colour: [0.85, 0.6, 0.35] });
  if (ctx.interpretation.word !== 'bagel')
    ctx.add(
      ctx
        .torus(R, r * 1.03, [0, r, 0])
        .scale([1, 0.8, 1])
        .trimByPlane([0, 1, 0], r * 0.9),
      'organic',
      {
        part: 'icing',
        colour: rng.pick([
          [0.95, 0.55, 0.7],
          [0.35, 0.2, 0.1],
          [0.97, 0.95, 0.9],
        ] as RGB[]),
      },
    );
}

export function burger(ctx: GenContext): void {
  const { s } = ctx;
  const r = 0.06 * s.wide;
  const layers: [number, RGB, string][] = [
    [0.02, [0.85, 0.6, 0.3], 'bun'],
    [0.02, [0.35, 0.2, 0.1], 'patty'],
    [0.006, [0.95, 0.8, 0.2], 'cheese'],
    [0.01, [0.35, 0.7, 0.2], 'lettuce'],
    [0.008, [0.85, 0.15, 0.1], 'tomato'],
  ];
  let y = 0;
  for (const [h, colour, part] of layers) {
    ctx.add(ctx.cyl(r * (part === 'bun' ? 1 : 1.05), h * s.tall, [0, y, 0]), 'organic', {
      part,
      colour,
      primary: part === 'bun',
    });
    y += h * s.tall;
  }
  ctx.add(
    ctx
      .sphere(r, [0, y, 0])
      .scale([1, 0.6 * s.tall, 1])
      .translate([0, y * 0.4, 0])
      .trimByPlane([0, 1, 0], y),
    'organic',
    { part: 'bun', colour: [0.85, 0.6, 0.3] },
  );
}

export function pizza(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.16 * s.wide;
  ctx.add(ctx.cyl(r, 0.012, [0, 0, 0]).add(ctx.torus(r - 0.01, 0.012, [0, 0.012, 0])), 'organic', {
    colour: [0.88, 0.7, 0.4],
  });
  if (
    ctx.interpretation.word === 'pancake' ||
    ctx.interpretation.word === 'pancakes' ||
    ctx.interpretation.word === 'cookie'
  )
    return;
  addDetail(ctx, ctx.cyl(r - 0.02, 0.006, [0, 0.012, 0]), 'organic', 'sauce', [0.95, 0.8, 0.35]);
  const toppings = ctx.count('topping', rng.int(6, 12), 0, 30);
  for (let k = 0; k < toppings; k++) {
    const a = rng.range(0, 6.28);
    const d = Math.sqrt(rng.next()) * (r - 0.04);
    ctx.add(ctx.cyl(0.014, 0.004, [Math.cos(a) * d, 0.016, Math.sin(a) * d]), 'organic', {
      part: 'topping',
      primary: false,
      colour: [0.7, 0.15, 0.1],
    });
  }
}

export function bread(ctx: GenContext): void {
  const { s, rng } = ctx;
  const L = 0.28 * s.long * (setting(ctx, 'bread', 'length') ?? 1);
  ctx.add(
    ctx
      .capsule([-L / 2, 0.05, 0], [L / 2, 0.05, 0], 0.06 * s.wide)
      .scale([1, s.tall * 0.9, 1])
      .trimByPlane([0, 1, 0], 0.005),
    'organic',
    { colour: [0.8, 0.55, 0.25] },
  );
  for (let k = 0; k < rng.int(3, 5); k++)
    ctx.add(
      ctx
        .box([0.01, 0.01, 0.08 * s.wide])
        .rotate([0, 30, 0])
        .translate([-L / 2 + (L * (k + 0.7)) / 5, 0.105 * s.tall * 0.9, 0]),
      'organic',
      { part: 'crust', primary: false, colour: [0.6, 0.38, 0.15] },
    );
}

export function cheese(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.12 * s.wide;
  const h = 0.07 * s.tall;
  let wedge: Manifold = ctx
    .prism(
      [
        [0, 0],
        [r, -r * 0.35],
        [r, r * 0.35],
      ],
      h,
    )
    .rotate([90, 0, 0])
    .translate([0, h, 0]);
  for (let k = 0; k < rng.int(3, 6); k++)
    wedge = wedge.subtract(
      ctx.sphere(rng.range(0.008, 0.018), [rng.range(0.2, 0.9) * r, rng.range(0, 1) * h, rng.range(-0.2, 0.2) * r], 12),
    );
  ctx.add(wedge, 'organic', { colour: [0.98, 0.8, 0.3] });
}

export function iceCream(ctx: GenContext): void {
  const { s, rng } = ctx;
  const h = 0.14 * s.tall;
  addDetail(ctx, ctx.cyl(0.001, h, [0, 0, 0], 0.035 * s.wide), 'organic', 'cone', [0.85, 0.65, 0.35]);
  const scoops = ctx.count('tier', rng.int(1, 3), 1, 5);
  for (let k = 0; k < scoops; k++)
    ctx.add(ctx.sphere(0.037 * s.wide, [rng.range(-0.004, 0.004), h + 0.02 + k * 0.05, 0]), 'organic', {
      part: 'scoop',
      colour: rng.pick([
        [0.98, 0.9, 0.8],
        [0.95, 0.6, 0.7],
        [0.45, 0.25, 0.12],
        [0.6, 0.9, 0.6],
      ] as RGB[]),
    });
}

export function carrot(ctx: GenContext): void {
  const { s } = ctx;
  const L = 0.18 * s.long;
  ctx.add(
    ctx
      .cyl(0.002, L, [0, 0, 0], 0.02 * s.thick)
      .rotate([0, 0, -80])
      .translate([-L / 2, 0.02, 0]),
    'organic',
    { colour: [0.95, 0.5, 0.1] },
  );
  for (const a of [-20, 0, 20])
    ctx.add(ctx.capsule([L * 0.45, 0.05, 0], [L * 0.45 + 0.05, 0.09, a / 400], 0.005), 'organic', {
      part: 'leaf',
      primary: false,
      colour: [0.3, 0.6, 0.2],
    });
}

export function ring(ctx: GenContext): void {
  const { s, rng } = ctx;
  const R = 0.01 * s.wide;
  const band = ctx.torus(R, 0.0018 * s.thick, [0, R + 0.002, 0], 'z');
  ctx.add(band, 'gold');
  const word = ctx.interpretation.word ?? '';
  const stone = ctx.interpretation.companions.find((c) => c.category === 'gem');
  const stoneColour: RGB = stone?.colours[0]?.rgb ?? (stone && COLOURS[stone.word]) ?? [0.85, 0.95, 1];
  if (!['band', 'bracelet', 'bangle'].includes(word) && (rng.chance(0.7) || ctx.partSpec('gem') || stone)) {
    ctx.add(
      ctx
        .cyl(0.0035, 0.003, [0, 2 * R + 0.002, 0], 0.001, s.lowPoly ? 6 : 8)
        .add(ctx.cyl(0.0035, 0.002, [0, 2 * R + 0.002, 0], 0.0035, s.lowPoly ? 6 : 8).translate([0, 0.003, 0])),
      'glass',
      { part: 'gem', primary: false, colour: stoneColour },
    );
  }
}

export function crown(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.1 * s.wide;
  const h = 0.06 * s.tall;
  ctx.add(ctx.cyl(r, h, [0, 0, 0]).subtract(ctx.cyl(r * 0.9, h * 3, [0, -h, 0])), 'gold');
  const spikes = ctx.count('spike', rng.int(5, 8), 3, 16);
  for (const a of around(spikes))
    ctx.add(
      ctx.cyl(0.015, 0.06 * s.tall, [0, 0, 0], 0.001, 4).translate([Math.cos(a) * r * 0.95, h, Math.sin(a) * r * 0.95]),
      'gold',
      { part: 'spike' },
    );
  for (const a of around(spikes, Math.PI / spikes))
    ctx.add(ctx.sphere(0.009, [Math.cos(a) * r * 1.01, h * 0.5, Math.sin(a) * r * 1.01], 10), 'glass', {
      part: 'gem',
      primary: false,
      colour: rng.pick([
        [0.8, 0.05, 0.1],
        [0.1, 0.3, 0.85],
        [0.1, 0.7, 0.3],
      ] as RGB[]),
    });
}

export function gem(ctx: GenContext): void {
  const { s, rng } = ctx;
  const facets = s.lowPoly ? 6 : rng.pick([6, 8, 10]);
  const r = 0.02 * s.wide;
  const crownH = 0.008 * s.tall;
  const profile: Vec2[] = [
    [0.0005, 0],
    [r, 0.018 * s.tall],
    [r * 0.65, 0.018 * s.tall + crownH],
  ];
  ctx.add(ctx.lathe(profile, [0, 0, 0], facets), 'glass', { colour: [0.75, 0.1, 0.2] });
}

export function coin(ctx: GenContext): void {
  const { s } = ctx;
  const r = 0.013 * s.wide;
  const t = 0.002 * s.thick;
  ctx.add(
    ctx
      .cyl(r, t, [0, 0, 0])
      .add(ctx.torus(r * 0.95, t * 0.35, [0, t, 0]))
      .add(ctx.cyl(r * 0.4, t * 0.3, [0, t, 0])),
    'gold',
  );
}

export function trophy(ctx: GenContext): void {
  const { s, rng } = ctx;
  const h = 0.3 * s.tall;
  const r = 0.08 * s.wide;
  const cup: Vec2[] = [
    [0.02, h * 0.45],
    [r * 0.6, h * 0.55],
    [r, h * 0.85],
    [r * 1.05, h],
  ];
  ctx.add(
    ctx
      .lathe([
        [0.06, 0],
        [0.06, 0.03],
        [0.015, 0.05],
        [0.012, h * 0.45],
      ])
      .add(
        ctx
          .lathe(cup)
          .subtract(
            ctx.lathe(cup.map(([x, y]) => [Math.max(0.003, x - 0.006), y + 0.006] as Vec2).concat([[r, h + 0.05]])),
          ),
      ),
    'gold',
  );
  const handles = ctx.count(
    'handle',
    ['goblet', 'chalice', 'grail'].includes(ctx.interpretation.word ?? '') ? 0 : 2,
    0,
    4,
  );
  for (const a of around(handles))
    ctx.add(
      ctx
        .torus(h * 0.13, 0.006, [r * 0.95, h * 0.75, 0], 'z')
        .subtract(ctx.box([h * 0.3, h * 0.4, 0.05], [r * 0.95 - h * 0.15, h * 0.75, 0]))
        .rotate([0, (a * 180) / Math.PI, 0]),
      'gold',
      { part: 'handle' },
    );
  void rng;
}

export function candle(ctx: GenContext): void {
  const { s, rng } = ctx;
  const h = 0.15 * s.tall * rng.range(0.8, 1.3);
  const r = 0.025 * s.wide;
  const holder = ['candlestick', 'candelabra'].includes(ctx.interpretation.word ?? '');
  const base = holder ? 0.15 : 0;
  if (holder)
    ctx.add(
      ctx.lathe([
        [0.06, 0],
        [0.06, 0.01],
        [0.01, 0.03],
        [0.01, base - 0.02],
        [r * 1.5, base],
      ]),
      'bronze',
      { part: 'holder', primary: false },
    );
  ctx.add(ctx.cyl(r, h, [0, base, 0]), 'wax');
  ctx.add(ctx.cyl(0.002, 0.012, [0, base + h, 0]), 'fabric', { part: 'wick', primary: false, colour: [0.1, 0.1, 0.1] });
  ctx.add(
    ctx
      .sphere(0.008, [0, 0, 0], 10)
      .scale([1, 1.8, 1])
      .translate([0, base + h + 0.02, 0]),
    'organic',
    { part: 'flame', primary: false, colour: [1, 0.75, 0.2] },
  );
}

export function book(ctx: GenContext): void {
  const { s, rng } = ctx;
  const w = 0.16 * s.wide;
  const h = 0.23 * s.tall;
  const t = 0.04 * s.thick * rng.range(0.6, 1.5);
  ctx.add(ctx.box([w, t, h], [0, t / 2, 0]), 'leather', {
    colour: rng.pick([
      [0.5, 0.1, 0.1],
      [0.1, 0.25, 0.5],
      [0.15, 0.35, 0.2],
    ] as RGB[]),
  });
  ctx.add(ctx.box([w - 0.004, t * 0.8, h - 0.01], [0.004, t / 2, 0]), 'paper', { part: 'page', primary: false });
}

export function clock(ctx: GenContext): void {
  const { s } = ctx;
  const r = 0.12 * s.wide;
  ctx.add(ctx.cyl(r, 0.04, [0, 0, 0]).rotate([90, 0, 0]).translate([0, r, 0.02]), 'wood');
  ctx.add(
    ctx
      .cyl(r * 0.88, 0.01, [0, 0, 0])
      .rotate([90, 0, 0])
      .translate([0, r, 0.056]),
    'ceramic',
    { part: 'face', primary: false, colour: [0.97, 0.96, 0.92] },
  );
  for (const a of around(12))
    ctx.add(ctx.box([0.004, 0.015, 0.004], [Math.cos(a) * r * 0.75, r + Math.sin(a) * r * 0.75, 0.067]), 'metal', {
      part: 'mark',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
  ctx.add(
    ctx
      .box([0.005, r * 0.6, 0.004], [0, r + r * 0.3, 0.068])
      .add(ctx.box([r * 0.45, 0.006, 0.004], [r * 0.22, r, 0.069])),
    'metal',
    { part: 'hand', primary: false, colour: [0.1, 0.1, 0.1] },
  );
  ctx.add(ctx.box([r * 1.2, 0.02, 0.06], [0, 0.01, 0.04]), 'wood', { part: 'base' });
}

export function lantern(ctx: GenContext): void {
  const { s } = ctx;
  const w = 0.12 * s.wide;
  const h = 0.22 * s.tall;
  ctx.add(
    ctx
      .box([w, 0.02, w], [0, 0.01, 0])
      .add(ctx.hull([ctx.box([w, 0.01, w], [0, h, 0]), ctx.box([0.01, 0.01, 0.01], [0, h + 0.05, 0])])),
    'metal',
    { colour: [0.15, 0.15, 0.15] },
  );
  for (const x of [-w / 2 + 0.005, w / 2 - 0.005])
    for (const z of [-w / 2 + 0.005, w / 2 - 0.005])
      ctx.add(ctx.box([0.008, h, 0.008], [x, h / 2, z]), 'metal', { colour: [0.15, 0.15, 0.15] });
  addDetail(ctx, ctx.box([w * 0.9, h - 0.02, w * 0.9], [0, h / 2 + 0.01, 0]), 'glass', 'glass', [1, 0.85, 0.45]);
  addDetail(ctx, ctx.torus(0.025, 0.004, [0, h + 0.075, 0], 'z'), 'metal', 'handle', [0.15, 0.15, 0.15]);
}

export function ball(ctx: GenContext): void {
  const { s, rng } = ctx;
  const r = 0.11 * s.wide;
  const word = ctx.interpretation.word ?? '';
  ctx.add(ctx.sphere(r, [0, r, 0], s.lowPoly ? 8 : 48), word === 'marble' ? 'glass' : 'rubber', {
    colour:
      word === 'basketball'
        ? [0.9, 0.45, 0.1]
        : rng.pick([
            [0.9, 0.15, 0.15],
            [0.2, 0.4, 0.9],
            [0.95, 0.95, 0.95],
          ] as RGB[]),
  });
  if (word === 'basketball' || word === 'beach ball')
    ctx.add(ctx.torus(r * 1.0, r * 0.02, [0, r, 0], 'x').add(ctx.torus(r, r * 0.02, [0, r, 0], 'z')), 'rubber', {
      part: 'seam',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
}
