/**
 * Weighing instruments, rows of the powered and measuring tool family, each a row of ../parts/scales.json:
 * a scale (a flat platform with a dial, as on a bathroom or kitchen scale) and a balance (a beam on a post
 * with a pan hung from each end). WordNet's "scale, weighing machine" stood in as the family's flashlight.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const SCALES: Record<string, Generator> = partLists('scales');
