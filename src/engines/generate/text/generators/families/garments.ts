/**
 * Garments laid out as a shop would show them, upright on a small stand: a T-shirt, a long-sleeved
 * top (shirt, sweater, hoodie, jacket, coat), a dress, trousers, a skirt, a glove, a scarf, a sock and
 * a necktie, each a row of ../parts/garments.json (most their outline extruded to a garment's thickness).
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const GARMENTS: Record<string, Generator> = partLists('garments');
