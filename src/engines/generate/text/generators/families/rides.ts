/**
 * Fairground rides, rows of the garden and playground family, each a row of ../parts/rides.json: a
 * carousel, a ferris wheel and a roller coaster. WordNet files them as devices, whose stand-in was a
 * household appliance.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const RIDES: Record<string, Generator> = partLists('rides');
