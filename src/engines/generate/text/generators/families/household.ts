/**
 * Household and workshop things no other family built: a fire extinguisher, a trash can, a beehive, an
 * aquarium (a terrarium is its planted, dry form), a candelabra, a music box, a salt shaker, a coat
 * rack, a lectern and a workbench; and the workshop's powered and measuring tools (jackhammer,
 * blowtorch, soldering iron, leaf blower, spirit level, flashlight, light bulb, binoculars) and the
 * siege engine and hand grenade the weapon families lacked. A row each, as few primitives as say what
 * it is.
 */
import type { Vec2, Vec3 } from 'manifold-3d';
import { says, type GenContext, type RGB, type Generator } from '../kit.ts';
import { DARK, SOIL, STEEL, WOOD } from '../palette.ts';
import { partLists } from '../part-list.ts';

/** A glass tank: water, gravel and water plants, or (dry) soil and moss as a terrarium. */
function tank(ctx: GenContext, dry: boolean): void {
  const [w, h, d] = dry ? [0.5, 0.5, 0.5] : [1.0, 0.55, 0.45];
  ctx.add(ctx.box([w, 0.04, d], [0, 0.02, 0]), 'metal', { part: 'base', primary: false, colour: DARK });
  ctx.add(ctx.box([w - 0.02, 0.06, d - 0.02], [0, 0.07, 0]), 'stone', {
    part: dry ? 'soil' : 'gravel',
    primary: false,
    colour: dry ? SOIL : [0.8, 0.75, 0.6],
  });
  if (!dry)
    ctx.add(ctx.box([w - 0.03, h * 0.8, d - 0.03], [0, 0.1 + h * 0.4, 0]), 'glass', {
      part: 'water',
      primary: false,
      colour: [0.55, 0.75, 0.9],
    });
  ctx.add(
    ctx.box([w, h, d], [0, 0.04 + h / 2, 0]).subtract(ctx.box([w - 0.02, h, d - 0.02], [0, 0.05 + h / 2, 0])),
    'glass',
    { part: 'glass', colour: [0.85, 0.92, 0.95] },
  );
  for (let k = 0; k < 4; k++) {
    const x = -w * 0.35 + k * w * 0.22;
    if (dry)
      ctx.add(ctx.sphere(0.07 + (k % 2) * 0.03, [x, 0.12, (k % 2 ? -1 : 1) * 0.08], 10).scale([1, 0.6, 1]), 'organic', {
        part: 'moss',
        colour: [0.3, 0.55, 0.2],
      });
    else
      ctx.add(
        ctx.capsule([x, 0.1, -d * 0.25], [x + 0.03, 0.1 + h * (0.35 + (k % 2) * 0.3), -d * 0.25], 0.025, 0.012),
        'organic',
        { part: 'plant', primary: false, colour: [0.2, 0.6, 0.25] },
      );
  }
  ctx.add(
    ctx.box([w, 0.03, d], [0, 0.055 + h, 0]).subtract(ctx.box([w * 0.4, 0.05, d * 0.5], [0, 0.055 + h, 0])),
    'metal',
    { part: 'lid', primary: false, colour: DARK },
  );
}

export const HOUSEHOLD: Record<string, Generator> = {
  ...partLists('household'),
  'trash can': (ctx) => {
    const colour: RGB = says(ctx, /green|recycl/)
      ? [0.2, 0.5, 0.25]
      : says(ctx, /blue/)
        ? [0.2, 0.35, 0.7]
        : [0.55, 0.57, 0.6];
    ctx.add(
      ctx.lathe([
        [0, 0],
        [0.28, 0],
        [0.33, 0.85],
        [0, 0.85],
      ]),
      'metal',
      { part: 'can', colour },
    );
    for (const y of [0.25, 0.55])
      ctx.add(ctx.torus(0.3 + y * 0.05, 0.012, [0, y, 0], 'y'), 'metal', { part: 'rib', primary: false, colour });
    ctx.add(ctx.cyl(0.36, 0.05, [0, 0.85, 0], 0.3), 'metal', { part: 'lid', colour });
    ctx.add(ctx.capsule([-0.08, 0.95, 0], [0.08, 0.95, 0], 0.02), 'metal', {
      part: 'handle',
      primary: false,
      colour: STEEL,
    });
  },
  beehive: (ctx) => {
    if (says(ctx, /skep|straw|dome/)) {
      const bands = 6;
      for (let k = 0; k < bands; k++)
        ctx.add(ctx.torus(0.35 * Math.cos((k / bands) * 1.3), 0.07, [0, 0.07 + k * 0.11, 0], 'y'), 'organic', {
          part: 'coil',
          colour: [0.85, 0.7, 0.4],
        });
      ctx.add(ctx.sphere(0.12, [0, 0.7, 0]), 'organic', { part: 'top', colour: [0.85, 0.7, 0.4] });
      return;
    }
    // A stacked box hive on legs: a stand, two brood boxes with hand holds, a super, a gabled roof.
    for (const x of [-0.25, 0.25])
      for (const z of [-0.18, 0.18])
        ctx.add(ctx.box([0.05, 0.25, 0.05], [x, 0.125, z]), 'wood', { part: 'leg', colour: WOOD });
    const colours: RGB[] = [
      [0.95, 0.95, 0.9],
      [0.95, 0.85, 0.35],
      [0.95, 0.95, 0.9],
    ];
    for (const [k, colour] of colours.entries()) {
      ctx.add(ctx.box([0.6, 0.22, 0.45], [0, 0.36 + k * 0.225, 0]), 'wood', { part: 'box', colour });
      ctx.add(ctx.box([0.12, 0.03, 0.02], [0, 0.38 + k * 0.225, 0.23]), 'wood', {
        part: 'hand hold',
        primary: false,
        colour: WOOD,
      });
    }
    ctx.add(
      ctx.prism(
        [
          [-0.36, 0],
          [0.36, 0],
          [0, 0.16],
        ],
        0.52,
        [0, 0.925, 0],
      ),
      'wood',
      { part: 'roof', colour: [0.5, 0.52, 0.55] },
    );
    ctx.add(ctx.box([0.2, 0.02, 0.06], [0, 0.25, 0.25]), 'wood', {
      part: 'landing board',
      primary: false,
      colour: WOOD,
    });
  },
  aquarium: (ctx) => tank(ctx, says(ctx, /terrarium|moss|succulent|vivarium/)),

  candelabra: (ctx) => {
    const metal: RGB = says(ctx, /gold|brass/) ? [0.85, 0.68, 0.3] : [0.78, 0.78, 0.8];
    const arms = ctx.count('candle', 5, 3, 9) - 1;
    ctx.add(
      ctx.lathe([
        [0, 0],
        [0.16, 0],
        [0.14, 0.04],
        [0.04, 0.1],
        [0.03, 0.55],
        [0.05, 0.6],
        [0, 0.62],
      ]),
      'silver',
      { part: 'stem', colour: metal },
    );
    const sockets: Vec3[] = [[0, 0.62, 0]];
    for (let k = 0; k < arms; k++) {
      const x = (k < arms / 2 ? -1 : 1) * (0.12 + 0.12 * (k % Math.ceil(arms / 2)));
      sockets.push([x, 0.55, 0]);
      ctx.add(ctx.capsule([0, 0.45, 0], [x, 0.52, 0], 0.014), 'silver', { part: 'arm', colour: metal });
    }
    for (const [x, y, z] of sockets) {
      ctx.add(ctx.cyl(0.03, 0.04, [x, y - 0.02, z]), 'silver', { part: 'socket', colour: metal });
      ctx.add(ctx.cyl(0.02, 0.22, [x, y + 0.02, z]), 'wax', {
        part: 'candle',
        primary: false,
        colour: [0.96, 0.94, 0.86],
      });
      ctx.add(
        ctx
          .sphere(0.012, [x, y + 0.255, z], 8)
          .scale([1, 1.8, 1])
          .translate([0, 0, 0]),
        'wax',
        { part: 'flame', primary: false, colour: [1, 0.75, 0.2] },
      );
    }
  },
  'music box': (ctx) => {
    const colour: RGB = says(ctx, /white|pink/) ? [0.95, 0.8, 0.85] : WOOD;
    ctx.add(ctx.roundBox([0.5, 0.2, 0.34], 0.02, [0, 0.1, 0]), 'wood', { part: 'box', colour });
    ctx.add(ctx.box([0.5, 0.34, 0.02], [0, 0.37, -0.17]).rotate([-10, 0, 0]).translate([0, 0, -0.03]), 'wood', {
      part: 'lid',
      colour,
    });
    ctx.add(ctx.box([0.42, 0.28, 0.005], [0, 0.37, -0.155]).rotate([-10, 0, 0]).translate([0, 0, -0.03]), 'glass', {
      part: 'mirror',
      primary: false,
      colour: [0.85, 0.9, 0.95],
    });
    ctx.add(ctx.cyl(0.06, 0.02, [0, 0.2, 0.03]), 'metal', {
      part: 'turntable',
      primary: false,
      colour: [0.85, 0.7, 0.3],
    });
    // A ballerina on the turntable: a skirt disc, a body, a raised arm.
    ctx.add(ctx.cyl(0.05, 0.015, [0, 0.28, 0.03], 0.02), 'fabric', {
      part: 'tutu',
      primary: false,
      colour: [0.98, 0.75, 0.85],
    });
    ctx.add(ctx.capsule([0, 0.22, 0.03], [0, 0.34, 0.03], 0.012), 'ceramic', {
      part: 'ballerina',
      primary: false,
      colour: [0.97, 0.88, 0.82],
    });
    ctx.add(ctx.sphere(0.018, [0, 0.36, 0.03], 10), 'ceramic', {
      part: 'ballerina',
      primary: false,
      colour: [0.97, 0.88, 0.82],
    });
    ctx.add(ctx.capsule([0.25, 0.1, 0], [0.31, 0.1, 0], 0.01), 'metal', {
      part: 'key',
      primary: false,
      colour: [0.85, 0.7, 0.3],
    });
  },
  'jewelry box': (ctx) => {
    // A lined box on a drawer, its lid raised on a mirror (a dancer the prompt names is placed as a companion).
    const colour: RGB = says(ctx, /white|pink/) ? [0.95, 0.8, 0.85] : WOOD;
    ctx.add(ctx.roundBox([0.5, 0.12, 0.34], 0.015, [0, 0.06, 0]), 'wood', { part: 'drawer', colour });
    ctx.add(ctx.box([0.06, 0.02, 0.02], [0, 0.06, 0.175]), 'metal', {
      part: 'knob',
      primary: false,
      colour: [0.85, 0.7, 0.3],
    });
    ctx.add(ctx.roundBox([0.5, 0.16, 0.34], 0.02, [0, 0.2, 0]), 'wood', { part: 'box', colour });
    ctx.add(ctx.box([0.46, 0.02, 0.3], [0, 0.27, 0]), 'fabric', {
      part: 'lining',
      primary: false,
      colour: [0.55, 0.1, 0.15],
    });
    ctx.add(ctx.box([0.5, 0.34, 0.02], [0, 0.45, -0.17]).rotate([-10, 0, 0]).translate([0, 0, -0.045]), 'wood', {
      part: 'lid',
      colour,
    });
    ctx.add(ctx.box([0.42, 0.28, 0.005], [0, 0.45, -0.155]).rotate([-10, 0, 0]).translate([0, 0, -0.045]), 'glass', {
      part: 'mirror',
      primary: false,
      colour: [0.85, 0.9, 0.95],
    });
  },
  lectern: (ctx) => {
    const colour: RGB = says(ctx, /oak|light/) ? [0.75, 0.58, 0.38] : WOOD;
    ctx.add(ctx.box([0.5, 0.05, 0.4], [0, 0.025, 0]), 'wood', { part: 'base', colour });
    ctx.add(ctx.box([0.36, 1.0, 0.3], [0, 0.55, 0]), 'wood', { part: 'column', colour });
    const top: Vec2[] = [
      [-0.22, 0],
      [0.22, 0],
      [0.22, 0.06],
      [-0.22, 0.2],
    ];
    ctx.add(ctx.prism(top, 0.6, [0, 1.05, 0]).rotate([0, 90, 0]), 'wood', { part: 'desk', colour });
    ctx.add(ctx.box([0.5, 0.03, 0.03], [0, 1.09, 0.23]), 'wood', { part: 'ledge', primary: false, colour });
  },
};

export const SHOP_TOOLS: Record<string, Generator> = {
  ...partLists('shop-tools'),
  blowtorch: (ctx) => {
    ctx.add(ctx.capsule([0, 0.1, 0], [0, 0.45, 0], 0.09), 'metal', {
      part: 'canister',
      colour: says(ctx, /blue/) ? [0.2, 0.35, 0.75] : [0.85, 0.6, 0.1],
    });
    ctx.add(ctx.roundBox([0.1, 0.1, 0.08], 0.02, [0, 0.58, 0]), 'metal', { part: 'valve', colour: STEEL });
    ctx.add(ctx.capsule([0, 0.6, 0], [0.3, 0.68, 0], 0.022, 0.018), 'metal', { part: 'nozzle', colour: STEEL });
    ctx.add(ctx.cyl(0.02, 0.2, [0, 0, 0], 0.002, 10).rotate([0, 0, -80]).translate([0.31, 0.68, 0]), 'glass', {
      part: 'flame',
      primary: false,
      colour: [0.35, 0.55, 1],
    });
    ctx.add(ctx.capsule([0.06, 0.55, 0], [0.1, 0.62, 0], 0.015), 'plastic', {
      part: 'knob',
      primary: false,
      colour: [0.85, 0.1, 0.1],
    });
  },
  'soldering iron': (ctx) => {
    ctx.add(ctx.capsule([-0.35, 0.05, 0], [0, 0.05, 0], 0.035), 'plastic', { part: 'grip', colour: [0.2, 0.35, 0.75] });
    ctx.add(ctx.cyl(0.015, 0.22, [0, 0, 0], 0.003).rotate([0, 0, -90]).translate([0, 0.05, 0]), 'metal', {
      part: 'tip',
      colour: STEEL,
    });
    ctx.add(ctx.capsule([-0.35, 0.05, 0], [-0.6, 0.01, 0.1], 0.01), 'rubber', {
      part: 'cord',
      primary: false,
      colour: DARK,
    });
    if (says(ctx, /stand/))
      ctx.add(ctx.cyl(0.1, 0.03, [0.05, -0.02, 0.25]).add(ctx.cyl(0.04, 0.12, [0.05, 0.0, 0.25], 0.05)), 'metal', {
        part: 'stand',
        primary: false,
        colour: STEEL,
      });
  },
  flashlight: (ctx) => {
    ctx.add(ctx.cyl(0.045, 0.45, [0, 0, 0]).rotate([0, 0, -90]).translate([-0.3, 0.06, 0]), 'metal', {
      part: 'body',
      colour: says(ctx, /yellow/) ? [0.95, 0.8, 0.1] : DARK,
    });
    ctx.add(ctx.cyl(0.045, 0.14, [0, 0, 0], 0.07).rotate([0, 0, -90]).translate([0.15, 0.06, 0]), 'metal', {
      part: 'head',
      colour: STEEL,
    });
    ctx.add(ctx.cyl(0.065, 0.01, [0, 0, 0]).rotate([0, 0, -90]).translate([0.29, 0.06, 0]), 'glass', {
      part: 'lens',
      primary: false,
      colour: [0.95, 0.95, 0.85],
    });
    ctx.add(ctx.box([0.04, 0.02, 0.03], [-0.05, 0.11, 0]), 'rubber', {
      part: 'switch',
      primary: false,
      colour: [0.8, 0.1, 0.1],
    });
  },
  'light bulb': (ctx) => {
    const edison = says(ctx, /edison|vintage|filament/);
    ctx.add(
      ctx.lathe([
        [0, 0],
        [0.05, 0],
        [0.06, 0.02],
        [0.06, 0.14],
        [0, 0.14],
      ]),
      'metal',
      { part: 'base', colour: [0.8, 0.68, 0.4] },
    );
    for (let k = 0; k < 4; k++)
      ctx.add(ctx.torus(0.062, 0.006, [0, 0.03 + k * 0.03, 0], 'y'), 'metal', {
        part: 'thread',
        primary: false,
        colour: [0.8, 0.68, 0.4],
      });
    const glass: Vec2[] = edison
      ? [
          [0, 0.14],
          [0.06, 0.14],
          [0.15, 0.3],
          [0.16, 0.45],
          [0.1, 0.56],
          [0, 0.58],
        ]
      : [
          [0, 0.14],
          [0.06, 0.14],
          [0.1, 0.22],
          [0.17, 0.35],
          [0.15, 0.45],
          [0, 0.5],
        ];
    ctx.add(ctx.lathe(glass), 'glass', { part: 'bulb', colour: edison ? [0.95, 0.82, 0.55] : [0.96, 0.96, 0.92] });
  },
};
