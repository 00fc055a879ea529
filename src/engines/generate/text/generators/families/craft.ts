/**
 * Spacecraft that are not rockets (a satellite with solar wings and a dish, a space station of
 * modules on a truss, a six-wheeled rover, a legged lander, a crew capsule) and small vehicles (a
 * three-wheeled tuk-tuk, a pulled rickshaw, a sled, a snowmobile, a quad bike, a go-kart, a golf
 * cart, a ride-on lawn mower, a jet ski, a segway).
 */
import type { Vec3 } from 'manifold-3d';
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { BLACK, GOLD, PANEL, STEEL, WHITE } from '../palette.ts';

/** A wheel whose axle runs along z, centred at (x, r, z). */
function wheel(ctx: GenContext, x: number, z: number, r: number, width: number, y = r): void {
  ctx.add(
    ctx
      .cyl(r, width, [0, -width / 2, 0])
      .rotate([90, 0, 0])
      .translate([x, y, z]),
    'rubber',
    { part: 'wheel', primary: false, colour: BLACK },
  );
  ctx.add(
    ctx
      .cyl(r * 0.45, width * 1.1, [0, -width * 0.55, 0])
      .rotate([90, 0, 0])
      .translate([x, y, z]),
    'metal',
    { part: 'hubcap', primary: false, colour: STEEL },
  );
}

/** A flat solar panel of `w` × `d` centred at `at`, with a frame. */
function solarPanel(ctx: GenContext, w: number, d: number, at: Vec3): void {
  ctx.add(ctx.box([w, 0.02, d], at), 'glass', { part: 'solar panel', primary: false, colour: PANEL });
  ctx.add(ctx.box([w, 0.03, 0.02], [at[0], at[1], at[2]]), 'metal', { part: 'frame', primary: false, colour: STEEL });
}

/** A parabolic dish antenna facing +y, its rim of radius r at `at`. */
function dish(ctx: GenContext, r: number, at: Vec3): void {
  ctx.add(
    ctx
      .lathe([
        [0.02, 0],
        [r * 0.6, r * 0.12],
        [r, r * 0.35],
      ])
      .subtract(
        ctx.lathe([
          [0.01, 0.02],
          [r * 0.6, r * 0.15],
          [r * 0.95, r * 0.37],
        ]),
      )
      .translate(at),
    'metal',
    { part: 'dish', primary: false, colour: WHITE },
  );
}

const SPACECRAFT: Record<string, Generator> = {
  satellite: (ctx) => {
    const y = 0.6;
    ctx.add(ctx.box([0.4, 0.45, 0.4], [0, y, 0]), 'gold', { colour: GOLD });
    for (const side of [-1, 1]) {
      ctx.add(
        ctx
          .cyl(0.015, 0.3, [0, 0, 0])
          .rotate([0, 0, 90])
          .translate([side * 0.2 + (side > 0 ? 0.3 : 0), y, 0]),
        'metal',
        { part: 'boom', primary: false, colour: STEEL },
      );
      for (const k of [0, 1]) solarPanel(ctx, 0.45, 0.4, [side * (0.65 + k * 0.48), y, 0]);
    }
    dish(ctx, 0.22, [0, y + 0.22, 0]);
    ctx.add(ctx.cyl(0.012, 0.2, [0.1, y + 0.2, 0.1]), 'metal', { part: 'antenna', primary: false, colour: STEEL });
  },
  'space station': (ctx) => {
    const y = 0.6;
    ctx.add(ctx.box([2.2, 0.06, 0.06], [0, y + 0.25, 0]), 'metal', { part: 'truss', primary: false, colour: STEEL });
    for (const [x, L] of [
      [-0.35, 0.6],
      [0.3, 0.5],
    ] as const)
      ctx.add(
        ctx
          .cyl(0.14, L, [0, -L / 2, 0])
          .rotate([90, 0, 0])
          .translate([x, y, 0]),
        'metal',
        { colour: WHITE },
      );
    ctx.add(ctx.cyl(0.14, 0.5, [0, 0, 0]).rotate([0, 0, 90]).translate([0.25, y, 0]), 'metal', {
      part: 'module',
      colour: WHITE,
    });
    ctx.add(ctx.sphere(0.16, [0, y, 0]), 'metal', { part: 'node', colour: WHITE });
    for (const x of [-1, -0.75, 0.75, 1]) for (const z of [-1, 1]) solarPanel(ctx, 0.2, 0.7, [x, y + 0.25, z * 0.4]);
    ctx.add(ctx.box([0.3, 0.02, 0.2], [0, y + 0.42, 0]), 'metal', { part: 'radiator', primary: false, colour: WHITE });
  },
  'mars rover': (ctx) => {
    const r = 0.12;
    for (const x of [-0.38, 0, 0.38]) for (const z of [-0.36, 0.36]) wheel(ctx, x, z, r, 0.1);
    for (const z of [-0.3, 0.3])
      ctx.add(
        ctx.capsule([-0.38, r, z], [0, r + 0.15, z], 0.02).add(ctx.capsule([0, r + 0.15, z], [0.38, r, z], 0.02)),
        'metal',
        { part: 'rocker', primary: false, colour: STEEL },
      );
    ctx.add(ctx.box([0.8, 0.2, 0.5], [0, r + 0.25, 0]), 'metal', { colour: WHITE });
    ctx.add(ctx.box([0.85, 0.02, 0.55], [0, r + 0.36, 0]), 'metal', {
      part: 'deck',
      primary: false,
      colour: GOLD,
    });
    ctx.add(ctx.cyl(0.025, 0.45, [0.3, r + 0.36, 0.15]), 'metal', { part: 'mast', primary: false, colour: STEEL });
    ctx.add(ctx.box([0.14, 0.08, 0.1], [0.3, r + 0.85, 0.15]), 'metal', {
      part: 'camera',
      primary: false,
      colour: WHITE,
    });
    ctx.add(ctx.capsule([0.4, r + 0.3, -0.15], [0.65, r + 0.25, -0.15], 0.02), 'metal', {
      part: 'arm',
      primary: false,
      colour: STEEL,
    });
    dish(ctx, 0.1, [-0.25, r + 0.37, -0.15]);
  },
  'lunar lander': (ctx) => {
    ctx.add(ctx.cyl(0.42, 0.35, [0, 0.45, 0], 0.42, 8), 'gold', { colour: GOLD });
    ctx.add(ctx.cyl(0.32, 0.35, [0, 0.8, 0], 0.25, 8), 'metal', { part: 'cabin', colour: [0.75, 0.75, 0.72] });
    for (const a of around(4, Math.PI / 4)) {
      const foot: Vec3 = [Math.cos(a) * 0.75, 0.03, Math.sin(a) * 0.75];
      ctx.add(ctx.capsule([Math.cos(a) * 0.35, 0.6, Math.sin(a) * 0.35], foot, 0.025), 'metal', {
        part: 'leg',
        primary: false,
        colour: STEEL,
      });
      ctx.add(ctx.cyl(0.09, 0.03, [foot[0], 0, foot[2]]), 'metal', { part: 'foot', primary: false, colour: STEEL });
    }
    ctx.add(ctx.cyl(0.12, 0.15, [0, 0.3, 0], 0.2), 'metal', {
      part: 'nozzle',
      primary: false,
      colour: [0.3, 0.3, 0.32],
    });
    dish(ctx, 0.12, [0.2, 1.15, 0]);
  },
  capsule: (ctx) => {
    ctx.add(ctx.cyl(0.5, 0.6, [0, 0.1, 0], 0.22), 'metal', { colour: [0.85, 0.85, 0.83] });
    ctx.add(ctx.cyl(0.52, 0.1, [0, 0, 0]), 'metal', {
      part: 'heat shield',
      primary: false,
      colour: [0.35, 0.25, 0.18],
    });
    ctx.add(ctx.cyl(0.22, 0.12, [0, 0.7, 0], 0.18), 'metal', {
      part: 'hatch',
      primary: false,
      colour: [0.3, 0.3, 0.32],
    });
    for (const a of around(2, 0.6))
      ctx.add(
        ctx
          .box([0.12, 0.1, 0.04], [0, 0, 0])
          .rotate([-20, 0, 0])
          .rotate([0, (a * 180) / Math.PI, 0])
          .translate([Math.sin(a) * 0.4, 0.45, Math.cos(a) * 0.4]),
        'glass',
        { part: 'window', primary: false, colour: [0.2, 0.25, 0.35] },
      );
  },
};

const SMALL_VEHICLES: Record<string, Generator> = {
  'tuk-tuk': (ctx) => {
    const body: RGB = ctx.rng.pick([
      [0.95, 0.75, 0.1],
      [0.2, 0.55, 0.3],
      [0.1, 0.35, 0.7],
    ] as RGB[]);
    const r = 0.16;
    wheel(ctx, 0.55, 0, r, 0.1);
    for (const z of [-0.38, 0.38]) wheel(ctx, -0.35, z, r, 0.1);
    ctx.add(ctx.roundBox([0.95, 0.35, 0.8], 0.08, [-0.2, r + 0.3, 0]), 'metal', { colour: body });
    ctx.add(ctx.roundBox([0.35, 0.45, 0.35], 0.08, [0.5, r + 0.35, 0]), 'metal', { part: 'nose', colour: body });
    ctx.add(ctx.roundBox([1.2, 0.06, 0.86], 0.03, [-0.08, 1.25, 0]), 'fabric', {
      part: 'roof',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    for (const [x, z] of [
      [0.45, -0.35],
      [0.45, 0.35],
      [-0.62, -0.38],
      [-0.62, 0.38],
    ] as const)
      ctx.add(ctx.cyl(0.02, 1.25 - r - 0.35, [x, r + 0.35, z]), 'metal', {
        part: 'pillar',
        primary: false,
        colour: STEEL,
      });
    ctx.add(ctx.box([0.03, 0.35, 0.6], [0.42, r + 0.75, 0]), 'glass', {
      part: 'windscreen',
      primary: false,
      colour: [0.8, 0.88, 0.92],
    });
    ctx.add(ctx.roundBox([0.4, 0.12, 0.7], 0.04, [-0.35, r + 0.55, 0]), 'leather', {
      part: 'seat',
      primary: false,
      colour: [0.15, 0.1, 0.08],
    });
    ctx.add(ctx.capsule([0.45, r + 0.75, -0.25], [0.45, r + 0.75, 0.25], 0.02), 'metal', {
      part: 'handle',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
  },
  rickshaw: (ctx) => {
    for (const z of [-0.4, 0.4]) wheel(ctx, 0, z, 0.4, 0.05);
    ctx.add(
      ctx.roundBox([0.5, 0.12, 0.7], 0.04, [0, 0.5, 0]).add(ctx.roundBox([0.1, 0.5, 0.7], 0.04, [-0.22, 0.75, 0])),
      'wood',
      { colour: [0.6, 0.1, 0.08] },
    );
    ctx.add(
      ctx
        .sphere(0.5, [-0.1, 0.9, 0])
        .trimByPlane([1, 0, 0], -0.1)
        .trimByPlane([0, 1, 0], 0.9)
        .subtract(ctx.sphere(0.47, [-0.1, 0.9, 0])),
      'fabric',
      { part: 'hood', primary: false, colour: [0.1, 0.1, 0.1] },
    );
    for (const z of [-0.3, 0.3])
      ctx.add(ctx.capsule([0.1, 0.45, z], [1.1, 0.6, z], 0.025), 'wood', {
        part: 'shaft',
        primary: false,
        colour: [0.45, 0.3, 0.15],
      });
  },
  sled: (ctx) => {
    const toboggan = /\btoboggan\b/.test(ctx.interpretation.prompt.toLowerCase());
    const wood: RGB = [0.7, 0.5, 0.3];
    if (!toboggan)
      for (const z of [-0.22, 0.22]) {
        ctx.add(
          ctx
            .box([1.1, 0.03, 0.03], [0, 0.015, z])
            .add(ctx.torus(0.1, 0.015, [0.55, 0.11, z], 'z').trimByPlane([1, 0, 0], 0.55)),
          'metal',
          { part: 'runner', primary: false, colour: [0.7, 0.1, 0.1] },
        );
        for (const x of [-0.35, 0.3])
          ctx.add(ctx.box([0.04, 0.15, 0.03], [x, 0.09, z]), 'wood', { part: 'strut', colour: wood });
      }
    const y = toboggan ? 0.02 : 0.18;
    for (let k = 0; k < 4; k++)
      ctx.add(ctx.box([1.0, 0.025, 0.1], [-0.05, y, -0.18 + k * 0.12]), 'wood', { part: 'slat', colour: wood });
    if (toboggan)
      ctx.add(ctx.torus(0.15, 0.015, [0.45, 0.17, 0], 'z').trimByPlane([1, 0, 0], 0.45).scale([1, 1, 16]), 'wood', {
        part: 'curl',
        colour: wood,
      });
    ctx.add(ctx.capsule([0.6, y + 0.05, -0.2], [0.6, y + 0.05, 0.2], 0.015), 'fabric', {
      part: 'rope',
      primary: false,
      colour: [0.85, 0.8, 0.65],
    });
  },
  snowmobile: (ctx) => {
    const colour: RGB = [0.85, 0.1, 0.1];
    ctx.add(ctx.box([0.9, 0.2, 0.4], [-0.2, 0.15, 0]), 'rubber', { part: 'track', primary: false, colour: BLACK });
    for (const z of [-0.3, 0.3])
      ctx.add(
        ctx.box([0.6, 0.03, 0.1], [0.6, 0.02, z]).add(ctx.capsule([0.88, 0.02, z], [0.95, 0.12, z], 0.02)),
        'metal',
        { part: 'ski', primary: false, colour: [0.15, 0.15, 0.15] },
      );
    ctx.add(
      ctx.hull([ctx.roundBox([0.9, 0.3, 0.5], 0.1, [0.05, 0.4, 0]), ctx.sphere(0.12, [0.75, 0.3, 0])]),
      'plastic',
      { colour },
    );
    ctx.add(ctx.roundBox([0.6, 0.12, 0.32], 0.05, [-0.3, 0.6, 0]), 'leather', {
      part: 'seat',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    ctx.add(ctx.box([0.03, 0.2, 0.4], [0.35, 0.7, 0]).rotate([0, 0, -25]), 'glass', {
      part: 'windscreen',
      primary: false,
      colour: [0.3, 0.35, 0.4],
    });
    ctx.add(ctx.capsule([0.22, 0.72, -0.3], [0.22, 0.72, 0.3], 0.02), 'metal', {
      part: 'handle',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
  },
  atv: (ctx) => {
    const colour: RGB = [0.2, 0.45, 0.2];
    for (const x of [-0.4, 0.4]) for (const z of [-0.35, 0.35]) wheel(ctx, x, z, 0.2, 0.18);
    ctx.add(ctx.roundBox([1.0, 0.25, 0.45], 0.08, [0, 0.45, 0]), 'plastic', { colour });
    for (const x of [-0.4, 0.4])
      ctx.add(ctx.roundBox([0.45, 0.05, 0.95], 0.02, [x, 0.5, 0]), 'plastic', { part: 'fender', colour });
    ctx.add(ctx.roundBox([0.45, 0.1, 0.3], 0.04, [-0.1, 0.62, 0]), 'leather', {
      part: 'seat',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    ctx.add(
      ctx.capsule([0.3, 0.5, 0], [0.3, 0.8, 0], 0.025).add(ctx.capsule([0.3, 0.8, -0.3], [0.3, 0.8, 0.3], 0.02)),
      'metal',
      { part: 'handle', primary: false, colour: [0.1, 0.1, 0.1] },
    );
  },
  'go-kart': (ctx) => {
    for (const x of [-0.45, 0.45]) for (const z of [-0.35, 0.35]) wheel(ctx, x, z, 0.12, 0.14);
    ctx.add(
      ctx.box([1.2, 0.05, 0.5], [0, 0.1, 0]).add(
        ctx.prism(
          [
            [0.5, 0],
            [0.75, 0],
            [0.6, 0.12],
          ],
          0.45,
          [0, 0.1, 0],
        ),
      ),
      'plastic',
      { colour: [0.9, 0.15, 0.1] },
    );
    ctx.add(ctx.roundBox([0.3, 0.35, 0.35], 0.06, [-0.2, 0.3, 0]).rotate([0, 0, -10]), 'plastic', {
      part: 'seat',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    ctx.add(ctx.capsule([0.15, 0.15, 0], [0.3, 0.4, 0], 0.02), 'metal', {
      part: 'column',
      primary: false,
      colour: STEEL,
    });
    ctx.add(ctx.torus(0.1, 0.015, [0.3, 0.4, 0], 'x'), 'rubber', {
      part: 'steering wheel',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    ctx.add(ctx.cyl(0.1, 0.15, [-0.5, 0.12, 0.15]), 'metal', {
      part: 'engine',
      primary: false,
      colour: [0.4, 0.4, 0.42],
    });
  },
  'golf cart': (ctx) => {
    for (const x of [-0.45, 0.45]) for (const z of [-0.35, 0.35]) wheel(ctx, x, z, 0.14, 0.12);
    ctx.add(ctx.roundBox([1.25, 0.3, 0.8], 0.06, [0, 0.32, 0]), 'plastic', { colour: WHITE });
    ctx.add(
      ctx
        .roundBox([0.4, 0.12, 0.75], 0.04, [-0.1, 0.53, 0])
        .add(ctx.roundBox([0.1, 0.35, 0.75], 0.04, [-0.3, 0.75, 0])),
      'leather',
      { part: 'seat', primary: false, colour: [0.15, 0.15, 0.15] },
    );
    ctx.add(ctx.roundBox([1.2, 0.05, 0.85], 0.02, [0, 1.35, 0]), 'plastic', { part: 'roof', colour: WHITE });
    for (const [x, z] of [
      [0.35, -0.35],
      [0.35, 0.35],
      [-0.45, -0.35],
      [-0.45, 0.35],
    ] as const)
      ctx.add(ctx.cyl(0.02, 0.88, [x, 0.47, z]), 'metal', { part: 'pillar', primary: false, colour: STEEL });
    ctx.add(ctx.box([0.03, 0.4, 0.7], [0.4, 0.95, 0]), 'glass', {
      part: 'windscreen',
      primary: false,
      colour: [0.8, 0.88, 0.92],
    });
  },
  'lawn mower': (ctx) => {
    const colour: RGB = [0.2, 0.55, 0.2];
    const riding = /\b(ride|riding|ride-on|tractor)\b/.test(ctx.interpretation.prompt.toLowerCase());
    if (riding) {
      for (const [x, r] of [
        [-0.4, 0.2],
        [0.45, 0.13],
      ] as const)
        for (const z of [-0.35, 0.35]) wheel(ctx, x, z, r, 0.14);
      ctx.add(
        ctx.roundBox([1.1, 0.3, 0.6], 0.08, [0, 0.4, 0]).add(ctx.roundBox([0.5, 0.3, 0.55], 0.08, [0.35, 0.5, 0])),
        'metal',
        { colour },
      );
      ctx.add(ctx.box([0.7, 0.1, 0.85], [0.05, 0.12, 0]), 'metal', {
        part: 'deck',
        primary: false,
        colour: [0.2, 0.2, 0.2],
      });
      ctx.add(ctx.roundBox([0.3, 0.3, 0.4], 0.06, [-0.3, 0.65, 0]), 'leather', {
        part: 'seat',
        primary: false,
        colour: [0.1, 0.1, 0.1],
      });
      ctx.add(
        ctx.capsule([0.1, 0.6, 0], [0.05, 0.85, 0], 0.02).add(ctx.torus(0.1, 0.015, [0.05, 0.85, 0], 'y')),
        'metal',
        { part: 'steering wheel', primary: false, colour: [0.1, 0.1, 0.1] },
      );
    } else {
      for (const x of [-0.22, 0.22]) for (const z of [-0.22, 0.22]) wheel(ctx, x, z, 0.08, 0.05);
      ctx.add(ctx.roundBox([0.55, 0.16, 0.48], 0.05, [0, 0.14, 0]), 'metal', { colour: [0.85, 0.15, 0.1] });
      ctx.add(ctx.cyl(0.1, 0.14, [0, 0.22, 0]), 'metal', { part: 'engine', primary: false, colour: [0.2, 0.2, 0.2] });
      for (const z of [-0.18, 0.18])
        ctx.add(ctx.capsule([-0.25, 0.2, z], [-0.7, 0.85, z], 0.015), 'metal', {
          part: 'handle',
          primary: false,
          colour: [0.1, 0.1, 0.1],
        });
      ctx.add(ctx.capsule([-0.7, 0.85, -0.18], [-0.7, 0.85, 0.18], 0.02), 'rubber', {
        part: 'grip',
        primary: false,
        colour: [0.1, 0.1, 0.1],
      });
    }
  },
  'jet ski': (ctx) => {
    ctx.add(
      ctx.hull([ctx.roundBox([1.1, 0.25, 0.55], 0.1, [-0.1, 0.15, 0]), ctx.sphere(0.1, [0.7, 0.2, 0])]),
      'plastic',
      { colour: [0.95, 0.95, 0.95] },
    );
    ctx.add(ctx.roundBox([0.9, 0.06, 0.5], 0.03, [-0.05, 0.28, 0]), 'plastic', {
      part: 'stripe',
      primary: false,
      colour: [0.1, 0.3, 0.8],
    });
    ctx.add(ctx.roundBox([0.5, 0.14, 0.26], 0.06, [-0.2, 0.38, 0]), 'leather', {
      part: 'seat',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
    ctx.add(ctx.roundBox([0.2, 0.2, 0.3], 0.06, [0.25, 0.4, 0]), 'plastic', {
      part: 'console',
      colour: [0.1, 0.3, 0.8],
    });
    ctx.add(ctx.capsule([0.3, 0.55, -0.28], [0.3, 0.55, 0.28], 0.02), 'rubber', {
      part: 'handle',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
  },
  segway: (ctx) => {
    for (const z of [-0.25, 0.25]) wheel(ctx, 0, z, 0.2, 0.08);
    ctx.add(ctx.box([0.3, 0.08, 0.42], [0, 0.2, 0]), 'plastic', { part: 'platform', colour: [0.15, 0.15, 0.15] });
    ctx.add(ctx.capsule([0.05, 0.2, 0], [0.12, 1.0, 0], 0.03), 'metal', { part: 'column', colour: STEEL });
    ctx.add(ctx.capsule([0.12, 1.0, -0.25], [0.12, 1.0, 0.25], 0.025), 'rubber', {
      part: 'handle',
      primary: false,
      colour: [0.1, 0.1, 0.1],
    });
  },
};

export function spacecraft(ctx: GenContext): void {
  (SPACECRAFT[ctx.interpretation.profile ?? ''] ?? SPACECRAFT.satellite)(ctx);
}

export function smallVehicle(ctx: GenContext): void {
  (SMALL_VEHICLES[ctx.interpretation.profile ?? ''] ?? SMALL_VEHICLES['tuk-tuk'])(ctx);
}
