/**
 * Ranged weapons, each a few primitives in its recognisable proportions: a bow (arced limb, string,
 * grip and a nocked arrow), a crossbow (stock, cross limb, drawn string), a handgun, a long gun and a
 * cannon on a wheeled carriage. Blades keep their own generators (sword, dagger, axe, spear).
 */
import type { GenContext, Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const WEAPONS: Record<string, Generator> = partLists('weapons');

export function weapon(ctx: GenContext): void {
  (WEAPONS[ctx.interpretation.profile ?? ''] ?? WEAPONS.gun)(ctx);
}
