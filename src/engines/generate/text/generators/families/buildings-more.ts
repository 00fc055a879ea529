/**
 * Buildings the house, tower and landmark forms did not say: a grain silo, an observatory with its
 * dome, a roadside diner, a factory with sawtooth roofs and chimneys, a gas station, a stadium, a bus
 * stop shelter and a treehouse. A row each, as few primitives as say what it is.
 */
import type { Vec2 } from 'manifold-3d';
import { around, type RGB, type Generator } from '../kit.ts';
import { CONCRETE, GLASS, STEEL, WOOD } from '../palette.ts';

export const MORE_BUILDINGS: Record<string, Generator> = {
  silo: (ctx) => {
    // A tall ribbed cylinder under a dome, with a little barn-red shed at its foot.
    ctx.add(ctx.cyl(0.5, 2.6, [0, 0, 0]), 'metal', { part: 'silo', colour: [0.78, 0.8, 0.82] });
    for (let k = 1; k < 6; k++)
      ctx.add(ctx.torus(0.505, 0.015, [0, k * 0.45, 0], 'y'), 'metal', { part: 'rib', primary: false, colour: STEEL });
    ctx.add(ctx.sphere(0.5, [0, 2.6, 0]).trimByPlane([0, 1, 0], 2.6), 'metal', { part: 'dome', colour: STEEL });
    ctx.add(ctx.box([0.06, 2.6, 0.2], [0.5, 1.3, 0]), 'metal', {
      part: 'ladder',
      primary: false,
      colour: [0.4, 0.4, 0.42],
    });
    ctx.add(ctx.box([0.8, 0.6, 0.7], [-0.9, 0.3, 0]), 'wood', { part: 'shed', colour: [0.65, 0.15, 0.12] });
    ctx.add(
      ctx.prism(
        [
          [-0.45, 0],
          [0.45, 0],
          [0, 0.3],
        ],
        0.76,
        [-0.9, 0.6, 0],
      ),
      'wood',
      { part: 'roof', colour: [0.35, 0.35, 0.37] },
    );
  },
  observatory: (ctx) => {
    ctx.add(ctx.cyl(0.8, 1.0, [0, 0, 0]), 'stone', { part: 'drum', colour: [0.92, 0.91, 0.88] });
    const dome = ctx.sphere(0.82, [0, 1.0, 0]).trimByPlane([0, 1, 0], 1.0);
    const slit = ctx.box([0.22, 1.0, 1.0], [0, 1.6, 0.45]);
    ctx.add(dome.subtract(slit), 'metal', { part: 'dome', colour: [0.85, 0.86, 0.88] });
    ctx.add(ctx.cyl(0.1, 0.8, [0, 0, 0], 0.13).rotate([-50, 0, 0]).translate([0, 1.2, 0.05]), 'metal', {
      part: 'telescope',
      primary: false,
      colour: [0.2, 0.2, 0.22],
    });
    ctx.add(ctx.box([0.35, 0.55, 0.1], [0, 0.28, 0.78]), 'wood', { part: 'door', primary: false, colour: WOOD });
  },
  diner: (ctx) => {
    // A 1950s roadside diner: a long rounded box in steel, a band of windows, a sign on the roof.
    ctx.add(ctx.roundBox([3.0, 1.0, 1.2], 0.3, [0, 0.6, 0]), 'metal', { part: 'body', colour: [0.85, 0.86, 0.88] });
    ctx.add(ctx.box([2.6, 0.35, 1.22], [0, 0.75, 0]), 'glass', { part: 'windows', primary: false, colour: GLASS });
    ctx.add(ctx.box([3.02, 0.08, 1.24], [0, 0.45, 0]), 'metal', {
      part: 'stripe',
      primary: false,
      colour: [0.85, 0.1, 0.12],
    });
    ctx.add(ctx.box([0.45, 0.75, 0.1], [0.9, 0.48, 0.62]), 'glass', { part: 'door', primary: false, colour: GLASS });
    ctx.add(ctx.box([1.2, 0.35, 0.08], [0, 1.35, 0]), 'metal', { part: 'sign', colour: [0.85, 0.1, 0.12] });
    ctx.add(ctx.box([3.2, 0.1, 1.4], [0, 0.05, 0]), 'stone', { part: 'base', primary: false, colour: CONCRETE });
  },
  factory: (ctx) => {
    const brick: RGB = [0.62, 0.3, 0.22];
    ctx.add(ctx.box([2.4, 0.9, 1.4], [0, 0.45, 0]), 'stone', { part: 'hall', colour: brick });
    // Sawtooth roof: steep glazed faces towards north (-z), shallow slopes behind.
    for (let k = 0; k < 4; k++)
      ctx.add(
        ctx
          .prism(
            [
              [0, 0],
              [0.6, 0],
              [0, 0.35],
            ] as Vec2[],
            1.4,
            [0, 0, 0],
          )
          .translate([-1.2 + k * 0.6, 0.9, 0]),
        'metal',
        { part: 'roof', colour: STEEL },
      );
    for (const x of [0.7, 1.0])
      ctx.add(ctx.cyl(0.12, 1.4, [x, 0.9, -0.4], 0.1), 'stone', { part: 'chimney', colour: brick });
    ctx.add(ctx.box([0.5, 0.55, 0.05], [-0.6, 0.28, 0.71]), 'metal', {
      part: 'door',
      primary: false,
      colour: [0.3, 0.35, 0.4],
    });
    for (let k = 0; k < 5; k++)
      ctx.add(ctx.box([0.25, 0.25, 0.03], [-1.0 + k * 0.45, 0.65, 0.71]), 'glass', {
        part: 'window',
        primary: false,
        colour: GLASS,
      });
  },
  'gas station': (ctx) => {
    // A flat canopy on four columns over two pumps, a small shop behind.
    for (const x of [-0.9, 0.9])
      for (const z of [-0.5, 0.5])
        ctx.add(ctx.box([0.1, 1.2, 0.1], [x, 0.6, z]), 'metal', { part: 'column', colour: [0.95, 0.95, 0.95] });
    ctx.add(ctx.box([2.4, 0.2, 1.5], [0, 1.3, 0]), 'metal', { part: 'canopy', colour: [0.95, 0.95, 0.95] });
    ctx.add(ctx.box([2.42, 0.08, 1.52], [0, 1.3, 0]), 'metal', {
      part: 'stripe',
      primary: false,
      colour: [0.85, 0.15, 0.1],
    });
    for (const x of [-0.4, 0.4]) {
      ctx.add(ctx.box([0.25, 0.55, 0.2], [x, 0.32, 0]), 'metal', { part: 'pump', colour: [0.85, 0.15, 0.1] });
      ctx.add(ctx.box([0.18, 0.12, 0.21], [x, 0.45, 0]), 'glass', {
        part: 'display',
        primary: false,
        colour: [0.2, 0.25, 0.3],
      });
    }
    ctx.add(ctx.box([0.4, 0.05, 1.2], [0, 0.025, 0]), 'stone', { part: 'island', primary: false, colour: CONCRETE });
    ctx.add(ctx.box([1.6, 0.8, 0.8], [0, 0.4, -1.4]), 'stone', { part: 'shop', colour: [0.9, 0.88, 0.82] });
    ctx.add(ctx.box([1.0, 0.45, 0.04], [0, 0.4, -0.99]), 'glass', { part: 'window', primary: false, colour: GLASS });
  },
  stadium: (ctx) => {
    // An oval bowl of stands around a green pitch, with four floodlight masts.
    const ring = (rx: number, rz: number, y: number, h: number) => ctx.cyl(1, h, [0, y, 0]).scale([rx, 1, rz]);
    const bowl = ring(2.2, 1.5, 0, 0.8).subtract(ctx.cyl(1, 1, [0, 0.15, 0], 1.25).scale([1.8, 1, 1.1]));
    ctx.add(bowl, 'stone', { part: 'stands', colour: CONCRETE });
    ctx.add(ring(1.5, 0.85, 0, 0.16), 'organic', { part: 'pitch', colour: [0.25, 0.6, 0.25] });
    for (const a of around(4, Math.PI / 4))
      ctx.add(ctx.cyl(0.04, 1.5, [Math.cos(a) * 2.0, 0, Math.sin(a) * 1.3]), 'metal', {
        part: 'mast',
        primary: false,
        colour: STEEL,
      });
    for (const a of around(4, Math.PI / 4))
      ctx.add(ctx.box([0.3, 0.2, 0.06], [Math.cos(a) * 2.0, 1.55, Math.sin(a) * 1.3]), 'metal', {
        part: 'floodlight',
        primary: false,
        colour: [0.95, 0.95, 0.85],
      });
  },
  'bus stop': (ctx) => {
    for (const x of [-0.8, 0.8])
      ctx.add(ctx.box([0.06, 1.1, 0.06], [x, 0.55, -0.3]), 'metal', { part: 'post', colour: STEEL });
    ctx.add(ctx.box([1.8, 0.06, 0.8], [0, 1.12, -0.05]), 'metal', { part: 'roof', colour: STEEL });
    ctx.add(ctx.box([1.6, 0.9, 0.03], [0, 0.6, -0.32]), 'glass', { part: 'back', colour: GLASS });
    ctx.add(ctx.box([1.2, 0.05, 0.3], [0, 0.45, -0.15]), 'wood', { part: 'bench', primary: false, colour: WOOD });
    ctx.add(ctx.box([0.04, 1.8, 0.04], [1.2, 0.9, 0.3]), 'metal', { part: 'sign post', primary: false, colour: STEEL });
    ctx.add(ctx.cyl(0.18, 0.03, [0, 0, 0]).rotate([90, 0, 0]).translate([1.2, 1.7, 0.33]), 'metal', {
      part: 'sign',
      colour: [0.15, 0.4, 0.8],
    });
  },
  treehouse: (ctx) => {
    const bark: RGB = [0.42, 0.3, 0.2];
    ctx.add(ctx.cyl(0.25, 2.9, [0, 0, 0], 0.16), 'wood', { part: 'trunk', colour: bark });
    ctx.add(ctx.box([1.4, 0.08, 1.2], [0, 1.3, 0]), 'wood', { part: 'platform', colour: WOOD });
    ctx.add(ctx.box([0.9, 0.6, 0.8], [0.15, 1.64, 0]), 'wood', { part: 'hut', colour: [0.7, 0.52, 0.32] });
    ctx.add(
      ctx
        .prism(
          [
            [-0.55, 0],
            [0.55, 0],
            [0, 0.35],
          ],
          0.9,
          [0.15, 1.94, 0],
        )
        .rotate([0, 90, 0])
        .translate([0.15, 0, -0.15]),
      'wood',
      { part: 'roof', colour: [0.5, 0.25, 0.15] },
    );
    ctx.add(ctx.sphere(0.9).scale([1, 0.6, 1]).translate([-0.1, 3.0, -0.2]), 'organic', {
      part: 'canopy',
      colour: [0.25, 0.5, 0.2],
    });
    for (const y of [0.2, 0.45, 0.7, 0.95, 1.2])
      ctx.add(ctx.box([0.35, 0.04, 0.04], [0.4, y, 0.62]), 'wood', { part: 'rung', primary: false, colour: WOOD });
    for (const x of [0.22, 0.58])
      ctx.add(ctx.box([0.04, 1.3, 0.04], [x, 0.65, 0.62]), 'wood', { part: 'ladder', primary: false, colour: WOOD });
  },
};
