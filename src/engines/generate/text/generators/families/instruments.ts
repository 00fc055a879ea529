/**
 * Musical instruments by kind: string instruments (a waisted body, neck, head and strings, sized per
 * profile from ukulele to cello; a harp's frame), keyboards, drums and drum kits, and wind instruments
 * (a brass tube and bell, a sax's curve, a flute's straight tube, an accordion's bellows).
 *
 * The kinds other than the string instruments are rows of ../parts/instruments.json (INSTRUMENT_ROWS):
 * a piano (upright when the noun says so), a gong, a theremin, a xylophone and a kalimba with the bars
 * and tines the prompt counts, a harp, drums, the wind instruments. The string instruments are one rig
 * over a table of proportions.
 */
import type { GenContext, Generator, RGB } from '../kit.ts';
import { DARK_BROWN, MARBLE, WOOD } from '../palette.ts';
import { partLists } from '../part-list.ts';

const STRINGS: Record<
  string,
  { body: number; neck: number; waist: number; round?: boolean; flat?: boolean; colour: RGB }
> = {
  guitar: { body: 1, neck: 0.9, waist: 0.75, colour: WOOD },
  'electric guitar': { body: 0.85, neck: 0.9, waist: 0.7, flat: true, colour: [0.8, 0.1, 0.1] },
  violin: { body: 0.6, neck: 0.45, waist: 0.6, colour: [0.55, 0.25, 0.08] },
  cello: { body: 1.3, neck: 0.7, waist: 0.62, colour: [0.5, 0.22, 0.08] },
  ukulele: { body: 0.55, neck: 0.5, waist: 0.78, colour: [0.75, 0.5, 0.25] },
  banjo: { body: 0.75, neck: 1.0, waist: 1, round: true, colour: MARBLE },
  lute: { body: 0.8, neck: 0.6, waist: 1, round: true, colour: WOOD },
  'string-instrument': { body: 0.9, neck: 0.8, waist: 0.75, colour: WOOD },
};

export function stringInstrument(ctx: GenContext): void {
  const { s } = ctx;
  const profile = ctx.interpretation.profile ?? 'string-instrument';
  if (profile === 'harp') {
    INSTRUMENT_ROWS.harp(ctx);
    return;
  }
  const t = STRINGS[profile] ?? STRINGS['string-instrument'];
  const B = 0.5 * t.body * s.tall;
  const depth = (t.flat ? 0.05 : 0.1) * t.body;
  const shape = t.round
    ? [ctx.cyl(B * 0.45, depth, [0, 0, 0])]
    : [ctx.cyl(B * 0.45, depth, [0, 0, 0]), ctx.cyl(B * 0.45 * t.waist, depth, [0, 0, 0])];
  // The body lies in the XY plane (face towards +Z), standing on its lower bout.
  const lower = shape[0].rotate([90, 0, 0]).translate([0, B * 0.45, -depth / 2]);
  const parts = [lower];
  if (!t.round)
    parts.push(shape[1].rotate([90, 0, 0]).translate([0, B * 0.45 * 2 + B * 0.45 * t.waist * 0.6, -depth / 2]));
  ctx.add(ctx.hull(parts), 'wood', { colour: t.colour });
  const top = t.round ? B * 0.9 : B * 0.9 + B * 0.45 * t.waist * 1.6;
  const neckL = B * 1.6 * t.neck;
  ctx.add(ctx.box([B * 0.1, neckL, depth * 0.6], [0, top + neckL / 2 - B * 0.05, 0]), 'wood', {
    part: 'neck',
    primary: false,
    colour: DARK_BROWN,
  });
  ctx.add(ctx.roundBox([B * 0.16, B * 0.3, depth * 0.6], 0.005, [0, top + neckL + B * 0.1, 0]), 'wood', {
    part: 'head',
    primary: false,
    colour: DARK_BROWN,
  });
  ctx.add(
    ctx
      .cyl(B * 0.12, depth * 0.2, [0, 0, 0])
      .rotate([90, 0, 0])
      .translate([0, B * 0.6, depth * 0.55]),
    'wood',
    { part: 'soundhole', primary: false, colour: DARK_BROWN },
  );
  for (let k = 0; k < 4; k++)
    ctx.add(
      ctx.box(
        [0.004, top + neckL - B * 0.3, 0.004],
        [(k - 1.5) * B * 0.025, (top + neckL + B * 0.3) / 2, depth * 0.55],
      ),
      'metal',
      { part: 'string', primary: false, colour: [0.85, 0.85, 0.8] },
    );
  if (profile === 'cello')
    ctx.add(ctx.cyl(0.01, B * 0.3, [0, -B * 0.28, 0]), 'metal', { part: 'spike', primary: false });
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
