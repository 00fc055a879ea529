/**
 * The plain solid an artifact's description names (../../shape-reading.ts): a hoop, a disk, a wheel, a
 * ball, a tube, a cone, a dome, a frame, a board, a box, a bag, a block or a rod, rows of
 * ../parts/plain-shapes.json, in the proportions ("narrow", "flat", "long", "oblong") and the material
 * the description gives.
 */
import type { GenContext, RGB } from '../kit.ts';
import { buildRow } from '../part-list.ts';
import { shapeForm, type PlainMaterial } from '../../shape-reading.ts';

/** Each material's colour, in the order of the material list the rows name (plastic the plain solid's). */
const LOOK: Record<PlainMaterial, RGB> = {
  metal: [0.72, 0.73, 0.76],
  wood: [0.62, 0.42, 0.22],
  plastic: [0.85, 0.3, 0.2],
  glass: [0.8, 0.88, 0.92],
  fabric: [0.75, 0.72, 0.65],
  leather: [0.45, 0.28, 0.16],
  paper: [0.92, 0.9, 0.84],
  stone: [0.6, 0.6, 0.58],
  ceramic: [0.9, 0.88, 0.84],
};
const PLAIN: RGB = [0.7, 0.68, 0.64];
const WORDS = ['small', 'thin', 'oblong', 'flat', 'long', 'short', 'tall', 'narrow', 'wide', 'heavy'];

/** Builds the plain solid the prompt's noun reads as; false when its description names no shape. */
export function plainShape(ctx: GenContext): boolean {
  const f = shapeForm(ctx.interpretation.profile ?? '');
  if (!f) return false;
  const says = WORDS.map((word) => [`says${word[0].toUpperCase()}${word.slice(1)}`, +f.proportions.includes(word)]);
  buildRow(ctx, 'plain-shapes', f.shape, {
    ...Object.fromEntries(says),
    material: Object.keys(LOOK).indexOf(f.material ?? 'plastic'),
    colour: f.material ? LOOK[f.material] : PLAIN,
  });
  return true;
}
