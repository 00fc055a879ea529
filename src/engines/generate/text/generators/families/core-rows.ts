/**
 * Rows added to catalogue categories whose own form says the wrong thing for a common kind: a
 * submarine (the boat), a wheelchair (the chair), an industrial robot arm (the robot), a naginata (the
 * spear), nunchaku, a walking stick, a pool cue and a slingshot (the staff). The category
 * stays what the catalogue suite expects; the row builds the kind.
 */
import type { Vec3 } from 'manifold-3d';
import { around, says, type RGB, type Generator } from '../kit.ts';
import { DARK, STEEL, WHITE, YELLOW } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const CORE_ROWS: Record<string, Generator> = {
  ...partLists('poles'),
  submarine: (ctx) => {
    // A long hull along x, a sail (conning tower) with its planes, a cross of tail fins and a propeller.
    const hull: RGB = says(ctx, /yellow/)
      ? [0.95, 0.8, 0.1]
      : says(ctx, /research|deep sea|white/)
        ? WHITE
        : [0.2, 0.22, 0.25];
    const y = 0.4;
    ctx.add(ctx.capsule([-1.2, y, 0], [1.1, y, 0], 0.35, 0.35), 'metal', { part: 'hull', colour: hull });
    ctx.add(ctx.roundBox([0.5, 0.4, 0.18], 0.08, [0.3, y + 0.45, 0]), 'metal', { part: 'sail', colour: hull });
    ctx.add(ctx.box([0.14, 0.02, 0.6], [0.3, y + 0.5, 0]), 'metal', { part: 'plane', primary: false, colour: hull });
    ctx.add(ctx.cyl(0.02, 0.3, [0.35, y + 0.6, 0]), 'metal', { part: 'periscope', primary: false, colour: STEEL });
    ctx.add(ctx.box([0.3, 0.6, 0.03], [-1.45, y, 0]), 'metal', { part: 'fin', colour: hull });
    ctx.add(ctx.box([0.3, 0.03, 0.6], [-1.45, y, 0]), 'metal', { part: 'fin', colour: hull });
    for (const a of around(3))
      ctx.add(
        ctx
          .ellipsoid([0.03, 0.14, 0.05])
          .rotate([(a * 180) / Math.PI, 0, 0])
          .translate([-1.62, y + Math.cos(a) * 0.1, Math.sin(a) * 0.1]),
        'bronze',
        { part: 'propeller', primary: false, colour: [0.75, 0.6, 0.3] },
      );
    ctx.add(ctx.cyl(0.04, 0.1, [0, 0, 0]).rotate([0, 0, 90]).translate([-1.55, y, 0]), 'bronze', {
      part: 'hub',
      primary: false,
      colour: [0.75, 0.6, 0.3],
    });
    if (says(ctx, /porthole|window|research|deep sea/))
      for (const x of [0.8, 0.5, 0.2, -0.1])
        for (const z of [-1, 1])
          ctx.add(
            ctx
              .cyl(0.07, 0.04, [0, 0, 0])
              .rotate([90, 0, 0])
              .translate([x, y + 0.05, z * 0.33 + (z > 0 ? 0 : 0.04)]),
            'glass',
            { part: 'porthole', primary: false, colour: [0.5, 0.7, 0.85] },
          );
  },
  wheelchair: (ctx) => {
    // Two large spoked wheels, two small casters, a sling seat and back, push handles, footrests.
    const frame: RGB = says(ctx, /black/) ? DARK : STEEL;
    for (const z of [-0.3, 0.3]) {
      ctx.add(ctx.torus(0.3, 0.03, [0, 0.32, z], 'z'), 'rubber', { part: 'wheel', colour: DARK });
      for (const a of around(5))
        ctx.add(ctx.capsule([0, 0.32, z], [Math.cos(a) * 0.29, 0.32 + Math.sin(a) * 0.29, z], 0.014), 'metal', {
          part: 'spoke',
          primary: false,
          colour: STEEL,
        });
      ctx.add(ctx.capsule([0, 0.32, z], [0, 0.32, z * 0.8], 0.02), 'metal', {
        part: 'axle',
        primary: false,
        colour: frame,
      });
      ctx.add(ctx.torus(0.06, 0.02, [0.45, 0.08, z * 0.85], 'z'), 'rubber', { part: 'caster', colour: DARK });
      ctx.add(ctx.capsule([0.45, 0.08, z * 0.85], [0.4, 0.5, z * 0.8], 0.015), 'metal', {
        part: 'frame',
        colour: frame,
      });
      ctx.add(ctx.capsule([0.4, 0.5, z * 0.8], [-0.1, 0.5, z * 0.8], 0.015), 'metal', { part: 'frame', colour: frame });
      ctx.add(ctx.capsule([-0.1, 0.3, z * 0.8], [-0.15, 1.0, z * 0.8], 0.015), 'metal', {
        part: 'frame',
        colour: frame,
      });
      ctx.add(ctx.capsule([-0.15, 1.0, z * 0.8], [-0.3, 1.0, z * 0.8], 0.02), 'rubber', {
        part: 'handle',
        primary: false,
        colour: DARK,
      });
      ctx.add(ctx.capsule([0.4, 0.5, z * 0.5], [0.55, 0.15, z * 0.4], 0.012), 'metal', {
        part: 'footrest',
        primary: false,
        colour: frame,
      });
      ctx.add(ctx.box([0.12, 0.01, 0.12], [0.57, 0.14, z * 0.4]), 'plastic', {
        part: 'footplate',
        primary: false,
        colour: DARK,
      });
    }
    ctx.add(ctx.box([0.48, 0.03, 0.48], [0.15, 0.5, 0]), 'fabric', { part: 'seat', colour: [0.15, 0.2, 0.35] });
    ctx.add(ctx.box([0.03, 0.42, 0.48], [-0.13, 0.75, 0]), 'fabric', { part: 'back', colour: [0.15, 0.2, 0.35] });
  },
  'robotic arm': (ctx) => {
    // A six-axis industrial arm: a base, a turning shoulder, an upper arm and forearm, a wrist and a gripper.
    const paint: RGB = says(ctx, /orange/) ? [0.95, 0.5, 0.1] : YELLOW;
    ctx.add(ctx.cyl(0.35, 0.12, [0, 0, 0]), 'metal', { part: 'base', colour: DARK });
    ctx.add(ctx.cyl(0.25, 0.3, [0, 0.12, 0]), 'metal', { part: 'turret', colour: paint });
    const shoulder: Vec3 = [0, 0.55, 0];
    const elbow: Vec3 = [0.35, 1.3, 0];
    const wrist: Vec3 = [1.0, 1.2, 0];
    ctx.add(ctx.cyl(0.16, 0.4, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 0.55, 0.2]), 'metal', {
      part: 'shoulder',
      colour: DARK,
    });
    ctx.add(ctx.capsule(shoulder, elbow, 0.13, 0.11), 'metal', { part: 'upper arm', colour: paint });
    ctx.add(ctx.cyl(0.12, 0.3, [0, 0, 0]).rotate([90, 0, 0]).translate([elbow[0], elbow[1], 0.15]), 'metal', {
      part: 'elbow',
      colour: DARK,
    });
    ctx.add(ctx.capsule(elbow, wrist, 0.09, 0.07), 'metal', { part: 'forearm', colour: paint });
    ctx.add(ctx.sphere(0.08, wrist), 'metal', { part: 'wrist', colour: DARK });
    ctx.add(ctx.box([0.06, 0.1, 0.16], [wrist[0] + 0.1, wrist[1] - 0.04, 0]), 'metal', {
      part: 'gripper',
      colour: STEEL,
    });
    for (const z of [-0.06, 0.06])
      ctx.add(ctx.box([0.14, 0.03, 0.025], [wrist[0] + 0.19, wrist[1] - 0.06, z]), 'metal', {
        part: 'finger',
        primary: false,
        colour: STEEL,
      });
  },
  'walking stick': (ctx) => {
    // A straight shaft, a crook handle curled over at its top, a metal ferrule at its foot.
    const colour: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.35, 0.2, 0.1];
    ctx.add(ctx.cyl(0.012, 0.86, [0, 0.02, 0]), 'wood', { part: 'shaft', colour });
    ctx.add(ctx.torus(0.05, 0.013, [0.05, 0.88, 0], 'z').trimByPlane([0, 1, 0], 0.875), 'wood', {
      part: 'handle',
      colour,
    });
    ctx.add(ctx.cyl(0.013, 0.03, [0, 0, 0]), 'metal', { part: 'ferrule', primary: false, colour: STEEL });
  },
  slingshot: (ctx) => {
    // A Y-shaped stick: a handle, two forked arms, an elastic band between their tips.
    const colour: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.55, 0.36, 0.18];
    ctx.add(ctx.capsule([0, 0, 0], [0, 0.12, 0], 0.014), 'wood', { part: 'handle', colour });
    for (const x of [-1, 1])
      ctx.add(ctx.capsule([0, 0.12, 0], [x * 0.06, 0.22, 0], 0.012), 'wood', { part: 'fork', colour });
    ctx.add(ctx.capsule([-0.06, 0.22, 0], [0, 0.16, 0.05], 0.004), 'rubber', {
      part: 'band',
      primary: false,
      colour: [0.75, 0.2, 0.15],
    });
    ctx.add(ctx.capsule([0.06, 0.22, 0], [0, 0.16, 0.05], 0.004), 'rubber', {
      part: 'band',
      primary: false,
      colour: [0.75, 0.2, 0.15],
    });
    ctx.add(ctx.box([0.03, 0.02, 0.01], [0, 0.16, 0.05]), 'leather', {
      part: 'pouch',
      primary: false,
      colour: [0.4, 0.25, 0.12],
    });
  },
  nunchaku: (ctx) => {
    // Two short sticks joined by a chain, lying on the ground.
    const wood: RGB = says(ctx, /black/) ? DARK : [0.55, 0.35, 0.18];
    ctx.add(ctx.capsule([-0.4, 0.025, -0.05], [-0.08, 0.025, -0.12], 0.025), 'wood', { part: 'stick', colour: wood });
    ctx.add(ctx.capsule([0.08, 0.025, -0.12], [0.4, 0.025, 0.0], 0.025), 'wood', { part: 'stick', colour: wood });
    for (let k = 0; k < 4; k++)
      ctx.add(ctx.torus(0.018, 0.005, [-0.06 + k * 0.04, 0.025, -0.13 - (k % 2) * 0.005], k % 2 ? 'y' : 'z'), 'metal', {
        part: 'chain',
        primary: false,
        colour: STEEL,
      });
    ctx.add(ctx.capsule([-0.09, 0.025, -0.125], [0.09, 0.025, -0.125], 0.004), 'metal', {
      part: 'chain',
      primary: false,
      colour: STEEL,
    });
  },
};
// A glaive is the European blade on a pole: the same build.
CORE_ROWS.glaive = CORE_ROWS.naginata;
