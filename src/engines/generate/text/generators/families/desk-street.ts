import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const DESK: Record<string, Generator> = partLists('desk');

export const SIGNS: Record<string, Generator> = partLists('signs');

export const MASKS: Record<string, Generator> = partLists('masks');
