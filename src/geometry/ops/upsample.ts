/**
 * A raster map doubled in width and height by bilinear interpolation between texel centres (the
 * sampling a GPU does with linear filtering over the half-size map). Fast mode bakes its colour at
 * half the tabled size and hands back the table's size through this: a quarter of the texels shaded.
 *
 * Texel x of the doubled map has its centre at (x + ½) / 2 − ½ = x/2 − ¼ in the small map's texel
 * units, so every output texel lies ¼ and ¾ of the way between two texel centres along each axis: its
 * weights are 9, 3, 3 and 1 sixteenths of its four nearest small texels (the edges repeat their texel).
 * The arithmetic is on integers, so the bytes do not depend on floating-point rounding.
 */
import type { RasterImage } from '../mesh.ts';

/** The image at twice its width and height, bilinear between texel centres, rounded half up. */
export function upsampleTwice(image: RasterImage): RasterImage {
  const { width: w, height: h, channels, data } = image;
  const W = w * 2,
    H = h * 2;
  const out = new Uint8Array(W * H * channels);
  const rowBytes = w * channels;
  // One output row's mix of its two nearest input rows (3 × nearer + farther), per input texel.
  const mix = new Uint16Array(rowBytes);
  for (let Y = 0; Y < H; Y++) {
    // Output row 2y lies ¼ above input row y's centre, 2y + 1 ¼ below it.
    const y = Y >> 1;
    const far = Y & 1 ? Math.min(h - 1, y + 1) : Math.max(0, y - 1);
    const near = y * rowBytes,
      other = far * rowBytes;
    for (let i = 0; i < rowBytes; i++) mix[i] = 3 * data[near + i] + data[other + i];
    const o = Y * W * channels;
    for (let x = 0; x < w; x++) {
      const c = x * channels,
        l = x > 0 ? c - channels : c,
        r = x < w - 1 ? c + channels : c;
      // Output texel 2x lies ¼ left of input texel x's centre, 2x + 1 ¼ right of it.
      const o0 = o + 2 * c,
        o1 = o0 + channels;
      for (let k = 0; k < channels; k++) {
        const m = 3 * mix[c + k];
        out[o0 + k] = (m + mix[l + k] + 8) >> 4;
        out[o1 + k] = (m + mix[r + k] + 8) >> 4;
      }
    }
  }
  return { width: W, height: H, channels, data: out };
}
