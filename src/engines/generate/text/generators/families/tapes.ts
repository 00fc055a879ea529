/**
 * Tape cassettes, rows of the household-appliance family: a flat case with two reels behind a window
 * and a label (an audio cassette; a videotape is the same case, larger). WordNet files a cassette as a
 * container or a device, whose stand-ins were a crate and an appliance.
 */
import type { GenContext, Generator } from '../kit.ts';
import { DARK } from '../palette.ts';

export const TAPES: Record<string, Generator> = {
  'cassette tape': (ctx) => tape(ctx, false),
  videotape: (ctx) => tape(ctx, true),
};

/** A case standing on its long edge, the reels' window and the label facing the viewer. */
function tape(ctx: GenContext, video: boolean): void {
  const [w, h, d] = video ? [0.19, 0.025, 0.1] : [0.1, 0.012, 0.064];
  const colour = ctx.interpretation.colours[0]?.rgb ?? DARK;
  ctx.add(ctx.roundBox([w, d, h], 0.003, [0, d / 2, 0]), 'plastic', { colour });
  ctx.add(ctx.box([w * 0.8, d * 0.45, 0.002], [0, d * 0.68, h / 2]), 'paper', {
    part: 'label',
    primary: false,
    colour: [0.95, 0.93, 0.85],
  });
  ctx.add(ctx.box([w * 0.5, d * 0.2, 0.002], [0, d * 0.38, h / 2]), 'glass', {
    part: 'window',
    primary: false,
    colour: [0.3, 0.3, 0.32],
  });
  for (const x of [-w * 0.2, w * 0.2])
    ctx.add(
      ctx
        .cyl(d * 0.09, 0.003, [0, 0, 0])
        .rotate([90, 0, 0])
        .translate([x, d * 0.38, h / 2 + 0.0025]),
      'plastic',
      { part: 'reel', primary: false, colour: [0.9, 0.9, 0.9] },
    );
}
