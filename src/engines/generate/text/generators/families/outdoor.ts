/**
 * Garden, yard and playground things: a swing set, a slide, a seesaw, a trampoline, a gazebo, a
 * greenhouse, a doghouse, a birdhouse, a campfire, a barbecue, a fountain (a bird bath is its
 * shallow one-tier form) and a hay bale. A row each, as few primitives as say what it is.
 */
import type { Vec2 } from 'manifold-3d';
import { around, says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { STEEL, STONE, WOOD } from '../palette.ts';

/** A gable roof over a w × d footprint at height y, ridge along z. */
function gable(
  ctx: GenContext,
  w: number,
  d: number,
  y: number,
  rise: number,
  colour: RGB,
  material: 'wood' | 'clay' | 'glass' = 'wood',
): void {
  ctx.add(
    ctx.prism(
      [
        [-w / 2 - 0.04, 0],
        [w / 2 + 0.04, 0],
        [0, rise],
      ],
      d + 0.08,
      [0, y, 0],
    ),
    material,
    { part: 'roof', colour },
  );
}

export const OUTDOOR: Record<string, Generator> = {
  'swing set': (ctx) => {
    const seats = ctx.count('swing', 2, 1, 4);
    const W = 0.6 * seats + 0.4;
    for (const x of [-W / 2, W / 2])
      for (const z of [-1, 1])
        ctx.add(ctx.capsule([x, 1.5, 0], [x, 0.02, z * 0.5], 0.03), 'metal', {
          part: 'leg',
          colour: [0.2, 0.45, 0.75],
        });
    ctx.add(ctx.capsule([-W / 2, 1.5, 0], [W / 2, 1.5, 0], 0.035), 'metal', {
      part: 'beam',
      colour: [0.2, 0.45, 0.75],
    });
    for (let k = 0; k < seats; k++) {
      const x = -W / 2 + 0.5 + k * 0.6;
      for (const dx of [-0.13, 0.13])
        ctx.add(ctx.cyl(0.006, 1.05, [x + dx, 0.45, 0]), 'metal', { part: 'chain', primary: false, colour: STEEL });
      ctx.add(ctx.box([0.32, 0.03, 0.14], [x, 0.44, 0]), 'rubber', {
        part: 'seat',
        primary: false,
        colour: [0.85, 0.2, 0.15],
      });
    }
  },
  slide: (ctx) => {
    const colour: RGB = [0.95, 0.75, 0.1];
    for (const x of [-0.2, 0.2])
      ctx.add(ctx.box([0.04, 1.2, 0.04], [x, 0.6, -0.6]), 'metal', { part: 'ladder', colour: STEEL });
    for (let k = 1; k <= 5; k++)
      ctx.add(ctx.box([0.4, 0.03, 0.03], [0, k * 0.2, -0.6]), 'metal', { part: 'rung', colour: STEEL });
    ctx.add(ctx.box([0.5, 0.05, 0.3], [0, 1.2, -0.5]), 'metal', { part: 'platform', colour: STEEL });
    const chute: Vec2[] = [
      [-0.35, 1.2],
      [0.9, 0.12],
      [1.1, 0.1],
      [1.1, 0.16],
      [0.9, 0.2],
      [-0.35, 1.28],
    ];
    ctx.add(
      ctx
        .prism(chute, 0.42)
        .rotate([0, -90, 0])
        .translate([0, 0, 0])
        .add(
          ctx
            .prism(
              chute.map(([a, b]) => [a, b + 0.1] as Vec2),
              0.04,
            )
            .rotate([0, -90, 0])
            .translate([0.21, 0, 0]),
        )
        .add(
          ctx
            .prism(
              chute.map(([a, b]) => [a, b + 0.1] as Vec2),
              0.04,
            )
            .rotate([0, -90, 0])
            .translate([-0.21, 0, 0]),
        ),
      'plastic',
      { colour },
    );
  },
  seesaw: (ctx) => {
    ctx.add(
      ctx.prism(
        [
          [-0.15, 0],
          [0.15, 0],
          [0, 0.35],
        ],
        0.3,
      ),
      'metal',
      { part: 'fulcrum', colour: STEEL },
    );
    ctx.add(ctx.box([2.2, 0.05, 0.22], [0, 0.38, 0]).rotate([0, 0, 8]), 'wood', { colour: [0.85, 0.2, 0.15] });
    for (const x of [-0.95, 0.95])
      ctx.add(ctx.capsule([x * 0.88, 0.5 + x * 0.13, -0.1], [x * 0.88, 0.5 + x * 0.13, 0.1], 0.02), 'metal', {
        part: 'handle',
        primary: false,
        colour: STEEL,
      });
  },
  trampoline: (ctx) => {
    const r = 0.9;
    ctx.add(ctx.torus(r, 0.03, [0, 0.5, 0], 'y'), 'metal', { part: 'frame', colour: STEEL });
    ctx.add(ctx.cyl(r * 0.88, 0.015, [0, 0.49, 0]), 'fabric', { part: 'mat', colour: [0.1, 0.1, 0.12] });
    ctx.add(ctx.torus(r * 0.94, 0.035, [0, 0.5, 0], 'y').scale([1, 0.5, 1]), 'fabric', {
      part: 'pad',
      primary: false,
      colour: [0.2, 0.4, 0.85],
    });
    for (const a of around(6))
      ctx.add(
        ctx.capsule(
          [Math.cos(a) * r, 0.5, Math.sin(a) * r],
          [Math.cos(a) * r * 1.02, 0.02, Math.sin(a) * r * 1.02],
          0.025,
        ),
        'metal',
        { part: 'leg', colour: STEEL },
      );
  },
  gazebo: (ctx) => {
    const n = 6;
    const R = 0.9;
    ctx.add(ctx.cyl(R + 0.1, 0.1, [0, 0, 0], R + 0.1, n), 'wood', { part: 'floor', colour: WOOD });
    for (const a of around(n))
      ctx.add(ctx.cyl(0.04, 1.2, [Math.cos(a) * R, 0.1, Math.sin(a) * R]), 'wood', {
        part: 'post',
        colour: [0.95, 0.95, 0.93],
      });
    // A rail between each pair of posts but the entrance.
    for (const [k, a] of around(n).entries())
      if (k !== 0) {
        const b = a + (Math.PI * 2) / n;
        ctx.add(
          ctx.capsule([Math.cos(a) * R, 0.5, Math.sin(a) * R], [Math.cos(b) * R, 0.5, Math.sin(b) * R], 0.025),
          'wood',
          { part: 'rail', colour: [0.95, 0.95, 0.93] },
        );
      }
    ctx.add(ctx.cyl(R + 0.25, 0.55, [0, 1.3, 0], 0.02, n), 'wood', { part: 'roof', colour: [0.35, 0.22, 0.15] });
  },
  greenhouse: (ctx) => {
    const [w, d, h] = [1.2, 1.8, 0.9];
    ctx.add(ctx.box([w, 0.08, d], [0, 0.04, 0]), 'stone', { part: 'base', primary: false, colour: STONE });
    ctx.add(
      ctx.box([w, h, d], [0, 0.08 + h / 2, 0]).subtract(ctx.box([w - 0.04, h, d - 0.04], [0, 0.1 + h / 2, 0])),
      'glass',
      { colour: [0.75, 0.88, 0.85] },
    );
    gable(ctx, w, d, 0.08 + h, 0.45, [0.75, 0.88, 0.85], 'glass');
    for (let k = 0; k <= 4; k++)
      ctx.add(ctx.box([w + 0.02, 0.03, 0.03], [0, 0.08 + h, -d / 2 + (k * d) / 4]), 'metal', {
        part: 'frame',
        primary: false,
        colour: [0.95, 0.95, 0.95],
      });
  },
  doghouse: (ctx) => {
    const [w, d, h] = [0.8, 1.0, 0.6];
    ctx.add(
      ctx.box([w, h, d], [0, h / 2, 0]).subtract(
        ctx.prism(
          [
            [-0.15, 0.02],
            [0.15, 0.02],
            [0.15, 0.3],
            [0, 0.42],
            [-0.15, 0.3],
          ],
          0.3,
          [0, 0, d / 2],
        ),
      ),
      'wood',
      { colour: [0.75, 0.3, 0.2] },
    );
    gable(ctx, w, d, h, 0.4, [0.3, 0.3, 0.32]);
    ctx.add(ctx.box([0.3, 0.08, 0.02], [0, h + 0.05, d / 2 + 0.05]), 'wood', {
      part: 'sign',
      primary: false,
      colour: [0.95, 0.9, 0.75],
    });
  },
  birdhouse: (ctx) => {
    ctx.add(ctx.box([0.04, 1.1, 0.04], [0, 0.55, 0]), 'wood', { part: 'post', primary: false, colour: WOOD });
    ctx.add(
      ctx
        .box([0.3, 0.3, 0.3], [0, 1.25, 0])
        .subtract(ctx.cyl(0.05, 0.2, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 1.3, 0.1])),
      'wood',
      { colour: [0.85, 0.75, 0.55] },
    );
    gable(ctx, 0.3, 0.3, 1.4, 0.18, [0.55, 0.2, 0.15]);
    ctx.add(ctx.capsule([0, 1.18, 0.15], [0, 1.18, 0.23], 0.01), 'wood', {
      part: 'perch',
      primary: false,
      colour: WOOD,
    });
  },
  campfire: (ctx) => {
    for (const a of around(8))
      ctx.add(ctx.sphere(0.1, [Math.cos(a) * 0.45, 0.06, Math.sin(a) * 0.45], 8).scale([1, 0.7, 1]), 'stone', {
        part: 'stone',
        primary: false,
        colour: [0.5, 0.5, 0.5],
      });
    for (const a of around(4, 0.4))
      ctx.add(
        ctx.capsule(
          [Math.cos(a) * 0.35, 0.04, Math.sin(a) * 0.35],
          [Math.cos(a) * 0.05, 0.3, Math.sin(a) * 0.05],
          0.045,
        ),
        'wood',
        { part: 'log', colour: [0.4, 0.26, 0.15] },
      );
    if (!says(ctx, /\b(unlit|cold|ash|ashes)\b/))
      for (const [x, z, h] of [
        [0, 0, 0.5],
        [0.08, 0.05, 0.35],
        [-0.07, -0.04, 0.38],
      ] as const)
        ctx.add(ctx.cyl(0.09, h, [x, 0.08, z], 0.005), 'wax', {
          part: 'flame',
          primary: false,
          colour: [1, 0.55, 0.1],
        });
  },
  barbecue: (ctx) => {
    const black: RGB = [0.12, 0.12, 0.13];
    ctx.add(
      ctx
        .sphere(0.35, [0, 0.75, 0])
        .trimByPlane([0, -1, 0], -0.78)
        .subtract(ctx.sphere(0.32, [0, 0.75, 0])),
      'metal',
      { part: 'bowl', colour: black },
    );
    // A closed lid (a solid cap): thin shells crossing at an angle did not union cleanly.
    ctx.add(ctx.sphere(0.36, [0, 0.72, 0]).trimByPlane([0, 1, 0], 0.8), 'metal', { part: 'lid', colour: black });
    ctx.add(ctx.torus(0.05, 0.012, [0, 1.08, 0], 'z').trimByPlane([0, 1, 0], 1.07), 'metal', {
      part: 'handle',
      primary: false,
      colour: STEEL,
    });
    ctx.add(ctx.cyl(0.29, 0.01, [0, 0.74, 0]), 'metal', { part: 'grate', primary: false, colour: STEEL });
    for (const a of around(3, 0.5))
      ctx.add(
        ctx.capsule(
          [Math.cos(a) * 0.22, 0.55, Math.sin(a) * 0.22],
          [Math.cos(a) * 0.35, 0.01, Math.sin(a) * 0.35],
          0.02,
        ),
        'metal',
        { part: 'leg', colour: black },
      );
  },
  fountain: (ctx) => {
    const bird = ctx.interpretation.profile === 'bird bath' || says(ctx, /\bbird ?bath\b/);
    ctx.add(ctx.cyl(bird ? 0.1 : 0.12, bird ? 0.75 : 0.45, [0, 0, 0], bird ? 0.08 : 0.1), 'stone', {
      part: 'pedestal',
      colour: STONE,
    });
    const basin = (r: number, y: number) =>
      ctx.add(
        ctx
          .lathe([
            [r * 0.3, y],
            [r, y + 0.08],
            [r, y + 0.14],
          ])
          .subtract(
            ctx.lathe([
              [r * 0.25, y + 0.06],
              [r * 0.93, y + 0.15],
            ]),
          ),
        'stone',
        { part: 'basin', colour: STONE },
      );
    if (bird) {
      basin(0.45, 0.72);
      ctx.add(ctx.cyl(0.4, 0.02, [0, 0.8, 0]), 'glass', { part: 'water', primary: false, colour: [0.5, 0.7, 0.85] });
      return;
    }
    ctx.add(ctx.cyl(1.0, 0.25).subtract(ctx.cyl(0.92, 0.3, [0, 0.06, 0])), 'stone', { part: 'pool', colour: STONE });
    ctx.add(ctx.cyl(0.93, 0.02, [0, 0.16, 0]), 'glass', { part: 'water', primary: false, colour: [0.5, 0.7, 0.85] });
    basin(0.5, 0.45);
    ctx.add(ctx.cyl(0.06, 0.4, [0, 0.55, 0], 0.05), 'stone', { part: 'pedestal', colour: STONE });
    basin(0.25, 0.9);
    ctx.add(ctx.cyl(0.03, 0.3, [0, 1.0, 0], 0.005), 'glass', { part: 'jet', primary: false, colour: [0.6, 0.8, 0.95] });
  },
  'hay bale': (ctx) => {
    const round = !says(ctx, /\b(square|rectangular|block)\b/);
    const hay: RGB = [0.88, 0.75, 0.4];
    if (round)
      ctx.add(ctx.cyl(0.5, 0.9, [0, -0.45, 0]).rotate([90, 0, 0]).translate([0, 0.5, 0]), 'organic', { colour: hay });
    else ctx.add(ctx.roundBox([1.0, 0.45, 0.5], 0.05, [0, 0.225, 0]), 'organic', { colour: hay });
    for (const off of [-0.25, 0.25])
      ctx.add(
        round ? ctx.torus(0.505, 0.012, [0, 0.5, off], 'z') : ctx.box([0.02, 0.47, 0.52], [off, 0.225, 0]),
        'fabric',
        { part: 'twine', primary: false, colour: [0.5, 0.35, 0.2] },
      );
  },
};
OUTDOOR['bird bath'] = OUTDOOR.fountain;

/** Playground frames and garden feeders, the rest of the yard. */
Object.assign(OUTDOOR, {
  'jungle gym': (ctx: GenContext) => {
    // Square bars (boxes), a 3 × 3 grid of posts: round bars crossing at every joint could not be
    // brought under a 2k-face budget.
    const bars: RGB = [0.85, 0.2, 0.15];
    for (let i = 0; i <= 2; i++)
      for (let j = 0; j <= 2; j++)
        ctx.add(ctx.box([0.04, 1.2, 0.04], [-0.6 + i * 0.6, 0.6, -0.6 + j * 0.6]), 'metal', {
          part: 'post',
          colour: bars,
        });
    for (const y of [0.6, 1.18])
      for (let k = 0; k <= 2; k++) {
        ctx.add(ctx.box([1.24, 0.035, 0.035], [0, y, -0.6 + k * 0.6]), 'metal', {
          part: 'bar',
          colour: [0.2, 0.45, 0.8],
        });
        ctx.add(ctx.box([0.035, 0.035, 1.24], [-0.6 + k * 0.6, y + 0.02, 0]), 'metal', {
          part: 'bar',
          colour: [0.95, 0.75, 0.1],
        });
      }
  },
  'merry-go-round': (ctx: GenContext) => {
    ctx.add(ctx.cyl(0.9, 0.08, [0, 0.15, 0]), 'metal', { colour: [0.85, 0.2, 0.15] });
    ctx.add(ctx.cyl(0.1, 0.15, [0, 0, 0]), 'metal', { part: 'hub', primary: false, colour: STEEL });
    for (const a of around(4)) {
      ctx.add(
        ctx
          .capsule([Math.cos(a) * 0.1, 0.23, Math.sin(a) * 0.1], [Math.cos(a) * 0.1, 0.7, Math.sin(a) * 0.1], 0.02)
          .add(
            ctx.capsule([Math.cos(a) * 0.1, 0.7, Math.sin(a) * 0.1], [Math.cos(a) * 0.8, 0.5, Math.sin(a) * 0.8], 0.02),
          )
          .add(
            ctx.capsule(
              [Math.cos(a) * 0.8, 0.5, Math.sin(a) * 0.8],
              [Math.cos(a) * 0.8, 0.23, Math.sin(a) * 0.8],
              0.02,
            ),
          ),
        'metal',
        { part: 'handle', primary: false, colour: [0.95, 0.75, 0.1] },
      );
    }
  },
  sandbox: (ctx: GenContext) => {
    ctx.add(ctx.box([1.4, 0.25, 1.4], [0, 0.125, 0]).subtract(ctx.box([1.25, 0.3, 1.25], [0, 0.2, 0])), 'wood', {
      colour: WOOD,
    });
    ctx.add(
      ctx.box([1.25, 0.15, 1.25], [0, 0.075, 0]).add(ctx.sphere(0.3, [0.2, 0.1, -0.1]).scale([1, 0.4, 1])),
      'stone',
      { part: 'sand', primary: false, colour: [0.93, 0.85, 0.62] },
    );
    ctx.add(ctx.cyl(0.1, 0.12, [-0.3, 0.15, 0.3], 0.12), 'plastic', {
      part: 'bucket',
      primary: false,
      colour: [0.2, 0.5, 0.9],
    });
  },
  'bird feeder': (ctx: GenContext) => {
    ctx.add(ctx.cyl(0.02, 1.2, [0, 0, 0]), 'metal', { part: 'pole', primary: false, colour: [0.15, 0.15, 0.15] });
    ctx.add(ctx.cyl(0.12, 0.35, [0, 1.2, 0]), 'glass', { part: 'tube', colour: [0.8, 0.88, 0.9] });
    ctx.add(ctx.cyl(0.11, 0.28, [0, 1.23, 0]), 'organic', { part: 'seed', primary: false, colour: [0.6, 0.45, 0.25] });
    ctx.add(ctx.cyl(0.2, 0.03, [0, 1.18, 0]).add(ctx.cyl(0.16, 0.1, [0, 1.55, 0], 0.02)), 'metal', {
      part: 'roof',
      colour: [0.2, 0.4, 0.25],
    });
    for (const a of around(2))
      ctx.add(
        ctx.capsule(
          [Math.cos(a) * 0.12, 1.25, Math.sin(a) * 0.12],
          [Math.cos(a) * 0.25, 1.25, Math.sin(a) * 0.25],
          0.01,
        ),
        'metal',
        { part: 'perch', primary: false, colour: STEEL },
      );
  },
});
