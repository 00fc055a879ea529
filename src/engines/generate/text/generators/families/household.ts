/**
 * Household and workshop things no other family built: a fire extinguisher, a trash can, a beehive, an
 * aquarium (a terrarium is its planted, dry form), a candelabra, a music box, a salt shaker, a coat
 * rack, a lectern and a workbench; and the workshop's powered and measuring tools (jackhammer,
 * blowtorch, soldering iron, leaf blower, spirit level, flashlight, light bulb, binoculars) and the
 * siege engine and hand grenade the weapon families lacked. A row each of ../parts/household.json and
 * ../parts/shop-tools.json, as few primitives as say what it is.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const HOUSEHOLD: Record<string, Generator> = partLists('household');

export const SHOP_TOOLS: Record<string, Generator> = partLists('shop-tools');
