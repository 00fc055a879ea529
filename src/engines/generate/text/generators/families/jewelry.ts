/**
 * A piece of jewellery built from what its description says (../../jewelry-reading.ts): a necklace
 * (a chain of links about the neck, a stone at its front where it bears gems), a pendant on its chain,
 * a brooch (an oval plate on a pin), a pair of earrings, a band for the wrist or ankle, cufflinks, or a
 * string of beads. Sizes are a wearer's, like the ring's.
 */
import { around, type GenContext } from '../kit.ts';
import { jewelryForm, type JewelryShape } from '../../jewelry-reading.ts';
import { DRUM_HEAD, GOLD, PALE_BLUE_GEM } from '../palette.ts';

/** One jewellery shape, with or without set stones. */
type JewelryShapeBuilder = (ctx: GenContext, gems: boolean) => void;

const gold = (ctx: GenContext, m: ReturnType<GenContext['box']>, part?: string) =>
  ctx.add(m, 'gold', { part, colour: GOLD });
const gem = (ctx: GenContext, r: number, at: [number, number, number]) =>
  ctx.add(ctx.sphere(r, at, 10).scale([1, 1, 0.6]), 'glass', { part: 'gem', primary: false, colour: PALE_BLUE_GEM });

/** A closed loop of beads or links (x, y plane), centred at `y`. */
function loop(
  ctx: GenContext,
  R: number,
  r: number,
  n: number,
  y: number,
  part: string,
  material: 'gold' | 'glass' = 'gold',
  colour = GOLD,
): void {
  for (const a of around(n))
    ctx.add(ctx.sphere(r, [Math.cos(a) * R, y + Math.sin(a) * R, 0], 8), material, { part, colour });
}

const BUILDS: Record<JewelryShape, JewelryShapeBuilder> = {
  necklace: (ctx, gems) => {
    gold(ctx, ctx.torus(0.09, 0.003, [0, 0.1, 0], 'z').scale([1, 1.15, 1]), 'chain');
    if (gems) gem(ctx, 0.008, [0, 0.1 - 0.09 * 1.15 - 0.006, 0.002]);
  },
  pendant: (ctx, gems) => {
    gold(ctx, ctx.torus(0.07, 0.002, [0, 0.11, 0], 'z').scale([1, 1.2, 1]), 'chain');
    gold(ctx, ctx.sphere(0.014, [0, 0.11 - 0.084 - 0.016, 0], 12).scale([1, 1.3, 0.45]), 'pendant');
    if (gems) gem(ctx, 0.006, [0, 0.11 - 0.084 - 0.016, 0.006]);
  },
  brooch: (ctx, gems) => {
    gold(ctx, ctx.ellipsoid([0.028, 0.02, 0.005], [0, 0.03, 0]), 'plate');
    for (const a of around(8))
      gold(ctx, ctx.sphere(0.004, [Math.cos(a) * 0.024, 0.03 + Math.sin(a) * 0.017, 0.003], 8), 'bead');
    ctx.add(ctx.capsule([-0.03, 0.03, -0.006], [0.03, 0.03, -0.006], 0.0012), 'metal', {
      part: 'pin',
      primary: false,
      colour: [0.75, 0.75, 0.78],
    });
    if (gems) gem(ctx, 0.008, [0, 0.03, 0.004]);
  },
  earrings: (ctx, gems) => {
    for (const x of [-0.025, 0.025]) {
      gold(ctx, ctx.torus(0.009, 0.0012, [x, 0.05, 0], 'z'), 'hoop');
      gold(ctx, ctx.sphere(0.006, [x, 0.033, 0], 10).scale([1, 1.5, 1]), 'drop');
      if (gems) gem(ctx, 0.003, [x, 0.033, 0.005]);
    }
  },
  band: (ctx, gems) => {
    gold(ctx, ctx.torus(0.034, 0.004, [0, 0.036, 0], 'z').scale([1, 1, 1.6]), 'band');
    if (gems) for (const a of around(6)) gem(ctx, 0.0035, [Math.cos(a) * 0.034, 0.036 + Math.sin(a) * 0.034, 0.005]);
  },
  cufflinks: (ctx, gems) => {
    for (const x of [-0.02, 0.02]) {
      gold(ctx, ctx.cyl(0.008, 0.003, [x, 0.012, 0]), 'face');
      gold(ctx, ctx.capsule([x, 0, 0], [x, 0.012, 0], 0.0015), 'post');
      gold(ctx, ctx.box([0.01, 0.002, 0.003], [x, 0.001, 0]), 'toggle');
      if (gems) gem(ctx, 0.004, [x, 0.016, 0]);
    }
  },
  beads: (ctx) => loop(ctx, 0.07, 0.006, 28, 0.08, 'bead', 'glass', DRUM_HEAD),
};

/** Builds the prompt's piece of jewellery from its description; false when there is none to read. */
export function describedJewelry(ctx: GenContext): boolean {
  const f = jewelryForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  // Pearls strung about the neck are a string of beads ("a pearl necklace").
  const pearls = f.shape === 'necklace' && /\bpearls?\b|\bbeads?\b/.test(ctx.interpretation.prompt.toLowerCase());
  (pearls ? BUILDS.beads : BUILDS[f.shape])(
    ctx,
    f.gems || Boolean(ctx.partSpec('gem')) || ctx.interpretation.companions.some((c) => c.category === 'gem'),
  );
  return true;
}
