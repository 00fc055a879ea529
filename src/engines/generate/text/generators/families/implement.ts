/**
 * A hand implement built from what its description says (../../implement-reading.ts): a handle (short,
 * long, or one at each end) and the working head its gloss names — a blade, teeth, a bowl, a perforated
 * bowl or plate, wire loops, bristles, strands, a suction cup, hinged arms, a spiral, a wheel, a
 * roller, a cone, a hook, a point, a heavy head or a bar, each a row of ../parts/implement-heads.json.
 * The implement lies along +X, head at the end.
 */
import type { GenContext } from '../kit.ts';
import { implementForm, type ImplementForm } from '../../implement-reading.ts';
import { GRIP, WOOD } from '../palette.ts';
import { buildRow } from '../part-list.ts';

/** The head, a row of ../parts/implement-heads.json by the reading's head name, placed at (x, y). */
const head = (ctx: GenContext, name: string, x: number, y: number) => buildRow(ctx, 'implement-heads', name, { x, y });

/** Builds the prompt's implement from its description; false when its description names no head. */
export function implement(ctx: GenContext): boolean {
  const f: ImplementForm | undefined = implementForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const y = 0.03;
  const length = f.handle === 'long' ? 1.1 : 0.32;
  const handle = { colour: f.wooden ? WOOD : GRIP, material: f.wooden ? ('wood' as const) : ('plastic' as const) };
  if (f.handle === 'both ends') {
    head(ctx, 'roller', -0.2, y + 0.03);
    for (const side of [-1, 1])
      ctx.add(ctx.capsule([side * 0.2, y + 0.03, 0], [side * 0.32, y + 0.03, 0], 0.02), handle.material, {
        part: 'handle',
        colour: handle.colour,
      });
    return true;
  }
  ctx.add(ctx.capsule([-length, y, 0], [0, y, 0], f.handle === 'long' ? 0.022 : 0.025), handle.material, {
    part: 'handle',
    colour: handle.colour,
  });
  head(ctx, f.head, 0, y);
  return true;
}
