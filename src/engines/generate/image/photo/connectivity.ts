/**
 * One object: the largest region of the cut, plus the regions and thin parts (legs, handles, stems)
 * joined to it through pixels whose colour still leans towards the object; holes are filled unless
 * they clearly show background.
 */
import { components } from '../mask-ops.ts';

export interface ConnectivityOptions {
  /** Evidence (log-likelihood ratio) above which a pixel may join as a thin part (default 1). */
  joinEvidence?: number;
  /** How far a thin part may reach from the cut, in pixels (default 8% of the longer side). */
  reach?: number;
  /** Smallest hole kept open, as a share of the picture (default 0.0015). */
  minHole?: number;
  /**
   * Per-pixel weight choosing the main region (default: every pixel 1, so the largest region wins);
   * regions touching the picture's border count half.
   */
  weight?: Float32Array;
}

/** Components of `mask` in the same component of `loose` as the largest one. */
function joinedToMain(
  mask: Uint8Array,
  loose: Uint8Array,
  width: number,
  height: number,
  weight?: Float32Array,
): Uint8Array {
  const { labels, sizes } = components(mask, width, height);
  if (sizes.length < 2) return new Uint8Array(mask.length);
  const main = mainRegion(labels, sizes.length, width, height, weight);
  const union = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) union[p] = mask[p] || loose[p] ? 1 : 0;
  const looseLabels = components(union, width, height).labels;
  let mainLoose = 0;
  for (let p = 0; p < mask.length && !mainLoose; p++) if (labels[p] === main) mainLoose = looseLabels[p];
  const out = new Uint8Array(mask.length);
  const minSize = sizes[main] * 0.002;
  for (let p = 0; p < mask.length; p++)
    if (labels[p] && looseLabels[p] === mainLoose && sizes[labels[p]] >= minSize) out[p] = 1;
  return out;
}

/** The label with the largest summed weight; regions touching the picture's border count half. */
export function mainRegion(
  labels: Int32Array,
  count: number,
  width: number,
  height: number,
  weight?: Float32Array,
): number {
  const score = new Float64Array(count);
  for (let p = 0; p < labels.length; p++) if (labels[p]) score[labels[p]] += weight ? weight[p] : 1;
  const border = new Uint8Array(count);
  for (let x = 0; x < width; x++) {
    border[labels[x]] = 1;
    border[labels[(height - 1) * width + x]] = 1;
  }
  for (let y = 0; y < height; y++) {
    border[labels[y * width]] = 1;
    border[labels[y * width + width - 1]] = 1;
  }
  let main = 1;
  for (let l = 1; l < count; l++) {
    if (border[l]) score[l] *= 0.5;
    if (score[l] > score[main]) main = l;
  }
  return main;
}

/** Grows the mask through `loose` pixels (breadth first, 8-connected) up to `reach` steps. */
function growThrough(mask: Uint8Array, loose: Uint8Array, width: number, height: number, reach: number): Uint8Array {
  const out = Uint8Array.from(mask);
  let frontier: number[] = [];
  for (let p = 0; p < mask.length; p++) if (mask[p]) frontier.push(p);
  for (let step = 0; step < reach && frontier.length; step++) {
    const next: number[] = [];
    for (const p of frontier) {
      const x = p % width,
        y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const qx = x + dx,
            qy = y + dy;
          if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
          const q = qy * width + qx;
          if (!out[q] && loose[q]) {
            out[q] = 1;
            next.push(q);
          }
        }
    }
    frontier = next;
  }
  return out;
}

/** Fills holes (background not connected to the picture's border) unless large and clearly background. */
export function fillHolesUnlessBackground(
  mask: Uint8Array,
  evidence: Float32Array,
  width: number,
  height: number,
  minHole = 0.0015,
): Uint8Array {
  const inverse = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) inverse[p] = mask[p] ? 0 : 1;
  const { labels, sizes } = components(inverse, width, height);
  const touchesBorder = new Uint8Array(sizes.length);
  for (let x = 0; x < width; x++) {
    touchesBorder[labels[x]] = 1;
    touchesBorder[labels[(height - 1) * width + x]] = 1;
  }
  for (let y = 0; y < height; y++) {
    touchesBorder[labels[y * width]] = 1;
    touchesBorder[labels[y * width + width - 1]] = 1;
  }
  const backgroundVotes = new Float64Array(sizes.length);
  for (let p = 0; p < mask.length; p++) if (labels[p] && evidence[p] < -1) backgroundVotes[labels[p]]++;
  const out = Uint8Array.from(mask);
  for (let p = 0; p < mask.length; p++) {
    const l = labels[p];
    if (!l || touchesBorder[l]) continue;
    const open = sizes[l] >= minHole * mask.length && backgroundVotes[l] >= 0.6 * sizes[l];
    if (!open) out[p] = 1;
  }
  return out;
}

export function keepOneObject(
  mask: Uint8Array,
  evidence: Float32Array,
  width: number,
  height: number,
  options: ConnectivityOptions = {},
): Uint8Array {
  const joinEvidence = options.joinEvidence ?? 1;
  const loose = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) loose[p] = evidence[p] > joinEvidence ? 1 : 0;
  const reach = options.reach ?? Math.max(3, Math.round(Math.max(width, height) * 0.08));
  const joined = joinedToMain(mask, loose, width, height, options.weight);
  // Thin parts the smoothness term shaved off: object-coloured pixels reachable from the cut.
  const grown = growThrough(joined, loose, width, height, reach);
  return fillHolesUnlessBackground(
    joinedToMain(grown, new Uint8Array(mask.length), width, height),
    evidence,
    width,
    height,
    options.minHole,
  );
}
