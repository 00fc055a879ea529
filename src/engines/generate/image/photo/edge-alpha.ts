/**
 * Mixed pixels just outside the boundary taken back when they hold mostly the object's colour: a
 * pixel the object partly covers has a colour between the object's and the background's next to it,
 * and its coverage (alpha) is where its colour falls on the line between the two local means. The
 * cuts decide these pixels by colour likelihood and smoothness instead, which leaves the boundary a
 * pixel short wherever the edge is soft (a defocused or antialiased outline).
 *
 * Only pixels outside are decided: a pixel inside whose colour leans to the background is more often
 * the object's own shading at a grazing edge than background, so removing those costs more than it
 * gains. And only where the background beside the pixel is plain: in a textured background (grass,
 * gravel) the local mean says little about any one pixel's colour.
 */
import { signedDistance } from '../mask-ops.ts';

export interface EdgeAlphaOptions {
  /** Background pixels within this distance of the boundary are decided (default 1.5). */
  reach?: number;
  /** Window radius for the local object and background colours (default 4). */
  radius?: number;
  /** Smallest colour difference (ΔE) between the two local means for the rule to decide (default 12). */
  minContrast?: number;
  /** Largest spread (standard deviation) of the local background colours, as a share of that difference (default 0.2). */
  maxSpread?: number;
}

/** Only colours at least this far (pixels) inside or outside the boundary stand for their side. */
const CLEAR_OF_BOUNDARY = 2;

/** `lab`: 3 floats per pixel at the mask's resolution. Returns a new mask. */
export function takeBackMixedEdgePixels(
  lab: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  options: EdgeAlphaOptions = {},
): Uint8Array {
  const reach = options.reach ?? 1.5;
  const r = options.radius ?? 4;
  const minContrast = options.minContrast ?? 12;
  const maxSpread = options.maxSpread ?? 0.2;
  const distance = signedDistance(mask, width, height);
  const out = Uint8Array.from(mask);
  const f = new Float64Array(4),
    b = new Float64Array(5);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (mask[p] || distance[p] < -reach) continue;
      f.fill(0);
      b.fill(0);
      for (let qy = Math.max(0, y - r); qy <= Math.min(height - 1, y + r); qy++) {
        for (let qx = Math.max(0, x - r); qx <= Math.min(width - 1, x + r); qx++) {
          const q = qy * width + qx,
            d = distance[q];
          const L = lab[q * 3],
            A = lab[q * 3 + 1],
            B = lab[q * 3 + 2];
          if (d >= CLEAR_OF_BOUNDARY) {
            f[0] += L;
            f[1] += A;
            f[2] += B;
            f[3]++;
          } else if (d <= -CLEAR_OF_BOUNDARY) {
            b[0] += L;
            b[1] += A;
            b[2] += B;
            b[3]++;
            b[4] += L * L + A * A + B * B;
          }
        }
      }
      if (f[3] < 3 || b[3] < 3) continue;
      const bL = b[0] / b[3],
        bA = b[1] / b[3],
        bB = b[2] / b[3];
      const dL = f[0] / f[3] - bL,
        dA = f[1] / f[3] - bA,
        dB = f[2] / f[3] - bB;
      const d2 = dL * dL + dA * dA + dB * dB;
      if (d2 < minContrast ** 2) continue;
      const spread = b[4] / b[3] - (bL * bL + bA * bA + bB * bB);
      if (spread > maxSpread ** 2 * d2) continue;
      const alpha = ((lab[p * 3] - bL) * dL + (lab[p * 3 + 1] - bA) * dA + (lab[p * 3 + 2] - bB) * dB) / d2;
      if (alpha >= 0.5) out[p] = 1;
    }
  return out;
}
