/**
 * Outdoor things (the outdoor category, beside ./rides.ts), each a row of ../parts/outdoor.json: play
 * equipment (a swing set with the swings the prompt counts, a slide, a jungle gym …), garden buildings,
 * a campfire, a fountain (a bird bath when the prompt says so) and a bird bath.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const OUTDOOR: Record<string, Generator> = partLists('outdoor');
