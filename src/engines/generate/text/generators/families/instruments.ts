/**
 * Musical instruments by kind: string instruments (a waisted body, neck, head and strings, sized per
 * profile from ukulele to cello; a harp's frame), keyboards, drums and drum kits, and wind instruments
 * (a brass tube and bell, a sax's curve, a flute's straight tube, an accordion's bellows).
 *
 * The kinds other than the string instruments are rows of ../parts/instruments.json (INSTRUMENT_ROWS):
 * a piano (upright when the noun says so), a gong, a theremin, a xylophone and a kalimba with the bars
 * and tines the prompt counts, a harp, drums, the wind instruments. The string instruments are one row
 * of ../parts/string-instruments.json over a table of proportions.
 */
import type { GenContext, Generator, RGB } from '../kit.ts';
import { MARBLE, WOOD } from '../palette.ts';
import { buildRow, partLists } from '../part-list.ts';

/**
 * The string instruments' proportions, the inputs of their row of ../parts/string-instruments.json: the
 * body's size, the neck's length against it, the waist (a round body has none), a flat (electric) body,
 * a cello's spike (flags as 1 or 0).
 */
const STRINGS: Record<
  string,
  { body: number; neck: number; waist: number; round?: number; flat?: number; spike?: number; colour: RGB }
> = {
  guitar: { body: 1, neck: 0.9, waist: 0.75, colour: WOOD },
  'electric guitar': { body: 0.85, neck: 0.9, waist: 0.7, flat: 1, colour: [0.8, 0.1, 0.1] },
  violin: { body: 0.6, neck: 0.45, waist: 0.6, colour: [0.55, 0.25, 0.08] },
  cello: { body: 1.3, neck: 0.7, waist: 0.62, spike: 1, colour: [0.5, 0.22, 0.08] },
  ukulele: { body: 0.55, neck: 0.5, waist: 0.78, colour: [0.75, 0.5, 0.25] },
  banjo: { body: 0.75, neck: 1.0, waist: 1, round: 1, colour: MARBLE },
  lute: { body: 0.8, neck: 0.6, waist: 1, round: 1, colour: WOOD },
  'string-instrument': { body: 0.9, neck: 0.8, waist: 0.75, colour: WOOD },
};

/** A string instrument by profile (a harp is a row of ../parts/instruments.json). */
export function stringInstrument(ctx: GenContext): void {
  const profile = ctx.interpretation.profile ?? 'string-instrument';
  if (profile === 'harp') {
    INSTRUMENT_ROWS.harp(ctx);
    return;
  }
  const t = STRINGS[profile] ?? STRINGS['string-instrument'];
  buildRow(ctx, 'string-instruments', 'string instrument', { round: 0, flat: 0, spike: 0, ...t });
}

/** The kinds of ../parts/instruments.json, by profile. */
export const INSTRUMENT_ROWS: Record<string, Generator> = partLists('instruments');

export const drum: Generator = INSTRUMENT_ROWS.drum;
/** A grand piano, or an upright one when the noun says so. */
export const piano: Generator = INSTRUMENT_ROWS.piano;

/** A wind instrument's row by profile; a brass one the row has no kind for is a trumpet. */
export function windInstrument(ctx: GenContext): void {
  (INSTRUMENT_ROWS[ctx.interpretation.profile ?? ''] ?? INSTRUMENT_ROWS.trumpet)(ctx);
}
