/**
 * Household appliances and devices: one rounded-box rig whose rows (../parts/appliances.json) set the
 * proportions and the features that identify it (a toaster's slots, a microwave's window, a fridge's
 * doors, a drum washer's porthole, a record player's platter and arm, a gramophone's horn, a screen, a
 * lens, a handset, keys, a mixer's bowl and head).
 *
 * DEVICES the rig has no row for are rows of ../parts/devices.json (headphones, a microphone, a printer,
 * a tablet …, and a drone for the rotorcraft).
 */
import type { GenContext, Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

const APPLIANCES: Record<string, Generator> = partLists('appliances');

/** The rig's row the profile names (../parts/appliances.json), else the plain appliance's. */
export function appliance(ctx: GenContext): void {
  (APPLIANCES[ctx.interpretation.profile ?? ''] ?? APPLIANCES.appliance)(ctx);
}

export const DEVICES: Record<string, Generator> = partLists('devices');

export const drone: Generator = DEVICES.drone;
