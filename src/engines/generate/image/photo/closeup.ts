/**
 * Close-ups: an object photographed from near runs off two opposite sides of the picture (a plank
 * across the frame, a bottle from top to bottom). Every other start fixes the picture's border as
 * background, which teaches the background model the object's own colour where it leaves the frame,
 * and the saliency calls it background for touching the border. So when the colour of the picture's
 * middle reaches both of two opposite sides, one more start assumes a band through the middle running
 * off exactly those two sides, with only the other two sides held as background. And a mask that
 * crosses the picture that way, centred between the sides it does not touch, is a close-up rather
 * than a background thing cut by the border (choice.ts, confidence.ts).
 */

export type Crossing = 'horizontal' | 'vertical';

/** Colour distance (L*a*b*) within which a border pixel shares the middle's colour. */
const SAME_COLOUR = 12;
/** Share of each of the two sides that must show the middle's colour for the start to run. */
const MIN_REACH = 0.08;
/** Half-size of the middle patch and of the starting band (shares of the picture). */
const MIDDLE = 0.1;
const BAND = 0.2;
/** How far a crossing mask's centre may lie off the middle, across the crossing (share of the picture). */
const CENTRED = 0.12;

/** Mean L*a*b* of the picture's middle patch. */
function middleColour(lab: Float32Array, width: number, height: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(height * (0.5 - MIDDLE)); y < height * (0.5 + MIDDLE); y++) {
    for (let x = Math.round(width * (0.5 - MIDDLE)); x < width * (0.5 + MIDDLE); x++) {
      const p = y * width + x;
      for (let c = 0; c < 3; c++) sum[c] += lab[p * 3 + c];
      n++;
    }
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** Share of one side's outermost pixels within SAME_COLOUR of `colour`. */
function sideReach(lab: Float32Array, width: number, height: number, side: number, colour: number[]): number {
  const length = side < 2 ? width : height;
  let hits = 0;
  for (let i = 0; i < length; i++) {
    const p = side === 0 ? i : side === 1 ? (height - 1) * width + i : side === 2 ? i * width : i * width + width - 1;
    const d = Math.hypot(lab[p * 3] - colour[0], lab[p * 3 + 1] - colour[1], lab[p * 3 + 2] - colour[2]);
    if (d < SAME_COLOUR) hits++;
  }
  return hits / length;
}

/** Which way the middle's colour runs off two opposite sides, if it does (sides: top, bottom, left, right). */
export function likelyCrossing(lab: Float32Array, width: number, height: number): Crossing | undefined {
  const colour = middleColour(lab, width, height);
  const reach = [0, 1, 2, 3].map((s) => sideReach(lab, width, height, s, colour));
  const vertical = Math.min(reach[0], reach[1]),
    horizontal = Math.min(reach[2], reach[3]);
  if (Math.max(vertical, horizontal) < MIN_REACH) return undefined;
  return horizontal >= vertical ? 'horizontal' : 'vertical';
}

/** The start for a close-up: a band through the middle along `crossing` (1) and the rest (0). */
export function crossingPrior(crossing: Crossing, width: number, height: number): Float32Array {
  const prior = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const across = crossing === 'horizontal' ? (y + 0.5) / height : (x + 0.5) / width;
      prior[y * width + x] = Math.abs(across - 0.5) <= BAND ? 1 : 0;
    }
  return prior;
}

/** Per side (top, bottom, left, right): the share of its pixels the mask covers. */
export function sideCover(mask: Uint8Array, width: number, height: number): number[] {
  let top = 0,
    bottom = 0,
    left = 0,
    right = 0;
  for (let x = 0; x < width; x++) {
    top += mask[x];
    bottom += mask[(height - 1) * width + x];
  }
  for (let y = 0; y < height; y++) {
    left += mask[y * width];
    right += mask[y * width + width - 1];
  }
  return [top / width, bottom / width, left / height, right / height];
}

/**
 * Whether the mask crosses the picture between two opposite sides, touching neither of the other two
 * and centred between them: a close-up, whose cut by the border is the photographer's framing.
 */
export function centredCrossing(mask: Uint8Array, width: number, height: number, share = 0.03): Crossing | undefined {
  const [top, bottom, left, right] = sideCover(mask, width, height).map((v) => v > share);
  let crossing: Crossing | undefined;
  if (left && right && !top && !bottom) crossing = 'horizontal';
  else if (top && bottom && !left && !right) crossing = 'vertical';
  if (!crossing) return undefined;
  let sum = 0,
    n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      sum += crossing === 'horizontal' ? (y + 0.5) / height : (x + 0.5) / width;
      n++;
    }
  return n && Math.abs(sum / n - 0.5) <= CENTRED ? crossing : undefined;
}
