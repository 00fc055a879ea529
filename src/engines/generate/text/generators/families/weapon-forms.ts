/**
 * A weapon built from what its description says (../../weapon-reading.ts): brass knuckles (four joined
 * finger rings and a palm bar), a flamethrower (a nozzle gun on a hose from twin fuel tanks), a rocket
 * launcher (a shoulder tube with grip and sight), a boomerang (a flat curved wing), a mine (a flat disk
 * with a pressure plate) or a bomb (a round casing with a fuse).
 */
import { addDetail, type GenContext, type RGB } from '../kit.ts';
import { weaponForm, type WeaponShape } from '../../weapon-reading.ts';
import { BLACKENED_STEEL, BRASS, OLIVE, WOOD } from '../palette.ts';

const BUILDS: Record<WeaponShape, (ctx: GenContext) => void> = {
  knuckles: (ctx) => {
    const colour = ctx.interpretation.colours[0]?.rgb ?? BRASS;
    // Four finger rings side by side (x), standing in the x, y plane, over a curved palm bar.
    for (let k = 0; k < 4; k++)
      ctx.add(ctx.torus(0.012, 0.0045, [-0.039 + k * 0.026, 0.05, 0], 'z'), 'metal', { part: 'ring', colour });
    ctx.add(ctx.capsule([-0.045, 0.028, 0], [0.045, 0.028, 0], 0.008), 'metal', { part: 'palm bar', colour });
    ctx.add(ctx.roundBox([0.11, 0.012, 0.012], 0.004, [0, 0.067, 0]), 'metal', { part: 'striking edge', colour });
  },
  sprayer: (ctx) => {
    // The gun: a long nozzle tube with a grip and a pilot flame cup, lying along x.
    ctx.add(ctx.cyl(0.025, 0.7, [0, 0, 0]).rotate([0, 0, -90]).translate([-0.2, 0.42, 0]), 'metal', {
      part: 'nozzle',
      colour: BLACKENED_STEEL,
    });
    ctx.add(ctx.cyl(0.04, 0.08, [0, 0, 0], 0.032).rotate([0, 0, -90]).translate([0.46, 0.42, 0]), 'metal', {
      part: 'muzzle',
      primary: false,
      colour: [0.5, 0.5, 0.5],
    });
    ctx.add(ctx.roundBox([0.05, 0.14, 0.035], 0.01, [-0.05, 0.35, 0]), 'plastic', {
      part: 'grip',
      colour: [0.15, 0.15, 0.15],
    });
    // Twin fuel tanks standing behind, joined to the gun by a hose.
    for (const z of [-0.07, 0.07])
      ctx.add(ctx.capsule([-0.35, 0.1, z], [-0.35, 0.5, z], 0.065), 'metal', {
        part: 'fuel tank',
        colour: ctx.interpretation.colours[0]?.rgb ?? OLIVE,
      });
    addDetail(ctx, ctx.capsule([-0.35, 0.3, 0], [-0.2, 0.42, 0], 0.015), 'rubber', 'hose', [0.1, 0.1, 0.1]);
  },
  launcher: (ctx) => {
    const colour = ctx.interpretation.colours[0]?.rgb ?? OLIVE;
    ctx.add(ctx.cyl(0.05, 1.1, [0, 0, 0]).rotate([0, 0, -90]).translate([-0.55, 0.3, 0]), 'metal', {
      part: 'tube',
      colour,
    });
    for (const x of [-0.55, 0.55])
      ctx.add(
        ctx
          .cyl(0.06, 0.06, [0, 0, 0])
          .rotate([0, 0, -90])
          .translate([x - 0.03, 0.3, 0]),
        'metal',
        { part: 'ring', primary: false, colour: BLACKENED_STEEL },
      );
    ctx.add(ctx.roundBox([0.04, 0.14, 0.03], 0.008, [0.05, 0.21, 0]), 'plastic', {
      part: 'grip',
      colour: [0.15, 0.15, 0.15],
    });
    addDetail(ctx, ctx.roundBox([0.08, 0.05, 0.03], 0.008, [0.0, 0.365, 0.02]), 'metal', 'sight', BLACKENED_STEEL);
  },
  boomerang: (ctx) => {
    // A flat wing bent at its elbow: two blades meeting at an angle, lying flat (x, z plane).
    const colour = ctx.interpretation.colours[0]?.rgb ?? WOOD;
    const flat = (m: ReturnType<GenContext['box']>) => m.scale([1, 0.25, 1]);
    ctx.add(flat(ctx.capsule([0, 0.01, 0], [-0.2, 0.01, 0.16], 0.035, 0.025)), 'wood', { part: 'wing', colour });
    ctx.add(flat(ctx.capsule([0, 0.01, 0], [0.2, 0.01, 0.16], 0.035, 0.025)), 'wood', { part: 'wing', colour });
  },
  mine: (ctx) => {
    ctx.add(ctx.cyl(0.15, 0.07, [0, 0, 0], 0.13), 'metal', {
      part: 'casing',
      colour: ctx.interpretation.colours[0]?.rgb ?? OLIVE,
    });
    addDetail(ctx, ctx.cyl(0.05, 0.02, [0, 0.065, 0]), 'metal', 'pressure plate', BLACKENED_STEEL);
  },
  bomb: (ctx) => {
    const colour = ctx.interpretation.colours[0]?.rgb ?? ([0.12, 0.12, 0.14] as RGB);
    ctx.add(ctx.sphere(0.15, [0, 0.15, 0]), 'metal', { part: 'casing', colour });
    ctx.add(ctx.cyl(0.04, 0.05, [0, 0.28, 0]), 'metal', { part: 'cap', primary: false, colour: BLACKENED_STEEL });
    addDetail(ctx, ctx.capsule([0, 0.32, 0], [0.04, 0.4, 0], 0.006), 'fabric', 'fuse', [0.85, 0.8, 0.65]);
  },
};

/** Builds the prompt's weapon from its description; false when there is none to read. */
export function describedWeapon(ctx: GenContext): boolean {
  const f = weaponForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  BUILDS[f.shape](ctx);
  return true;
}
