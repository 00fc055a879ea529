/**
 * Sports equipment, each a row of ../parts/sports.json (a dartboard standing on its edge with the darts
 * the prompt asks for, a barbell with the plates it counts …).
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const SPORTS: Record<string, Generator> = partLists('sports');
