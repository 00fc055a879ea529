/**
 * Devices the household-appliance rig had no row for: headphones, a microphone on a stand, a
 * printer, a dishwasher, an air conditioner (a wall split unit), a tablet, a smartwatch, a VR
 * headset; and a drone (a quadcopter) for the rotorcraft family.
 */
import { around, type GenContext, type RGB, type Generator } from '../kit.ts';
import { DARK, STEEL } from '../palette.ts';
import { partLists } from '../part-list.ts';

export const MORE_DEVICES: Record<string, Generator> = {
  ...partLists('devices'),
  'computer mouse': (ctx) => {
    // A palm-sized dome, longer than wide, its two buttons parted by a seam, a scroll wheel between them.
    const colour = ctx.interpretation.colours[0]?.rgb ?? DARK;
    ctx.add(ctx.ellipsoid([0.032, 0.022, 0.058], [0, 0.004, 0]).trimByPlane([0, 1, 0], 0), 'plastic', { colour });
    ctx.add(ctx.box([0.0015, 0.02, 0.05], [0, 0.012, -0.03]), 'plastic', {
      part: 'seam',
      primary: false,
      colour: [0.3, 0.3, 0.32],
    });
    ctx.add(ctx.cyl(0.007, 0.005, [0, 0, 0]).rotate([0, 0, 90]).translate([0.0025, 0.022, -0.022]), 'rubber', {
      part: 'scroll wheel',
      primary: false,
      colour: [0.25, 0.25, 0.27],
    });
  },
  joystick: (ctx) => {
    // An arcade stick: a sloped base with buttons, a shaft and a ball top.
    const colour = ctx.interpretation.colours[0]?.rgb ?? [0.85, 0.1, 0.12];
    ctx.add(ctx.roundBox([0.3, 0.06, 0.18], 0.015, [0, 0.03, 0]), 'plastic', { part: 'base', colour: DARK });
    ctx.add(ctx.cyl(0.006, 0.09, [-0.08, 0.05, 0]), 'metal', { part: 'shaft', primary: false, colour: STEEL });
    ctx.add(ctx.sphere(0.02, [-0.08, 0.145, 0]), 'plastic', { part: 'ball top', colour });
    for (const [x, z] of [
      [0.02, -0.03],
      [0.06, -0.04],
      [0.1, -0.03],
      [0.02, 0.03],
      [0.06, 0.02],
      [0.1, 0.03],
    ])
      ctx.add(ctx.cyl(0.013, 0.02, [x, 0.05, z]), 'plastic', { part: 'button', primary: false, colour });
  },
};

Object.assign(MORE_DEVICES, {
  'game console': (ctx: GenContext) => {
    ctx.add(ctx.roundBox([0.8, 0.16, 0.6], 0.04, [0, 0.08, 0]), 'plastic', { colour: [0.12, 0.12, 0.13] });
    ctx.add(ctx.box([0.5, 0.01, 0.02], [0, 0.1, 0.3]), 'plastic', {
      part: 'light',
      primary: false,
      colour: [0.2, 0.5, 0.95],
    });
    // A controller lying in front: a body and two grips.
    ctx.add(
      ctx
        .roundBox([0.3, 0.06, 0.14], 0.03, [0, 0.03, 0.55])
        .add(ctx.capsule([-0.12, 0.03, 0.6], [-0.16, 0.03, 0.7], 0.045))
        .add(ctx.capsule([0.12, 0.03, 0.6], [0.16, 0.03, 0.7], 0.045)),
      'plastic',
      { part: 'controller', primary: false, colour: [0.2, 0.2, 0.22] },
    );
  },
  projector: (ctx: GenContext) => {
    const film = /\b(film|movie|vintage|cinema|reel)\b/.test(ctx.interpretation.prompt.toLowerCase());
    ctx.add(ctx.roundBox([0.5, 0.25, 0.4], 0.04, [0, 0.125, 0]), 'metal', {
      colour: film ? [0.2, 0.2, 0.22] : [0.9, 0.9, 0.88],
    });
    ctx.add(ctx.cyl(0.07, 0.12, [0, 0, 0]).rotate([90, 0, 0]).translate([0.12, 0.13, 0.2]), 'metal', {
      part: 'lens',
      primary: false,
      colour: DARK,
    });
    if (film)
      for (const x of [-0.12, 0.16])
        ctx.add(
          ctx
            .cyl(0.16, 0.03, [0, -0.015, 0])
            .rotate([90, 0, 0])
            .translate([x, 0.45, 0])
            .add(ctx.cyl(0.01, 0.12, [x, 0.25, 0])),
          'metal',
          { part: 'reel', primary: false, colour: [0.6, 0.6, 0.62] },
        );
  },
});

export function drone(ctx: GenContext): void {
  const colour: RGB = ctx.interpretation.colours[0]?.rgb ?? [0.9, 0.9, 0.9];
  ctx.add(ctx.roundBox([0.35, 0.12, 0.35], 0.05, [0, 0.25, 0]), 'plastic', { colour });
  for (const a of around(4, Math.PI / 4)) {
    const tip: [number, number, number] = [Math.cos(a) * 0.45, 0.28, Math.sin(a) * 0.45];
    ctx.add(ctx.capsule([0, 0.26, 0], tip, 0.025), 'plastic', { part: 'arm', colour });
    ctx.add(ctx.cyl(0.04, 0.06, [tip[0], 0.26, tip[2]]), 'metal', { part: 'motor', primary: false, colour: DARK });
    ctx.add(
      ctx
        .box([0.32, 0.008, 0.04])
        .rotate([0, (a * 180) / Math.PI + 30, 0])
        .translate([tip[0], 0.33, tip[2]]),
      'plastic',
      { part: 'propeller', primary: false, colour: DARK },
    );
    ctx.add(
      ctx.capsule([Math.cos(a) * 0.15, 0.2, Math.sin(a) * 0.15], [Math.cos(a) * 0.18, 0.01, Math.sin(a) * 0.18], 0.012),
      'plastic',
      { part: 'leg', primary: false, colour: DARK },
    );
  }
  ctx.add(ctx.sphere(0.05, [0.17, 0.17, 0]), 'glass', { part: 'camera', primary: false, colour: [0.05, 0.05, 0.08] });
}
