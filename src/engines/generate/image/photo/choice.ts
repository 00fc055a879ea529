/**
 * Which of several candidate masks is the photographed object. A background photograph may hold a
 * strong subject of its own (a face, a person); such a subject is usually cut by the picture's border
 * and sits off-centre, while the object a user photographs is framed whole near the middle. So a
 * candidate's confidence is lowered for each side of the picture it runs into and for how far its
 * centre of mass lies from the picture's centre, and for the share of its boundary that follows no edge
 * in the picture (a true object boundary is a colour step all round; a mask cut through a uniform
 * region is not). A close-up is the exception to the side penalty: a mask running off exactly two
 * opposite sides, centred between the other two (closeup.ts). The ranking also prefers a mask whose
 * boundary crosses the picture's steeper colour steps (boundary.ts `boundaryContrast`): the object's
 * whole outline is usually the sharpest closed contour near the middle, while a part of the object or a
 * mask that runs on into the background crosses flatter ground. No ground truth is involved: only the
 * mask and the picture.
 */
import { centredCrossing, sideCover } from './closeup.ts';
import { preferInnerCandidate } from './nested-choice.ts';

export interface CandidateMask {
  mask: Uint8Array;
  confidence: number;
  /** Share of the mask's boundary that follows no edge of the picture (boundary.ts); 0 if unknown. */
  weakBoundary?: number;
  /** Log of the mean colour step across the boundary over the picture's mean step (boundary.ts); 0 if unknown. */
  boundaryContrast?: number;
}

export interface ChoiceOptions {
  /** Penalty per picture side the mask runs along (default 0.15). */
  sidePenalty?: number;
  /** Share of a side's pixels the mask must cover to count as running into it (default 0.03). */
  sideShare?: number;
  /** Penalty per unit of centroid offset, in shares of the picture (default 1.5). */
  offCentrePenalty?: number;
  /** Penalty per unit share of boundary on no edge (default 0.5). */
  weakBoundaryPenalty?: number;
  /** How candidates are ranked (rankScore); the reported score stays framedScore. */
  rank?: RankWeights;
  /**
   * The picture (L*a*b*, 3 floats per pixel). When given, a candidate ranked nearly as high inside the
   * first one wins if what it leaves out looks like the surroundings (nested-choice.ts).
   */
  lab?: Float32Array;
}

/**
 * The ranking's weights. They were fitted on the benchmark's tuning half plus its meshes over the three
 * photographs that hold a subject of their own (a face, a man with a camera), where the choice matters
 * most: such a subject is sharper-edged than most objects, so the ranking leans harder on framing than
 * the believability score does.
 */
export interface RankWeights {
  /** Per unit share of boundary on no edge (default 0.55). */
  weakBoundary?: number;
  /** Per picture side the mask runs along (default 0.25). */
  side?: number;
  /** Per unit of centroid offset, in shares of the picture (default 3). */
  offCentre?: number;
  /** Per unit of boundary contrast, a log ratio (default 0.4). */
  boundaryContrast?: number;
  /** Per unit of log area share: between nested masks, the fuller one (default 0.08). */
  logArea?: number;
}

/** How many of the picture's four sides the mask runs into. */
export function sidesTouched(mask: Uint8Array, width: number, height: number, share = 0.03): number {
  return sideCover(mask, width, height).filter((v) => v > share).length;
}

/** Distance of the mask's centre of mass from the picture's centre, in shares of the picture. */
export function offCentre(mask: Uint8Array, width: number, height: number): number {
  let sx = 0,
    sy = 0,
    n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      sx += x;
      sy += y;
      n++;
    }
  if (!n) return 1;
  return Math.hypot((sx / n + 0.5) / width - 0.5, (sy / n + 0.5) / height - 0.5);
}

/** The candidate's confidence less what its framing says against it (never below 0). */
export function framedScore(
  candidate: CandidateMask,
  width: number,
  height: number,
  options: ChoiceOptions = {},
): number {
  // A close-up crossing the picture through the middle is cut by the border on purpose (closeup.ts).
  const share = options.sideShare ?? 0.03;
  const sides = centredCrossing(candidate.mask, width, height, share)
    ? 0
    : sidesTouched(candidate.mask, width, height, share);
  const offset = offCentre(candidate.mask, width, height);
  return (
    candidate.confidence -
    (options.sidePenalty ?? 0.15) * sides -
    (options.offCentrePenalty ?? 1.5) * offset -
    (options.weakBoundaryPenalty ?? 0.5) * (candidate.weakBoundary ?? 0)
  );
}

/** How the choice ranks a candidate: its confidence, framing, boundary on edges and boundary contrast. */
export function rankScore(candidate: CandidateMask, width: number, height: number, weights: RankWeights = {}): number {
  const share = candidate.mask.reduce((a, v) => a + v, 0) / Math.max(1, width * height);
  // A close-up crosses the picture on purpose, but so does many a photograph's own subject (a body
  // running off top and bottom): its two sides count as one in the ranking.
  const sides = centredCrossing(candidate.mask, width, height) ? 1 : sidesTouched(candidate.mask, width, height);
  return (
    candidate.confidence -
    (weights.weakBoundary ?? 0.55) * (candidate.weakBoundary ?? 0) -
    (weights.side ?? 0.25) * sides -
    (weights.offCentre ?? 3) * offCentre(candidate.mask, width, height) +
    (weights.boundaryContrast ?? 0.4) * (candidate.boundaryContrast ?? 0) +
    (weights.logArea ?? 0.08) * Math.log(share + 1e-4)
  );
}

/** The candidates with their rank scores (rankScore), best first. */
function rankedCandidates<T extends CandidateMask>(
  candidates: T[],
  width: number,
  height: number,
  weights?: RankWeights,
): { candidate: T; rank: number }[] {
  return candidates
    .map((candidate) => ({ candidate, rank: rankScore(candidate, width, height, weights) }))
    .sort((a, b) => b.rank - a.rank);
}

/**
 * The candidate ranked first (rankScore), or with the picture a nested one (nested-choice.ts), and its
 * framed score, which alone says whether any candidate is believable.
 */
export function chooseCandidate<T extends CandidateMask>(
  candidates: T[],
  width: number,
  height: number,
  options: ChoiceOptions = {},
): { best: T; score: number } {
  const ranked = rankedCandidates(candidates, width, height, options.rank);
  const best = options.lab ? preferInnerCandidate(ranked, options.lab, width, height) : ranked[0].candidate;
  return { best, score: framedScore(best, width, height, options) };
}
