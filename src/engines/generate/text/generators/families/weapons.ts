/**
 * Ranged weapons, each a few primitives in its recognisable proportions: a bow (arced limb, string,
 * grip and a nocked arrow), a crossbow (stock, cross limb, drawn string), a handgun, a long gun and a
 * cannon on a wheeled carriage. Blades keep their own generators (sword, dagger, axe, spear).
 */
import { around, type GenContext, type Generator } from '../kit.ts';
import { DARK_STEEL, STRING, WOOD } from '../palette.ts';

const WEAPONS: Record<string, Generator> = {
  bow: (ctx) => {
    // The limb is an arc of a circle centred behind the string; the string is its chord.
    ctx.add(ctx.torus(0.55, 0.022, [-0.35, 0.55, 0], 'z').trimByPlane([1, 0, 0], 0), 'wood', { colour: WOOD });
    ctx.add(ctx.cyl(0.005, 0.86, [0.005, 0.12, 0]), 'fabric', { part: 'string', primary: false, colour: STRING });
    ctx.add(ctx.capsule([0.2, 0.47, 0], [0.2, 0.63, 0], 0.032), 'leather', { part: 'grip', colour: [0.3, 0.18, 0.1] });
    ctx.add(ctx.capsule([0.005, 0.55, 0], [0.55, 0.55, 0], 0.009), 'wood', {
      part: 'arrow',
      primary: false,
      colour: [0.75, 0.6, 0.4],
    });
    ctx.add(ctx.cyl(0.022, 0.07, [0, 0, 0], 0.001).rotate([0, 0, -90]).translate([0.55, 0.55, 0]), 'metal', {
      part: 'arrowhead',
      primary: false,
      colour: DARK_STEEL,
    });
  },
  crossbow: (ctx) => {
    ctx.add(ctx.box([0.8, 0.06, 0.07], [0, 0.2, 0]), 'wood', { part: 'stock', colour: WOOD });
    ctx.add(ctx.box([0.07, 0.16, 0.06], [-0.22, 0.1, 0]), 'wood', { part: 'grip', colour: WOOD });
    ctx.add(ctx.torus(0.42, 0.02, [0.05, 0.23, 0], 'y').trimByPlane([1, 0, 0], 0.3), 'metal', {
      part: 'limb',
      colour: DARK_STEEL,
    });
    const tip = Math.sqrt(0.42 ** 2 - 0.25 ** 2);
    for (const z of [-tip, tip])
      ctx.add(ctx.capsule([0.3, 0.23, z], [0.05, 0.23, 0], 0.005), 'fabric', {
        part: 'string',
        primary: false,
        colour: STRING,
      });
    ctx.add(ctx.capsule([0.05, 0.245, 0], [0.45, 0.245, 0], 0.008), 'wood', {
      part: 'bolt',
      primary: false,
      colour: [0.75, 0.6, 0.4],
    });
  },
  gun: (ctx) => {
    ctx.add(ctx.roundBox([0.36, 0.08, 0.05], 0.01, [0.04, 0.3, 0]), 'metal', { part: 'frame', colour: DARK_STEEL });
    ctx.add(ctx.capsule([0.2, 0.31, 0], [0.36, 0.31, 0], 0.022), 'metal', { part: 'barrel', colour: DARK_STEEL });
    ctx.add(ctx.cyl(0.045, 0.1, [0, 0, 0]).rotate([0, 0, -90]).translate([-0.02, 0.29, 0]), 'metal', {
      part: 'cylinder',
      colour: DARK_STEEL,
    });
    ctx.add(ctx.roundBox([0.08, 0.2, 0.045], 0.015, [0, 0, 0]).rotate([0, 0, 18]).translate([-0.11, 0.18, 0]), 'wood', {
      part: 'grip',
      colour: WOOD,
    });
    ctx.add(ctx.torus(0.035, 0.007, [0.0, 0.235, 0], 'z').trimByPlane([0, -1, 0], -0.25), 'metal', {
      part: 'trigger guard',
      primary: false,
      colour: DARK_STEEL,
    });
  },
  rifle: (ctx) => {
    ctx.add(
      ctx.prism(
        [
          [-0.75, 0.16],
          [-0.3, 0.26],
          [0.2, 0.26],
          [0.2, 0.32],
          [-0.35, 0.34],
          [-0.75, 0.3],
        ],
        0.05,
      ),
      'wood',
      { part: 'stock', colour: WOOD },
    );
    ctx.add(ctx.capsule([0.0, 0.325, 0], [0.85, 0.325, 0], 0.016), 'metal', { part: 'barrel', colour: DARK_STEEL });
    ctx.add(ctx.box([0.25, 0.05, 0.045], [-0.1, 0.33, 0]), 'metal', { part: 'receiver', colour: DARK_STEEL });
    ctx.add(ctx.torus(0.03, 0.006, [-0.15, 0.24, 0], 'z').trimByPlane([0, -1, 0], -0.25), 'metal', {
      part: 'trigger guard',
      primary: false,
      colour: DARK_STEEL,
    });
  },
  cannon: (ctx) => {
    ctx.add(ctx.cyl(0.13, 0.95, [0, 0, 0], 0.09).rotate([0, 0, -80]).translate([-0.35, 0.36, 0]), 'metal', {
      part: 'barrel',
      colour: [0.15, 0.15, 0.16],
    });
    ctx.add(ctx.sphere(0.13, [-0.35, 0.36, 0]), 'metal', { part: 'breech', colour: [0.15, 0.15, 0.16] });
    ctx.add(ctx.box([0.7, 0.12, 0.26], [-0.15, 0.24, 0]), 'wood', { part: 'carriage', colour: WOOD });
    ctx.add(ctx.cyl(0.02, 0.6, [0, 0, 0]).rotate([90, 0, 0]).translate([0, 0.2, -0.3]), 'metal', {
      part: 'axle',
      primary: false,
      colour: DARK_STEEL,
    });
    for (const z of [-0.22, 0.22]) {
      ctx.add(ctx.torus(0.18, 0.025, [0, 0.2, z], 'z'), 'wood', { part: 'wheel', colour: WOOD });
      for (const a of around(6))
        ctx.add(ctx.capsule([0, 0.2, z], [Math.cos(a) * 0.17, 0.2 + Math.sin(a) * 0.17, z], 0.012), 'wood', {
          part: 'spoke',
          colour: WOOD,
        });
    }
  },
};

export function weapon(ctx: GenContext): void {
  (WEAPONS[ctx.interpretation.profile ?? ''] ?? WEAPONS.gun)(ctx);
}

export const WEAPON_PROFILES = Object.keys(WEAPONS);
