/** Spacecraft and small vehicles: rows of ../parts/spacecraft.json and ../parts/small-vehicles.json, by profile. */
import type { GenContext, Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const SPACECRAFT: Record<string, Generator> = partLists('spacecraft');

export const SMALL_VEHICLES: Record<string, Generator> = partLists('small-vehicles');

export function spacecraft(ctx: GenContext): void {
  (SPACECRAFT[ctx.interpretation.profile ?? ''] ?? SPACECRAFT.satellite)(ctx);
}

export function smallVehicle(ctx: GenContext): void {
  (SMALL_VEHICLES[ctx.interpretation.profile ?? ''] ?? SMALL_VEHICLES['tuk-tuk'])(ctx);
}
