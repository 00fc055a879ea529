/**
 * The texture must take only object pixels: background pixels next to the object are overwritten
 * with the colours of the nearest object pixels (a few rounds of averaging dilation), so a sample
 * that straddles the silhouette never mixes in the background.
 */
import type { RasterImage } from '../../../../geometry/mesh.ts';

/** `mask` at maskWidth × maskHeight (1 = object); returns a copy of `image` with the band beyond the object filled. */
export function bleedObjectColours(image: RasterImage, mask: Uint8Array, maskWidth: number, maskHeight: number, band = 6): RasterImage {
  const { width: W, height: H } = image;
  const data = Uint8Array.from(image.data);
  const known = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const my = Math.min(maskHeight - 1, Math.floor(((y + 0.5) * maskHeight) / H));
    for (let x = 0; x < W; x++) {
      const mx = Math.min(maskWidth - 1, Math.floor(((x + 0.5) * maskWidth) / W));
      known[y * W + x] = mask[my * maskWidth + mx];
    }
  }
  // Object pixels on the mask's edge may already be mixed with the background: re-fill them too.
  const edge = Uint8Array.from(known);
  for (let y = 1; y < H - 1; y++) for (let x = 1; x < W - 1; x++) {
    const p = y * W + x;
    if (known[p] && (!known[p - 1] || !known[p + 1] || !known[p - W] || !known[p + W])) edge[p] = 0;
  }
  known.set(edge);
  const rounds = band * Math.max(1, Math.round(W / maskWidth));
  for (let round = 0; round < rounds; round++) {
    const added: number[] = [];
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (known[p]) continue;
      let r = 0, g = 0, b = 0, count = 0;
      for (const q of [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, y > 0 ? p - W : -1, y < H - 1 ? p + W : -1]) {
        if (q < 0 || !known[q]) continue;
        r += data[q * 4]; g += data[q * 4 + 1]; b += data[q * 4 + 2]; count++;
      }
      if (!count) continue;
      data[p * 4] = Math.round(r / count); data[p * 4 + 1] = Math.round(g / count); data[p * 4 + 2] = Math.round(b / count);
      added.push(p);
    }
    if (!added.length) break;
    for (const p of added) known[p] = 1;
  }
  return { ...image, data };
}
