/**
 * Families whose every form is a row of one parts file (../parts/<name>.json says what each holds), by
 * the names the registry uses. Some came to their family by WordNet's filing: fairground rides are
 * devices (the garden and playground family), a scale is a weighing machine (the powered and
 * measuring tools), a cassette a container or device (the appliances), a hang glider and a paraglider
 * rows of the airplane and an autogyro of the rotorcraft. A family drawn by profile falls back on its
 * plainest row.
 */
import type { GenContext, Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

/** The row the prompt's profile names, else the family's `fallback` row. */
const byProfile =
  (rows: Record<string, Generator>, fallback: string): Generator =>
  (ctx: GenContext) =>
    (rows[ctx.interpretation.profile ?? ''] ?? rows[fallback])(ctx);

export const OUTDOOR = partLists('outdoor');
export const RIDES = partLists('rides');
export const SCALES = partLists('scales');
export const TAPES = partLists('tapes');
export const GLIDERS = partLists('gliders');
export const TOYS = partLists('toys');
export const SPORTS = partLists('sports');
/** Creatures of myth, each the body plan it is told as, with its skeleton (../joints.ts). */
export const MYTHICAL = partLists('mythical');
export const DESK = partLists('desk');
export const SIGNS = partLists('signs');
export const MASKS = partLists('masks');
export const HOUSEHOLD = partLists('household');
export const SHOP_TOOLS = partLists('shop-tools');

const POLES = partLists('poles');
/** A glaive is the European blade on a pole: the naginata's build. */
export const CORE_ROWS: Record<string, Generator> = { ...POLES, glaive: POLES.naginata };

/** Ranged weapons (blades keep their own generators), spacecraft and small vehicles, by profile. */
export const weapon = byProfile(partLists('weapons'), 'gun');
export const spacecraft = byProfile(partLists('spacecraft'), 'satellite');
export const smallVehicle = byProfile(partLists('small-vehicles'), 'tuk-tuk');
/** Footwear and bags by profile; a hat with no row of its own is the plain `hat` row. */
export const shoe = byProfile(partLists('shoes'), 'shoe');
export const bag = byProfile(partLists('bags'), 'handbag');
export const hat = partLists('hats').hat;
