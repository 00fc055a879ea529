/**
 * A knife built from what its description says (../../knife-reading.ts): the blade's length, width
 * (a cleaver's square blade, a stiletto's thin one), curve and point, a heavier spine, a guard and a
 * leather grip for a weapon or a plain handle for the kitchen, a blade folding from its handle.
 */
import type { Vec2 } from 'manifold-3d';
import type { GenContext } from '../kit.ts';
import { knifeForm } from '../../knife-reading.ts';

/** Builds the prompt's knife from its description; false when there is none to read. */
export function describedKnife(ctx: GenContext): boolean {
  const f = knifeForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const L = 0.2 * f.length * ctx.s.long;
  const w = 0.03 * f.width * ctx.s.wide;
  const grip = f.folding ? 0.11 : 0.1 + L * 0.15;
  const thick = (f.heavy ? 0.007 : 0.004) * ctx.s.thick;
  ctx.add(
    f.weapon ? ctx.cyl(0.012, grip, [0, 0, 0]) : ctx.roundBox([0.022, grip, 0.03], 0.009, [0, grip / 2, 0]),
    f.weapon ? 'leather' : 'wood',
    {
      part: 'handle',
      primary: false,
      colour: f.weapon ? undefined : [0.35, 0.22, 0.12],
    },
  );
  if (f.weapon)
    ctx.add(ctx.box([w * 2.2 + 0.03, 0.012, 0.02], [0, grip, 0]), 'metal', { part: 'guard', primary: false });
  // The blade outline: spine on the left (x < 0), edge on the right, heel at y = 0.
  const tipX = f.square ? w : f.pointed ? w * 0.15 : w * 0.5;
  const blade: Vec2[] = f.square
    ? [
        [-0.004, 0],
        [w, 0],
        [w, L],
        [-0.004, L],
      ]
    : f.curved
      ? [
          [-0.004, 0],
          [w, 0],
          [w * 1.6, L * 0.55],
          [w * 1.2, L * 0.9],
          [tipX + w * 0.8, L],
          [w * 0.2, L * 0.7],
          [-0.004, L * 0.3],
        ]
      : [
          [-0.004, 0],
          [w, 0],
          [w, L * 0.7],
          [tipX, L],
          [-0.004, L * 0.85],
        ];
  let m = ctx.prism(blade, thick).translate([0, grip + (f.weapon ? 0.006 : 0), 0]);
  // A folding knife shows its blade half open, hinged at the handle's end.
  if (f.folding) m = m.translate([0, -grip, 0]).rotate([0, 0, -35]).translate([0, grip, 0]);
  ctx.add(m, 'metal', { part: 'blade' });
  return true;
}
