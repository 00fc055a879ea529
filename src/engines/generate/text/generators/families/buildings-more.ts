import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const MORE_BUILDINGS: Record<string, Generator> = {
  ...partLists('buildings'),
};
