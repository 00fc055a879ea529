/**
 * A building built as its description says (../../building-reading.ts): the row of its kind in
 * ../parts/building-forms.json (a shed, a barn, a coop, a tiered mass, an open-sided roof on posts, a
 * hall with bay doors, a public building behind a portico, a storeyed building), given its footprint,
 * storeys, walls and roof as read.
 */
import type { GenContext } from '../kit.ts';
import { buildRow } from '../part-list.ts';
import { buildingForm } from '../../building-reading.ts';

/** Builds the prompt's building as its description says; false when its description says only what it is for. */
export function describedBuilding(ctx: GenContext): boolean {
  const f = buildingForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  buildRow(ctx, 'building-forms', f.kind, {
    w: 2.2 * f.size * ctx.s.wide,
    d: 1.8 * f.size * ctx.s.long,
    floors: f.floors,
    wooden: +f.wooden,
    thatched: +f.thatched,
    dome: +(f.roof === 'dome'),
  });
  return true;
}
