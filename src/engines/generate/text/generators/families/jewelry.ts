/**
 * A piece of jewellery built from what its description says (../../jewelry-reading.ts): its shape is a
 * row of ../parts/jewelry.json (a necklace, a pendant, a brooch, earrings, a band, cufflinks, beads),
 * set with stones when its description, the prompt's parts or a companion gem say so.
 */
import type { GenContext } from '../kit.ts';
import { jewelryForm } from '../../jewelry-reading.ts';
import { buildRow } from '../part-list.ts';

/** Builds the prompt's piece of jewellery from its description; false when there is none to read. */
export function describedJewelry(ctx: GenContext): boolean {
  const f = jewelryForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  // Pearls strung about the neck are a string of beads ("a pearl necklace").
  const pearls = f.shape === 'necklace' && /\bpearls?\b|\bbeads?\b/.test(ctx.interpretation.prompt.toLowerCase());
  const gems =
    f.gems || Boolean(ctx.partSpec('gem')) || ctx.interpretation.companions.some((c) => c.category === 'gem');
  buildRow(ctx, 'jewelry', pearls ? 'beads' : f.shape, { gems: +gems });
  return true;
}
