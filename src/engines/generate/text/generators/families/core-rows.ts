import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const CORE_ROWS: Record<string, Generator> = partLists('poles');
// A glaive is the European blade on a pole: the same build.
CORE_ROWS.glaive = CORE_ROWS.naginata;
