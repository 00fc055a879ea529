/**
 * Tape cassettes, rows of the household-appliance family: a flat case with two reels behind a window
 * and a label (an audio cassette; a videotape is the same case, larger). WordNet files a cassette as a
 * container or a device, whose stand-ins were a crate and an appliance. Rows of ../parts/tapes.json.
 */
import type { Generator } from '../kit.ts';
import { partLists } from '../part-list.ts';

export const TAPES: Record<string, Generator> = partLists('tapes');
