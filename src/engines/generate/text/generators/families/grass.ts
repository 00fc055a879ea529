/**
 * A grass built from what its description says (../../grass-reading.ts): the row of ../parts/grass.json
 * (jointed canes: bamboo; grain ears: wheat; feathery plumes: pampas grass; else narrow blades) in the
 * prompt's colour, else the green or gold of its kind.
 */
import type { GenContext, RGB } from '../kit.ts';
import { grassForm } from '../../grass-reading.ts';
import { buildRow } from '../part-list.ts';

const GREEN: Record<string, RGB> = { ears: [0.85, 0.7, 0.35], canes: [0.45, 0.6, 0.25] };

export function describedGrass(ctx: GenContext): boolean {
  const f = grassForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  buildRow(ctx, 'grass', 'grass', {
    canes: +(f.shape === 'canes'),
    ears: +(f.shape === 'ears'),
    plumes: +(f.shape === 'plumes'),
    green: ctx.interpretation.colours[0]?.rgb ?? GREEN[f.shape] ?? [0.35, 0.58, 0.25],
  });
  return true;
}
