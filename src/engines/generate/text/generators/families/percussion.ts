/**
 * A percussion instrument built from what its description says (../../percussion-reading.ts): a drum
 * of its own width and height (a tall narrow conga, a shallow tambourine with jingles), a kettledrum
 * on legs, a shaker on a handle, clappers, a cymbal on its stand, a bell or a set of bells, hanging
 * tubes, or a hollow stick, each a row of ../parts/percussion.json — two side by side where it is
 * played in pairs.
 */
import type { GenContext } from '../kit.ts';
import { percussionForm } from '../../percussion-reading.ts';
import { buildRow } from '../part-list.ts';

/** Builds the prompt's percussion instrument as its description says; false when there is none to read. */
export function describedPercussion(ctx: GenContext): boolean {
  const f = percussionForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const xs = f.pair ? [-0.22 * Math.max(1, f.width), 0.22 * Math.max(1, f.width)] : [0];
  const given = { width: f.width, height: f.height, jingles: +f.jingles, set: +/set of bells/.test(f.summary) };
  for (const x of xs) buildRow(ctx, 'percussion', f.shape, { ...given, x });
  return true;
}
