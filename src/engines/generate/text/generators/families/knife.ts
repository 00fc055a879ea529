/**
 * A knife built from what its description says (../../knife-reading.ts): the row of ../parts/knife.json
 * drawn with the description's length, width, curve, point, spine, guard and fold as inputs.
 */
import type { GenContext } from '../kit.ts';
import { knifeForm } from '../../knife-reading.ts';
import { buildRow } from '../part-list.ts';

/** Builds the prompt's knife from its description; false when there is none to read. */
export function describedKnife(ctx: GenContext): boolean {
  const f = knifeForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const { curved, square, pointed, heavy, folding, weapon } = f;
  const flags = {
    curved: +curved,
    square: +square,
    pointed: +pointed,
    heavy: +heavy,
    folding: +folding,
    weapon: +weapon,
  };
  buildRow(ctx, 'knife', 'knife', { length: f.length, width: f.width, ...flags });
  return true;
}
