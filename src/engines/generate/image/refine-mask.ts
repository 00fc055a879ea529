/**
 * Settles the boundary of a rough object mask by colour, GrabCut-style but deterministic (OpenCV's
 * GrabCut seeds its colour models from a process-wide random generator, so the same picture gave
 * different masks from one task to the next in a long-running worker, and `seed` must make a
 * request repeatable). Pixels well inside or outside the rough mask are certain and train one colour
 * histogram per side (16 levels per channel); pixels in a band around the rough boundary take the
 * likelier side, then a 3×3 majority vote keeps the boundary coherent. Two rounds, retraining on the
 * new split.
 */
const LEVELS = 16;

function binOf(data: Uint8Array, p: number): number {
  return ((data[p * 4] >> 4) * LEVELS + (data[p * 4 + 1] >> 4)) * LEVELS + (data[p * 4 + 2] >> 4);
}

/** Distance in pixels (chessboard) to the nearest pixel of the other label, capped at `cap`. */
function boundaryDistance(mask: Uint8Array, width: number, height: number, cap: number): Uint8Array {
  const distance = new Uint8Array(mask.length).fill(cap);
  let frontier: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const p = y * width + x;
    const m = mask[p];
    if ((x > 0 && mask[p - 1] !== m) || (x < width - 1 && mask[p + 1] !== m) || (y > 0 && mask[p - width] !== m) || (y < height - 1 && mask[p + width] !== m)) {
      distance[p] = 0;
      frontier.push(p);
    }
  }
  for (let d = 1; d < cap && frontier.length; d++) {
    const next: number[] = [];
    for (const p of frontier) {
      const x = p % width, y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const qx = x + dx, qy = y + dy;
        if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
        const q = qy * width + qx;
        if (distance[q] > d) { distance[q] = d; next.push(q); }
      }
    }
    frontier = next;
  }
  return distance;
}

/** `rgba`: the picture at the mask's resolution. Returns the refined mask (1 = object). */
export function refineMask(rgba: Uint8Array, rough: Uint8Array, width: number, height: number, rounds = 2): Uint8Array {
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  const distance = boundaryDistance(rough, width, height, band + 1);
  let mask = Uint8Array.from(rough);
  for (let round = 0; round < rounds; round++) {
    const fg = new Float64Array(LEVELS ** 3).fill(1);
    const bg = new Float64Array(LEVELS ** 3).fill(1);
    let nf = fg.length, nb = bg.length;
    for (let p = 0; p < mask.length; p++) {
      // Train on the certain pixels, and from the second round on the settled band as well.
      if (distance[p] <= band && round === 0) continue;
      if (mask[p]) { fg[binOf(rgba, p)]++; nf++; } else { bg[binOf(rgba, p)]++; nb++; }
    }
    const next = Uint8Array.from(mask);
    for (let p = 0; p < mask.length; p++) {
      if (distance[p] > band) continue;
      const bin = binOf(rgba, p);
      next[p] = fg[bin] / nf > bg[bin] / nb ? 1 : 0;
    }
    // Majority vote in the band: a pixel follows most of its 3×3 neighbourhood.
    mask = Uint8Array.from(next);
    for (let y = 1; y < height - 1; y++) for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (distance[p] > band) continue;
      let votes = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) votes += next[p + dy * width + dx];
      mask[p] = votes >= 5 ? 1 : 0;
    }
  }
  return mask;
}
