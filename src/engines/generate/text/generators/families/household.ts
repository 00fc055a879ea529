/**
 * Household and workshop things no other family built: a fire extinguisher, a trash can, a beehive, an
 * aquarium (a terrarium is its planted, dry form), a candelabra, a music box, a salt shaker, a coat
 * rack, a lectern and a workbench; and the workshop's powered and measuring tools (jackhammer,
 * blowtorch, soldering iron, leaf blower, spirit level, flashlight, light bulb, binoculars) and the
 * siege engine and hand grenade the weapon families lacked. A row each, as few primitives as say what
 * it is.
 */
import type { Vec3 } from 'manifold-3d';
import { says, type RGB, type Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const HOUSEHOLD: Record<string, Generator> = {
  ...partLists('household'),

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
};

export const SHOP_TOOLS: Record<string, Generator> = {
  ...partLists('shop-tools'),
};
