/**
 * Toys and puzzles (WordNet's plaything branch and the dice it files under "cube"): building blocks,
 * dice, a plastic brick, a puzzle cube, a spinning top, a yo-yo, a coil spring toy, a fidget spinner, a
 * piñata, a jack-in-the-box, a kite, a pogo stick, a rocking horse and a doll. A row each, as few
 * primitives as say what it is; colours are the toy's usual bright ones unless the prompt names one.
 */
import type { Vec2, Vec3 } from 'manifold-3d';
import { addDetail, around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { LIGHT_WOOD, STEEL } from '../palette.ts';
import { partLists } from '../part-list.ts';

const BRIGHT: RGB[] = [
  [0.85, 0.15, 0.15],
  [0.15, 0.4, 0.85],
  [0.95, 0.8, 0.1],
  [0.2, 0.65, 0.3],
  [0.95, 0.5, 0.1],
  [0.6, 0.3, 0.75],
];
const pick = (ctx: GenContext, k: number) => BRIGHT[(k + ctx.rng.int(0, BRIGHT.length - 1)) % BRIGHT.length];

export const TOYS: Record<string, Generator> = {
  ...partLists('toys'),
  blocks: (ctx) => {
    // A little pyramid of lettered cubes: three, two, one.
    const a = 0.3;
    let k = 0;
    for (const [row, n] of [
      [0, 3],
      [1, 2],
      [2, 1],
    ] as const)
      for (let i = 0; i < n; i++) {
        const x = (i - (n - 1) / 2) * (a + 0.02);
        const y = row * a + a / 2;
        const turn = ctx.rng.range(-8, 8);
        ctx.add(ctx.roundBox([a, a, a], 0.02).rotate([0, turn, 0]).translate([x, y, 0]), 'wood', {
          part: 'block',
          colour: LIGHT_WOOD,
        });
        ctx.add(
          ctx
            .box([a * 0.6, a * 0.6, 0.02])
            .translate([0, 0, a / 2])
            .rotate([0, turn, 0])
            .translate([x, y, 0]),
          'wood',
          { part: 'letter', primary: false, colour: pick(ctx, k++) },
        );
      }
  },
  'lego brick': (ctx) => {
    const colour = pick(ctx, 0);
    const [w, h, d] = [0.8, 0.29, 0.4];
    ctx.add(ctx.box([w, h, d], [0, h / 2, 0]), 'plastic', { part: 'brick', colour });
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 2; j++)
        ctx.add(ctx.cyl(0.06, 0.06, [(i - 1.5) * 0.2, h, (j - 0.5) * 0.2]), 'plastic', {
          part: 'stud',
          primary: false,
          colour,
        });
  },
  'rubiks cube': (ctx) => {
    const a = 0.6;
    const c = a / 3;
    ctx.add(ctx.roundBox([a, a, a], 0.02, [0, a / 2, 0]), 'plastic', { part: 'body', colour: [0.08, 0.08, 0.08] });
    const faces: [Vec3, RGB][] = [
      [
        [0, 1, 0],
        [0.95, 0.95, 0.95],
      ],
      [
        [0, 0, 1],
        [0.1, 0.6, 0.25],
      ],
      [
        [1, 0, 0],
        [0.85, 0.12, 0.12],
      ],
      [
        [0, 0, -1],
        [0.15, 0.35, 0.85],
      ],
      [
        [-1, 0, 0],
        [0.95, 0.5, 0.1],
      ],
    ];
    const scrambled = says(ctx, /scrambl|mixed|unsolved/);
    for (const [n, colour] of faces)
      for (let i = -1; i <= 1; i++)
        for (let j = -1; j <= 1; j++) {
          const [u, v]: [Vec3, Vec3] = n[1]
            ? [
                [1, 0, 0],
                [0, 0, 1],
              ]
            : n[0]
              ? [
                  [0, 1, 0],
                  [0, 0, 1],
                ]
              : [
                  [1, 0, 0],
                  [0, 1, 0],
                ];
          const at: Vec3 = [0, 1, 2].map(
            (q) => n[q] * (a / 2 + 0.005) + (u[q] * i + v[q] * j) * c + (q === 1 ? a / 2 : 0),
          ) as Vec3;
          const size: Vec3 = [0, 1, 2].map((q) => (n[q] ? 0.012 : c * 0.84)) as Vec3;
          addDetail(ctx, ctx.box(size, at), 'plastic', 'sticker', scrambled ? pick(ctx, i * 3 + j + 4) : colour);
        }
  },
  'spinning top': (ctx) => {
    const body: Vec2[] = [
      [0, 0],
      [0.06, 0.04],
      [0.3, 0.28],
      [0.34, 0.36],
      [0.28, 0.42],
      [0.05, 0.44],
      [0, 0.44],
    ];
    ctx.add(ctx.lathe(body), 'wood', { part: 'body', colour: pick(ctx, 0) });
    ctx.add(ctx.cyl(0.025, 0.2, [0, 0.43, 0]), 'wood', { part: 'handle', primary: false, colour: LIGHT_WOOD });
    addDetail(ctx, ctx.torus(0.31, 0.025, [0, 0.33, 0], 'y'), 'wood', 'stripe', pick(ctx, 2));
  },
  'yo yo': (ctx) => {
    const colour = pick(ctx, 0);
    // Two discs facing each other across a short axle, turned so the faces look forward.
    for (const side of [-1, 1])
      ctx.add(
        ctx
          .cyl(0.3, 0.14, [0, 0, 0], 0.28)
          .rotate([side * 90, 0, 0])
          .translate([0, 0.32, side * 0.01]),
        'plastic',
        { part: 'half', colour },
      );
    ctx.add(ctx.cyl(0.05, 0.06, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 0.32, -0.03]), 'plastic', {
      part: 'axle',
      primary: false,
      colour: STEEL,
    });
    addDetail(ctx, ctx.capsule([0, 0.32, 0], [0, 1.1, 0], 0.008), 'fabric', 'string', [0.95, 0.95, 0.9]);
  },
  slinky: (ctx) => {
    // A coil spring toy arched over from one step to the next: a bent core of short capsules (so the
    // rings are one solid) ridged with a ring at every turn.
    const n = ctx.s.segments <= 12 ? 7 : 16; // few turns for a small budget: each is a torus
    const rainbow = says(ctx, /rainbow/);
    const material = rainbow || says(ctx, /plastic/) ? 'plastic' : 'metal';
    const at = (t: number): Vec3 => [-0.5 * Math.cos(t), 0.5 * Math.sin(t) + 0.15, 0];
    for (let k = 0; k < n; k++) {
      const t = (Math.PI * k) / (n - 1);
      if (k > 0)
        ctx.add(ctx.capsule(at((Math.PI * (k - 1)) / (n - 1)), at(t), 0.125), material, {
          part: 'core',
          primary: false,
          colour: rainbow ? BRIGHT[k % BRIGHT.length] : [0.7, 0.72, 0.75],
        });
      const ring = ctx
        .torus(0.13, 0.025, [0, 0, 0], 'x')
        .rotate([0, 0, (t * 180) / Math.PI - 90])
        .translate(at(t));
      ctx.add(ring, material, { part: 'coil', colour: rainbow ? BRIGHT[k % BRIGHT.length] : [0.7, 0.72, 0.75] });
    }
  },
  'fidget spinner': (ctx) => {
    const colour = pick(ctx, 0);
    const y = 0.04;
    ctx.add(ctx.cyl(0.2, 0.08, [0, 0, 0]), 'plastic', { part: 'hub', colour });
    for (const a of around(3)) {
      const [x, z] = [Math.cos(a) * 0.42, Math.sin(a) * 0.42];
      ctx.add(ctx.hull([ctx.cyl(0.08, 0.08, [0, 0, 0]), ctx.cyl(0.16, 0.08, [x, 0, z])]), 'plastic', {
        part: 'arm',
        colour,
      });
      ctx.add(ctx.cyl(0.12, 0.1, [x, -0.01, z]), 'metal', { part: 'weight', primary: false, colour: STEEL });
    }
    ctx.add(ctx.cyl(0.12, 0.12, [0, y - 0.06, 0]), 'metal', { part: 'bearing', primary: false, colour: STEEL });
  },
  kite: (ctx) => {
    // A diamond kite standing on its tail, with its cross spars and a bowed tail.
    const sail: Vec2[] = [
      [0, 1.7],
      [0.45, 1.15],
      [0, 0.4],
      [-0.45, 1.15],
    ];
    ctx.add(ctx.prism(sail, 0.012, [0, 0, 0]), 'fabric', { part: 'sail', colour: pick(ctx, 0) });
    ctx.add(ctx.box([0.02, 1.3, 0.02], [0, 1.05, 0.02]), 'wood', { part: 'spar', primary: false, colour: LIGHT_WOOD });
    ctx.add(ctx.box([0.9, 0.02, 0.02], [0, 1.15, 0.02]), 'wood', { part: 'spar', primary: false, colour: LIGHT_WOOD });
    for (let k = 0; k < 4; k++)
      ctx.add(ctx.box([0.1, 0.04, 0.01], [Math.sin(k) * 0.06, 0.32 - k * 0.1, 0]).rotate([0, 0, 0]), 'fabric', {
        part: 'bow',
        primary: false,
        colour: pick(ctx, k + 1),
      });
    addDetail(ctx, ctx.box([0.01, 0.42, 0.01], [0, 0.19, 0]), 'fabric', 'tail', [0.95, 0.95, 0.9]);
  },
  'pogo stick': (ctx) => {
    const colour = pick(ctx, 0);
    ctx.add(ctx.cyl(0.035, 1.1, [0, 0.2, 0]), 'metal', { part: 'pole', colour });
    ctx.add(ctx.capsule([-0.22, 1.25, 0], [0.22, 1.25, 0], 0.03), 'rubber', {
      part: 'handle',
      colour: [0.1, 0.1, 0.1],
    });
    for (const x of [-0.12, 0.12])
      ctx.add(ctx.box([0.12, 0.03, 0.08], [x, 0.32, 0]), 'rubber', { part: 'peg', colour: [0.1, 0.1, 0.1] });
    for (let k = 0; k < 5; k++)
      addDetail(ctx, ctx.torus(0.06, 0.012, [0, 0.08 + k * 0.04, 0], 'y'), 'metal', 'spring', STEEL);
    ctx.add(ctx.cyl(0.045, 0.06, [0, 0, 0]), 'rubber', { part: 'foot', colour: [0.1, 0.1, 0.1] });
  },
  doll: (ctx) => {
    // A soft doll sitting up: a dress-shaped body, arms and legs, a round head with hair.
    const skin: RGB = says(ctx, /rag|cloth/) ? [0.95, 0.85, 0.75] : [0.97, 0.86, 0.78];
    const dress = pick(ctx, 0);
    ctx.add(
      ctx.lathe([
        [0, 0.12],
        [0.22, 0.12],
        [0.12, 0.6],
        [0, 0.62],
      ]),
      'fabric',
      { part: 'dress', colour: dress },
    );
    for (const x of [-0.08, 0.08])
      ctx.add(ctx.capsule([x, 0.2, 0], [x, 0.02, 0.18], 0.045), 'fabric', { part: 'leg', colour: skin });
    for (const x of [-1, 1])
      ctx.add(ctx.capsule([x * 0.12, 0.56, 0], [x * 0.24, 0.32, 0.05], 0.035), 'fabric', { part: 'arm', colour: skin });
    ctx.add(ctx.sphere(0.15, [0, 0.76, 0]), 'fabric', { part: 'head', colour: skin });
    addDetail(ctx, ctx.ellipsoid([0.17, 0.12, 0.15], [0, 0.83, -0.05]), 'fabric', 'hair', [0.75, 0.25, 0.1]);
    for (const x of [-0.05, 0.05])
      addDetail(ctx, ctx.sphere(0.022, [x, 0.78, 0.14], 8), 'plastic', 'eye', [0.1, 0.1, 0.1]);
  },
};
