/**
 * Musical instruments by kind: string instruments (a waisted body, neck, head and strings, sized per
 * profile from ukulele to cello; a harp's frame), keyboards, drums and drum kits, and wind instruments
 * (a brass tube and bell, a sax's curve, a flute's straight tube, an accordion's bellows).
 *
 * INSTRUMENT_ROWS: a xylophone and a kalimba (their bars and tines counted from the prompt) here, a gong,
 * a theremin, a synthesizer, a didgeridoo and a trombone as rows of ../parts/instruments.json.
 */
import type { Vec2 } from 'manifold-3d';
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { BRASS, DARK, DARK_BROWN, DRUM_HEAD, MARBLE, STRING, WOOD } from '../palette.ts';
import { partLists } from '../part-list.ts';

const STRINGS: Record<
  string,
  { body: number; neck: number; waist: number; round?: boolean; flat?: boolean; colour: RGB }
> = {
  guitar: { body: 1, neck: 0.9, waist: 0.75, colour: WOOD },
  'electric guitar': { body: 0.85, neck: 0.9, waist: 0.7, flat: true, colour: [0.8, 0.1, 0.1] },
  violin: { body: 0.6, neck: 0.45, waist: 0.6, colour: [0.55, 0.25, 0.08] },
  cello: { body: 1.3, neck: 0.7, waist: 0.62, colour: [0.5, 0.22, 0.08] },
  ukulele: { body: 0.55, neck: 0.5, waist: 0.78, colour: [0.75, 0.5, 0.25] },
  banjo: { body: 0.75, neck: 1.0, waist: 1, round: true, colour: MARBLE },
  lute: { body: 0.8, neck: 0.6, waist: 1, round: true, colour: WOOD },
  'string-instrument': { body: 0.9, neck: 0.8, waist: 0.75, colour: WOOD },
};

export function stringInstrument(ctx: GenContext): void {
  const { s } = ctx;
  const profile = ctx.interpretation.profile ?? 'string-instrument';
  if (profile === 'harp') {
    harp(ctx);
    return;
  }
  const t = STRINGS[profile] ?? STRINGS['string-instrument'];
  const B = 0.5 * t.body * s.tall;
  const depth = (t.flat ? 0.05 : 0.1) * t.body;
  const shape = t.round
    ? [ctx.cyl(B * 0.45, depth, [0, 0, 0])]
    : [ctx.cyl(B * 0.45, depth, [0, 0, 0]), ctx.cyl(B * 0.45 * t.waist, depth, [0, 0, 0])];
  // The body lies in the XY plane (face towards +Z), standing on its lower bout.
  const lower = shape[0].rotate([90, 0, 0]).translate([0, B * 0.45, -depth / 2]);
  const parts = [lower];
  if (!t.round)
    parts.push(shape[1].rotate([90, 0, 0]).translate([0, B * 0.45 * 2 + B * 0.45 * t.waist * 0.6, -depth / 2]));
  ctx.add(ctx.hull(parts), 'wood', { colour: t.colour });
  const top = t.round ? B * 0.9 : B * 0.9 + B * 0.45 * t.waist * 1.6;
  const neckL = B * 1.6 * t.neck;
  ctx.add(ctx.box([B * 0.1, neckL, depth * 0.6], [0, top + neckL / 2 - B * 0.05, 0]), 'wood', {
    part: 'neck',
    primary: false,
    colour: DARK_BROWN,
  });
  ctx.add(ctx.roundBox([B * 0.16, B * 0.3, depth * 0.6], 0.005, [0, top + neckL + B * 0.1, 0]), 'wood', {
    part: 'head',
    primary: false,
    colour: DARK_BROWN,
  });
  ctx.add(
    ctx
      .cyl(B * 0.12, depth * 0.2, [0, 0, 0])
      .rotate([90, 0, 0])
      .translate([0, B * 0.6, depth * 0.55]),
    'wood',
    { part: 'soundhole', primary: false, colour: DARK_BROWN },
  );
  for (let k = 0; k < 4; k++)
    ctx.add(
      ctx.box(
        [0.004, top + neckL - B * 0.3, 0.004],
        [(k - 1.5) * B * 0.025, (top + neckL + B * 0.3) / 2, depth * 0.55],
      ),
      'metal',
      { part: 'string', primary: false, colour: [0.85, 0.85, 0.8] },
    );
  if (profile === 'cello')
    ctx.add(ctx.cyl(0.01, B * 0.3, [0, -B * 0.28, 0]), 'metal', { part: 'spike', primary: false });
}

function harp(ctx: GenContext): void {
  const gold: RGB = [0.8, 0.62, 0.25];
  ctx.add(ctx.capsule([0, 0.05, 0], [0.05, 1.4, 0], 0.06), 'wood', { part: 'pillar', colour: gold });
  ctx.add(ctx.capsule([0.05, 1.4, 0], [0.75, 1.05, 0], 0.05), 'wood', { part: 'neck', colour: gold });
  ctx.add(ctx.capsule([0.1, 0.05, 0], [0.75, 1.0, 0], 0.09, 0.05), 'wood', { part: 'soundboard', colour: gold });
  ctx.add(ctx.roundBox([0.5, 0.06, 0.3], 0.02, [0.25, 0.03, 0]), 'wood', { part: 'base', colour: gold });
  for (let k = 1; k < 9; k++) {
    const x = 0.1 + k * 0.075;
    const yb = 0.05 + (x - 0.1) * (0.95 / 0.65);
    const yt = 1.4 - (x - 0.05) * (0.35 / 0.7);
    ctx.add(ctx.box([0.006, yt - yb, 0.006], [x, (yt + yb) / 2, 0]), 'metal', {
      part: 'string',
      primary: false,
      colour: STRING,
    });
  }
}

export function piano(ctx: GenContext): void {
  const { s } = ctx;
  const upright = ctx.interpretation.word?.includes('upright') ?? false;
  const black: RGB = [0.05, 0.05, 0.06];
  const W = 1.5 * s.wide;
  if (upright) {
    ctx.add(ctx.box([W, 1.3 * s.tall, 0.6], [0, 0.65 * s.tall, 0]), 'wood', { colour: black });
    ctx.add(ctx.box([W * 0.95, 0.05, 0.3], [0, 0.72, 0.45]), 'ceramic', {
      part: 'keys',
      primary: false,
      colour: [0.95, 0.95, 0.92],
    });
    return;
  }
  const outline: Vec2[] = [
    [-W / 2, 0],
    [W / 2, 0],
    [W / 2, 0.8],
    [W * 0.3, 1.4],
    [0, 1.9],
    [-W / 2, 2.0],
  ];
  ctx.add(ctx.prism(outline, 0.35).rotate([-90, 0, 0]).translate([0, 0.85, 0]), 'wood', { colour: black });
  ctx.add(ctx.prism(outline, 0.02).rotate([-90, 0, 0]).translate([0, 1.04, 0]), 'wood', { part: 'lid', colour: black });
  ctx.add(ctx.capsule([W * 0.3, 1.04, -1.2], [W * 0.3, 1.6, -1.0], 0.015), 'wood', {
    part: 'prop',
    primary: false,
    colour: black,
  });
  ctx.add(ctx.box([W * 0.95, 0.05, 0.25], [0, 0.88, 0.1]), 'ceramic', {
    part: 'keys',
    primary: false,
    colour: [0.95, 0.95, 0.92],
  });
  for (const [x, z] of [
    [-W * 0.42, -0.1],
    [W * 0.42, -0.1],
    [-W * 0.35, -1.8],
  ])
    ctx.add(ctx.cyl(0.06, 0.7, [x, 0, z]), 'wood', { part: 'leg', colour: black });
  ctx.add(
    ctx.roundBox([W * 0.5, 0.08, 0.35], 0.02, [0, 0.5, 0.6]).add(ctx.box([W * 0.45, 0.45, 0.3], [0, 0.25, 0.6])),
    'wood',
    { part: 'bench', primary: false, colour: black },
  );
}

function drumShell(ctx: GenContext, r: number, h: number, at: [number, number, number], colour: RGB): void {
  ctx.add(ctx.cyl(r, h, at), 'wood', { colour });
  ctx.add(ctx.cyl(r * 1.02, h * 0.08, [at[0], at[1] + h * 0.92, at[2]]), 'metal', {
    part: 'rim',
    primary: false,
    colour: [0.8, 0.8, 0.82],
  });
  ctx.add(ctx.cyl(r * 0.98, h * 0.03, [at[0], at[1] + h, at[2]]), 'fabric', {
    part: 'skin',
    primary: false,
    colour: DRUM_HEAD,
  });
}

export function drum(ctx: GenContext): void {
  const { s } = ctx;
  const colour: RGB = ctx.rng.pick([
    [0.7, 0.1, 0.1],
    [0.15, 0.25, 0.55],
    [0.1, 0.1, 0.1],
  ] as RGB[]);
  if (ctx.interpretation.profile !== 'drum kit') {
    drumShell(ctx, 0.35 * s.wide, 0.3 * s.tall, [0, 0, 0], colour);
    return;
  }
  ctx.add(ctx.cyl(0.45, 0.4, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 0.45, 0.2]), 'wood', {
    part: 'bass drum',
    colour,
  });
  drumShell(ctx, 0.18, 0.15, [0.6, 0.55, 0.3], colour);
  drumShell(ctx, 0.15, 0.15, [-0.2, 0.9, 0.05], colour);
  drumShell(ctx, 0.15, 0.15, [0.2, 0.9, 0.05], colour);
  drumShell(ctx, 0.22, 0.3, [-0.65, 0, 0.3], colour);
  for (const [x, z] of [
    [0.6, 0.3],
    [-0.65, 0.3],
  ])
    ctx.add(ctx.cyl(0.015, 0.55, [x, 0, z]), 'metal', { part: 'stand', primary: false });
  for (const x of [-0.9, 0.9]) {
    ctx.add(ctx.cyl(0.015, 1.2, [x, 0, -0.1]), 'metal', { part: 'stand', primary: false });
    ctx.add(ctx.cyl(0.28, 0.01, [x, 1.2, -0.1], 0.02), 'metal', { part: 'cymbal', primary: false, colour: BRASS });
  }
}

export function windInstrument(ctx: GenContext): void {
  const { s } = ctx;
  const profile = ctx.interpretation.profile ?? 'trumpet';
  if (profile === 'accordion') {
    ctx.add(ctx.roundBox([0.15, 0.5, 0.4], 0.02, [-0.35, 0.25, 0]), 'wood', { colour: [0.75, 0.1, 0.1] });
    ctx.add(ctx.roundBox([0.15, 0.5, 0.4], 0.02, [0.35, 0.25, 0]), 'wood', { colour: [0.75, 0.1, 0.1] });
    for (let k = 0; k < 7; k++)
      ctx.add(ctx.box([0.07, 0.46 - (k % 2) * 0.04, 0.36 - (k % 2) * 0.04], [-0.24 + k * 0.08, 0.25, 0]), 'fabric', {
        part: 'bellows',
        primary: false,
        colour: [0.1, 0.1, 0.1],
      });
    ctx.add(ctx.box([0.02, 0.42, 0.1], [0.43, 0.26, 0.12]), 'ceramic', {
      part: 'keys',
      primary: false,
      colour: [0.95, 0.95, 0.92],
    });
    return;
  }
  const metal = profile === 'flute' ? 'silver' : 'bronze';
  const colour: RGB = profile === 'flute' ? [0.85, 0.85, 0.88] : BRASS;
  if (profile === 'flute') {
    ctx.add(
      ctx
        .cyl(0.02, 1.2 * s.long, [0, 0, 0])
        .rotate([0, 0, -90])
        .translate([-0.6, 0.03, 0]),
      metal,
      { colour },
    );
    for (let k = 0; k < 6; k++)
      ctx.add(ctx.cyl(0.012, 0.012, [-0.1 + k * 0.07, 0.045, 0]), metal, { part: 'key', colour });
    return;
  }
  if (profile === 'saxophone') {
    ctx.add(ctx.capsule([0, 0.2, 0], [0, 0.9, 0], 0.05, 0.03), metal, { colour });
    ctx.add(ctx.torus(0.1, 0.06, [0.1, 0.18, 0], 'z').trimByPlane([0, -1, 0], -0.18), metal, { colour });
    ctx.add(
      ctx.lathe(
        [
          [0.06, 0],
          [0.08, 0.2],
          [0.16, 0.38],
          [0.2, 0.42],
        ],
        [0.2, 0.18, 0],
      ),
      metal,
      { part: 'bell', colour },
    );
    for (let k = 0; k < 5; k++)
      ctx.add(ctx.sphere(0.025, [0.04, 0.35 + k * 0.1, 0.03], 10), metal, { part: 'key', colour: [0.9, 0.85, 0.7] });
    return;
  }
  // Brass: a coiled tube between a mouthpiece and a flared bell (a tuba stands upright).
  const tuba = profile === 'tuba';
  const sc = tuba ? 1.6 : 1;
  ctx.add(ctx.torus(0.16 * sc, 0.035 * sc, [0, 0.25 * sc, 0], 'z'), metal, { colour });
  ctx.add(ctx.capsule([-0.45 * sc, 0.36 * sc, 0], [0.3 * sc, 0.36 * sc, 0], 0.02 * sc), metal, {
    part: 'tube',
    colour,
  });
  const bell = ctx.lathe([
    [0.02, 0],
    [0.035, 0.2],
    [0.07, 0.32],
    [0.16, 0.4],
  ]);
  ctx.add(
    tuba ? bell.scale(sc * 1.5).translate([0.1, 0.3 * sc, 0]) : bell.rotate([0, 0, -90]).translate([0.3, 0.36, 0]),
    metal,
    { part: 'bell', colour },
  );
  for (const a of around(3))
    ctx.add(
      ctx.cyl(0.018 * sc, 0.16 * sc, [Math.cos(a) * 0.001 - 0.05 * sc + (a / 6) * 0.2 * sc, 0.36 * sc, 0]),
      metal,
      { part: 'valve', colour },
    );
}

export const INSTRUMENT_ROWS: Record<string, Generator> = {
  ...partLists('instruments'),
  xylophone: (ctx) => {
    const bars = ctx.count('bar', 12, 5, 24);
    for (let k = 0; k < bars; k++) {
      const x = -0.6 + (k * 1.2) / (bars - 1);
      const L = 0.45 - k * (0.2 / bars);
      ctx.add(ctx.roundBox([0.08, 0.035, L], 0.01, [x, 0.8, 0]), 'wood', { part: 'bar', colour: [0.72, 0.42, 0.25] });
      ctx.add(ctx.cyl(0.025, 0.4 - k * 0.015, [x, 0.35 + k * 0.015, 0]), 'metal', {
        part: 'resonator',
        primary: false,
        colour: [0.8, 0.8, 0.82],
      });
    }
    for (const z of [-0.22, 0.22])
      ctx.add(ctx.box([1.35, 0.04, 0.04], [0, 0.77, z * 0.9]), 'wood', {
        part: 'frame',
        primary: false,
        colour: [0.3, 0.2, 0.12],
      });
    for (const x of [-0.62, 0.62])
      for (const z of [-0.2, 0.2])
        ctx.add(ctx.cyl(0.02, 0.76, [x, 0, z]), 'metal', { part: 'leg', primary: false, colour: DARK });
  },
  kalimba: (ctx) => {
    ctx.add(ctx.roundBox([0.4, 0.1, 0.5], 0.03, [0, 0.05, 0]).subtract(ctx.cyl(0.04, 0.2, [0, 0.02, 0.12])), 'wood', {
      colour: [0.7, 0.5, 0.3],
    });
    ctx.add(ctx.box([0.36, 0.025, 0.03], [0, 0.115, -0.05]), 'metal', {
      part: 'bridge',
      primary: false,
      colour: [0.7, 0.7, 0.72],
    });
    const tines = ctx.count('tine', 9, 5, 17);
    for (let k = 0; k < tines; k++)
      ctx.add(
        ctx.box(
          [0.018, 0.008, 0.3 - Math.abs(k - (tines - 1) / 2) * 0.025],
          [-0.15 + (k * 0.3) / (tines - 1), 0.13, -0.08],
        ),
        'metal',
        { part: 'tine', primary: false, colour: [0.82, 0.82, 0.85] },
      );
  },
};
